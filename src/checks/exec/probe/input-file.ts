import {
  envelopes,
  isObject,
  runLabel,
  textOf,
  type ExecJudgement,
  type ExecRun,
  type Json,
} from './types.js';

/** An envelope without what may differ between two runs of the same line (timings). */
const comparable = (e: Json) =>
  JSON.stringify({ ...e, meta: isObject(e.meta) ? { ...e.meta, duration_ms: 0 } : e.meta });
const answersOf = (run: ExecRun) => envelopes(run).map(comparable);

/** `--input-file` answered as the same batch on stdin (timings aside). */
export const sameAsStdin = (viaStdin: ExecRun, viaFile: ExecRun): boolean =>
  JSON.stringify(answersOf(viaFile)) === JSON.stringify(answersOf(viaStdin));

/** EXEC-10 — `--input-file` answers as the same batch on stdin; and with stdin left open, exec still finishes. */
export function judgeInputFile({ recording, out }: ExecJudgement): void {
  const { runs } = recording;
  const viaFile = runs['input-file']!;
  if (!sameAsStdin(runs.stdin!, viaFile)) {
    out.add(
      'EXEC-10/input-file',
      `\`--input-file\` answered ${envelopes(viaFile).length} envelope(s) (exit ${viaFile.exitCode}), unlike the same ${recording.plan!.ok.length} line(s) on stdin`,
      { probe: runLabel(viaFile), text: textOf(viaFile.stderr).slice(0, 200) },
    );
    return;
  }
  const open = runs['input-file-stdin-open']!;
  if (open.timedOut)
    out.add(
      'EXEC-10/reads-stdin',
      'with --input-file and stdin left open, exec never finished: it (or a dispatched command) waits for stdin',
      { probe: runLabel(open) },
    );
}
