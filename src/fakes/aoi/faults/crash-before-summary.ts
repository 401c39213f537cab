import { perRun, type FaultFactory } from './stream-fault.js';

export interface CrashBeforeSummaryParams {
  /**
   * The exit status of the crashed run (default 0). With 0 the stream is a protocol failure (§4.1: "exit
   * 0 without terminal summary MUST be treated as protocol failure"); with non-zero the failure is
   * visible in the exit status and the missing summary is only a warning (§23 leaves it open).
   */
  exitCode: number;
}

/** The run dies just before its terminal summary: nothing from the summary on is written (§4). */
export const crashBeforeSummary: FaultFactory<CrashBeforeSummaryParams> = (params = {}) => {
  const p: CrashBeforeSummaryParams = { exitCode: 0, ...params };
  if (!Number.isInteger(p.exitCode) || p.exitCode < 0 || p.exitCode > 255)
    throw new RangeError(`crash-before-summary: exitCode must be 0–255, got ${p.exitCode}`);
  const crashed = perRun(() => ({ yes: false }));
  const clean = p.exitCode === 0;
  return {
    id: 'crash-before-summary',
    description: `stops writing just before the terminal aoi:summary and exits ${p.exitCode}`,
    violates: [clean ? 'AOI-03/eof-without-summary' : 'AOI-03/failure-without-summary'],
    severity: clean ? 'error' : 'warning',
    // Under lint it crashes before watch's interrupted summary too; with a non-zero status every run fails, setup included.
    underLint: clean ? { also: ['AOI-10/no-interrupted-summary'] } : { setupFails: true },
    params: p,
    onEvent(event, state) {
      const run = crashed(state);
      if (!run.yes && event.type !== 'aoi:summary') return [event];
      run.yes = true;
      state.end = { exitCode: p.exitCode };
      return [];
    },
  };
};
