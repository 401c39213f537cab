import type { Finding } from '../stream/finding.js';
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
 * The partial report, for people on stderr and, with `--output jsonl`, as an AOI stream on stdout: meta, one
 * aoi:warning per finding so far, and the interrupted summary §7 asks of any interrupted run. Findings are
 * already sanitised and masked (makeFinding). The findings are taken when this is called, at the signal; the
 * returned function writes them once the kit's processes are ended: a probe the clean-up kills (`--help` ended
 * with signal SIGKILL) is the kit's doing, never a finding.
 */
export function partialReport(
  verb: string,
  signal: NodeJS.Signals,
  jsonl: Emitter | undefined,
): () => void {
  const findings = [...(source?.() ?? [])];
  return () => writePartialReport(verb, signal, jsonl, findings);
}

function writePartialReport(
  verb: string,
  signal: NodeJS.Signals,
  jsonl: Emitter | undefined,
  findings: readonly Finding[],
): void {
  process.stderr.write(
    `aoi-testkit ${verb}: interrupted by ${signal}; partial report: ${findings.length} finding(s) so far, no verdict (the run did not finish)\n`,
  );
  for (const f of findings.slice(0, 50))
    process.stderr.write(
      `  ${f.severity === 'error' ? 'FAIL' : 'WARN'}  ${f.id}: ${f.message}${f.probe ? `  [${f.probe}]` : ''}\n`,
    );
  if (findings.length > 50) process.stderr.write(`  … and ${findings.length - 50} more\n`);
  if (!jsonl) return;
  jsonl.meta(verb);
  for (const f of findings)
    jsonl.emit({
      type: 'aoi:warning',
      code: 'PARTIAL_FINDING',
      message: `${f.id}: ${f.message}`,
      rule: f.id,
      ...(f.probe ? { probe: f.probe } : {}),
    });
  jsonl.emit({
    type: 'aoi:summary',
    ok: false,
    reason: 'interrupted',
    partial: true,
    count: 0,
    warning_count: findings.length,
  });
}
