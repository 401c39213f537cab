/**
 * `scenarios` as library calls: the corpus shipped in the package, chosen by kind and spec, and a run of it that
 * judges every scenario (corpus/runner.ts) into the view the reporters render.
 */
import { availableParallelism } from 'node:os';
import { loadScenarios } from '../corpus/scenario-files.js';
import type { ScenarioResult } from '../corpus/runner.js';
import type { Scenario, ScenarioKind, ScenarioSpec } from '../corpus/types.js';
import type { CorpusRunView } from '../report/corpus.js';
import { inShard, type Shard } from '../shard.js';

export interface ScenarioChoice {
  readonly kind: ScenarioKind | undefined;
  readonly spec: ScenarioSpec | undefined;
}

/** The corpus's scenarios of a kind and a spec (undefined: any). */
export function chooseScenarios({ kind, spec }: ScenarioChoice): Scenario[] {
  return loadScenarios().filter(
    (s) => (kind === undefined || s.kind === kind) && (spec === undefined || s.spec === spec),
  );
}

export interface CorpusRunProgress {
  /** Results known so far, of `total`. */
  readonly done: number;
  readonly total: number;
  readonly result: ScenarioResult;
}

/**
 * Judge `scenarios` (of `shard`, if one is given), as many at once as the machine has cores; `onProgress` hears
 * each result as it is known (in completion order). The view keeps the given order, and for a shard every id of the run.
 */
export async function runScenarios(
  scenarios: readonly Scenario[],
  options: { shard?: Shard | undefined; onProgress?: (progress: CorpusRunProgress) => void } = {},
): Promise<CorpusRunView> {
  // Loaded only for a run: `fake <scenario-id>` reads the corpus and must start fast.
  const { runCorpus } = await import('../corpus/runner.js');
  const { shard, onProgress } = options;
  const total = scenarios.filter((s) => inShard(s.id, shard)).length;
  let done = 0;
  const results = await runCorpus(scenarios, {
    concurrency: availableParallelism(),
    ...(shard ? { shard } : {}),
    onResult: (result) => onProgress?.({ done: ++done, total, result }),
  });
  return {
    verb: 'scenarios',
    results,
    ...(shard ? { shard: { ...shard, order: scenarios.map((s) => s.id) } } : {}),
  };
}
