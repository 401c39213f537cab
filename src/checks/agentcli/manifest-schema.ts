import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import * as precompiled from '../../spec/agentcli/validators.generated.js';
import schema from '../../spec/agentcli/agent-cli.schema.json' with { type: 'json' };
import { toExcerpt } from '../../stream/finding.js';
import type { ManifestPath } from './manifest-parse.js';

/** The kit's JSON Schema of the AGENT-CLI.md frontmatter, also published as `aoi-testkit/schemas/agentcli/agent-cli.schema.json`. */
export const agentCliManifestSchema = schema;

/** Reports one problem: a registered sub-rule id, one sentence, and the frontmatter path it is about. */
export type Report = (subRuleId: string, message: string, path: ManifestPath) => void;

interface Union {
  /** The discriminating property: `method` for install methods, `kind` for setup steps. */
  readonly key: string;
  readonly rule: string;
  readonly noun: string;
  /** Each form's own validator. */
  readonly branches: readonly { readonly value: string; readonly validate: ValidateFunction }[];
}

/**
 * Compiled ahead of time (scripts/generate-validators.mjs, the options of createAjv): compiling the schema at run time
 * was four fifths of the CPU of `aoi-testkit manifest` on a 20-line manifest.
 */
const VALIDATORS = precompiled as unknown as Record<string, ValidateFunction>;
const union = (
  def: 'installMethod' | 'setupStep',
  key: 'method' | 'kind',
  rule: string,
  noun: string,
): Union => ({
  key,
  rule,
  noun,
  branches: schema.$defs[def].oneOf.map((branch, k) => ({
    value: (branch.properties as unknown as Record<string, { const?: string }>)[key]?.const ?? '',
    validate: VALIDATORS[`${def}${k}`]!,
  })),
});
const INSTALL = union('installMethod', 'method', 'AGENTCLI-06/install', 'install method');
const SETUP = union('setupStep', 'kind', 'AGENTCLI-06/setup', 'setup step');

