import type { Emitter } from './emitter.js';
import { deliverReport, parseReporting, type ReportingArgs } from './reporting.js';
import { parseFileArgs } from './usage.js';
import { validateManifest } from '../verbs/manifest.js';

export interface ManifestArgs {
  file: string | undefined;
  reporting: ReportingArgs;
  strict: boolean;
}

/** `manifest [FILE|-] [--strict] [--output text|jsonl]`. */
export function parseManifestArgs(args: string[]): ManifestArgs {
  const { values, file } = parseFileArgs('manifest', args);
  return { file, reporting: parseReporting(values), strict: values.strict === true };
}

/** `aoi-testkit manifest [FILE|-]`: validate an AGENT-CLI.md (AIP-45); returns the exit status. */
export async function runManifest(args: ManifestArgs, emitter: Emitter): Promise<number> {
  const view = await validateManifest(args);
  return deliverReport(args.reporting, view, { emitter, color: false });
}
