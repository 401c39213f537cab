import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with `exports.default`; under NodeNext typing the default import is the
// module object, at run time it may be either. Accept both shapes.
type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats);

/**
 * A draft 2020-12 validator in strict mode, with formats: the kit's options. The kit's own schemas are compiled with
 * them ahead of time (scripts/generate-validators.mjs); the tests compile the same schemas with this at run time as the
 * oracle of those validators, and of fixtures.
 */
export function createAjv(schemas: readonly object[]): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
  addFormats(ajv);
  for (const schema of schemas) ajv.addSchema(schema);
  return ajv;
}
