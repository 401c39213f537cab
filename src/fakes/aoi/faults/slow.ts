import type { Commands } from '../engine/behaviour.js';
import { commandsInWords, type FaultFactory } from './stream-fault.js';

export interface SlowParams {
  /** Before the first byte (default 150 ms). */
  firstByteMs: number;
  /** Before every later event (default 40 ms). */
  betweenEventsMs: number;
  /** Up to this much more on each delay, seeded (default 60 ms). */
  jitterMs: number;
  commands: Commands;
}

/**
 * A slow tool: latency before the first byte and between events, with seeded jitter. Real timers in a
 * process, virtual in memory. Slow is not wrong: it violates nothing, and a checker must not be fooled
 * into a finding by timing (chunk boundaries, late summaries).
 */
export const slow: FaultFactory<SlowParams> = (params = {}) => {
  const p: SlowParams = {
    firstByteMs: 150,
    betweenEventsMs: 40,
    jitterMs: 60,
    commands: 'all',
    ...params,
  };
  for (const key of ['firstByteMs', 'betweenEventsMs', 'jitterMs'] as const) {
    if (!Number.isInteger(p[key]) || p[key] < 0)
      throw new RangeError(`slow: ${key} must be a non-negative integer, got ${p[key]}`);
  }
  return {
    id: 'slow',
    description: `${commandsInWords(p.commands)}: waits ${p.firstByteMs} ms before the first byte and ${p.betweenEventsMs} ms between events (+ up to ${p.jitterMs} ms jitter)`,
    violates: [],
    // Nothing to report: the mildest severity, so that a slow tool passes even a lenient check.
    severity: 'warning',
    params: p,
    behaviour: {
      latency: {
        firstByteMs: p.firstByteMs,
        betweenEventsMs: p.betweenEventsMs,
        jitterMs: p.jitterMs,
        commands: p.commands,
      },
    },
  };
};
