import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kitRoot as packageRoot } from '../package-root.js';
import type { Scenario } from './types.js';

/** `scenarios/<id>.json`. */
export const scenarioFileName = (id: string): string => `${id}.json`;

/** A scenario file's exact text: 2-space JSON, a trailing newline. */
export const renderScenarioFile = (scenario: Scenario): string =>
  `${JSON.stringify(scenario, null, 2)}\n`;

/** The root of the aoi-testkit package (the directory holding `fixtures/`), from src/ and from dist/. */
export function kitRoot(from?: string): string {
  const root = packageRoot(from);
  if (root === undefined)
    throw new Error(
      'cannot find the aoi-testkit package (its package.json) above the corpus module',
    );
  return root;
}

/** A JSON file of the kit, by its path relative to the kit's root. */
export const readKitJson = <T>(path: string): T =>
  JSON.parse(readFileSync(join(kitRoot(), path), 'utf8')) as T;
