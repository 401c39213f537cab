import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Scenario } from '../corpus/scenarios.js';
import type { Emitter } from './emitter.js';
import { InputError, UsageError } from './usage.js';

export interface ScenariosArgs {
  output: 'text' | 'jsonl';
  kind: 'stream' | 'lint' | undefined;
}

/** What `aoi-testkit fake <scenario-id>` runs: the preset, the faults to add to it, the seed. */
export interface ScenarioFakeSpec {
  preset: string;
  faults: Array<[id: string, params: Record<string, unknown>]>;
  seed: number;
}

const SCHEMA_FILE = 'scenario.schema.json';

/**
 * The corpus directory shipped in the package (`scenarios/`, beside `dist/`): the nearest directory
 * above this module that holds `scenarios/scenario.schema.json`. Works from `src/cli` (tests), from
 * `dist/cli` and from a chunk in `dist/`.
 */
export function scenariosDir(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'scenarios');
    if (existsSync(join(candidate, SCHEMA_FILE))) return candidate;
    if (dirname(dir) === dir) throw new InputError('cannot find the corpus: no scenarios/scenario.schema.json beside the installed aoi-testkit', 'not_found', 'CORPUS_NOT_FOUND');
  }
}

/** Every scenario file of the corpus, in id order. */
export function loadScenarios(dir: string = scenariosDir()): Scenario[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && name !== SCHEMA_FILE)
    .map((name) => {
      try {
        return JSON.parse(readFileSync(join(dir, name), 'utf8')) as Scenario;
      } catch (error) {
        throw new InputError(`cannot read scenarios/${name}: ${(error as Error).message}`, 'validation', 'CORPUS_INVALID');
      }
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * `aoi-testkit fake <scenario-id> [args...]`: the fake of a corpus scenario (`fault.ansi-colour.summary-only`,
 * `preset.colourful`, …) as `{ preset, faults, seed }`: run `preset` with `faults` added to its own.
 * Undefined when no scenario has that id.
 */
export function resolveScenario(id: string, dir?: string): ScenarioFakeSpec | undefined {
  if (!/^(preset|fault)\.[a-z0-9]+([-.][a-z0-9]+)*$/.test(id)) return undefined;
  const file = join(dir ?? scenariosDir(), `${id}.json`);
  if (!existsSync(file)) return undefined;
  const { fake } = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
  return { preset: fake.preset, faults: fake.faults.map(([faultId, params]) => [faultId, { ...params }]), seed: fake.seed };
}

export function parseScenariosArgs(args: string[]): ScenariosArgs {
  let values;
  try {
    ({ values } = parseArgs({ args, strict: true, options: { output: { type: 'string' }, format: { type: 'string' }, kind: { type: 'string' } } }));
  } catch (error) {
    throw new UsageError(`scenarios: ${(error as Error).message}`);
  }
  const output = values.output ?? values.format ?? 'text';
  if (output !== 'text' && output !== 'jsonl') throw new UsageError(`--output must be text or jsonl, got "${output}"`);
  const kind = values.kind;
  if (kind !== undefined && kind !== 'stream' && kind !== 'lint') throw new UsageError(`--kind must be stream or lint, got "${kind}"`);
  return { output, kind };
}

/**
 * `aoi-testkit scenarios [--output text|jsonl] [--kind stream|lint]`: list the corpus shipped in the
 * package. Text: one line per scenario with the rules it must fail. JSONL: aoi:meta, one
 * `{"type":"scenario", …}` event per scenario (the whole scenario file), aoi:summary. Returns the exit status.
 */
export async function runScenarios(args: string[], emitter: Emitter): Promise<number> {
  const options = parseScenariosArgs(args);
  const scenarios = loadScenarios().filter((scenario) => options.kind === undefined || scenario.kind === options.kind);
  if (options.output === 'jsonl') {
    emitter.meta('scenarios');
    for (const scenario of scenarios) emitter.emit({ type: 'scenario', ...scenario });
    emitter.emit({ type: 'aoi:summary', ok: true, count: scenarios.length, warning_count: 0, error_count: 0 });
  } else {
    process.stdout.write(renderScenarioList(scenarios));
  }
  return 0;
}

/** One line per scenario: id, kind, and the rules it must fail (and those with warnings only). */
export function renderScenarioList(scenarios: readonly Scenario[]): string {
  const width = Math.max(0, ...scenarios.map((s) => s.id.length));
  const lines = scenarios.map((s) => {
    const having = (outcome: string) => Object.entries(s.expected.rules).filter(([, o]) => o === outcome).map(([rule]) => rule);
    const [fail, warn] = [having('fail'), having('warn')];
    const verdict = [fail.length > 0 ? `fails ${fail.join(', ')}` : 'passes', warn.length > 0 ? `warns ${warn.join(', ')}` : ''].filter(Boolean).join('; ');
    return `${s.id.padEnd(width)}  ${s.kind.padEnd(6)}  ${verdict}`;
  });
  const stream = scenarios.filter((s) => s.kind === 'stream').length;
  lines.push(`${scenarios.length} scenario(s): ${stream} stream, ${scenarios.length - stream} lint`);
  return `${lines.join('\n')}\n`;
}
