import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { FRAMEWORK_EVENT_TYPES, type FrameworkEventType } from '../../../src/spec/aoi/constants.js';
import {
  aoiSchemas,
  validateCapabilities,
  validateFrameworkEvent,
} from '../../../src/spec/aoi/schemas.js';

type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats);

const SCHEMA_DIR = fileURLToPath(new URL('../../../src/spec/aoi/', import.meta.url));
const schemaList = Object.entries(aoiSchemas) as [string, { $id: string; $schema: string }][];

/** A fresh validator, independent of the kit's own: draft 2020-12, every strict option on. */
function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    strictSchema: true,
    strictTypes: true,
    strictTuples: true,
    strictRequired: true,
    allErrors: true,
  });
  addFormats(ajv);
  return ajv;
}

const ajv = strictAjv();
for (const [, schema] of schemaList) ajv.addSchema(schema);
const validator = (name: keyof typeof aoiSchemas) => {
  const v = ajv.getSchema(aoiSchemas[name].$id);
  if (!v) throw new Error(`no validator for ${name}`);
  return v;
};
const errorsOf = (name: keyof typeof aoiSchemas, value: unknown): ErrorObject[] => {
  const v = validator(name);
  return v(value) ? [] : [...(v.errors ?? [])];
};

// ── The spec's own examples, verbatim ──────────────────────────────────────────────────────────────
const EX = {
  '§1.3 error': {
    type: 'aoi:error',
    category: 'authn',
    code: 'INTERACTIVE_REQUIRED',
    message: 'Interactive authentication required. Run `outline auth login` to complete the flow.',
    retryable: false,
    hint: 'outline auth login',
  },
  '§5 meta': {
    type: 'aoi:meta',
    tool: 'outline',
    tool_version: '1.8.2',
    aoi_version: '0.2',
    schema_name: 'com.example.outline.events',
    schema_version: '1.0.0',
  },
  '§7 summary': { type: 'aoi:summary', ok: false, reason: 'interrupted', partial: true },
  '§8.3 meta': {
    type: 'aoi:meta',
    tool: 'outline',
    tool_version: '1.8.2',
    aoi_version: '0.2',
    schema_name: 'com.example.outline.events',
    schema_version: '1.0.0',
    command: 'search',
  },
  '§8.3 check': {
    type: 'aoi:check',
    name: 'config_file',
    ok: true,
    severity: 'info',
    detail: 'found',
  },
  '§8.3 summary': {
    type: 'aoi:summary',
    ok: true,
    count: 42,
    warning_count: 1,
    error_count: 0,
    partial: false,
    truncated: false,
    next_cursor: null,
    elapsed_ms: 384,
  },
  '§9 error': {
    type: 'aoi:error',
    code: 'FILE_NOT_FOUND',
    category: 'not_found',
    message: 'No file exists at path.',
    retryable: false,
    target: '/Files/kubo/missing.md',
  },
  '§11 meta': {
    type: 'aoi:meta',
    command: 'search',
    input_fingerprint: 'sha256:...optional...',
    args_redacted: true,
  },
  '§15 summary': {
    type: 'aoi:summary',
    ok: true,
    count: 100,
    truncated: true,
    next_cursor: 'opaque-token',
  },
  '§19.1 meta': {
    type: 'aoi:meta',
    tool: 'outline',
    tool_version: '1.8.2',
    aoi_version: '0.2',
    schema_name: 'com.example.outline.events',
    schema_version: '1.0.0',
    command: 'search',
  },
  '§19.1 summary': {
    type: 'aoi:summary',
    ok: true,
    count: 1,
    warning_count: 0,
    error_count: 0,
    partial: false,
    truncated: false,
  },
  '§19.3 meta': {
    type: 'aoi:meta',
    tool: 'outline',
    aoi_version: '0.2',
    schema_name: 'com.example.outline.events',
    schema_version: '1.0.0',
    command: 'doctor',
  },
  '§19.3 check ok': {
    type: 'aoi:check',
    name: 'config_file',
    ok: true,
    severity: 'info',
    detail: 'found',
  },
  '§19.3 check failed': {
    type: 'aoi:check',
    name: 'api_token',
    ok: false,
    severity: 'error',
    detail: 'missing',
  },
  '§19.3 summary': { type: 'aoi:summary', ok: false, count: 2, error_count: 1 },
  '§19.4 meta': {
    type: 'aoi:meta',
    tool: 'outline',
    command: 'import',
    input_mode: 'jsonl',
    continue_on_error: true,
  },
  '§19.4 error': {
    type: 'aoi:error',
    category: 'validation',
    code: 'INPUT_JSONL_PARSE_ERROR',
    line_number: 17,
    message: 'Invalid JSON on input line 17',
    retryable: false,
  },
  '§19.4 summary': { type: 'aoi:summary', ok: false, count: 29, error_count: 1, partial: true },
} as const;

