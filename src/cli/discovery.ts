import { SCHEMA_NAME, SCHEMA_VERSION, TOOL, TOOL_VERSION } from '../report/meta.js';
import { AOI_VERSION } from '../spec/aoi/constants.js';

export { eventSchema } from '../report/events-schema.js';
import { VERBS, type Verb } from './surface.js';

/** `aoi-testkit capabilities --output json` (AOI-CLI §17). */
export function capabilities(): object {
  const events = (...types: string[]) => ['aoi:meta', ...types, 'aoi:error', 'aoi:summary'];
  return {
    tool: TOOL,
    tool_version: TOOL_VERSION,
    aoi_versions: [AOI_VERSION],
    outputs: ['jsonl', 'text'],
    schemas: [{ name: SCHEMA_NAME, versions: [SCHEMA_VERSION], default: SCHEMA_VERSION }],
    commands: Object.entries(VERBS as Record<string, Verb>).flatMap(([name, { aoi }]) =>
      aoi
        ? [
            {
              name,
              read_only: true,
              ...(aoi.input_modes ? { input_modes: aoi.input_modes } : {}),
              event_types: events(...aoi.events),
            },
          ]
        : [],
    ),
  };
}
