/**
 * Where a tool's dispatch manifest is, and so whether it offers exec: the manifest at the guide's place
 * (`manifest --output json`), else `exec manifest --output json` when the tool's cmdhelp documents it there.
 */
import type { Run } from '../../run/run-cli.js';
import { Workspace } from '../../run/sandbox.js';
import {
  DEFAULT_EXEC_MANIFEST_ARGS as EXEC_MANIFEST_DEFAULT,
  EXEC_MANIFEST_FALLBACK_ARGS as EXEC_MANIFEST_FALLBACK,
} from '../../spec/exec/types.js';
import { manifestCommandsOf } from '../../checks/exec/probe/manifest.js';
import { isObject } from '../../stream/json.js';
import type { OutputBudget } from '../../run/output-budget.js';
import {
  endOf,
  parseJson,
  sandboxedRun,
  stdoutOf,
  text,
  type DetectContext,
  type DetectionRun,
  type SpecFound,
} from '../live.js';

/** Where a tool's dispatch manifest is: the words that print one listing exec, and what was seen. */
export interface ExecManifestLocation {
  /** Undefined when no manifest listing exec was found. */
  readonly manifestArgs?: readonly string[];
  readonly reason: string;
}

/** exec is offered where a dispatch manifest lists it, or where the caller gave a plan for it. */
export async function detectExec(ctx: DetectContext): Promise<SpecFound> {
  const { command, args, options } = ctx;
  const located =
    command === undefined
      ? undefined
      : await locateExecManifest(command, args, {
          env: options.env ?? {},
          timeoutMs: ctx.timeoutMs,
          ...(options.maxOutputBytes !== undefined
            ? { maxOutputBytes: options.maxOutputBytes }
            : {}),
          record: ctx.record,
          budget: ctx.budget,
          ...(options.execManifest ? { given: options.execManifest } : {}),
        });
  if (located?.manifestArgs)
    return {
      detected: true,
      reason: `${located.reason}${options.execPlan ? '' : '; no --exec-plan: a plan is built from its safe commands'}`,
      execManifest: located.manifestArgs,
    };
  if (options.execPlan) return { detected: true, reason: '--exec-plan given' };
  return { detected: false, reason: located?.reason ?? 'no program given' };
}

/**
 * Find the dispatch manifest: `given` words only, else the guide's `manifest --output json`, else `exec
 * manifest --output json` when the tool's cmdhelp (`help exec --format json`, asked only of a tool that prints
 * a cmdhelp capability line) documents `manifest` under exec. Each probe is bounded, with stdin closed and a
 * fresh state directory.
 */
export async function locateExecManifest(
  command: string,
  args: readonly string[],
  options: {
    env?: Record<string, string>;
    timeoutMs?: number;
    maxOutputBytes?: number;
    given?: readonly string[];
    record?: (run: DetectionRun) => void;
    /** The output budget its probes share with other runs (detection's). */
    budget?: OutputBudget;
  } = {},
): Promise<ExecManifestLocation> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const work = await Workspace.create('aoi-detect-');
  const runOnce = async (words: readonly string[]): Promise<Run | undefined> => {
    try {
      const run = await sandboxedRun(work, command, [...args, ...words], options, timeoutMs);
      options.record?.({ argv: words, env: options.env ?? {}, stateDir: 'empty', timeoutMs, run });
      return run;
    } catch {
      return undefined;
    }
  };
  const probe = async (words: readonly string[]) => {
    const r = await runOnce(words);
    const ok = r !== undefined && !r.timedOut && r.exitCode === 0;
    const commands = ok ? manifestCommands(text(r!.stdout)) : undefined;
    const where = words.join(' ');
    if (commands?.includes('exec')) return { found: true, why: `${where} lists exec` };
    if (commands) return { found: false, why: `${where} does not list exec` };
    return {
      found: false,
      why: `${where} ${ok ? 'is not a JSON object with a commands map' : endOf(r, timeoutMs)}`,
    };
  };
  try {
    const first = await probe(options.given ?? EXEC_MANIFEST_DEFAULT);
    if (first.found)
      return { manifestArgs: options.given ?? EXEC_MANIFEST_DEFAULT, reason: first.why };
    if (options.given) return { reason: first.why };
    const fallback = EXEC_MANIFEST_FALLBACK.join(' ');
    if (!stdoutOf(await runOnce(['help', '--capabilities']))?.startsWith('cmdhelp/'))
      return {
        reason: `${first.why}; ${fallback} not tried: no cmdhelp to say it exists (pass --exec-manifest)`,
      };
    if (
      !documentsExecManifest(
        parseJson(stdoutOf(await runOnce(['help', 'exec', '--format', 'json'])) ?? ''),
      )
    ) {
      return {
        reason: `${first.why}; ${fallback} not tried: help exec --format json does not document it (pass --exec-manifest)`,
      };
    }
    const second = await probe(EXEC_MANIFEST_FALLBACK);
    return second.found
      ? { manifestArgs: EXEC_MANIFEST_FALLBACK, reason: `${second.why} (${first.why})` }
      : { reason: `${first.why}; ${second.why}` };
  } finally {
    await work.dispose();
  }
}

/** Whether a cmdhelp document of `help exec` names `manifest` under exec: a subcommand, or a value of an enum argument. */
function documentsExecManifest(doc: unknown): boolean {
  const exec = isObject(doc) && isObject(doc.commands) ? doc.commands.exec : undefined;
  if (!isObject(exec)) return false;
  if (isObject(exec.commands) && 'manifest' in exec.commands) return true;
  return (
    Array.isArray(exec.args) &&
    exec.args.some((a) => isObject(a) && Array.isArray(a.enum) && a.enum.includes('manifest'))
  );
}

/** The command names of a tool manifest (`{"commands": {...}}`, or in a response envelope's data), or undefined. */
export function manifestCommands(stdout: string): string[] | undefined {
  const commands = manifestCommandsOf(parseJson(stdout));
  return commands ? Object.keys(commands) : undefined;
}