const DOMAIN_EXAMPLES = {
  '§19.1 hit': {
    type: 'hit',
    rank: 1,
    id: 'doc_123',
    title: 'Agent-Operable Tools',
    snippet: 'A conforming tool exposes a stable interface...',
  },
  '§8.2 domain summary': { type: 'summary', text: 'a textual document summary' },
  '§8.2 created': { type: 'created', id: 'doc_9' },
};

const CAPABILITIES_17 = {
  tool: 'outline',
  tool_version: '1.8.2',
  aoi_versions: ['0.2'],
  outputs: ['jsonl'],
  schemas: [{ name: 'com.example.outline.events', versions: ['1.0.0', '2.0.0'], default: '2.0.0' }],
  commands: [
    {
      name: 'search',
      read_only: true,
      bounded: true,
      supports_cursor: true,
      event_types: ['aoi:meta', 'hit', 'aoi:warning', 'aoi:error', 'aoi:summary'],
    },
    {
      name: 'delete',
      read_only: false,
      destructive: true,
      requires_confirm: true,
      supports_dry_run: true,
      supports_idempotency_key: true,
    },
  ],
};

const nameOf = (type: string) => type.slice(4) as keyof typeof aoiSchemas;

describe('shipped schemas are valid draft 2020-12', () => {
  it('ships one schema per framework type plus event and capabilities, and nothing unlisted', () => {
    const onDisk = readdirSync(SCHEMA_DIR)
      .filter((f) => f.endsWith('.schema.json'))
      .map((f) => f.replace('.schema.json', ''))
      .sort();
    expect(Object.keys(aoiSchemas).sort()).toEqual(onDisk);
    for (const type of FRAMEWORK_EVENT_TYPES)
      expect(Object.keys(aoiSchemas)).toContain(nameOf(type));
    expect(Object.keys(aoiSchemas)).toEqual(expect.arrayContaining(['event', 'capabilities']));
  });

  it.each(schemaList)('%s declares draft 2020-12 and passes the meta-schema', (_name, schema) => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const fresh = strictAjv();
    expect(fresh.validateSchema(schema), JSON.stringify(fresh.errors)).toBe(true);
  });

  it.each(schemaList)('%s compiles under ajv strict mode (all strict options)', (name, schema) => {
    const fresh = strictAjv();
    // event.schema.json refers to its siblings; register them, then compile the one under test.
    for (const [other, s] of schemaList) if (other !== name) fresh.addSchema(s);
    expect(() => fresh.compile(schema)).not.toThrow();
  });

  it.each(schemaList)('%s has an https $id (never file:) named after its file', (name, schema) => {
    const id = new URL(schema.$id);
    expect(id.protocol).toBe('https:');
    expect(schema.$id).not.toMatch(/^file:/i);
    expect(id.pathname.endsWith(`/${name}.schema.json`)).toBe(true);
    const raw = JSON.parse(readFileSync(`${SCHEMA_DIR}/${name}.schema.json`, 'utf8')) as {
      $id: string;
    };
    expect(raw.$id).toBe(schema.$id);
  });

  it('has unique $ids and every $ref resolves to an https sibling', () => {
    const ids = schemaList.map(([, s]) => s.$id);
    expect(new Set(ids).size).toBe(ids.length);
    const refs = JSON.stringify(aoiSchemas.event).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBe(8);
    for (const ref of refs) {
      const target = new URL(JSON.parse(`{${ref}}`).$ref, aoiSchemas.event.$id).href;
      expect(ids).toContain(target);
    }
  });
});

