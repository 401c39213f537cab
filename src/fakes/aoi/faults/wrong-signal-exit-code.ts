import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * The interrupted run exits 0 (§6, §7: 130/143). Its summary says ok:false, so the stream checker also
 * sees exit 0 with ok:false. Both are warnings.
 */
export const wrongSignalExitCode: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-10/signal-exit-code', 'AOI-03/exit-zero-not-ok'];
  return {
    id: 'wrong-signal-exit-code',
    description: 'on SIGINT/SIGTERM writes the interrupted summary, then exits 0',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { signals: 'wrong-exit-code' },
  };
};
