import type { Finding } from '../stream/finding.js';
import { partialReportEvents, partialReportText } from '../report/partial.js';
import type { Emitter } from './emitter.js';

/**
 * What an interrupted verb has found so far (issue 15: an interrupted kit writes the partial report it has). A
 * verb that collects findings as it goes (`lint`) registers where to read them; the interrupt handler prints them.
 * Nothing passed in a partial report: the run did not finish, so only the findings are shown, never verdicts.
 */
let source: (() => readonly Finding[]) | undefined;

export function setPartialFindings(read: (() => readonly Finding[]) | undefined): void {
  source = read;
}

/**
 * The partial report, for people on stderr and, with `--output jsonl`, as an AOI stream on stdout (report/partial.ts
 * renders both). The findings are taken when this is called, at the signal; the
 * returned function writes them once the kit's processes are ended: a probe the clean-up kills (`--help` ended
 * with signal SIGKILL) is the kit's doing, never a finding.
 */
export function partialReport(
  verb: string,
  signal: NodeJS.Signals,
  jsonl: Emitter | undefined,
): () => void {
  const findings = [...(source?.() ?? [])];
  return () => {
    process.stderr.write(partialReportText(verb, signal, findings));
    if (!jsonl) return;
    jsonl.meta(verb);
    for (const event of partialReportEvents(findings)) jsonl.emit(event);
  };
}
