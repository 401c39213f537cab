import { toExcerpt } from '../../../stream/finding.js';
import { EXIT_CODES } from '../../../spec/aoi/constants.js';
import { endOf, type Event, type ProbeOutcome, type Report } from './types.js';

/** Stack-trace shapes of the common runtimes (Node/JS, Python, Go, Rust, Java). */
const TRACE =
  /^\s+at .+[:(]\d+|^Traceback \(most recent call last\)|^goroutine \d+ \[|^panic: |thread '.+' panicked at|^\s+at [\w$.]+\(.*\)$|^Exception in thread /m;

function traceExcerpt(stderr: Uint8Array, secrets: readonly string[]): string | undefined {
  const text = Buffer.from(stderr).toString('utf8');
  const match = TRACE.exec(text);
  if (!match) return undefined;
  return toExcerpt(
    text
      .slice(text.lastIndexOf('\n', match.index) + 1)
      .split('\n')
      .slice(0, 2)
      .join('\n'),
    secrets,
  );
}

/**
 * AOI-10 (§7): after the reader closed stdout (as `| head -1` does), the CLI stops promptly, quietly,
 * with 0, 141 or SIGPIPE — or with `ownExit`, the status the same invocation ends with when nobody
 * closes its stdout (a finite command may have written everything before the close). A run the probe
 * never acted on (fewer lines than asked) proves nothing here.
 */
export function judgePipeClose(
  run: ProbeOutcome,
  report: Report,
  secrets: readonly string[] = [],
  ownExit?: number | null,
): void {
  if (!run.stdoutClosed) return;
  if (run.graceExpired)
    report('AOI-10/pipe-hang', 'still running after the reader closed stdout; the kit killed it');
  judgePipeTrace(run, report, secrets);
  if (!run.graceExpired && !pipeExitClean(run, ownExit))
    report(
      'AOI-10/pipe-exit-code',
      `ended with ${endOf(run)} after stdout was closed, not 0 or 141`,
    );
}

/** How a run whose stdout was closed may end (judgePipeClose): 0, 141, SIGPIPE, its own status, or a complete stream. */
export function pipeExitClean(run: ProbeOutcome, ownExit?: number | null): boolean {
  return (
    run.exitCode === 0 ||
    run.exitCode === EXIT_CODES.SIGPIPE ||
    run.signal === 'SIGPIPE' ||
    (ownExit !== undefined && ownExit !== null && run.exitCode === ownExit) ||
    // Its stream was complete before the close reached it: the status is its own, whatever the state then was.
    endsInSummary(run.stdout)
  );
}

/** AOI-10 (§7): no stack trace on stderr after stdout was closed, whatever else explains how the run ended. */
export function judgePipeTrace(
  run: ProbeOutcome,
  report: Report,
  secrets: readonly string[] = [],
): void {
  if (!run.stdoutClosed) return;
  const trace = traceExcerpt(run.stderr, secrets);
  if (trace !== undefined)
    report('AOI-10/pipe-stack-trace', 'printed a stack trace on stderr after stdout was closed', {
      excerpt: trace,
    });
}

/** The last complete line of stdout is an aoi:summary: the tool had written its whole stream. */
function endsInSummary(stdout: Uint8Array): boolean {
  const text = Buffer.from(stdout).toString('utf8');
  const last = text.slice(0, text.lastIndexOf('\n')).split('\n').at(-1) ?? '';
  try {
    const event = JSON.parse(last) as { type?: unknown };
    return event?.type === 'aoi:summary';
  } catch {
    return false;
  }
}

const SIGNAL_EXIT = { SIGINT: EXIT_CODES.SIGINT, SIGTERM: 143 } as const;

/**
 * AOI-10 (§7): SIGINT/SIGTERM mid-stream ends the run without a stack trace, with an interrupted summary and
 * 130/143. The summary is judged only when the stream could be read (`events` given); its `ok` and its
 * agreement with the exit status are AOI-03's to judge, so here it only has to say `reason: "interrupted"`.
 */
export function judgeSignal(
  run: ProbeOutcome,
  signal: 'SIGINT' | 'SIGTERM',
  events: readonly { type: string; [key: string]: unknown }[] | undefined,
  report: Report,
  secrets: readonly string[] = [],
): void {
  if (!run.signalSent) return;
  judgeSignalTrace(run, signal, report, secrets);
  // Past the output cap the kit killed it: how it ended is the kit's doing (AOI-11/output-cap-exceeded says so).
  if (run.outputCapped !== undefined) return;
  if (run.graceExpired) {
    report('AOI-10/signal-ignored', `still running after ${signal}; the kit killed it`);
    return;
  }
  const interrupted =
    events?.some((e) => e.type === 'aoi:summary' && e.reason === 'interrupted') ?? true;
  if (!interrupted)
    report(
      'AOI-10/no-interrupted-summary',
      `${signal} ended the run without {"type":"aoi:summary","ok":false,"reason":"interrupted"}`,
    );
  if (run.exitCode !== SIGNAL_EXIT[signal] && run.signal !== signal)
    report(
      'AOI-10/signal-exit-code',
      `${signal} ended the run with ${endOf(run)}, not ${SIGNAL_EXIT[signal]}`,
    );
}

/** AOI-10 (§7, §2): no stack trace on stderr after a signal, whether it interrupted the work or only the teardown. */
export function judgeSignalTrace(
  run: ProbeOutcome,
  signal: 'SIGINT' | 'SIGTERM',
  report: Report,
  secrets: readonly string[] = [],
): void {
  if (!run.signalSent) return;
  const trace = traceExcerpt(run.stderr, secrets);
  if (trace !== undefined)
    report('AOI-10/signal-stack-trace', `printed a stack trace on stderr after ${signal}`, {
      excerpt: trace,
    });
}

/**
 * How far a signal probe of a finite command got: it printed fewer lines than the probe waits for (`ended`);
 * it had written a successful stream, terminal summary ok:true, or any terminal summary the kit had received
 * before the signal left, before the signal could act (`finished`: only
 * a stack trace is blamed, however it then ended: the signal may end a Python interpreter's finalisation); or
 * the signal reached it while it worked (`interrupted`: judged by judgeSignal).
 */
export function signalReach(
  run: ProbeOutcome,
  events: readonly Event[],
): 'ended' | 'finished' | 'interrupted' {
  if (!run.signalSent) return 'ended';
  const last = events.at(-1);
  if (!run.graceExpired && last?.type === 'aoi:summary' && last.ok === true) return 'finished';
  // Its terminal summary, whatever it says, had reached the kit before the signal left: it had finished.
  if (!run.graceExpired && run.signalAfterBytes !== undefined) {
    const before = Buffer.from(run.stdout).subarray(0, run.signalAfterBytes).toString('utf8');
    if (endsInSummary(Buffer.from(before))) return 'finished';
  }
  return 'interrupted';
}
