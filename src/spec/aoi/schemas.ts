import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { SchemaError } from '../schema-errors.js';
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
import * as precompiled from './validators.generated.js';

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

/**
 * The validator of one schema, compiled ahead of time (scripts/generate-validators.mjs, the options of
 * createAjv): checking a stream loads no schema compiler, which cost more CPU than checking 50 MB of events.
 */
const validator = (name: keyof typeof aoiSchemas): ValidateFunction =>
  precompiled[name] as ValidateFunction;

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
