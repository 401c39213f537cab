import { kitPackage } from '../package-root.js';
import { AOI_VERSION } from '../spec/aoi/constants.js';

// The kit's own name and versions, as its reports and events carry them (light: the CLI's entry loads it).

export const TOOL = 'aoi-testkit';
/** The kit's version, read from its package.json so a release bump is written once. */
export const TOOL_VERSION = kitPackage()?.version ?? 'unknown';
/** The schema of the kit's own events (`aoi-testkit schema --output json`), and its version. */
export const SCHEMA_NAME = 'io.github.aoi-testkit.cli';
export const SCHEMA_VERSION = '1.0.0';

/** The aoi:meta event that opens each of the kit's AOI streams (§5). */
export const metaEvent = (command: string) => ({
  type: 'aoi:meta',
  tool: TOOL,
  tool_version: TOOL_VERSION,
  aoi_version: AOI_VERSION,
  schema_name: SCHEMA_NAME,
  schema_version: SCHEMA_VERSION,
  command,
});
