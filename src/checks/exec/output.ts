import {
  CMD_PATTERN,
  DEFAULT_ENVELOPE_READING,
  DEFAULT_FAILURE_READING,
  DISPATCH_PARSE_ERROR,
  type EnvelopeReading,
  type FailureReading,
} from '../../spec/exec/types.js';
import { ruleIdsOf } from '../../spec/rules.js';
import type { Finding } from '../../stream/finding.js';
import {
  VerdictCollector,
  type CollectedEvidence,
  type Report,
  type RuleVerdict,
} from '../verdict.js';
import { isObject } from '../../stream/json.js';

export interface ExecOutputOptions {
  /** The batch ran with `--ignore-errors`: every line must be answered even after a failure (EXEC-05). */
  ignoreErrors?: boolean;
  /** Where `_cmd`/`_line` must be (default `either`; see EnvelopeReading and docs/spec-notes.md). */
  envelope?: EnvelopeReading;
  /** What exec must do after a failed line without --ignore-errors (default `either`; see FailureReading). */
  failure?: FailureReading;
  /** What the tool printed on stderr: DISPATCH_PARSE_ERROR may be reported there too (EXEC-07). */
  stderr?: string | Uint8Array;
  /** Report every warning as an error. */
  strict?: boolean;
}

/** One input line as the kit reads it. */
export interface ExecRequestLine {
  /** 1-based physical line of the input (blank lines are skipped but counted). */
  readonly line: number;
  readonly text: string;
  /** The parsed request, or undefined when the line is malformed. */
  readonly request?: { readonly _cmd: string } & Record<string, unknown>;
  /** Why the line is malformed. */
  readonly problem?: string;
}

/** One output line as the kit reads it. */
export interface ExecOutputLine {
  /** 1-based line of stdout. */
  readonly line: number;
  readonly text: string;
  readonly envelope?: Record<string, unknown>;
  /** `_cmd`/`_line` wherever they were found. */
  readonly cmd?: unknown;
  readonly lineNo?: unknown;
  readonly ok?: boolean;
}

export interface ExecOutputReport extends Report {
  /** No error-severity finding. */
  ok: boolean;
  /** The input had a malformed line: the tool must answer exit 2 (EXEC-07). */
  malformed: boolean;
  requests: ExecRequestLine[];
  outputs: ExecOutputLine[];
  findings: Finding[];
  /** EXEC-02…07. */
  verdicts: RuleVerdict[];
}

/** EXEC-02…07: the rules judged on one recorded batch. */
export const EXEC_DOCUMENT_RULE_IDS: readonly string[] = ruleIdsOf('EXEC', 'document');

type Json = Record<string, unknown>;
/** The lines of a batch or of what the tool printed (a trailing CR not part of a line). */
const outputLines = (v: string | Uint8Array | readonly string[]): string[] => {
  if (typeof v !== 'string' && !(v instanceof Uint8Array)) return [...v];
  const s = typeof v === 'string' ? v : Buffer.from(v).toString('utf8');
  const lines = s.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

/**
 * Why a parsed value is not a dispatch request, or undefined when it is one: an object whose `_cmd` is a
 * dot-separated command path and whose `_opts`, if any, map flags to booleans, strings or numbers. The
 * checker's own reading of the guide: the tools (the kit's `exec`, the reference tool's) have theirs in
 * src/spec/exec/request.ts, so that a gap in one is not hidden by the other.
 */
export function requestProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'not a JSON object';
  if (typeof value._cmd !== 'string') return '_cmd is missing or not a string';
  if (!CMD_PATTERN.test(value._cmd))
    return `_cmd "${value._cmd.slice(0, 40)}" is not a dot-separated command path`;
  if (value._opts !== undefined) {
    if (!isObject(value._opts)) return '_opts is not an object';
    for (const [k, v] of Object.entries(value._opts))
      if (!['boolean', 'string', 'number'].includes(typeof v))
        return `_opts.${k} is not a boolean, string or number`;
  }
  return undefined;
}

