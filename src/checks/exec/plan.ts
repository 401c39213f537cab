import { CMD_PATTERN, type DispatchRequest } from '../../spec/exec/types.js';
import { isObject, lineOf, objectLines, type ExecRun, type Json } from './probe/types.js';

/**
 * What to send the tool under test: lines its own commands understand. The plan for the reference tool is
 * `NOTES_EXEC_PLAN` (src/fakes/aoi/notes/exec-plan.ts); without one, `checkExec` builds a smaller one from
 * the manifest ({@link planFromAnswers}).
 */
export interface ExecPlan {
  /** Lines that all succeed, in this order, on a fresh state. */
  readonly ok: readonly DispatchRequest[];
  /** A line that fails on a fresh state (e.g. getting a record that does not exist, or a command that does not exist). */
  readonly failing: DispatchRequest;
  /** A mutating line whose effect `inspect` shows. Without one, EXEC-08 can only judge that safe lines ignore --dry-run. */
  readonly mutating?: DispatchRequest;
  /** Why there is no `mutating` line (e.g. "exec dispatches only read-only commands"), for EXEC-08's skip reason. */
  readonly noMutating?: string;
  /** A read-only line whose `data` shows the state `mutating` changes. */
  readonly inspect: DispatchRequest;
  /** EXEC-09 bare flag: a line with an `_opts` value `true` that must leave the state as it was (e.g. `{"dry-run": true}`). */
  readonly bareFlag?: DispatchRequest;
  /** EXEC-09 valued flag: after `setup`, `line` (with `_opts` `--flag=value`) must answer other data than `without`. */
  readonly valuedFlag?: {
    readonly setup: readonly DispatchRequest[];
    readonly line: DispatchRequest;
    readonly without: DispatchRequest;
  };
  /** A cheap line that succeeds on a fresh state, repeated for the large batch (EXEC-10). */
  readonly bulk: DispatchRequest;
}

/** At most this many candidates are tried, and this many kept as `ok` lines. */
const MAX_CANDIDATES = 12;
const MAX_OK = 4;
/** Answers larger than this are kept only when nothing smaller succeeded: the plan's lines run in every probe. */
const SMALL_ANSWER = 16 * 1024;

/**
 * The lines worth trying for a plan built from a manifest: commands declared `safe` (trying them changes
 * nothing), whose name is a `_cmd`, with no required flag, and not `exec` itself; each without a payload.
 */
export function planCandidates(commands: Json): DispatchRequest[] {
  return Object.entries(commands)
    .filter(
      ([name, c]) =>
        name !== 'exec' && CMD_PATTERN.test(name) && isObject(c) && c.danger_level === 'safe',
    )
    .filter(
      ([, c]) =>
        !isObject((c as Json).flags) ||
        !Object.values((c as Json).flags as Json).some((f) => isObject(f) && f.required === true),
    )
    .map(([name]) => name)
    .sort()
    .slice(0, MAX_CANDIDATES)
    .map((name) => ({ _cmd: name }));
}

/** What the tool answered to each line of a recorded candidate batch (by its _line, else by position): ok, and the envelope as printed. */
export const candidateAnswers = (
  tried: Pick<ExecRun, 'stdout'>,
): Map<number, { ok: unknown; text: string }> =>
  new Map(
    objectLines(tried).map((o, i) => [
      typeof lineOf(o.value) === 'number' ? (lineOf(o.value) as number) : i + 1,
      { ok: o.value.ok, text: o.text },
    ]),
  );

/**
 * A plan from what the tool answered to its candidate lines (one `exec --ignore-errors` batch): the `ok`
 * lines are the candidates it answered `ok: true`, smallest answers first; `inspect` and `bulk` the smallest;
 * `failing` a `_cmd` the manifest does not list. No mutating and no `_opts` line: EXEC-08's state half and
 * EXEC-09 are then skipped. `answers` maps a 1-based candidate line to its envelope as printed.
 */
export function planFromAnswers(
  candidates: readonly DispatchRequest[],
  answers: ReadonlyMap<number, { ok: unknown; text: string }>,
  commands: Json,
): { plan: ExecPlan } | { problem: string } {
  const succeeded = candidates
    .map((line, i) => ({ line, answer: answers.get(i + 1) }))
    .filter((c) => c.answer?.ok === true)
    .sort((a, b) => a.answer!.text.length - b.answer!.text.length);
  if (succeeded.length === 0)
    return {
      problem: `none of the ${candidates.length} safe command(s) without required flags (${candidates.map((c) => c._cmd).join(', ')}) succeeded without a payload`,
    };
  const small = succeeded.filter((c) => c.answer!.text.length <= SMALL_ANSWER);
  const ok = (small.length > 0 ? small : succeeded.slice(0, 1)).slice(0, MAX_OK).map((c) => c.line);
  let unknown = 'no-such-command';
  for (let n = 2; unknown in commands; n++) unknown = `no-such-command-${n}`;
  return {
    plan: {
      ok,
      failing: { _cmd: unknown },
      noMutating:
        'a plan built from the manifest tries only safe commands; give one with a mutating line to judge the rest',
      inspect: ok[0]!,
      bulk: ok[0]!,
    },
  };
}
