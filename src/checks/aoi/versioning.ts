import { KNOWN_AOI_VERSIONS } from '../../spec/aoi/constants.js';
import {
  usageFailureTracker,
  type RuleContext,
  type StreamEnd,
  type StreamRule,
} from './context.js';

const major = (version: string) => version.trim().replace(/^v/i, '').split('.')[0];

/** AOI-13 — meta reports schema_version (and aoi_version), and honours a negotiated version (§5). */
export function versioningRule(ctx: RuleContext): StreamRule {
  let sawMeta = false;
  const usage = usageFailureTracker();
  let streamStarted = false; // known at the end: the run was more than a rejected command line
  return {
    rule: 'AOI-13',
    needsEvent: () => false,
    onEvent(event, line) {
      usage.see(event);
      if (event.type !== 'aoi:meta' || sawMeta) return;
      sawMeta = true;
      const evidence = { line, excerpt: ctx.excerpt(event) };
      const { schema_version: schemaVersion, aoi_version: aoiVersion } = event;
      // A present but non-string version is a schema failure, AOI-04's to report.
      if (schemaVersion === undefined || schemaVersion === '') {
        ctx.report(
          'AOI-13/meta-schema-version',
          `the aoi:meta on line ${line} does not report schema_version`,
          evidence,
        );
      } else if (
        typeof schemaVersion === 'string' &&
        ctx.options.schemaVersion !== undefined &&
        major(schemaVersion) !== major(ctx.options.schemaVersion)
      ) {
        ctx.report(
          'AOI-13/schema-version-not-honoured',
          `schema version ${ctx.options.schemaVersion} was negotiated but the aoi:meta on line ${line} reports ${schemaVersion}`,
          evidence,
        );
      }
      if (aoiVersion === undefined || aoiVersion === '') {
        ctx.report(
          'AOI-13/meta-aoi-version',
          `the aoi:meta on line ${line} does not report aoi_version`,
          evidence,
        );
      } else if (typeof aoiVersion === 'string' && !KNOWN_AOI_VERSIONS.includes(aoiVersion)) {
        ctx.report(
          'AOI-13/unknown-aoi-version',
          `the aoi:meta on line ${line} reports aoi_version ${JSON.stringify(aoiVersion)}, no AOI-CLI version the kit knows (${KNOWN_AOI_VERSIONS.join(', ')})`,
          evidence,
        );
      }
    },
    onEnd(end: StreamEnd) {
      streamStarted = usage.events > 0 && !usage.isUsageFailure(end);
      // Leaving meta out must not be a way around reporting the schema version.
      if (!sawMeta && streamStarted && !ctx.options.unbounded) {
        ctx.report(
          'AOI-13/meta-schema-version',
          'the stream has no aoi:meta, so it reports no schema_version',
        );
      }
    },
    notApplicable() {
      return sawMeta || (streamStarted && !ctx.options.unbounded)
        ? undefined
        : 'the stream carried no aoi:meta';
    },
  };
}
