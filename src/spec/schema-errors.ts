import type { ErrorObject } from 'ajv/dist/2020.js';

// Apart from ajv.ts, so that what reads the errors of a precompiled validator loads no ajv (the stream checker).
export type SchemaError = ErrorObject;

/** `ok` true, or the ajv errors in a compact readable form: `/path: message`. */
export function formatSchemaErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const where = e.instancePath || '/';
    if (e.keyword === 'required')
      return `${where}: missing required property "${(e.params as { missingProperty: string }).missingProperty}"`;
    if (e.keyword === 'const')
      return `${where}: must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    return `${where}: ${e.message ?? e.keyword}`;
  });
}
