import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Scenario } from './types.js';
import { aoiScenarioFake } from './aoi-fakes.js';
import { corpusDir, kitRoot } from './files.js';
import { InputError, UsageError } from '../errors.js';

// The corpus's files and what `aoi-testkit fake <scenario-id>` reads of them: apart from the `scenarios` verb,
// so that a fake does not load the corpus runner.

/** What `aoi-testkit fake <scenario-id>` runs for an AOI scenario: the preset, the faults to add to it, the seed, the environment. */
export interface ScenarioFakeSpec {
  preset: string;
  faults: Array<[id: string, params: Record<string, unknown>]>;
  seed: number;
  env: Record<string, string>;
}

const AOI_ID = /^(preset|fault|backend)\.[a-z0-9]+([-.][a-z0-9]+)*$/;
const OTHER_ID = /^(cmdhelp|exec|app|agent|foreign)\.[a-z0-9]+((-|--|\.)[a-z0-9]+)*$/;

const SCHEMA_FILE = 'scenario.schema.json';

/**
 * The corpus's `scenarios/` (aoi-testkit-corpus's, or the checkout's), or the structured error that says what to
 * install (corpusDir).
 */
export function scenariosDir(from?: string): string {
  const dir = join(corpusDir(from), 'scenarios');
  if (!existsSync(join(dir, SCHEMA_FILE)))
    throw new InputError(
      `cannot read the corpus: ${dir} has no ${SCHEMA_FILE} (reinstall aoi-testkit-corpus)`,
      'not_found',
      'CORPUS_NOT_FOUND',
    );
  return dir;
}

/** Every scenario file of the corpus, in id order. */
export function loadScenarios(dir: string = scenariosDir()): Scenario[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && name !== SCHEMA_FILE)
    .map((name) => {
      try {
        return JSON.parse(readFileSync(join(dir, name), 'utf8')) as Scenario;
      } catch (error) {
        throw new InputError(
          `cannot read scenarios/${name}: ${(error as Error).message}`,
          'validation',
          'CORPUS_INVALID',
        );
      }
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A scenario file by id, or undefined when no scenario has that id. */
function readScenario(id: string, dir?: string): Scenario | undefined {
  if (!AOI_ID.test(id) && !OTHER_ID.test(id)) return undefined;
  const file = join(dir ?? scenariosDir(), `${id}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Scenario) : undefined;
}

/**
 * `aoi-testkit fake <scenario-id> [args...]` for an AOI scenario (`fault.ansi-colour.summary-only`,
 * `preset.colourful`, `backend.rate-limited`, …): `{ preset, faults, seed, env }`, run `preset` with `faults`
 * added to its own, in `env`. Undefined when no AOI scenario has that id. From the catalogues (aoi-fakes.ts): a
 * fake needs no corpus package.
 */
export function resolveScenario(id: string): ScenarioFakeSpec | undefined {
  const scenario = aoiScenarioFake(id);
  if (scenario === undefined) return undefined;
  const { fake } = scenario;
  return {
    preset: fake.preset,
    faults: fake.faults.map(([faultId, params]) => [faultId, { ...params }]),
    seed: fake.seed,
    env: { ...scenario.env },
  };
}

/**
 * `aoi-testkit fake <scenario-id>` for a cmdhelp, exec or agent scenario: the words of its `command` after
 * `fake` (`helpdesk.depth-ignored`; `--env AOI_TESTKIT_EXEC_FAULTS=lost-lines well-behaved`). An app
 * scenario has no fake, and an unknown id is no fake either: usage errors. (AOI scenarios: resolveScenario,
 * which lets the caller's --seed, --fault and --env go first.)
 */
export function scenarioFakeArgs(id: string, dir?: string): string[] {
  const corpus = dir ?? scenariosDir();
  const scenario = readScenario(id, corpus);
  if (scenario === undefined)
    throw new UsageError(`unknown scenario "${id}" (aoi-testkit scenarios lists them)`);
  // Foreign tools and application packages ship with the kit: their paths are relative to its root.
  if (scenario.kind === 'foreign')
    throw new UsageError(
      `${id} is a foreign tool, not a fake: run ${scenario.command.join(' ')} from ${kitRoot()}`,
    );
  if (scenario.kind === 'app')
    throw new UsageError(
      `${id} is an Agent Application package, not a fake: judge it with aoi-testkit lint --app-dir ${join(kitRoot(), scenario.path)}`,
    );
  if (scenario.kind === 'consumer' && scenario.shape === 'runtime')
    throw new UsageError(
      `${id} is an APP-runtime scenario: its package is made afresh per run, not a fake; run aoi-testkit consumer --app-runtime --scenario ${id} -- <runtime>`,
    );
  const fake = scenario.command.indexOf('fake');
  return scenario.command.slice(fake + 1);
}
