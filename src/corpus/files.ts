import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from './types.js';

/** `scenarios/<id>.json`. */
export const scenarioFileName = (id: string): string => `${id}.json`;

/** A scenario file's exact text: 2-space JSON, a trailing newline. */
export const renderScenarioFile = (scenario: Scenario): string => `${JSON.stringify(scenario, null, 2)}\n`;

/**
 * The root of the aoi-testkit package (the directory holding `fixtures/`): the nearest directory above this
 * module with `fixtures/apps/expected.json`. Works from `src/corpus` and from `dist/`.
 */
export function kitRoot(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'fixtures', 'apps', 'expected.json'))) return dir;
    if (dirname(dir) === dir) throw new Error('cannot find the kit’s fixtures/ above the corpus module');
  }
}

/** A JSON file of the kit, by its path relative to the kit's root. */
export const readKitJson = <T>(path: string): T => JSON.parse(readFileSync(join(kitRoot(), path), 'utf8')) as T;
