import { parseArgs } from 'node:util';
import { SCENARIO_KINDS, SCENARIO_SPECS } from '../corpus/kinds.js';
import type { ScenarioKind, ScenarioSpec } from '../corpus/types.js';
import type { Emitter } from './emitter.js';
import { deliverCorpusRun, parseReporters, type ReporterTarget } from './reporting.js';
import { parseOptions } from './surface.js';
import { shardFlag, UsageError } from './usage.js';
import type { Shard } from '../shard.js';
import { chooseScenarios, runScenarios as runCorpus } from '../verbs/scenarios.js';
import { scenarioListEvents, scenarioListText } from '../report/corpus.js';
import { corpusProgressText } from '../report/progress.js';
import { eventLines } from '../report/jsonl.js';
import { CORPUS_REPORTER_NAMES } from '../report/names.js';

export interface ScenariosArgs {
  output: 'text' | 'jsonl';
  kind: ScenarioKind | undefined;
  spec: ScenarioSpec | undefined;
  /** `--run` with its reporters (`--reporter`, `--output` naming the one on stdout); undefined: list. */
  run: readonly ReporterTarget[] | undefined;
  /** `--shard I/N` with --run: only the scenarios of that shard. */
  shard: Shard | undefined;
}

/** `--reporter` for a corpus run: the kit's one parser, then only the reporters that fit a scenario result. */
function parseRunReporters(
  output: string | undefined,
  reporters: readonly string[],
): ReporterTarget[] {
  const targets = parseReporters(output, reporters);
  const other = targets.find((t) => !(CORPUS_REPORTER_NAMES as readonly string[]).includes(t.name));
  if (other)
    throw new UsageError(
      `scenarios --run reports with ${CORPUS_REPORTER_NAMES.join(', ')}, got --reporter ${other.name}`,
    );
  return targets;
}

export function parseScenariosArgs(args: string[]): ScenariosArgs {
  let values;
  try {
    values = parseArgs({ args, strict: true, options: parseOptions('scenarios') }).values as Record<
      string,
      string | string[] | boolean | undefined
    >;
  } catch (error) {
    throw new UsageError(`scenarios: ${(error as Error).message}`);
  }
  const text = (key: string) =>
    typeof values[key] === 'string' ? (values[key] as string) : undefined;
  const output = text('output') ?? text('format') ?? 'text';
  if (output !== 'text' && output !== 'jsonl')
    throw new UsageError(`--output must be text or jsonl, got "${output}"`);
  const kind = text('kind');
  const spec = text('spec');
  if (kind !== undefined && !(SCENARIO_KINDS as readonly string[]).includes(kind))
    throw new UsageError(`--kind must be one of ${SCENARIO_KINDS.join(', ')}, got "${kind}"`);
  if (spec !== undefined && !(SCENARIO_SPECS as readonly string[]).includes(spec))
    throw new UsageError(`--spec must be one of ${SCENARIO_SPECS.join(', ')}, got "${spec}"`);
  const reporters = (values.reporter as string[] | undefined) ?? [];
  if (values.run !== true && reporters.length > 0)
    throw new UsageError('--reporter reports a corpus run: add --run');
  const shard = shardFlag(text('shard'));
  if (values.run !== true && shard !== undefined)
    throw new UsageError('--shard splits a corpus run: add --run');
  const run =
    values.run === true
      ? parseRunReporters(text('output') ?? text('format'), reporters)
      : undefined;
  return {
    output,
    kind: kind as ScenarioKind | undefined,
    spec: spec as ScenarioSpec | undefined,
    run,
    shard,
  };
}

/**
 * `aoi-testkit scenarios [--output text|jsonl] [--kind K] [--spec S]`: list the corpus shipped in the
 * package (with `--run`: judge every scenario, corpus/runner.ts). Text: one line per scenario with its kind, spec and the rules it must fail. JSONL: aoi:meta, one
 * `{"type":"scenario", …}` event per scenario (the whole scenario file), aoi:summary. Returns the exit status.
 */
export async function runScenarios(args: string[], emitter: Emitter): Promise<number> {
  const options = parseScenariosArgs(args);
  const scenarios = chooseScenarios(options);
  if (options.run) {
    const targets = options.run;
    const quiet = targets.some((t) => t.path === undefined && t.name === 'jsonl');
    const view = await runCorpus(scenarios, {
      shard: options.shard,
      onProgress: ({ done, total, result }) => {
        if (!quiet) process.stderr.write(`${corpusProgressText(done, total, result.id)}\n`);
      },
    });
    return deliverCorpusRun(targets, view, emitter);
  }
  emitter.write(
    options.output === 'jsonl'
      ? eventLines(scenarioListEvents(scenarios))
      : scenarioListText(scenarios),
  );
  return 0;
}
