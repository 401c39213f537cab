/**
 * The cmdhelp JSON document validator (`help --format json`): CMDHELP-02 by the kit's own schema
 * (`src/spec/cmdhelp/cmdhelp.schema.json`), each ajv error mapped to one sub-rule, then CMDHELP-07 (examples
 * resolve against the flag tree) in code. Pure; never throws.
 */
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import * as precompiled from '../../spec/cmdhelp/validators.generated.js';
import { maskSecrets } from '../../secrets/mask.js';
import schema from '../../spec/cmdhelp/cmdhelp.schema.json' with { type: 'json' };
import type { CmdhelpDocument } from '../../spec/cmdhelp/types.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';
import { VerdictCollector, type Report } from '../verdict.js';
import { resolveExample } from './examples.js';
import { isObject } from '../../stream/json.js';

/** The kit's JSON Schema of `help --format json`, draft 2020-12. */
export const cmdhelpSchema = schema;

/** A finding about a place in the document: `path` is a JSON Pointer (`/commands/ticket create/flags/urgent`). */
export interface CmdhelpFinding extends Finding {
  readonly path: string;
}

export interface CmdhelpDocumentOptions {
  /** Warnings count as errors. */
  strict?: boolean;
  /** Skip CMDHELP-07 (e.g. for a scoped document whose examples name commands outside the scope). */
  examples?: boolean;
}

export interface CmdhelpDocumentReport extends Report {
  /** @deprecated use ok */
  valid: boolean;
  /** The document, typed, when valid. */
  document?: CmdhelpDocument;
  findings: CmdhelpFinding[];
}

/** The rules a document shows on its own: the schema, and (unless left out) the examples. */
const DOCUMENT_RULES = ['CMDHELP-02', 'CMDHELP-07'];

/**
 * Compiled ahead of time (scripts/generate-validators.mjs, the options of createAjv): a help document is checked at
 * every lint of a command and by `aoi-testkit cmdhelp`, and compiling the schema cost more than checking it.
 */
const validator = (): ValidateFunction => precompiled.document as unknown as ValidateFunction;

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
export const pointer = (...segments: (string | number)[]) =>
  segments.map((s) => `/${escape(String(s))}`).join('');
const segmentsOf = (path: string) =>
  path
    ? path
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    : [];

/** The sub-rule one ajv error belongs to, or undefined to drop it (an `if` wrapper, a union summary). */
function subRuleOf(error: ErrorObject, value: unknown): string | undefined {
  const segments = segmentsOf(error.instancePath);
  const last = segments[segments.length - 1];
  if (error.keyword === 'if' || error.keyword === 'allOf') return undefined;
  if (segments.includes('exit_codes')) return 'CMDHELP-02/exit-code';
  if (
    (error as ErrorObject & { propertyName?: string }).propertyName !== undefined ||
    error.keyword === 'propertyNames'
  )
    return 'CMDHELP-02/flag-name';
  if (error.keyword === 'required') return 'CMDHELP-02/missing-key';
  if (segments.length === 1 && last === 'cmdhelp_version')
    return typeof value === 'string' ? 'CMDHELP-02/version-format' : 'CMDHELP-02/type';
  if (last === 'negate_flag') return 'CMDHELP-02/negate-flag';
  if (last === 'enum_source') return 'CMDHELP-02/enum-source';
  const inFlagOrArg =
    segments.length >= 3 &&
    (segments[segments.length - 3] === 'flags' ||
      segments[segments.length - 3] === 'args' ||
      segments[segments.length - 3] === 'global_flags');
  if (last === 'type' && inFlagOrArg) {
    if (error.keyword === 'const') return 'CMDHELP-02/negate-flag';
    return typeof value === 'string' ? 'CMDHELP-02/unknown-type' : 'CMDHELP-02/type';
  }
  return 'CMDHELP-02/type';
}