describe('the spec examples validate', () => {
  it.each(Object.entries(EX))(
    '%s validates against its own schema and against event.schema.json',
    (_label, example) => {
      expect(errorsOf(nameOf(example.type), example)).toEqual([]);
      expect(errorsOf('event', example)).toEqual([]);
      // …and through the kit's API.
      expect(validateFrameworkEvent(example.type as FrameworkEventType, example)).toEqual([]);
    },
  );

  it.each(Object.entries(DOMAIN_EXAMPLES))(
    'domain event %s passes event.schema.json',
    (_label, example) => {
      expect(errorsOf('event', example)).toEqual([]);
    },
  );

  it('§17 capability manifest validates', () => {
    expect(errorsOf('capabilities', CAPABILITIES_17)).toEqual([]);
    expect(validateCapabilities(CAPABILITIES_17)).toEqual([]);
  });
});

describe('event schemas are permissive for extension (§10.3)', () => {
  const minimal: Record<FrameworkEventType, Record<string, unknown>> = {
    'aoi:meta': { type: 'aoi:meta' },
    'aoi:summary': { type: 'aoi:summary', ok: true },
    'aoi:error': {
      type: 'aoi:error',
      category: 'internal',
      code: 'BOOM',
      message: 'boom',
      retryable: false,
    },
    'aoi:warning': { type: 'aoi:warning' },
    'aoi:check': { type: 'aoi:check', name: 'disk', ok: true },
    'aoi:plan': { type: 'aoi:plan' },
    'aoi:progress': { type: 'aoi:progress' },
    'aoi:heartbeat': { type: 'aoi:heartbeat' },
  };

  it.each(FRAMEWORK_EVENT_TYPES.map((t) => [t]))('%s accepts unknown extra fields', (type) => {
    const event = {
      ...minimal[type],
      x_vendor: { nested: [1, 2] },
      another_field: 'x',
      timestamp: '2026-01-02T03:04:05Z',
      trace_id: 't-1',
    };
    expect(errorsOf(nameOf(type), event)).toEqual([]);
    expect(errorsOf('event', event)).toEqual([]);
  });

  it('the capability manifest and its commands accept unknown extra fields', () => {
    const manifest = {
      ...CAPABILITIES_17,
      x_vendor: true,
      schemas: [{ ...CAPABILITIES_17.schemas[0], extra: 1 }],
      commands: [{ name: 'list', aliases: ['ls'], x: { y: 1 } }],
    };
    expect(errorsOf('capabilities', manifest)).toEqual([]);
  });
});

