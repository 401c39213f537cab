import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInMemory, type FakeRun } from '../fakes/aoi/engine/memory.js';
import type { StreamFault } from '../fakes/aoi/faults/stream-fault.js';
import { makeFault, presetFaults } from '../fakes/aoi/faults/index.js';
import { notes } from '../fakes/aoi/notes/index.js';
import { draftScenarios } from './scenarios.js';
import type { Scenario, ScenarioFake, StreamScenario, StreamScenarioDraft } from './types.js';

/** Fresh faults of a scenario's fake: the preset's, then the scenario's own, in order. */
export function scenarioFaults(fake: ScenarioFake): StreamFault[] {
  return [
    ...presetFaults(fake.preset),
    ...fake.faults.map(([id, params]) => makeFault(id, params)),
  ];
}

/**
 * A stream scenario's run, in memory, as a harness runs it as processes: a fresh state directory, the
 * setup runs with the clean reference tool (each must exit 0), then the judged run with the fake's
 * faults, seed and environment, stdin closed.
 */
export async function runStreamScenario(
  scenario: Pick<StreamScenarioDraft, 'id' | 'fake' | 'setup' | 'argv' | 'env'>,
): Promise<FakeRun> {
  const stateDir = await mkdtemp(join(tmpdir(), 'aoi-scenario-'));
  try {
    for (const argv of scenario.setup) {
      const setup = await runInMemory(notes, { argv, stateDir });
      if (setup.exitCode !== 0)
        throw new Error(
          `${scenario.id}: setup \`${argv.join(' ')}\` exited ${setup.exitCode ?? setup.signal}`,
        );
    }
    return await runInMemory(notes, {
      argv: scenario.argv,
      stateDir,
      faults: scenarioFaults(scenario.fake),
      seed: scenario.fake.seed,
      ...(scenario.env ? { env: { ...scenario.env } } : {}),
    });
  } finally {
    await rm(stateDir, { recursive: true, force: true });
  }
}

/**
 * Every scenario of the corpus, as `scenarios/<id>.json` holds it. All but one field are derived from
 * the catalogues (`draftScenarios`); a stream scenario's `exit` — how its run ends, an input to the
 * checker, not a verdict — is observed by running the fake in memory, because faults do not declare
 * how they end a run. Deterministic: the same catalogues give the same scenarios.
 */
export async function buildScenarios(): Promise<Scenario[]> {
  return Promise.all(
    draftScenarios().map(async (draft): Promise<Scenario> => {
      if (draft.kind !== 'stream') return draft;
      const run = await runStreamScenario(draft);
      const { expected, consumer, lint, ...rest } = draft;
      return {
        ...rest,
        exit: { code: run.exitCode, signal: run.signal },
        expected,
        ...(consumer ? { consumer } : {}),
        ...(lint ? { lint } : {}),
      } satisfies StreamScenario;
    }),
  );
}
