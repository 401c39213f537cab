import { parseArgs } from 'node:util';
import { SCENARIO_KINDS, SCENARIO_SPECS } from '../corpus/kinds.js';
import type { Scenario, ScenarioKind, ScenarioSpec } from '../corpus/types.js';
import type { Emitter } from './emitter.js';
import { parseReporters, type ReporterTarget } from './reporters/options.js';
import { parseOptions } from './surface.js';
import { UsageError } from './usage.js';
import { loadScenarios } from './scenario-files.js';

export {
  loadScenarios,
  resolveScenario,
  scenarioFakeArgs,
  scenariosDir,
  type ScenarioFakeSpec,
} from './scenario-files.js';

export interface ScenariosArgs {
  output: 'text' | 'jsonl';
  kind: ScenarioKind | undefined;
  spec: ScenarioSpec | undefined;
  /** `--run` with its reporters (`--reporter`, `--output` naming the one on stdout); undefined: list. */
  run: readonly ReporterTarget[] | undefined;
}

/** The reporters of a corpus run: its results are scenarios, not rule verdicts, so not the verdict reporters. */
const RUN_REPORTERS = ['text', 'jsonl', 'junit'] as const;

/** `--reporter` for a corpus run: the kit's one parser, then only the reporters that fit a scenario result. */
function parseRunReporters(
  output: string | undefined,
  reporters: readonly string[],
): ReporterTarget[] {
  const targets = parseReporters(output, reporters);
  const other = targets.find((t) => !(RUN_REPORTERS as readonly string[]).includes(t.name));
  if (other)
    throw new UsageError(
      `scenarios --run reports with ${RUN_REPORTERS.join(', ')}, got --reporter ${other.name}`,
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
  const run =
    values.run === true
      ? parseRunReporters(text('output') ?? text('format'), reporters)
      : undefined;
  return {
    output,
    kind: kind as ScenarioKind | undefined,
    spec: spec as ScenarioSpec | undefined,
    run,
  };
}

/**
 * `aoi-testkit scenarios [--output text|jsonl] [--kind K] [--spec S]`: list the corpus shipped in the
 * package (with `--run`: judge its stream and lint scenarios, scenario-run.ts). Text: one line per scenario with its kind, spec and the rules it must fail. JSONL: aoi:meta, one
 * `{"type":"scenario", …}` event per scenario (the whole scenario file), aoi:summary. Returns the exit status.
 */
export async function runScenarios(args: string[], emitter: Emitter): Promise<number> {
  const options = parseScenariosArgs(args);
  const scenarios = loadScenarios().filter(
    (s) =>
      (options.kind === undefined || s.kind === options.kind) &&
      (options.spec === undefined || s.spec === options.spec),
  );
  if (options.run) {
    // Loaded only for a run: `fake <scenario-id>` reads this module and must start fast.
    const { runScenarioCorpus } = await import('./scenario-run.js');
    return runScenarioCorpus(scenarios, options.run, emitter);
  }
  if (options.output === 'jsonl') {
    emitter.meta('scenarios');
    for (const scenario of scenarios) emitter.emit({ type: 'scenario', ...scenario });
    emitter.emit({
      type: 'aoi:summary',
      ok: true,
      count: scenarios.length,
      warning_count: 0,
      error_count: 0,
    });
  } else {
    process.stdout.write(renderScenarioList(scenarios));
  }
  return 0;
}

/** One line per scenario: id, kind, spec, and the rules it must fail (and those with warnings only); then the counts per kind. */
export function renderScenarioList(scenarios: readonly Scenario[]): string {
  const width = Math.max(0, ...scenarios.map((s) => s.id.length));
  const lines = scenarios.map((s) => {
    const having = (outcome: string) =>
      Object.entries(s.expected.rules)
        .filter(([, o]) => o === outcome)
        .map(([rule]) => rule);
    const [fail, warn] = [having('fail'), having('warn')];
    const verdict =
      s.kind === 'consumer'
        ? 'must' in s
          ? `a consumer${s.mode === 'default' ? '' : ` run ${s.mode}`} must ${s.must === 'succeed' ? 'succeed' : s.must === 'fail-closed' ? 'fail closed' : 'report and continue'}, else ${s.breaks}`
          : `an APP runtime must pass ${s.judges.join(', ')}`
        : [
            fail.length > 0 ? `fails ${fail.join(', ')}` : 'passes',
            warn.length > 0 ? `warns ${warn.join(', ')}` : '',
          ]
            .filter(Boolean)
            .join('; ');
    return `${s.id.padEnd(width)}  ${s.kind.padEnd(7)}  ${s.spec.padEnd(7)}  ${verdict}`;
  });
  const counts = SCENARIO_KINDS.map(
    (kind) => [kind, scenarios.filter((s) => s.kind === kind).length] as const,
  ).filter(([, n]) => n > 0);
  lines.push(
    `${scenarios.length} scenario(s)${counts.length > 0 ? `: ${counts.map(([kind, n]) => `${n} ${kind}`).join(', ')}` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}
