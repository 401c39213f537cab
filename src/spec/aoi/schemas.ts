import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { createAjv, type SchemaError } from '../ajv.js';
import { FRAMEWORK_EVENT_TYPES, type FrameworkEventType } from './constants.js';
import capabilitiesSchema from './capabilities.schema.json' with { type: 'json' };
import checkSchema from './check.schema.json' with { type: 'json' };
import errorSchema from './error.schema.json' with { type: 'json' };
import eventSchema from './event.schema.json' with { type: 'json' };
import heartbeatSchema from './heartbeat.schema.json' with { type: 'json' };
import metaSchema from './meta.schema.json' with { type: 'json' };
import planSchema from './plan.schema.json' with { type: 'json' };
import progressSchema from './progress.schema.json' with { type: 'json' };
import summarySchema from './summary.schema.json' with { type: 'json' };
import warningSchema from './warning.schema.json' with { type: 'json' };

/** The shipped AOI-CLI v0.2 schemas, also published as `aoi-testkit/schemas/aoi/<name>.schema.json`. */
export const aoiSchemas = {
  meta: metaSchema,
  summary: summarySchema,
  error: errorSchema,
  warning: warningSchema,
  check: checkSchema,
  plan: planSchema,
  progress: progressSchema,
  heartbeat: heartbeatSchema,
  event: eventSchema,
  capabilities: capabilitiesSchema,
} as const;

let ajv: Ajv2020 | undefined;

/**
 * The validator of one schema, compiled on first use (ajv keeps it): importing the kit costs nothing, and a
 * stream pays only for the framework events it carries. The shipped schemas are not checked against the
 * draft's meta-schema here (compiling that cost more than the schemas a stream uses); test/unit/spec does.
 */
function validator(name: keyof typeof aoiSchemas): ValidateFunction {
  ajv ??= createAjv(Object.values(aoiSchemas), { validateSchema: false });
  const validate = ajv.getSchema(aoiSchemas[name].$id);
  if (!validate) throw new Error(`schema ${aoiSchemas[name].$id} did not compile`);
  return validate;
}

/** Validate one framework event against its own schema; `[]` when valid. */
export function validateFrameworkEvent(type: FrameworkEventType, event: unknown): SchemaError[] {
  if (!FRAMEWORK_EVENT_TYPES.includes(type)) throw new Error(`no schema for ${type}`);
  const validate = validator(type.slice('aoi:'.length) as keyof typeof aoiSchemas);
  return validate(event) ? [] : [...(validate.errors ?? [])];
}

/** Validate a capability manifest (§17); `[]` when valid. */
export function validateCapabilities(manifest: unknown): SchemaError[] {
  const validate = validator('capabilities');
  return validate(manifest) ? [] : [...(validate.errors ?? [])];
}
