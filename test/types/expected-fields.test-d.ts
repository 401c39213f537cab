// The field types of expected summaries and errors are written by hand in src/matchers/types.ts; this keeps
// their names in step with the shipped schemas (a field added to a schema must be typed too). Checked by tsc.
import { expectTypeOf } from 'expect-type';
import type { AoiErrorFields, AoiSummaryFields } from '../../src/matchers/types.js';

type SchemaFields<Schema> = Schema extends { properties: infer P } ? keyof P : never;

expectTypeOf<keyof AoiSummaryFields>().toEqualTypeOf<
  SchemaFields<typeof import('../../src/spec/aoi/summary.schema.json')>
>();
expectTypeOf<keyof AoiErrorFields>().toEqualTypeOf<
  SchemaFields<typeof import('../../src/spec/aoi/error.schema.json')>
>();
