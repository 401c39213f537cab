import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agentCliManifest,
  agentCliManifestWithDefect,
  aoiCapabilities,
  aoiCheck,
  aoiError,
  aoiHeartbeat,
  aoiMeta,
  aoiPlan,
  aoiProgress,
  aoiSummary,
  aoiWarning,
  cmdhelpDocument,
  cmdhelpDocumentWithDefect,
} from '../../../src/arbitraries/index.js';
import { createAjv } from '../../../src/spec/ajv.js';
import { FRAMEWORK_EVENT_TYPES, type FrameworkEventType } from '../../../src/spec/aoi/constants.js';
import {
  aoiSchemas,
  validateCapabilities,
  validateFrameworkEvent,
} from '../../../src/spec/aoi/schemas.js';
import agentCliSchema from '../../../src/spec/agentcli/agent-cli.schema.json' with { type: 'json' };
import * as agentCliPrecompiled from '../../../src/spec/agentcli/validators.generated.js';
import cmdhelpSchema from '../../../src/spec/cmdhelp/cmdhelp.schema.json' with { type: 'json' };
import * as cmdhelpPrecompiled from '../../../src/spec/cmdhelp/validators.generated.js';

// The kit's validators are compiled ahead of time (scripts/generate-validators.mjs). Their oracle is ajv compiling the
// same schemas at run time, with the kit's options (createAjv): the same errors, in order.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** What a validator reports of a value: nothing, or its errors. */
type Validate = { (value: unknown): boolean; errors?: unknown[] | null };
const errorsOf = (validate: Validate, value: unknown) =>
  validate(value) ? [] : [...(validate.errors ?? [])];
const runtime = createAjv(Object.values(aoiSchemas));
const runtimeErrors = (name: keyof typeof aoiSchemas, value: unknown) =>
  errorsOf(runtime.getSchema(aoiSchemas[name].$id)!, value);

/** A framework event as generated, then bent: fields dropped, retyped or added, formats broken. */
const bent = (event: fc.Arbitrary<Record<string, unknown>>) =>
  fc
    .tuple(
      event,
      fc.dictionary(
        fc.constantFrom(
          'type',
          'ok',
          'count',
          'timestamp',
          'message',
          'code',
          'category',
          'retryable',
          'tool',
          'x',
        ),
        fc.oneof(
          fc.anything(),
          fc.constantFrom('2026-01-01', '2026-01-01T00:00:00Z', 'not a date', -1, 1.5, ''),
        ),
      ),
    )
    .map(([e, extra]) => ({ ...e, ...extra }));

const EVENTS: Record<FrameworkEventType, fc.Arbitrary<Record<string, unknown>>> = {
  'aoi:meta': aoiMeta(),
  'aoi:summary': aoiSummary(),
  'aoi:error': aoiError(),
  'aoi:warning': aoiWarning(),
  'aoi:check': aoiCheck(),
  'aoi:plan': aoiPlan(),
  'aoi:progress': aoiProgress(),
  'aoi:heartbeat': aoiHeartbeat(),
};

describe('the precompiled AOI validators', () => {
  it('are what the generator makes of the schemas today (those of cmdhelp and AGENT-CLI.md too)', () => {
    const run = spawnSync(process.execPath, ['scripts/generate-validators.mjs', '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('report what ajv compiling the schemas at run time reports, for every framework type', () => {
    expect(Object.keys(EVENTS).sort()).toEqual([...FRAMEWORK_EVENT_TYPES].sort());
    for (const type of FRAMEWORK_EVENT_TYPES) {
      fc.assert(
        fc.property(fc.oneof(EVENTS[type], bent(EVENTS[type]), fc.anything()), (event) => {
          expect(validateFrameworkEvent(type, event)).toEqual(
            runtimeErrors(type.slice(4) as keyof typeof aoiSchemas, event),
          );
        }),
        { numRuns: 150 },
      );
    }
  });

  it('the capabilities validator too', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          aoiCapabilities(),
          bent(aoiCapabilities() as fc.Arbitrary<Record<string, unknown>>),
          fc.anything(),
        ),
        (manifest) => {
          expect(validateCapabilities(manifest)).toEqual(runtimeErrors('capabilities', manifest));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('the precompiled help-document validator', () => {
  const runtimeDocument = createAjv([cmdhelpSchema]).getSchema(cmdhelpSchema.$id)!;
  it('reports what ajv compiling the schema at run time reports', () => {
    const documents = fc.oneof(
      cmdhelpDocument(),
      cmdhelpDocumentWithDefect().map((d) => d.document),
      fc.anything(),
    );
    fc.assert(
      fc.property(documents, (document) => {
        expect(errorsOf(cmdhelpPrecompiled.document as Validate, document)).toEqual(
          errorsOf(runtimeDocument, document),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('the precompiled AGENT-CLI.md validators', () => {
  const runtime = createAjv([agentCliSchema]);
  const runtimeOf = (pointer: string) => runtime.getSchema(`${agentCliSchema.$id}${pointer}`)!;
  const precompiled = agentCliPrecompiled as unknown as Record<string, Validate>;
  const manifests = fc.oneof(
    agentCliManifest() as fc.Arbitrary<unknown>,
    agentCliManifestWithDefect().map((d) => d.manifest),
    fc.anything(),
  );

  it('the whole frontmatter: what ajv compiling the schema at run time reports', () => {
    fc.assert(
      fc.property(manifests, (manifest) => {
        expect(errorsOf(precompiled.manifest!, manifest)).toEqual(
          errorsOf(runtimeOf(''), manifest),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('each form of an install method and of a setup step, on the items of generated manifests', () => {
    const forms = [
      ...agentCliSchema.$defs.installMethod.oneOf.map(
        (_branch, k) => [`installMethod${k}`, `#/$defs/installMethod/oneOf/${k}`] as const,
      ),
      ...agentCliSchema.$defs.setupStep.oneOf.map(
        (_branch, k) => [`setupStep${k}`, `#/$defs/setupStep/oneOf/${k}`] as const,
      ),
    ];
    expect(forms.every(([name]) => typeof precompiled[name] === 'function')).toBe(true);
    const items = manifests.map((m) => {
      const record = (m ?? {}) as { install?: unknown; setup?: unknown };
      return [
        ...(Array.isArray(record.install) ? record.install : []),
        ...(Array.isArray(record.setup) ? record.setup : []),
        m,
      ];
    });
    fc.assert(
      fc.property(items, fc.constantFrom(...forms), (values, [name, pointer]) => {
        for (const value of values)
          expect(errorsOf(precompiled[name]!, value)).toEqual(errorsOf(runtimeOf(pointer), value));
      }),
      { numRuns: 200 },
    );
  });
});
