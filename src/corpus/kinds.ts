import type { ScenarioKind, ScenarioSpec } from './types.js';

/** The spec of each kind of scenario (plain data: the CLI reads it without loading the corpus builder). */
export const SPEC_OF_KIND = {
  stream: 'aoi',
  lint: 'aoi',
  foreign: 'aoi',
  cmdhelp: 'cmdhelp',
  exec: 'exec',
  app: 'app',
  agent: 'agent',
  consumer: 'consumer',
} as const satisfies Record<ScenarioKind, ScenarioSpec>;
export const SCENARIO_KINDS = Object.keys(SPEC_OF_KIND) as ScenarioKind[];
export const SCENARIO_SPECS: readonly ScenarioSpec[] = [
  'aoi',
  'cmdhelp',
  'exec',
  'app',
  'agent',
  'consumer',
];
