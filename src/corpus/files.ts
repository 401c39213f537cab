import type { Scenario } from './scenarios.js';

/** `scenarios/<id>.json`. */
export const scenarioFileName = (id: string): string => `${id}.json`;

/** A scenario file's exact text: 2-space JSON, a trailing newline. */
export const renderScenarioFile = (scenario: Scenario): string => `${JSON.stringify(scenario, null, 2)}\n`;
