import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * A negotiated version that is not honoured (§5.1). Unsupported versions are still refused, and `schema`
 * ignores the flag as well, so the events match the schema it serves.
 */
export const schemaVersionIgnored: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-13/schema-version-not-honoured'];
  return {
    id: 'schema-version-ignored',
    description: 'checks --schema-version, then always emits schema version 1.0.0 (`schema` too)',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { schemaVersion: 'always-default' },
  };
};
