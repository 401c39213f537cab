import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { SCENARIO_KINDS, SCENARIO_SPECS } from '../corpus/kinds.js';
import type { Scenario, ScenarioKind, ScenarioSpec } from '../corpus/types.js';
import type { Emitter } from './emitter.js';
import { parseReporters, type ReporterTarget } from './reporters/options.js';
import { parseOptions } from './surface.js';
import { InputError, UsageError } from './usage.js';
import { kitPath } from '../package-root.js';

export interface ScenariosArgs {
  output: 'text' | 'jsonl';
  kind: ScenarioKind | undefined;
  spec: ScenarioSpec | undefined;
  /** `--run` with its reporters (`--reporter`, `--output` naming the one on stdout); undefined: list. */
  run: readonly ReporterTarget[] | undefined;
}

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

/** The kinds `scenarios --run` judges: their fakes run in memory; the others need processes and their own runners (scenarios/README.md). */
export const RUNNABLE_KINDS = ['stream', 'lint'] as const;

/** The reporters of a corpus run: its results are scenarios, not rule verdicts, so not the verdict reporters. */
const RUN_REPORTERS = ['text', 'jsonl', 'junit'] as const;

/** `--reporter` for a corpus run: the kit's one parser, then only the reporters that fit a scenario result. */
function parseRunReporters(output: string | undefined, reporters: readonly string[]): ReporterTarget[] {
  const targets = parseReporters(output, reporters);
  const other = targets.find((t) => !(RUN_REPORTERS as readonly string[]).includes(t.name));
  if (other) throw new UsageError(`scenarios --run reports with ${RUN_REPORTERS.join(', ')}, got --reporter ${other.name}`);
  return targets;
}

