import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * An unknown schema version silently becomes the default (§5.1: a usage error naming the supported ones).
 */
export const acceptsUnsupportedVersion: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-13/unsupported-version-accepted'];
  return {
    id: 'accepts-unsupported-version',
    description:
      'answers an unsupported --schema-version with the default version instead of a usage error',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { schemaVersion: 'falls-back' },
  };
};
