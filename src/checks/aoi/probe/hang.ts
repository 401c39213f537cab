import { toExcerpt } from '../../../stream/finding.js';
import type { ProbeOutcome, Report } from './types.js';

/** The last text a process printed, when it does not end a line: what it was waiting on. */
function pendingText(bytes: Uint8Array): string | undefined {
  const text = Buffer.from(bytes).toString('utf8');
  if (text === '' || text.endsWith('\n')) return undefined;
  return text.slice(text.lastIndexOf('\n') + 1);
}

/**
 * Whether the run can be judged at all: not when it hung (AOI-03, below) nor when it printed past the kit's
 * output cap (AOI-11/output-cap-exceeded: the kit cut its stdout and killed it, and blaming the tool for a
 * missing summary, a cut line or the kill would be the kit's own doing). Returns true when it cannot.
 */
export function judgeStopped(
  run: ProbeOutcome,
  timeoutMs: number,
  report: Report,
  secrets: readonly string[] = [],
): boolean {
  return judgeCapped(run, report) || judgeHang(run, timeoutMs, report, secrets);
}

/** AOI-11/output-cap-exceeded when the kit cut the run at its output cap; true then, and nothing else about it is judged. */
export function judgeCapped(run: Pick<ProbeOutcome, 'outputCapped'>, report: Report): boolean {
  if (run.outputCapped === undefined) return false;
  report(
    'AOI-11/output-cap-exceeded',
    `printed more than the kit's output cap; the kit stopped reading at ${run.outputCapped} bytes and killed it, so nothing else about this run was judged`,
  );
  return true;
}

/** A prompt the process left unfinished and waited on: its last unfinished line ends in `:`, `?`, `>` or `]`. */
function pendingPrompt(run: ProbeOutcome): string | undefined {
  const pending = pendingText(run.stderr) ?? pendingText(run.stdout);
  return pending !== undefined && /[:?>\]]\s?$/.test(pending) ? pending : undefined;
}

/**
 * AOI-03/prompted (§1.3) on a run given a stdin pipe nobody writes that hung: with a prompt pending, it waited on a
 * human; without one, it was reading stdin (a filter), which is no finding. Returns whether it reported.
 */
export function judgePrompted(
  run: ProbeOutcome,
  timeoutMs: number,
  report: Report,
  secrets: readonly string[] = [],
): boolean {
  const prompt = pendingPrompt(run);
  if (prompt === undefined) return false;
  report(
    'AOI-03/prompted',
    `on a stdin pipe nobody writes, machine mode printed a prompt and waited ${timeoutMs} ms for an answer`,
    { excerpt: toExcerpt(prompt, secrets) },
  );
  return true;
}

/**
 * AOI-03 (§1.3, §4): a finite machine-mode command that never exits. When the last thing it printed is
 * an unfinished line ending in `:`, `?`, `>` or `]` (`[y/N] `), it is waiting on a human: a prompt. Returns true when the run
 * hung, so that callers judge nothing else about it.
 */
export function judgeHang(
  run: ProbeOutcome,
  timeoutMs: number,
  report: Report,
  secrets: readonly string[] = [],
): boolean {
  if (!run.timedOut || run.graceExpired) return false;
  const prompt = pendingPrompt(run);
  if (prompt !== undefined) {
    report(
      'AOI-03/prompted',
      `machine mode printed a prompt and waited ${timeoutMs} ms for an answer`,
      { excerpt: toExcerpt(prompt, secrets) },
    );
  } else {
    report('AOI-03/timed-out', `did not exit within ${timeoutMs} ms`);
  }
  return true;
}