function valueAt(data: unknown, path: string): unknown {
  let node = data;
  for (const segment of segmentsOf(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

function describe(error: ErrorObject): string {
  if (error.keyword === 'required')
    return `missing required key "${(error.params as { missingProperty: string }).missingProperty}"`;
  if (error.keyword === 'const') return 'negate_flag is only allowed when type is "bool"';
  const propertyName = (error as ErrorObject & { propertyName?: string }).propertyName;
  if (propertyName !== undefined && error.instancePath.endsWith('/exit_codes'))
    return `exit code key ${JSON.stringify(propertyName)} is not a decimal number`;
  if (propertyName !== undefined)
    return `flag name ${JSON.stringify(propertyName)} must match ^[a-zA-Z][a-zA-Z0-9_-]*$`;
  if (error.keyword === 'additionalProperties')
    return `unexpected key "${(error.params as { additionalProperty: string }).additionalProperty}"`;
  if (
    error.keyword === 'anyOf' ||
    error.keyword === 'oneOf' ||
    error.keyword === 'enum' ||
    error.keyword === 'pattern'
  ) {
    return error.instancePath.endsWith('/type')
      ? 'is not a §5.1 type (string, int, float, bool, enum, path, url, duration, date, datetime, json, ref, x-*)'
      : (error.message ?? error.keyword);
  }
  return error.message ?? error.keyword;
}

/**
 * Validate a cmdhelp v0.1 JSON document: its text, or the parsed value. CMDHELP-02 (schema) and CMDHELP-07
 * (examples resolve against the flag tree). Never throws.
 *
 * @example validateCmdhelpDocument(JSON.parse(stdout)).ok
 */
export function validateCmdhelpDocument(
  input: unknown,
  options: CmdhelpDocumentOptions = {},
): CmdhelpDocumentReport {
  const strict = options.strict === true;
  const findings: CmdhelpFinding[] = [];
  const seen = new Set<string>();
  const report = (id: string, message: string, path: string, excerpt?: string) => {
    const key = `${id}\u0000${path}`;
    if (seen.has(key)) return;
    seen.add(key);
    const where = path || '(the document)';
    const finding = makeFinding(
      id,
      maskSecrets(`${where}: ${message}`),
      excerpt !== undefined ? { excerpt: toExcerpt(excerpt) } : {},
      strict,
    );
    findings.push({ ...finding, path });
  };
  let doc: unknown = input;
  try {
    if (typeof input === 'string' || input instanceof Uint8Array) {
      const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
      try {
        doc = JSON.parse(text);
      } catch (error) {
        report(
          'CMDHELP-02/not-json',
          `stdout is not JSON (${(error as Error).message}).`,
          '',
          text.split('\n', 1)[0],
        );
        return finish(findings, undefined, options);
      }
    }
    if (!isObject(doc)) {
      report(
        'CMDHELP-02/not-json',
        `expected a JSON object, got ${doc === null ? 'null' : Array.isArray(doc) ? 'an array' : typeof doc}.`,
        '',
      );
      return finish(findings, undefined, options);
    }
    const validate = validator();
    if (!validate(doc)) {
      for (const error of validate.errors ?? []) {
        const value = valueAt(doc, error.instancePath);
        const id = subRuleOf(error, value);
        if (!id) continue;
        const excerpt =
          value === undefined || isObject(value) || Array.isArray(value)
            ? undefined
            : JSON.stringify(value);
        // negate_flag on a non-bool flag is reported where the author wrote negate_flag, not at its type.
        const path =
          id === 'CMDHELP-02/negate-flag'
            ? error.instancePath.replace(/\/type$/, '/negate_flag')
            : error.instancePath;
        report(id, describe(error), path, excerpt);
      }
    }
    if (options.examples !== false && isObject(doc.commands)) {
      for (const [name, command] of Object.entries(doc.commands)) {
        if (!isObject(command) || !Array.isArray(command.examples)) continue;
        command.examples.forEach((example, k) => {
          if (!isObject(example) || typeof example.cmd !== 'string') return;
          for (const problem of resolveExample(doc as unknown as CmdhelpDocument, example.cmd))
            report(
              problem.id,
              problem.message,
              pointer('commands', name, 'examples', k, 'cmd'),
              example.cmd,
            );
        });
      }
    }
  } catch (error) {
    report(
      'CMDHELP-02/not-json',
      `the document could not be read as plain data (${error instanceof Error ? error.name : typeof error}).`,
      '',
    );
  }
  return finish(findings, doc, options);
}

function finish(
  findings: CmdhelpFinding[],
  doc: unknown,
  options: CmdhelpDocumentOptions,
): CmdhelpDocumentReport {
  const collector = new VerdictCollector({
    strict: options.strict === true,
    keepPerSubRule: Infinity,
  });
  for (const finding of findings) collector.addFinding(finding);
  const { ok, verdicts } = collector.report(
    options.examples === false ? DOCUMENT_RULES.slice(0, 1) : DOCUMENT_RULES,
  );
  return {
    ok,
    valid: ok,
    ...(ok && doc !== undefined ? { document: doc as CmdhelpDocument } : {}),
    verdicts,
    findings,
  };
}
