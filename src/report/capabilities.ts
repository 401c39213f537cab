import { SCHEMA_NAME, SCHEMA_VERSION, TOOL, TOOL_VERSION } from './meta.js';
import { AOI_VERSION } from '../spec/aoi/constants.js';

/** A command of the kit's capabilities: read-only, where it reads input from, the events it emits besides the framework's. */
export interface KitCommand {
  readonly name: string;
  readonly input_modes?: readonly string[];
  readonly events: readonly string[];
}

/** The kit's own capabilities document (`aoi-testkit capabilities --output json`, AOI-CLI §17). */
export function kitCapabilities(commands: readonly KitCommand[]): object {
  const events = (types: readonly string[]) => ['aoi:meta', ...types, 'aoi:error', 'aoi:summary'];
  return {
    tool: TOOL,
    tool_version: TOOL_VERSION,
    aoi_versions: [AOI_VERSION],
    outputs: ['jsonl', 'text'],
    schemas: [{ name: SCHEMA_NAME, versions: [SCHEMA_VERSION], default: SCHEMA_VERSION }],
    commands: commands.map((c) => ({
      name: c.name,
      read_only: true,
      ...(c.input_modes ? { input_modes: c.input_modes } : {}),
      event_types: events(c.events),
    })),
  };
}
