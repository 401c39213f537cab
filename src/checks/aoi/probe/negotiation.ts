import type { ProbeOutcome, Report } from './types.js';

/** A schema version no tool supports, for the AOI-13 negotiation probe. */
export const UNSUPPORTED_SCHEMA_VERSION = '999';

/** AOI-13 (§5.1): asking for a schema version the tool does not have is a usage error, not a fallback. */
export function judgeUnsupportedVersion(run: ProbeOutcome, report: Report): void {
  if (run.exitCode === 0) report('AOI-13/unsupported-version-accepted', `--schema-version ${UNSUPPORTED_SCHEMA_VERSION} was accepted (exit 0)`);
}