/** Read an exec input batch: 1-based physical line numbers (a trailing CR not part of a line); blank lines skipped. */
export function parseExecInput(input: string | Uint8Array | readonly string[]): ExecRequestLine[] {
  const requests: ExecRequestLine[] = [];
  outputLines(input).forEach((text, i) => {
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      requests.push({ line: i + 1, text, problem: 'not valid JSON' });
      return;
    }
    const problem = requestProblem(value);
    requests.push(
      problem
        ? { line: i + 1, text, problem }
        : { line: i + 1, text, request: value as ExecRequestLine['request'] & object },
    );
  });
  return requests;
}

function shapeProblem(e: Json): string | undefined {
  for (const key of ['ok', 'data', 'error', 'warnings', 'meta'])
    if (!(key in e)) return `no "${key}"`;
  if (typeof e.ok !== 'boolean') return '"ok" is not a boolean';
  if (!(e.data === null || typeof e.data === 'object'))
    return '"data" is not an object, array or null';
  if (
    e.error !== null &&
    !(isObject(e.error) && typeof e.error.code === 'string' && typeof e.error.message === 'string')
  )
    return '"error" is neither null nor {code, message}';
  if (!Array.isArray(e.warnings) || e.warnings.some((w) => typeof w !== 'string'))
    return '"warnings" is not an array of strings';
  if (
    !isObject(e.meta) ||
    !Number.isInteger(e.meta.duration_ms) ||
    (e.meta.duration_ms as number) < 0
  )
    return '"meta" has no non-negative integer duration_ms';
  return undefined;
}

/**
 * Judge one exec run on EXEC-02…07: the input batch, what the tool printed on stdout, and its exit status.
 * Pure, never throws. Correlation is by `_line` when every envelope carries an increasing `_line` that
 * names an input line, else by position.
 */
export function checkExecOutput(
  input: string | Uint8Array | readonly string[],
  output: string | Uint8Array | readonly string[],
  exit: number | null,
  options: ExecOutputOptions = {},
): ExecOutputReport {
  const out = new VerdictCollector({ strict: options.strict === true });
  const { requests, outputs, malformed } = judgeExecOutput(input, output, exit, options, out);
  if (!malformed) out.notApplicable('EXEC-07', 'the batch is well-formed');
  else
    for (const rule of ['EXEC-03', 'EXEC-04', 'EXEC-05', 'EXEC-06'])
      out.notApplicable(rule, 'the batch is malformed: nothing may be dispatched (EXEC-07)');
  if (!options.ignoreErrors && (options.failure ?? DEFAULT_FAILURE_READING) === 'either')
    out.notApplicable(
      'EXEC-05',
      'the batch ran without --ignore-errors (and the failure reading is "either")',
    );
  else if (!options.ignoreErrors && !outputs.some((o) => o.ok === false))
    out.notApplicable('EXEC-05', 'no line failed');
  const { ok, findings, verdicts } = out.report(EXEC_DOCUMENT_RULE_IDS);
  return { ok, malformed, requests, outputs, findings: [...findings], verdicts: [...verdicts] };
}

/** How the judges of one batch report: a registered sub-rule, one sentence, evidence. */
type Add = (subRuleId: string, message: string, evidence?: CollectedEvidence) => void;

/**
 * The findings of one exec run, added to `collector` (so that a live judgement keeps one capped, fully
 * counted set over all the runs it judges), each naming `probe` when given; what `checkExecOutput` reports
 * besides its verdicts.
 */
