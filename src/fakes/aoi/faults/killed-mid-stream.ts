import { perRun, rawEvent, type FaultFactory } from './stream-fault.js';

export interface KilledMidStreamParams {
  /** Events written before the kill (default 2, at least 1). The kill also comes before the summary if that is earlier. */
  afterEvents: number;
  /**
   * Die in the middle of writing the next line (default false): it is cut at a seeded position and
   * has no newline, as when a process is killed between two write() calls of one line.
   */
  cutLine: boolean;
}

/**
 * The process is killed by SIGKILL mid-stream: no summary, no exit code (§4: "A producer that crashes
 * cannot guarantee a terminal sentinel"). The signal makes the failure visible, so the missing summary
 * is a warning only; a cut line is not JSON.
 */
export const killedMidStream: FaultFactory<KilledMidStreamParams> = (params = {}) => {
  const p: KilledMidStreamParams = { afterEvents: 2, cutLine: false, ...params };
  if (!Number.isInteger(p.afterEvents) || p.afterEvents < 1)
    throw new RangeError(`killed-mid-stream: afterEvents must be at least 1, got ${p.afterEvents}`);
  const killed = perRun(() => ({ yes: false }));
  const violates = p.cutLine
    ? ['AOI-02/not-json', 'AOI-03/failure-without-summary']
    : ['AOI-03/failure-without-summary'];
  return {
    id: 'killed-mid-stream',
    description: `is killed by SIGKILL after ${p.afterEvents} event(s)${p.cutLine ? ', half-way through writing the next line' : ''}`,
    violates,
    severity: p.cutLine ? 'error' : 'warning',
    underLint: { setupFails: true }, // every run is killed, setup included
    params: p,
    onEvent(event, state) {
      const run = killed(state);
      if (run.yes) return [];
      if (state.index < p.afterEvents && event.type !== 'aoi:summary') return [event];
      run.yes = true;
      state.end = { signal: 'SIGKILL' };
      if (!p.cutLine) return [];
      const line = JSON.stringify(event);
      // Cut somewhere inside, never at the very start (nothing written) or the end (a whole line).
      const at = 1 + Math.floor(state.random() * (line.length - 1));
      return [rawEvent(line.slice(0, at))];
    },
  };
};
