/**
 * `aoi-testkit fake <id>` and `withFakeCli('<id>')` resolve an AOI scenario id from the catalogues (aoi-fakes.ts),
 * without the corpus package: what they run must be what the corpus's scenario file says, for every AOI scenario.
 */
import { describe, expect, test } from 'vitest';
import { aoiScenarioFake } from '../../../src/corpus/aoi-fakes.js';
import { loadScenarios, resolveScenario } from '../../../src/corpus/scenario-files.js';
import { resolvePlan } from '../../../src/fakes/consumer/scenario.js';

const aoi = loadScenarios().filter((s) => s.kind === 'stream' || s.kind === 'lint');

describe('an AOI scenario id resolves from the catalogues to its scenario file', () => {
  test('the corpus has AOI scenarios of every family', () => {
    for (const family of ['preset.', 'fault.', 'backend.'])
      expect(aoi.filter((s) => s.id.startsWith(family)).length).toBeGreaterThan(5);
  });

  test.each(aoi.map((s) => [s.id, s] as const))('%s', (id, file) => {
    const found = aoiScenarioFake(id);
    expect(found).toBeDefined();
    expect(found!.kind).toBe(file.kind);
    expect(found!.fake).toEqual(file.fake);
    expect(found!.env).toEqual(file.kind === 'stream' ? (file.env ?? {}) : {});
    if (file.kind === 'stream') {
      expect(found!.setup).toEqual(file.setup);
      expect(found!.argv).toEqual(file.argv);
    }
    expect(resolveScenario(id)).toEqual({
      preset: file.fake.preset,
      faults: file.fake.faults,
      seed: file.fake.seed,
      env: file.kind === 'stream' ? (file.env ?? {}) : {},
    });
  });

  test('every id the catalogues know is a scenario of the corpus (nothing the files lack)', () => {
    const ids = new Set(aoi.map((s) => s.id));
    const probe = ['preset.well-behaved', 'fault.invalid-utf8', 'backend.rate-limited'];
    for (const id of probe) expect(ids.has(id) && aoiScenarioFake(id) !== undefined).toBe(true);
    expect(aoiScenarioFake('fault.no-such-fault')).toBeUndefined();
    expect(aoiScenarioFake('cmdhelp.clean')).toBeUndefined();
  });

  test('withFakeCli resolves a fault scenario to its preset, faults, argv and setup', () => {
    const file = aoi.find((s) => s.id === 'fault.invalid-utf8')!;
    const plan = resolvePlan('fault.invalid-utf8');
    expect(plan).toMatchObject({
      kind: 'tool',
      preset: file.fake.preset,
      faults: file.fake.faults,
      seed: file.fake.seed,
      argv: file.kind === 'stream' ? file.argv : undefined,
    });
    expect(resolvePlan('fault.no-such-fault', {}, true)).toBeUndefined();
  });
});