export function judgeExecOutput(
  input: string | Uint8Array | readonly string[],
  output: string | Uint8Array | readonly string[],
  exit: number | null,
  options: ExecOutputOptions,
  collector: VerdictCollector,
  probe?: string,
): { requests: ExecRequestLine[]; outputs: ExecOutputLine[]; malformed: boolean } {
  const add: Add = (id, message, evidence = {}) =>
    collector.add(id, message, probe === undefined ? evidence : { ...evidence, probe });
  const reading = options.envelope ?? DEFAULT_ENVELOPE_READING;
  const requests = parseExecInput(input);
  const malformed = requests.some((r) => r.problem !== undefined);

  // EXEC-02 — every line one envelope; EXEC-03/misplaced — where _cmd/_line are.
  const outputs: ExecOutputLine[] = [];
  outputLines(output).forEach((t, i) => {
    const line = i + 1;
    if (t.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(t);
    } catch {
      value = undefined;
    }
    if (!isObject(value)) {
      add('EXEC-02/not-json', `stdout line ${line} is not a JSON object`, { line, text: t });
      outputs.push({ line, text: t });
      return;
    }
    const shape = shapeProblem(value);
    if (shape)
      add('EXEC-02/shape', `stdout line ${line} is not a ResponseEnvelope: ${shape}`, {
        line,
        text: t,
      });
    else if ((value.ok === true) !== (value.error === null))
      add(
        'EXEC-02/ok-error-mismatch',
        `stdout line ${line} has ok ${String(value.ok)} with error ${value.error === null ? 'null' : 'set'}`,
        { line, text: t },
      );
    const meta = isObject(value.meta) ? value.meta : {};
    const pick = (key: '_cmd' | '_line'): unknown => {
      const top = value[key];
      const inMeta = meta[key];
      if (reading === 'meta' && inMeta === undefined && top !== undefined)
        add(
          'EXEC-03/misplaced',
          `stdout line ${line} has ${key} at the top level; envelope reading "meta" wants it in meta`,
          { line, text: t },
        );
      if (reading === 'top-level' && top === undefined && inMeta !== undefined)
        add(
          'EXEC-03/misplaced',
          `stdout line ${line} has ${key} in meta; envelope reading "top-level" wants it at the top level`,
          { line, text: t },
        );
      if (reading === 'meta') return inMeta ?? top;
      return top ?? inMeta;
    };
    outputs.push({
      line,
      text: t,
      envelope: value,
      cmd: pick('_cmd'),
      lineNo: pick('_line'),
      ...(typeof value.ok === 'boolean' ? { ok: value.ok } : {}),
    });
  });

  if (malformed) {
    judgeMalformed(requests, outputs, exit, options, add);
  } else {
    judgeBatch(requests, outputs, exit, options, add);
  }
  return { requests, outputs, malformed };
}

function judgeMalformed(
  requests: ExecRequestLine[],
  outputs: ExecOutputLine[],
  exit: number | null,
  options: ExecOutputOptions,
  add: Add,
): void {
  const bad = requests.find((r) => r.problem !== undefined)!;
  if (exit !== 2)
    add(
      'EXEC-07/exit',
      `input line ${bad.line} is malformed (${bad.problem}) but exec exited ${exit ?? 'by a signal'}, not 2`,
      { text: bad.text },
    );
  const stderr =
    options.stderr === undefined
      ? ''
      : typeof options.stderr === 'string'
        ? options.stderr
        : Buffer.from(options.stderr).toString('utf8');
  const reported =
    outputs.some(
      (o) =>
        isObject(o.envelope?.error) && (o.envelope.error as Json).code === DISPATCH_PARSE_ERROR,
    ) || stderr.includes(DISPATCH_PARSE_ERROR);
  if (!reported)
    add(
      'EXEC-07/no-parse-error',
      `input line ${bad.line} is malformed (${bad.problem}) and no envelope (nor stderr) says ${DISPATCH_PARSE_ERROR}`,
      { text: bad.text },
    );
  const done = outputs.find((o) => o.ok === true);
  if (done)
    add(
      'EXEC-07/dispatched',
      `stdout line ${done.line} reports a dispatched line (ok true) although input line ${bad.line} is malformed`,
      { line: done.line, text: done.text },
    );
}

