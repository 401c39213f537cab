import { Ajv as AjvDraft7, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { formatSchemaErrors } from '../../../spec/schema-errors.js';
import { FRAMEWORK_EVENT_TYPES, RESERVED_DOMAIN_NAMES } from '../../../spec/aoi/constants.js';
import type { Event, Report } from './types.js';

/** A tool's own event schema (`schema --output json`), compiled; or why it is not a JSON Schema. */
export type DeclaredSchema =
  { ok: true; validate: ValidateFunction } | { ok: false; problems: string[] };

type Dialect = 'draft-07' | '2019-09' | '2020-12';

/** The dialect the document names in `$schema` (2020-12 when it names none). */
function dialectOf(document: Record<string, unknown>): Dialect {
  const named = typeof document.$schema === 'string' ? document.$schema : '';
  if (named.includes('draft-07') || named.includes('draft-06')) return 'draft-07';
  return named.includes('2019-09') ? '2019-09' : '2020-12';
}

/** A validator of the dialect; `validateSchema: false` for one that compiles a document already checked. */
function validatorFor(dialect: Dialect, validateSchema = true) {
  // Not strict: unknown keywords (x-*, vendor annotations) are legal JSON Schema and must not fail a tool.
  const options = {
    allErrors: true,
    strict: false,
    validateFormats: false,
    validateSchema,
  } as const;
  if (dialect === 'draft-07') return new AjvDraft7(options);
  if (dialect === '2019-09') return new Ajv2019(options);
  return new Ajv2020(options);
}

/**
 * The last documents compiled, by their JSON text: a lint compiles the tool's schema more than once, and a
 * process that lints the same tool again (a test suite, a fault table) compiled it every time, a quarter of an
 * in-memory lint's CPU. A compiled validator keeps no state between calls but its `errors`, read right after.
 */
const compiled = new Map<string, DeclaredSchema>();
const COMPILED_KEPT = 16;

/** Per dialect, the validator that checks documents against the meta-schema: compiled once, not once per document. */
const metaCheckers = new Map<Dialect, ReturnType<typeof validatorFor>>();

/** Compile a schema document as its dialect's meta-schema says (AOI-01/schema-invalid when it does not). */
export function compileDeclaredSchema(document: unknown): DeclaredSchema {
  if (document === null || typeof document !== 'object' || Array.isArray(document))
    return { ok: false, problems: ['the schema is not a JSON object'] };
  const key = JSON.stringify(document);
  const known = compiled.get(key);
  if (known) return known;
  const result = compile(document as Record<string, unknown>);
  if (compiled.size >= COMPILED_KEPT) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, result);
  return result;
}

function compile(document: Record<string, unknown>): DeclaredSchema {
  const dialect = dialectOf(document);
  const checker =
    metaCheckers.get(dialect) ?? metaCheckers.set(dialect, validatorFor(dialect)).get(dialect)!;
  try {
    if (!checker.validateSchema(document as object))
      return { ok: false, problems: formatSchemaErrors(checker.errors) };
    // Each document compiles in its own validator (its $ids never meet another document's).
    return { ok: true, validate: validatorFor(dialect, false).compile(document as object) };
  } catch (error) {
    // An unresolvable $ref, a bad regex: the schema cannot be used.
    return { ok: false, problems: [(error as Error).message] };
  }
}

/** Every `$id` in a schema document that is a machine-local file URI (§10.2). */
export function fileIds(document: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$id' && typeof child === 'string' && /^file:/i.test(child)) found.push(child);
        else visit(child);
      }
    }
  };
  visit(document);
  return found;
}

/**
 * A misnamed event — an `aoi:` type v0.2 does not define, or a domain event with a reserved name — is
 * reported by the stream rules of AOI-04; validating it against the tool's schema would report it twice.
 */
const misnamed = (event: Event): boolean =>
  event.type.startsWith('aoi:')
    ? !(FRAMEWORK_EVENT_TYPES as readonly string[]).includes(event.type)
    : RESERVED_DOMAIN_NAMES.includes(event.type);

/** AOI-04 (§1.1, §10): every event of a stream validates against the schema the tool declares. */
export function judgeDeclaredSchema(
  events: readonly Event[],
  validate: ValidateFunction,
  report: Report,
  excerpt: (event: Event) => string,
  limit = 3,
): void {
  let reported = 0;
  for (const event of events) {
    if (misnamed(event) || (validate(event) as boolean)) continue;
    report(
      'AOI-04/declared-schema',
      `a "${event.type}" event fails the tool's own schema: ${formatSchemaErrors(validate.errors).slice(0, 2).join('; ')}`,
      { excerpt: excerpt(event) },
    );
    if (++reported >= limit) return;
  }
}
