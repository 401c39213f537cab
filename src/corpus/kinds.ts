import { SPECS, type CorpusKind, type CorpusSpec } from '../spec/specs.js';
import type { ScenarioKind, ScenarioSpec } from './types.js';

// The corpus's kinds and specs, from SPECS (plain data: the CLI reads them without loading the corpus builder).

/** The published scenario types name exactly SPECS' corpus names: a spec added to one alone does not compile. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree: [Same<CorpusKind, ScenarioKind>, Same<CorpusSpec, ScenarioSpec>] = [true, true];
void agree;

/** The spec of each kind of scenario (plain data: the CLI reads it without loading the corpus builder). */
export const SPEC_OF_KIND = Object.fromEntries(
  SPECS.flatMap((spec) =>
    'corpus' in spec ? spec.corpus.kinds.map((kind) => [kind, spec.corpus.spec]) : [],
  ),
) as Readonly<Record<ScenarioKind, ScenarioSpec>>;
export const SCENARIO_KINDS: ScenarioKind[] = Object.keys(SPEC_OF_KIND) as ScenarioKind[];
export const SCENARIO_SPECS: readonly ScenarioSpec[] = [
  ...new Set(SPECS.flatMap((spec) => ('corpus' in spec ? [spec.corpus.spec] : []))),
];