function judgeBatch(
  requests: ExecRequestLine[],
  outputs: ExecOutputLine[],
  exit: number | null,
  options: ExecOutputOptions,
  add: Add,
): void {
  const envelopes = outputs.filter((o) => o.envelope !== undefined);
  const byLine = new Map(requests.map((r, i) => [r.line, i]));
  // Correlate by _line when it is trustworthy (every envelope names an input line, increasing), else by position.
  let claimed = envelopes.length > 0;
  let last = 0;
  for (const o of envelopes) {
    if (typeof o.lineNo !== 'number' || !byLine.has(o.lineNo) || o.lineNo <= last) {
      claimed = false;
      break;
    }
    last = o.lineNo;
  }
  const answer: (ExecOutputLine | undefined)[] = requests.map(() => undefined);
  envelopes.forEach((o, j) => {
    let k: number;
    if (claimed) k = byLine.get(o.lineNo as number)!;
    else {
      k = j;
      if (k >= requests.length) {
        add(
          'EXEC-03/extra-output',
          `stdout line ${o.line} is envelope ${j + 1} of a batch of ${requests.length} line(s)`,
          { line: o.line, text: o.text },
        );
        return;
      }
      const want = requests[k]!.line;
      if (o.lineNo === undefined)
        add(
          'EXEC-03/no-line',
          `stdout line ${o.line} has no _line (it answers input line ${want})`,
          { line: o.line, text: o.text },
        );
      else if (o.lineNo !== want)
        add(
          'EXEC-03/wrong-line',
          `stdout line ${o.line} has _line ${JSON.stringify(o.lineNo)}; in order it answers input line ${want}`,
          { line: o.line, text: o.text },
        );
    }
    answer[k] = o;
    const req = requests[k]!;
    if (o.cmd === undefined)
      add(
        'EXEC-04/no-cmd',
        `stdout line ${o.line} has no _cmd (input line ${req.line} is "${req.request!._cmd}")`,
        { line: o.line, text: o.text },
      );
    else if (o.cmd !== req.request!._cmd)
      add(
        'EXEC-04/wrong-cmd',
        `stdout line ${o.line} has _cmd ${JSON.stringify(o.cmd)}; input line ${req.line} is "${req.request!._cmd}"`,
        { line: o.line, text: o.text },
      );
  });
  // Missing answers: after a failure the default may stop; under --ignore-errors it may not.
  const failure = options.failure ?? DEFAULT_FAILURE_READING;
  const firstFailed = answer.findIndex((o) => o?.ok === false);
  const goneOn =
    firstFailed >= 0 && !options.ignoreErrors && failure === 'stops'
      ? answer.find((o, k) => k > firstFailed && o?.ok === true)
      : undefined;
  if (goneOn)
    add(
      'EXEC-05/continued-by-default',
      `stdout line ${goneOn.line} reports a line dispatched after input line ${requests[firstFailed]!.line} failed, without --ignore-errors; the failure reading "stops" wants none`,
      { line: goneOn.line, text: goneOn.text },
    );
  let stoppedReported = false;
  answer.forEach((o, k) => {
    if (o) return;
    const req = requests[k]!;
    // A stop leaves everything after the failed line unanswered and nothing before it; anything else is loss.
    const answeredLater = answer.some((later, j) => j > k && later !== undefined);
    const lostBefore = answer.some((earlier, j) => earlier === undefined && j < firstFailed);
    if (firstFailed >= 0 && k > firstFailed && !answeredLater && !lostBefore) {
      if (!options.ignoreErrors && failure === 'one-in-one-out' && !stoppedReported) {
        stoppedReported = true;
        add(
          'EXEC-05/stopped-silently',
          `input line ${req.line} (and maybe later ones) got no envelope after input line ${requests[firstFailed]!.line} failed; the failure reading "one-in-one-out" wants one for every line`,
          { text: req.text },
        );
      }
      if (!options.ignoreErrors) return;
      if (!stoppedReported) {
        stoppedReported = true;
        add(
          'EXEC-05/stopped-under-ignore-errors',
          `input line ${req.line} (and maybe later ones) got no envelope after input line ${requests[firstFailed]!.line} failed, under --ignore-errors`,
          { text: req.text },
        );
      }
      return;
    }
    add(
      'EXEC-03/missing-output',
      `input line ${req.line} ("${String(req.request!._cmd)}") got no envelope`,
      { text: req.text },
    );
  });
  // EXEC-06 — exit status.
  const anyFailed = answer.some((o) => o?.ok === false) || envelopes.some((o) => o.ok === false);
  if (exit === 0 && anyFailed) {
    const failed = answer.find((o) => o?.ok === false) ?? envelopes.find((o) => o.ok === false)!;
    add(
      'EXEC-06/zero-despite-failure',
      `exit 0 although stdout line ${failed.line} reports a failed line`,
      { line: failed.line, text: failed.text },
    );
  } else if (exit !== 0 && exit !== 1) {
    add(
      'EXEC-06/wrong-exit',
      `a well-formed batch of ${requests.length} line(s) exited ${exit ?? 'by a signal'}; want 0 (all ok) or 1 (a line failed)`,
    );
  } else if (exit === 1 && !anyFailed && answer.every((o) => o !== undefined)) {
    add('EXEC-06/wrong-exit', `exit 1 although every one of ${requests.length} line(s) succeeded`);
  }
}