/** `options[1].min`, `install[0]`, `metadata["x y"]`: a path as a reader writes it. */
export function formatPath(path: ManifestPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${toExcerpt(JSON.stringify(segment))}]`;
  }
  return out || '(the frontmatter)';
}

/** A value as a message shows it: JSON, control characters visible, secrets masked, bounded. */
export function quote(value: unknown): string {
  let json: string | undefined;
  try {
    json = typeof value === 'bigint' ? String(value) : JSON.stringify(value);
  } catch {
    json = undefined;
  }
  const excerpt = toExcerpt(json ?? String(typeof value));
  return excerpt.length > 60 ? `${excerpt.slice(0, 60)}…` : excerpt;
}

export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return `a ${typeof value}`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  array: 'a list',
  object: 'a mapping',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};

export function valueAt(data: unknown, path: ManifestPath): unknown {
  let node = data;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => {
      const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      return /^(?:0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment;
    });
}

const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/**
 * Drop ajv's noise: `if` failures and the cross-field `then` branches (the kit's code reports those under
 * their own sub-rules), and every branch error of a `oneOf` that failed (its own error stands for them).
 */
function collapse(errors: readonly ErrorObject[]): ErrorObject[] {
  const kept = errors.filter((e) => e.keyword !== 'if' && !e.schemaPath.includes('/then/'));
  const oneOfs = kept.filter((e) => e.keyword === 'oneOf');
  return kept.filter(
    (e) =>
      !oneOfs.some(
        (o) =>
          o !== e &&
          within(e.instancePath, o.instancePath) &&
          e.schemaPath.startsWith(`${o.schemaPath}/`),
      ),
  );
}

/** One clause about one ajv error, e.g. "`options[1].min` must be an integer, not a string". */
function describe(
  e: ErrorObject,
  path: ManifestPath,
  data: unknown,
): { text: string; path: ManifestPath } {
  const where = `\`${formatPath(path)}\``;
  const value = valueAt(data, path);
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      return {
        text:
          path.length === 0
            ? `the required field \`${missing}\` is missing`
            : `${where} is missing \`${missing}\``,
        path,
      };
    }
    case 'additionalProperties': {
      const extra = String(params.additionalProperty);
      const at = [...path, extra];
      return { text: `\`${formatPath(at)}\` is not a field the schema defines here`, path: at };
    }
    case 'type':
      return {
        text: `${where} must be ${TYPE_WORDS[String(params.type)] ?? String(params.type)}, not ${typeName(value)}`,
        path,
      };
    case 'enum':
      return {
        text: `${where} is ${quote(value)}, not one of ${((params.allowedValues as unknown[]) ?? []).map((v) => String(v)).join(', ')}`,
        path,
      };
    case 'const':
      return { text: `${where} must be ${quote(params.allowedValue)}`, path };
    case 'pattern':
      return { text: `${where} ${quote(value)} does not match ${String(params.pattern)}`, path };
    case 'format':
      return { text: `${where} is not a valid ${String(params.format)}`, path };
    case 'minLength':
    case 'maxLength':
      return {
        text: `${where} must be at ${e.keyword === 'minLength' ? 'least' : 'most'} ${String(params.limit)} characters long`,
        path,
      };
    case 'minimum':
    case 'maximum':
      return {
        text: `${where} is ${quote(value)}, ${e.keyword === 'minimum' ? 'below the minimum' : 'above the maximum'} ${String(params.limit)}`,
        path,
      };
    case 'minItems':
      return { text: `${where} must list at least ${String(params.limit)} item(s)`, path };
    case 'uniqueItems':
      return {
        text: `${where} lists the same value twice (items ${String(params.j)} and ${String(params.i)})`,
        path,
      };
    case 'oneOf': {
      const last = path[path.length - 1];
      if (last === 'persist')
        return { text: `${where} must set exactly one of env, secret_slug and cmd`, path };
      if (last === 'options')
        return { text: `${where} must be a non-empty list of strings or a mapping with cmd`, path };
      if (path.length === 1 && (last === 'sandbox' || last === 'runner'))
        return {
          text: `${where} must be a path (a string) or a mapping, not ${typeName(value)}`,
          path,
        };
      return { text: `${where} does not match exactly one of its allowed forms`, path };
    }
    default:
      return { text: `${where} ${e.message ?? `breaks ${e.keyword}`}`, path };
  }
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** One finding for one install method or setup step, however many oneOf branches ajv tried. */
function reportUnionItem(union: Union, area: string, index: number, data: unknown, report: Report) {
  const base: ManifestPath = [area, index];
  const item = valueAt(data, base);
  const allowed = union.branches.map((b) => b.value).join(', ');
  if (!isPlainObject(item)) {
    report(
      union.rule,
      `\`${formatPath(base)}\` must be a mapping with a \`${union.key}\`, not ${typeName(item)}.`,
      base,
    );
    return;
  }
  const discriminator = item[union.key];
  if (discriminator === undefined) {
    report(
      union.rule,
      `\`${formatPath(base)}\` has no \`${union.key}\`; use one of ${allowed}.`,
      base,
    );
    return;
  }
  const branch = union.branches.find((b) => b.value === discriminator);
  if (!branch) {
    report(
      union.rule,
      `\`${formatPath([...base, union.key])}\` is ${quote(discriminator)}, not one of ${allowed}.`,
      [...base, union.key],
    );
    return;
  }
  const validate = branch.validate;
  const clauses = validate(item)
    ? []
    : collapse(validate.errors ?? []).map((e) =>
        describe(e, [...base, ...pointerToPath(e.instancePath)], data),
      );
  // "`install[0]` is missing `package`" reads "missing `package`" after the item's own name.
  const self = `\`${formatPath(base)}\` is `;
  const unique = [
    ...new Map(
      clauses.map((c) => [
        c.text,
        { ...c, text: c.text.startsWith(self) ? c.text.slice(self.length) : c.text },
      ]),
    ).values(),
  ];
  const detail =
    unique.length > 0 ? unique.map((c) => c.text).join('; ') : 'it matches more than one form';
  report(
    union.rule,
    `\`${formatPath(base)}\` is not a valid ${String(discriminator)} ${union.noun}: ${detail}.`,
    unique[0]?.path ?? base,
  );
}

