import { worstOf, type FaultFactory } from './stream-fault.js';

export interface SchemaNeedsCredentialParams {
  /**
   * The variables `schema` takes a token from (default NOTES_API_TOKEN, then GITHUB_TOKEN, as tools that
   * sync through GitHub fall back to). Any one set and non-empty lets it print.
   */
  variables: readonly string[];
}

/**
 * `schema` signs in first (§3.2: no login or credentials for discovery): without a token it fails with an
 * authn aoi:error and exit 77. The linter runs it with secret-looking variables stripped, then with them.
 */
export const schemaNeedsCredential: FaultFactory<SchemaNeedsCredentialParams> = (params = {}) => {
  const p: SchemaNeedsCredentialParams = {
    variables: ['NOTES_API_TOKEN', 'GITHUB_TOKEN'],
    ...params,
  };
  if (p.variables.length === 0)
    throw new RangeError('schema-needs-credential: variables must name at least one variable');
  const violates = ['AOI-01/schema-needs-credentials'];
  return {
    id: 'schema-needs-credential',
    description: `\`schema\` fails with an authn aoi:error and exit 77 unless ${p.variables.join(' or ')} is set`,
    violates,
    severity: worstOf(violates),
    params: p,
    behaviour: { schemaCredentials: p.variables },
  };
};