/** The corpus directory shipped in the package (`scenarios/`, beside `dist/`), from src/, dist/ or a bundle chunk. */
export function scenariosDir(from?: string): string {
  const schema = kitPath(join('scenarios', SCHEMA_FILE), from);
  if (schema === undefined) throw new InputError('cannot find the corpus: no scenarios/scenario.schema.json beside the installed aoi-testkit', 'not_found', 'CORPUS_NOT_FOUND');
  return dirname(schema);
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

/** A scenario file by id, or undefined when no scenario has that id. */
function readScenario(id: string, dir?: string): Scenario | undefined {
  if (!AOI_ID.test(id) && !OTHER_ID.test(id)) return undefined;
  const file = join(dir ?? scenariosDir(), `${id}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Scenario) : undefined;
}

/**
 * `aoi-testkit fake <scenario-id> [args...]` for an AOI scenario (`fault.ansi-colour.summary-only`,
 * `preset.colourful`, `backend.rate-limited`, …): `{ preset, faults, seed, env }`, run `preset` with `faults`
 * added to its own, in `env`. Undefined when no AOI scenario has that id.
 */
export function resolveScenario(id: string, dir?: string): ScenarioFakeSpec | undefined {
  const scenario = AOI_ID.test(id) ? readScenario(id, dir) : undefined;
  if (scenario?.kind !== 'stream' && scenario?.kind !== 'lint') return undefined;
  const { fake } = scenario;
  return { preset: fake.preset, faults: fake.faults.map(([faultId, params]) => [faultId, { ...params }]), seed: fake.seed, env: { ...(scenario.kind === 'stream' ? scenario.env : {}) } };
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
  if (scenario === undefined) throw new UsageError(`unknown scenario "${id}" (aoi-testkit scenarios lists them)`);
  // The package's path is relative to the kit's root, the directory that holds scenarios/.
  if (scenario.kind === 'foreign') throw new UsageError(`${id} is a foreign tool, not a fake: run ${scenario.command.join(' ')} from ${dirname(corpus)}`);
  if (scenario.kind === 'app') throw new UsageError(`${id} is an Agent Application package, not a fake: judge it with aoi-testkit lint --app-dir ${join(dirname(corpus), scenario.path)}`);
  const fake = scenario.command.indexOf('fake');
  return scenario.command.slice(fake + 1);
}

export function parseScenariosArgs(args: string[]): ScenariosArgs {
  let values;
  try {
    values = parseArgs({ args, strict: true, options: parseOptions('scenarios') }).values as Record<string, string | string[] | boolean | undefined>;
  } catch (error) {
    throw new UsageError(`scenarios: ${(error as Error).message}`);
  }
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : undefined);
  const output = text('output') ?? text('format') ?? 'text';
  if (output !== 'text' && output !== 'jsonl') throw new UsageError(`--output must be text or jsonl, got "${output}"`);
  const kind = text('kind');
  const spec = text('spec');
  if (kind !== undefined && !(SCENARIO_KINDS as readonly string[]).includes(kind)) throw new UsageError(`--kind must be one of ${SCENARIO_KINDS.join(', ')}, got "${kind}"`);
  if (spec !== undefined && !(SCENARIO_SPECS as readonly string[]).includes(spec)) throw new UsageError(`--spec must be one of ${SCENARIO_SPECS.join(', ')}, got "${spec}"`);
  const reporters = (values.reporter as string[] | undefined) ?? [];
  if (values.run !== true && reporters.length > 0) throw new UsageError('--reporter reports a corpus run: add --run');
  if (values.run === true && kind !== undefined && !(RUNNABLE_KINDS as readonly string[]).includes(kind)) {
    throw new UsageError(`--run judges the ${RUNNABLE_KINDS.join(' and ')} scenarios (their fakes in memory), not --kind ${kind}: scenarios/README.md says how to run the others`);
  }
  const run = values.run === true ? parseRunReporters(text('output') ?? text('format'), reporters) : undefined;
  return { output, kind: kind as ScenarioKind | undefined, spec: spec as ScenarioSpec | undefined, run };
}

/**
 * `aoi-testkit scenarios [--output text|jsonl] [--kind K] [--spec S]`: list the corpus shipped in the
 * package (with `--run`: judge its stream and lint scenarios, scenario-run.ts). Text: one line per scenario with its kind, spec and the rules it must fail. JSONL: aoi:meta, one
 * `{"type":"scenario", …}` event per scenario (the whole scenario file), aoi:summary. Returns the exit status.
 */
export async function runScenarios(args: string[], emitter: Emitter): Promise<number> {
  const options = parseScenariosArgs(args);
  const scenarios = loadScenarios().filter((s) => (options.kind === undefined || s.kind === options.kind) && (options.spec === undefined || s.spec === options.spec));
  if (options.run) {
    // Loaded only for a run: `fake <scenario-id>` reads this module and must start fast.
    const { isRunnable, runScenarioCorpus } = await import('./scenario-run.js');
    const runnable = scenarios.filter(isRunnable);
    if (runnable.length === 0) throw new UsageError(`--run judges the ${RUNNABLE_KINDS.join(' and ')} scenarios; --spec ${options.spec} has none`);
    return runScenarioCorpus(runnable, options.run, emitter);
  }
  if (options.output === 'jsonl') {
    emitter.meta('scenarios');
    for (const scenario of scenarios) emitter.emit({ type: 'scenario', ...scenario });
    emitter.emit({ type: 'aoi:summary', ok: true, count: scenarios.length, warning_count: 0, error_count: 0 });
  } else {
    process.stdout.write(renderScenarioList(scenarios));
  }
  return 0;
}

/** One line per scenario: id, kind, spec, and the rules it must fail (and those with warnings only); then the counts per kind. */
export function renderScenarioList(scenarios: readonly Scenario[]): string {
  const width = Math.max(0, ...scenarios.map((s) => s.id.length));
  const lines = scenarios.map((s) => {
    const having = (outcome: string) => Object.entries(s.expected.rules).filter(([, o]) => o === outcome).map(([rule]) => rule);
    const [fail, warn] = [having('fail'), having('warn')];
    const verdict = s.kind === 'consumer' ? `a consumer must ${s.must === 'succeed' ? 'succeed' : 'fail closed'}, else ${s.breaks}` : [fail.length > 0 ? `fails ${fail.join(', ')}` : 'passes', warn.length > 0 ? `warns ${warn.join(', ')}` : ''].filter(Boolean).join('; ');
    return `${s.id.padEnd(width)}  ${s.kind.padEnd(7)}  ${s.spec.padEnd(7)}  ${verdict}`;
  });
  const counts = SCENARIO_KINDS.map((kind) => [kind, scenarios.filter((s) => s.kind === kind).length] as const).filter(([, n]) => n > 0);
  lines.push(`${scenarios.length} scenario(s)${counts.length > 0 ? `: ${counts.map(([kind, n]) => `${n} ${kind}`).join(', ')}` : ''}`);
  return `${lines.join('\n')}\n`;
}