/** Validate the frontmatter against the kit's schema and report each problem once, under its sub-rule. */
export function reportSchemaFindings(data: unknown, report: Report): void {
  const validate = VALIDATORS.manifest!;
  if (validate(data)) return;
  const unions = new Set<string>();
  for (const e of collapse(validate.errors ?? [])) {
    const path = pointerToPath(e.instancePath);
    const [top, index, field] = path;
    const params = e.params as Record<string, unknown>;

    if ((top === 'install' || top === 'setup') && typeof index === 'number') {
      const key = `${top}/${index}`;
      if (!unions.has(key)) {
        unions.add(key);
        reportUnionItem(top === 'install' ? INSTALL : SETUP, top, index, data, report);
      }
      continue;
    }

    const clause = describe(e, path, data);
    const message = sentence(clause.text);
    let rule: string;
    switch (top) {
      case undefined:
        rule =
          e.keyword === 'required'
            ? 'AGENTCLI-02/missing-field'
            : e.keyword === 'additionalProperties'
              ? 'AGENTCLI-03/unknown-field'
              : 'AGENTCLI-03/type';
        break;
      case 'protocol':
        report(
          'AGENTCLI-04/unknown-protocol',
          `\`protocol\` is ${quote(valueAt(data, path))}, not acp, mcp or proprietary; runtimes must refuse this manifest.`,
          path,
        );
        continue;
      case 'install':
        rule = 'AGENTCLI-06/install';
        break;
      case 'setup':
        rule = 'AGENTCLI-06/setup';
        break;
      case 'version_check':
        rule = 'AGENTCLI-06/version-check';
        break;
      case 'auth':
        rule = 'AGENTCLI-06/auth';
        break;
      case 'session':
        rule = 'AGENTCLI-07/invalid';
        break;
      case 'capabilities':
        rule = 'AGENTCLI-08/invalid';
        break;
      case 'continuation':
        rule = 'AGENTCLI-11/invalid';
        break;
      case 'modes':
        if (typeof index === 'number' && field === 'id' && e.keyword === 'pattern')
          rule = 'AGENTCLI-09/id-pattern';
        else if (
          typeof index === 'number' &&
          path.length === 2 &&
          e.keyword === 'additionalProperties'
        ) {
          report(
            'AGENTCLI-09/unknown-patch',
            `\`${formatPath(clause.path)}\` is not a mode patch; a mode may set only description, bin_args_append and env.`,
            clause.path,
          );
          continue;
        } else rule = 'AGENTCLI-09/invalid';
        break;
      case 'options':
        if (typeof index === 'number' && field === 'id' && e.keyword === 'pattern')
          rule = 'AGENTCLI-10/id-pattern';
        else if (typeof index === 'number' && field === 'type' && e.keyword === 'enum') {
          report(
            'AGENTCLI-10/unknown-type',
            `\`${formatPath(path)}\` is ${quote(valueAt(data, path))}, not boolean, integer, string or enum.`,
            path,
          );
          continue;
        } else if (
          typeof index === 'number' &&
          field === 'enum' &&
          path.length === 3 &&
          e.keyword === 'minItems' &&
          valueAt(data, ['options', index, 'type']) === 'enum'
        ) {
          continue; // an empty enum list on an enum option: AGENTCLI-10/enum-missing, from the code
        } else rule = 'AGENTCLI-10/invalid';
        break;
      case 'mcp':
        if (
          path.length === 1 &&
          e.keyword === 'required' &&
          params.missingProperty === 'transport'
        ) {
          report(
            'AGENTCLI-05/mcp-transport-missing',
            '`mcp` has no `transport`; say stdio, http or sse.',
            path,
          );
          continue;
        }
        rule = genericRule(e);
        break;
      default:
        rule = genericRule(e);
    }
    report(rule, message, clause.path);
  }
}

function genericRule(e: ErrorObject): string {
  switch (e.keyword) {
    case 'required':
      return 'AGENTCLI-02/missing-field';
    case 'additionalProperties':
      return 'AGENTCLI-03/unknown-field';
    case 'type':
    case 'oneOf':
      return 'AGENTCLI-03/type';
    default:
      return 'AGENTCLI-03/format';
  }
}