describe('each schema rejects a wrong value', () => {
  const cases: [keyof typeof aoiSchemas, string, unknown, string][] = [
    [
      'meta',
      'schema_version is a number',
      { type: 'aoi:meta', schema_version: 1 },
      '/schema_version',
    ],
    [
      'meta',
      'args_redacted is a string',
      { type: 'aoi:meta', args_redacted: 'yes' },
      '/args_redacted',
    ],
    ['summary', 'ok is a string', { type: 'aoi:summary', ok: 'true' }, '/ok'],
    ['summary', 'ok is missing', { type: 'aoi:summary', count: 1 }, ''],
    ['summary', 'count is negative', { type: 'aoi:summary', ok: true, count: -1 }, '/count'],
    ['summary', 'count is fractional', { type: 'aoi:summary', ok: true, count: 1.5 }, '/count'],
    [
      'summary',
      'next_cursor is a number',
      { type: 'aoi:summary', ok: true, truncated: true, next_cursor: 5 },
      '/next_cursor',
    ],
    [
      'error',
      'retryable is a string',
      { type: 'aoi:error', category: 'io', code: 'EIO', message: 'x', retryable: 'no' },
      '/retryable',
    ],
    [
      'error',
      'code is missing',
      { type: 'aoi:error', category: 'io', message: 'x', retryable: true },
      '',
    ],
    [
      'error',
      'line_number is 0',
      {
        type: 'aoi:error',
        category: 'validation',
        code: 'BAD',
        message: 'x',
        retryable: false,
        line_number: 0,
      },
      '/line_number',
    ],
    ['warning', 'message is a number', { type: 'aoi:warning', message: 5 }, '/message'],
    ['check', 'ok is missing', { type: 'aoi:check', name: 'disk' }, ''],
    ['check', 'name is empty', { type: 'aoi:check', name: '', ok: true }, '/name'],
    ['plan', 'action is a number', { type: 'aoi:plan', action: 5 }, '/action'],
    ['progress', 'percent is above 100', { type: 'aoi:progress', percent: 150 }, '/percent'],
    [
      'heartbeat',
      'timestamp is not ISO 8601',
      { type: 'aoi:heartbeat', timestamp: 'yesterday' },
      '/timestamp',
    ],
    ['capabilities', 'commands is missing', { tool: 'outline' }, ''],
    [
      'capabilities',
      'a command has no name',
      { tool: 'outline', commands: [{ read_only: true }] },
      '/commands/0',
    ],
    [
      'capabilities',
      'aoi_versions is empty',
      { tool: 'outline', aoi_versions: [], commands: [] },
      '/aoi_versions',
    ],
    ['event', 'type is a number', { type: 5 }, '/type'],
    ['event', 'type is missing', { id: 'x' }, ''],
  ];

  it.each(cases)('%s: %s', (name, _label, value, path) => {
    const errors = errorsOf(name, value);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.map((e) => e.instancePath)).toContain(path);
  });

  it.each(FRAMEWORK_EVENT_TYPES.map((t) => [t]))(
    '%s schema rejects an event of another type',
    (type) => {
      const other = type === 'aoi:meta' ? 'aoi:summary' : 'aoi:meta';
      expect(
        errorsOf(nameOf(type), {
          type: other,
          ok: true,
          name: 'x',
          category: 'io',
          code: 'X',
          message: 'x',
          retryable: true,
        }).length,
      ).toBeGreaterThan(0);
    },
  );

  it('the kit API reports the same failures', () => {
    expect(
      validateFrameworkEvent('aoi:summary', { type: 'aoi:summary', ok: 'true' }).map(
        (e) => e.instancePath,
      ),
    ).toContain('/ok');
    expect(validateCapabilities({ tool: 'outline' }).length).toBeGreaterThan(0);
  });
});

describe('event.schema.json dispatches by type with if/then (§10.4)', () => {
  it('uses if/then on type rather than an opaque oneOf', () => {
    const text = JSON.stringify(aoiSchemas.event);
    expect(text).not.toContain('"oneOf"');
    expect(text).not.toContain('"anyOf"');
    expect(text.match(/"if"/g)).toHaveLength(FRAMEWORK_EVENT_TYPES.length);
  });

  it('a bad aoi:summary fails through its branch, naming the field', () => {
    const errors = errorsOf('event', { type: 'aoi:summary', ok: 'yes' });
    expect(errors.map((e) => e.instancePath)).toContain('/ok');
    expect(errors.some((e) => e.keyword === 'if')).toBe(true);
  });

  it('an aoi:error without its required fields fails through its branch', () => {
    const missing = errorsOf('event', { type: 'aoi:error', message: 'boom' })
      .filter((e) => e.keyword === 'required')
      .map((e) => (e.params as { missingProperty: string }).missingProperty);
    expect(missing.sort()).toEqual(['category', 'code', 'retryable']);
  });

  it('every framework type is dispatched: a wrong field fails for each', () => {
    const bad: Record<FrameworkEventType, Record<string, unknown>> = {
      'aoi:meta': { tool: 1 },
      'aoi:summary': { ok: 1 },
      'aoi:error': { category: 'io', code: 'X', message: 'x', retryable: 'maybe' },
      'aoi:warning': { code: 1 },
      'aoi:check': { name: 'x', ok: 'no' },
      'aoi:plan': { target: 1 },
      'aoi:progress': { current: -1 },
      'aoi:heartbeat': { trace_id: 1 },
    };
    for (const type of FRAMEWORK_EVENT_TYPES) {
      expect(errorsOf('event', { type, ...bad[type] }).length, type).toBeGreaterThan(0);
    }
  });

  it('a domain event with only a type passes, even with fields a framework schema would reject', () => {
    expect(errorsOf('event', { type: 'hit' })).toEqual([]);
    expect(errorsOf('event', { type: 'hit', ok: 'yes', retryable: 'no', tool: 5 })).toEqual([]);
  });

  it('rejects an empty type', () => {
    expect(errorsOf('event', { type: '' }).map((e) => e.instancePath)).toContain('/type');
  });
});
