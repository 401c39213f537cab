// The generators' speed, as a property-based suite feels it: streams of ~50 events per second from
// aoiStream(), and the wall time of the 1,000-run property "the checker never fails a conformant
// stream" (generation + serialisation + checking + fast-check's own bookkeeping).
import fc from 'fast-check';
import { join } from 'node:path';
import { median } from './format.mjs';

/** 40–46 items, a few progress/warning events between them, meta, errors and summary: ~50 events. */
export const FIFTY_EVENTS = { minItems: 40, maxItems: 46 };

export async function arbitrariesSpeed(root, { runs = 3, streams = 2_000 } = {}) {
  const { aoiStream } = await import(join(root, 'dist/arbitraries.js'));
  const { checkStream } = await import(join(root, 'dist/index.js'));
  const fifty = aoiStream({ ...FIFTY_EVENTS, outcome: ['ok', 'truncated', 'partial', 'failed'] });
  // First use builds fast-check's internal tables once per process: timed apart from the steady state.
  const setupStarted = performance.now();
  fc.sample(fifty, { numRuns: 20, seed: 1 });
  const firstUseMs = performance.now() - setupStarted;
  /** Streams per second of `arb` (median of `runs` samples) and the mean events per stream. */
  const speed = (arb, seed) => {
    const rates = [];
    let events = 0;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const sample = fc.sample(arb, { numRuns: streams, seed: seed + i });
      rates.push(streams / ((performance.now() - started) / 1000));
      events = sample.reduce((sum, stream) => sum + stream.events.length, 0) / sample.length;
    }
    return { perSecond: median(rates), events };
  };
  const ofFifty = speed(fifty, 42);
  // The default aoiStream(): what a property gets when it asks for nothing.
  const ofDefault = speed(aoiStream(), 142);
  const propertyTimes = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fc.assert(
      fc.property(
        aoiStream(),
        (stream) =>
          checkStream(stream.bytes, {
            exitCode: stream.exitCode,
            signal: stream.signal,
            unbounded: stream.unbounded,
            strict: true,
          }).ok,
      ),
      { numRuns: 1_000, seed: 7 + i },
    );
    propertyTimes.push(performance.now() - started);
  }
  return {
    streamsPerSecond: ofFifty.perSecond,
    eventsPerStream: ofFifty.events,
    defaultPerSecond: ofDefault.perSecond,
    defaultEventsPerStream: ofDefault.events,
    firstUseMs,
    propertyMs: median(propertyTimes),
  };
}
