import type { RuleContext, StreamRule } from './context.js';

const major = (version: string) => version.trim().replace(/^v/i, '').split('.')[0];

/** AOI-13 — meta reports schema_version (and aoi_version), and honours a negotiated version (§5). */
export function versioningRule(ctx: RuleContext): StreamRule {
  let sawMeta = false;
  return {
    rule: 'AOI-13',
    onEvent(event, line) {
      if (event.type !== 'aoi:meta' || sawMeta) return;
      sawMeta = true;
      const evidence = { line, excerpt: ctx.excerpt(event) };
      const { schema_version: schemaVersion, aoi_version: aoiVersion } = event;
      if (typeof schemaVersion !== 'string' || schemaVersion === '') {
        ctx.report('AOI-13/meta-schema-version', `the aoi:meta on line ${line} does not report schema_version`, evidence);
      } else if (ctx.options.schemaVersion !== undefined && major(schemaVersion) !== major(ctx.options.schemaVersion)) {
        ctx.report(
          'AOI-13/schema-version-not-honoured',
          `schema version ${ctx.options.schemaVersion} was negotiated but the aoi:meta on line ${line} reports ${schemaVersion}`,
          evidence,
        );
      }
      if (typeof aoiVersion !== 'string' || aoiVersion === '') {
        ctx.report('AOI-13/meta-aoi-version', `the aoi:meta on line ${line} does not report aoi_version`, evidence);
      }
    },
    onEnd() {},
    notApplicable() {
      return sawMeta ? undefined : 'the stream carried no aoi:meta';
    },
  };
}
