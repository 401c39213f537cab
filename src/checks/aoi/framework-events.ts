import { formatSchemaErrors, type SchemaError } from '../../spec/ajv.js';
import { FRAMEWORK_EVENT_TYPES, RESERVED_DOMAIN_NAMES, type FrameworkEventType } from '../../spec/aoi/constants.js';
import { validateFrameworkEvent } from '../../spec/aoi/schemas.js';
import { isFramework, type RuleContext, type StreamRule } from './context.js';

const KNOWN = new Set<string>(FRAMEWORK_EVENT_TYPES);
const RESERVED = new Set(RESERVED_DOMAIN_NAMES);

/**
 * Schema failures that a more specific rule already reports, so that one defect yields one
 * finding: a summary without ok is AOI-03's, an error without its four fields is AOI-05's.
 */
const OWNED_ELSEWHERE: Partial<Record<FrameworkEventType, (e: SchemaError) => boolean>> = {
  'aoi:summary': (e) => e.keyword === 'required' && e.params.missingProperty === 'ok' || e.instancePath === '/ok',
  'aoi:error': (e) => e.keyword === 'required' && ['category', 'code', 'message', 'retryable'].includes(e.params.missingProperty as string),
};

/** AOI-04 — framework events validate against their schema; the aoi: namespace is the spec's (§8, §10.4). */
export function frameworkEventsRule(ctx: RuleContext): StreamRule {
  let frameworkEvents = 0;
  return {
    rule: 'AOI-04',
    onEvent(event, line) {
      const { type } = event;
      if (!isFramework(type)) {
        if (RESERVED.has(type)) {
          ctx.report(
            type === 'summary' ? 'AOI-04/reserved-name-summary' : 'AOI-04/reserved-name',
            `line ${line} uses the reserved framework name "${type}" as a domain type (§8.2): if it is the framework event (pre-0.2 streams were unprefixed), write "aoi:${type}"; if it is domain data, rename it`,
            { line, excerpt: ctx.excerpt(event) },
          );
        }
        return;
      }
      frameworkEvents++;
      if (!KNOWN.has(type)) {
        ctx.report('AOI-04/unknown-framework-type', `line ${line} uses "${type}", which AOI-CLI v0.2 does not define`, { line, excerpt: ctx.excerpt(event) });
        return;
      }
      const owned = OWNED_ELSEWHERE[type as FrameworkEventType];
      const errors = validateFrameworkEvent(type as FrameworkEventType, event).filter((e) => !owned?.(e));
      if (errors.length > 0) {
        ctx.report('AOI-04/schema', `the ${type} on line ${line} fails its schema: ${formatSchemaErrors(errors).join('; ')}`, {
          line,
          excerpt: ctx.excerpt(event),
        });
      }
    },
    onEnd() {},
    notApplicable() {
      return frameworkEvents === 0 ? 'the stream carried no framework events' : undefined;
    },
  };
}
