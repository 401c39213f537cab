import type { ProbeOutcome } from '../../src/checks/aoi/probe/types.js';

/** A recorded probe for the pure judges: a clean exit 0 with no output, but for what `over` says. */
export const probeOutcome = (over: Partial<ProbeOutcome> = {}): ProbeOutcome => ({
  stdout: new Uint8Array(),
  stderr: new Uint8Array(),
  exitCode: 0,
  signal: null,
  durationMs: 0,
  timedOut: false,
  graceExpired: false,
  stdoutClosed: false,
  signalSent: false,
  network: [],
  ...over,
});
