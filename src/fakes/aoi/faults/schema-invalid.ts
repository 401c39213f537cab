import { worstOf, type FaultFactory } from './stream-fault.js';

export interface SchemaInvalidParams {
  /**
   * `not-a-schema` (default): the document does not compile ("type": "objekt"). `not-json`: a banner line
   * precedes the document. `fails`: the command exits 70 with an internal error and prints nothing.
   */
  how: 'not-a-schema' | 'not-json' | 'fails';
}

const VIOLATES: Record<SchemaInvalidParams['how'], string> = {
  'not-a-schema': 'AOI-01/schema-invalid',
  'not-json': 'AOI-01/schema-not-json',
  fails: 'AOI-01/schema-failed',
};

const DESCRIPTION: Record<SchemaInvalidParams['how'], string> = {
  'not-a-schema':
    '`schema` prints a document with a property of "type": "objekt", which no JSON Schema validator compiles',
  'not-json': '`schema` prints a banner line before the JSON document',
  fails: '`schema` exits 70 ("schema not bundled") in a clean environment',
};

/**
 * `schema --output json` gives the linter no usable event schema (§3, §10). Without one, the linter judges
 * no event against a schema, so nothing else is reported.
 */
export const schemaInvalid: FaultFactory<SchemaInvalidParams> = (params = {}) => {
  const p: SchemaInvalidParams = { how: 'not-a-schema', ...params };
  const violates = [VIOLATES[p.how]];
  return {
    id: 'schema-invalid',
    description: DESCRIPTION[p.how],
    violates,
    severity: worstOf(violates),
    params: p,
    behaviour: { schemaBroken: p.how },
  };
};
