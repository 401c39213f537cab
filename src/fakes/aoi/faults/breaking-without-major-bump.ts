import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * The rename of `hit.rank` to `hit.score` offered as schema `1.1.0` beside `1.0.0`, instead of as `2.0.0` (§5.1: "A
 * breaking machine-output change MUST change schema_version major version"). Judged by comparing contracts: the
 * tool's own versions side by side, or a release before it; the process linter sees a tool that keeps its word.
 */
export const breakingWithoutMajorBump: FaultFactory<Record<string, never>> = () => {
  const violates = ['COMPAT-01/field-removed'];
  return {
    id: 'breaking-without-major-bump',
    description:
      'offers schema 1.1.0 beside 1.0.0, in which hit.rank is gone (renamed hit.score): a breaking change under the same major',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { schemaVersions: ['1.0.0', '1.1.0'] },
  };
};
