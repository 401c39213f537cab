import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../errors.js';
import { CORPUS_PACKAGE, corpusRoot, kitPackage, kitRoot as packageRoot } from '../package-root.js';
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

/**
 * The corpus's root (`scenarios/`, `fixtures/transcripts/`, `fixtures/contracts/`): every reader of the corpus
 * goes through here. Without the corpus package, the structured error that says what to install (exit 66).
 */
export function corpusDir(from?: string): string {
  const root = corpusRoot(from);
  if (root !== undefined) return root;
  const version = kitPackage(from)?.version;
  throw new InputError(
    `the scenario corpus is a package of its own: install it beside aoi-testkit with \`npm i -D ${CORPUS_PACKAGE}${version ? `@${version}` : ''}\``,
    'not_found',
    'CORPUS_NOT_FOUND',
  );
}

/** A JSON file of the corpus, by its path relative to the corpus's root (`fixtures/transcripts/agents/expected.json`). */
export const readCorpusJson = <T>(path: string): T =>
  JSON.parse(readFileSync(join(corpusDir(), path), 'utf8')) as T;
