import { worstOf, type FaultFactory } from './stream-fault.js';

export interface UsageExitCodeParams {
  /** The exit status of a usage error (default 0; 64 is right). */
  exitCode: number;
}

/**
 * Usage errors exit with the wrong status (§6: non-zero, 64 recommended). With 0, the structured usage
 * error ends a "successful" run without a summary (AOI-03/eof-without-summary), and an unsupported
 * --schema-version, refused as a usage error, ends with 0 too (AOI-13/unsupported-version-accepted).
 * Any other non-zero status is only a warning.
 */
export const usageExitCode: FaultFactory<UsageExitCodeParams> = (params = {}) => {
  const p: UsageExitCodeParams = { exitCode: 0, ...params };
  if (!Number.isInteger(p.exitCode) || p.exitCode < 0 || p.exitCode > 255 || p.exitCode === 64) {
    throw new RangeError(`usage-exit-code: exitCode must be 0–255 and not 64, got ${p.exitCode}`);
  }
  const violates =
    p.exitCode === 0
      ? [
          'AOI-05/usage-exit-zero',
          'AOI-03/eof-without-summary',
          'AOI-13/unsupported-version-accepted',
        ]
      : ['AOI-05/usage-exit-code'];
  return {
    id: 'usage-exit-code',
    description: `exits ${p.exitCode} on usage errors instead of 64`,
    violates,
    severity: worstOf(violates),
    params: p,
    behaviour: { usageExitCode: p.exitCode },
  };
};
