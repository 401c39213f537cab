import type { ValidateFunction } from 'ajv/dist/2020.js';
import { createAjv, type SchemaError } from '../ajv.js';
import type { FrameworkEventType } from './constants.js';
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

let validators: Map<string, ValidateFunction> | undefined;

// Compiled once, on first use, so importing the kit costs nothing.
function compiled(): Map<string, ValidateFunction> {
  if (!validators) {
    const ajv = createAjv(Object.values(aoiSchemas));
    validators = new Map();
    for (const [name, schema] of Object.entries(aoiSchemas)) {
      const validate = ajv.getSchema(schema.$id);
      if (!validate) throw new Error(`schema ${schema.$id} did not compile`);
      validators.set(name === 'event' || name === 'capabilities' ? name : `aoi:${name}`, validate);
    }
  }
  return validators;
}

/** Validate one framework event against its own schema; `[]` when valid. */
export function validateFrameworkEvent(type: FrameworkEventType, event: unknown): SchemaError[] {
  const validate = compiled().get(type);
  if (!validate) throw new Error(`no schema for ${type}`);
  return validate(event) ? [] : [...(validate.errors ?? [])];
}

/** Validate a capability manifest (§17); `[]` when valid. */
export function validateCapabilities(manifest: unknown): SchemaError[] {
  const validate = compiled().get('capabilities')!;
  return validate(manifest) ? [] : [...(validate.errors ?? [])];
}
