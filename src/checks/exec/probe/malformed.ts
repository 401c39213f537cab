import { judgeBatchRun } from './batches.js';
import { inspectData, probeLabel, type ExecJudgement } from './types.js';

/**
 * EXEC-07 — a malformed batch (its second line cut short), without and with --ignore-errors (which "does not
 * change exit 2"): exit 2, DISPATCH_PARSE_ERROR, nothing answered as dispatched, and nothing dispatched, judged
 * by the state too (the inspect line after it answers as on a fresh state).
 */
export function judgeMalformed(j: ExecJudgement): void {
  const { recording, out } = j;
  const baseline = inspectData(recording.runs.baseline);
  for (const [probe, inspect, extra] of [
    ['malformed', 'malformed-inspect', []],
    ['malformed-ignore-errors', 'malformed-ignore-errors-inspect', ['--ignore-errors']],
  ] as const) {
    const run = recording.runs[probe];
    if (!run) continue;
    judgeBatchRun(j, run, extra, extra.length > 0);
    const after = inspectData(recording.runs[inspect]);
    if (baseline !== undefined && after !== baseline)
      out.add(
        'EXEC-07/dispatched',
        `the state changed although line 2 of the batch is malformed: a line of it was dispatched${extra.length > 0 ? ' (under --ignore-errors)' : ''}`,
        { probe: probeLabel(recording, extra), text: `${after ?? ''}` },
      );
  }
}
