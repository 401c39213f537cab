import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aoiCapabilities, aoiCheck, aoiError, aoiHeartbeat, aoiMeta, aoiPlan, aoiProgress, aoiSummary, aoiWarning } from '../../../src/arbitraries/index.js';
import { createAjv } from '../../../src/spec/ajv.js';
import { FRAMEWORK_EVENT_TYPES, type FrameworkEventType } from '../../../src/spec/aoi/constants.js';
import { aoiSchemas, validateCapabilities, validateFrameworkEvent } from '../../../src/spec/aoi/schemas.js';

// The AOI validators are compiled ahead of time (scripts/generate-aoi-validators.mjs). Their oracle is ajv
// compiling the same schemas at run time, with the kit's options (createAjv): the same errors, in order.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const runtime = createAjv(Object.values(aoiSchemas));
const runtimeErrors = (name: keyof typeof aoiSchemas, value: unknown) => {
  const validate = runtime.getSchema(aoiSchemas[name].$id)!;
  return validate(value) ? [] : [...(validate.errors ?? [])];
};

/** A framework event as generated, then bent: fields dropped, retyped or added, formats broken. */
const bent = (event: fc.Arbitrary<Record<string, unknown>>) =>
  fc.tuple(event, fc.dictionary(fc.constantFrom('type', 'ok', 'count', 'timestamp', 'message', 'code', 'category', 'retryable', 'tool', 'x'), fc.oneof(fc.anything(), fc.constantFrom('2026-01-01', '2026-01-01T00:00:00Z', 'not a date', -1, 1.5, '')))).map(([e, extra]) => ({ ...e, ...extra }));

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
  it('are what the generator makes of the schemas today', () => {
    const run = spawnSync(process.execPath, ['scripts/generate-aoi-validators.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('report what ajv compiling the schemas at run time reports, for every framework type', () => {
    expect(Object.keys(EVENTS).sort()).toEqual([...FRAMEWORK_EVENT_TYPES].sort());
    for (const type of FRAMEWORK_EVENT_TYPES) {
      fc.assert(
        fc.property(fc.oneof(EVENTS[type], bent(EVENTS[type]), fc.anything()), (event) => {
          expect(validateFrameworkEvent(type, event)).toEqual(runtimeErrors(type.slice(4) as keyof typeof aoiSchemas, event));
        }),
        { numRuns: 150 },
      );
    }
  });

  it('the capabilities validator too', () => {
    fc.assert(
      fc.property(fc.oneof(aoiCapabilities(), bent(aoiCapabilities() as fc.Arbitrary<Record<string, unknown>>), fc.anything()), (manifest) => {
        expect(validateCapabilities(manifest)).toEqual(runtimeErrors('capabilities', manifest));
      }),
      { numRuns: 150 },
    );
  });
});
