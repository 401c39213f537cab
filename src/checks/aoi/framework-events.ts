import { formatSchemaErrors, type SchemaError } from '../../spec/schema-errors.js';
import {
  FRAMEWORK_EVENT_TYPES,
  RESERVED_DOMAIN_NAMES,
  type FrameworkEventType,
} from '../../spec/aoi/constants.js';
import { validateFrameworkEvent } from '../../spec/aoi/schemas.js';
import { isFramework, type RuleContext, type StreamRule } from './context.js';

const KNOWN = new Set<string>(FRAMEWORK_EVENT_TYPES);
const RESERVED = new Set(RESERVED_DOMAIN_NAMES);

/**
 * Schema failures that a more specific rule also reports: a summary without a boolean ok is untyped (AOI-04) and
 * unverifiable (AOI-03/summary-ok-missing); an error without its four fields is untyped and AOI-05's. Each rule
 * fails on its own (§18.1); the AOI-04 finding names the other as the same defect, so text shows it once.
 */
const OWNED_ELSEWHERE: Partial<
  Record<FrameworkEventType, { readonly by: string; readonly owns: (e: SchemaError) => boolean }>
> = {
  'aoi:summary': {
    by: 'AOI-03/summary-ok-missing',
    owns: (e) =>
      (e.keyword === 'required' && e.params.missingProperty === 'ok') || e.instancePath === '/ok',
  },
  'aoi:error': {
    by: 'AOI-05/error-fields',
    owns: (e) =>
      e.keyword === 'required' &&
      ['category', 'code', 'message', 'retryable'].includes(e.params.missingProperty as string),
  },
};

/**
 * An ISO 8601 date and time (§8.1): calendar date, `T`, hours with optional minutes, seconds and fraction (`.`
 * or `,`), optional offset (`Z`, `±hh`, `±hhmm`, `±hh:mm`), in the extended or basic format. RFC 3339 (JSON
 * Schema `date-time`) is its profile with everything but the fraction required.
 */
const ISO_8601 =
  /^\d{4}(-?)(0[1-9]|1[0-2])\1(0[1-9]|[12]\d|3[01])T([01]\d|2[0-4])(?:(:?)[0-5]\d(?:\5([0-5]\d|60)(?:[.,]\d+)?)?)?(?:Z|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?$/;

const valueAt = (event: Record<string, unknown>, pointer: string): unknown =>
  event[pointer.slice(1)];

/** A `date-time` format error on a top-level field whose value is ISO 8601 all the same. */
function isIsoTimestampError(e: SchemaError, event: Record<string, unknown>): boolean {
  if (
    e.keyword !== 'format' ||
    e.params.format !== 'date-time' ||
    e.instancePath.lastIndexOf('/') !== 0
  )
    return false;
  const value = valueAt(event, e.instancePath);
  return typeof value === 'string' && ISO_8601.test(value);
}

/** AOI-04 — framework events validate against their schema; the aoi: namespace is the spec's (§8, §10.4). */
export function frameworkEventsRule(ctx: RuleContext): StreamRule {
  let frameworkEvents = 0;
  return {
    rule: 'AOI-04',
    needsEvent: (type) => RESERVED.has(type),
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
        ctx.report(
          'AOI-04/unknown-framework-type',
          `line ${line} uses "${type}", which AOI-CLI v0.2 does not define`,
          { line, excerpt: ctx.excerpt(event) },
        );
        return;
      }
      const owned = OWNED_ELSEWHERE[type as FrameworkEventType];
      const all = validateFrameworkEvent(type as FrameworkEventType, event);
      const shared = all.filter((e) => owned?.owns(e) === true);
      // §8.1 says ISO 8601; the schemas say RFC 3339 (date-time). ISO 8601 that is not RFC 3339 is a warning.
      const iso = all.filter((e) => isIsoTimestampError(e, event));
      for (const e of iso) {
        ctx.report(
          'AOI-04/timestamp-not-rfc3339',
          `the ${type} on line ${line} has ${e.instancePath.slice(1)} ${JSON.stringify(valueAt(event, e.instancePath))}: ISO 8601, but not RFC 3339`,
          { line, excerpt: ctx.excerpt(event) },
        );
      }
      const errors = all.filter((e) => owned?.owns(e) !== true && !iso.includes(e));
      if (shared.length > 0) {
        ctx.report(
          'AOI-04/schema',
          `the ${type} on line ${line} fails its schema: ${formatSchemaErrors(shared).join('; ')}`,
          { line, excerpt: ctx.excerpt(event), sameDefectAs: owned!.by },
        );
      }
      if (errors.length > 0) {
        ctx.report(
          'AOI-04/schema',
          `the ${type} on line ${line} fails its schema: ${formatSchemaErrors(errors).join('; ')}`,
          {
            line,
            excerpt: ctx.excerpt(event),
          },
        );
      }
    },
    onEnd() {},
    notApplicable() {
      return frameworkEvents === 0 ? 'the stream carried no framework events' : undefined;
    },
  };
}
