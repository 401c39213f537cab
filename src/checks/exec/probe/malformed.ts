import { judgeBatchRun } from './batches.js';
import { inspectData, probeLabel, type ExecJudgement } from './types.js';

/**
 * EXEC-07 — a malformed batch (its second line cut short): exit 2, DISPATCH_PARSE_ERROR, nothing answered as
 * dispatched, and nothing dispatched, judged by the state too (the inspect line after it answers as on a fresh state).
 */
export function judgeMalformed(j: ExecJudgement): void {
  const { recording, out } = j;
  judgeBatchRun(j, recording.runs.malformed!, [], false);
  const baseline = inspectData(recording.runs.baseline);
  const after = inspectData(recording.runs['malformed-inspect']);
  if (baseline !== undefined && after !== baseline) out.add('EXEC-07/dispatched', 'the state changed although line 2 of the batch is malformed: a line of it was dispatched', { probe: probeLabel(recording, []), text: `${after ?? ''}` });
}
