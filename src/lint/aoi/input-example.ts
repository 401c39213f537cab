import { compileDeclaredSchema } from '../../checks/aoi/probe/declared-schema.js';

type Schema = Record<string, unknown>;

/**
 * A small value valid against a tool's input schema (`input-schema --command X --output json`): the
 * required properties only, strings tagged with `variant` so that two lines are never the same record.
 * Undefined when the schema asks for more than this simple generator can satisfy (checked by validation).
 */
export function inputExample(
  schema: unknown,
  variant: number,
): Record<string, unknown> | undefined {
  const compiled = compileDeclaredSchema(schema);
  if (!compiled.ok) return undefined;
  const value = example(schema as Schema, variant, 0);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return (compiled.validate(value) as boolean) ? (value as Record<string, unknown>) : undefined;
}

function example(schema: Schema, variant: number, depth: number): unknown {
  if (depth > 8) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      return Object.fromEntries(
        required.map((key) => [key, example(properties[key] ?? {}, variant, depth + 1)]),
      );
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: count }, () =>
        example((schema.items ?? {}) as Schema, variant, depth + 1),
      );
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : variant;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      const text = `aoi-lint input ${variant}`;
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      return text.padEnd(min, '.');
    }
  }
}
