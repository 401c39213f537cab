import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with `exports.default`; under NodeNext typing the default import is the
// module object, at run time it may be either. Accept both shapes.
type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats);

/**
 * A draft 2020-12 validator in strict mode, with formats. One per spec, created on first use. `validateSchema:
 * false` skips checking the schemas against the draft's meta-schema (for shipped schemas a test checks).
 */
export function createAjv(schemas: readonly object[], options: { validateSchema?: false } = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, ...options });
  addFormats(ajv);
  for (const schema of schemas) ajv.addSchema(schema);
  return ajv;
}

export type SchemaError = ErrorObject;

/** `ok` true, or the ajv errors in a compact readable form: `/path: message`. */
export function formatSchemaErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const where = e.instancePath || '/';
    if (e.keyword === 'required') return `${where}: missing required property "${(e.params as { missingProperty: string }).missingProperty}"`;
    if (e.keyword === 'const') return `${where}: must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    return `${where}: ${e.message ?? e.keyword}`;
  });
}
