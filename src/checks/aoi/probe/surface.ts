import { toExcerpt } from '../../../stream/finding.js';
import { judgeCapped } from './hang.js';
import { endOf, itemsOf, summaryOf, type Event, type ProbeOutcome, type Report } from './types.js';

/** §16.1: `--help` MUST give human-readable help: exit 0 with something printed. */
export function judgeHelp(run: ProbeOutcome, report: Report): void {
  // Killed by the kit at its output cap: the exit is the kit's doing, not a failed --help.
  if (judgeCapped(run, report)) return;
  if (run.timedOut) report('AOI-01/help-failed', '`--help` did not exit within the timeout');
  else if (run.exitCode !== 0)
    report('AOI-01/help-failed', `\`--help\` ended with ${endOf(run)}, not 0`);
  else if (run.stdout.length === 0 && run.stderr.length === 0)
    report('AOI-01/help-failed', '`--help` exited 0 but printed nothing');
}

/**
 * §16.1: machine mode MUST be selectable. The invocation with the machine-mode flag failed with nothing on
 * stdout while the same invocation without it succeeded: the tool does not take the flag (an always-machine tool
 * ignores it, a tool that takes it answers in JSONL). `human` is the run without the flag.
 */
export function judgeMachineModeSelectable(
  withFlag: ProbeOutcome,
  human: ProbeOutcome,
  flag: string,
  report: Report,
  secrets: readonly string[] = [],
): void {
  if (withFlag.exitCode === 0 || withFlag.stdout.length > 0 || withFlag.timedOut) return;
  if (human.exitCode !== 0 || human.timedOut) return;
  const said = Buffer.from(withFlag.stderr)
    .toString('utf8')
    .split('\n')
    .find((line) => line.trim() !== '');
  report(
    'AOI-02/machine-mode-unselectable',
    `the invocation ran without \`${flag}\` (exit 0) but ended with ${endOf(withFlag)} and no stdout with it`,
    said !== undefined ? { excerpt: toExcerpt(said.trim(), secrets) } : {},
  );
}

/** A prompt in one line a process printed: a yes/no question, a line that ends asking for a password, passphrase or username. */
const PROMPT =
  /\[(?:y\/n|y\/N|Y\/n|yes\/no)\]|\((?:y\/n|yes\/no)\)|\b(?:password|passphrase|passcode|one-time code|otp|username)\b[^:\n]{0,40}:\s*$|\bare you sure\b[^\n]*\?/i;

/** A line that is a JSON value: an event or a log record, whose strings may quote a prompt without being one. */
function isJson(line: string): boolean {
  const trimmed = line.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** The first line of `bytes` that is a prompt (JSON lines are data, never prompts), if any. */
export function promptIn(bytes: Uint8Array): string | undefined {
  return Buffer.from(bytes)
    .toString('utf8')
    .split('\n')
    .find((line) => !isJson(line) && PROMPT.test(line));
}

/** What a probe's stdin was: a pipe nobody writes, EOF at once, or the input the kit fed it and then EOF. */
export type StdinGiven = 'open' | 'closed' | 'input';

const STDIN_IN_WORDS: Record<StdinGiven, string> = {
  open: 'on a stdin nobody writes',
  closed: 'with stdin closed',
  input: 'with its input read to EOF',
};

/**
 * §1.3: a machine-mode invocation that reaches a prompt MUST emit the structured error
 * `{"type":"aoi:error","code":"INTERACTIVE_REQUIRED",…}` instead. Judged on a run where a prompt cannot wait: stdin
 * closed or after the input the kit fed (a prompt meets EOF), or `open` (a pipe nobody writes) and the run ended by
 * itself. A prompt on stdout or
 * stderr without that error is a finding.
 */
export function judgeInteractive(
  run: ProbeOutcome,
  events: readonly Event[],
  report: Report,
  secrets: readonly string[] = [],
  stdin: StdinGiven = 'closed',
): void {
  if (run.timedOut) return; // a hang is AOI-03's (timed-out, prompted)
  if (run.outputCapped !== undefined) return; // cut by the kit mid-line: its last line is no prompt
  // stdout first: Python's input() prompts there, and the traceback on stderr then quotes the source line.
  const prompt = promptIn(run.stdout) ?? promptIn(run.stderr);
  if (prompt === undefined) return;
  if (events.some((event) => event.type === 'aoi:error' && event.code === 'INTERACTIVE_REQUIRED'))
    return;
  report(
    'AOI-05/interactive-required-missing',
    `${STDIN_IN_WORDS[stdin]}, machine mode printed a prompt (${endOf(run)}) instead of an aoi:error with code INTERACTIVE_REQUIRED`,
    { excerpt: toExcerpt(prompt.trim(), secrets) },
  );
}

/** How many items a run without --limit may return, unreported, before it counts as unbounded (§15). */
export const UNBOUNDED_ITEMS = 1000;

/**
 * §15: list, search and read operations SHOULD be bounded by default. A command that takes `--limit` and, run
 * without it, returned more than {@link UNBOUNDED_ITEMS} items without `truncated: true`, or whose capabilities
 * declare `bounded: false`, applies no default limit.
 */
export function judgeDefaultBound(
  declaredBounded: boolean | undefined,
  unlimited: { events: readonly Event[] } | undefined,
  report: Report,
): void {
  if (declaredBounded === false)
    report(
      'AOI-11/unbounded-by-default',
      'capabilities declare `bounded: false` for a command that takes --limit: without --limit it has no default bound',
    );
  if (!unlimited) return;
  const items = itemsOf(unlimited.events).length;
  if (items > UNBOUNDED_ITEMS && summaryOf(unlimited.events)?.truncated !== true) {
    report(
      'AOI-11/unbounded-by-default',
      `without --limit it returned ${items} items (more than ${UNBOUNDED_ITEMS}) and did not report truncated: true`,
    );
  }
}
