import { readFileSync } from 'node:fs';

/**
 * The two suites (CONTRIBUTING.md): `npm test`, the contributor's loop, runs the `unit` project (unit and
 * property files) and the `process` project, one process-level proof per fault family, listed in
 * test/suites.json with the budget each is held to in `npm test`'s tail; `npm run test:e2e` runs every other
 * process-level file (the `e2e` project). A file is in exactly one of them.
 */
export interface Suites {
  /** What `npm test` as a whole may take on a 2-core machine; its tail says how it did. */
  readonly npmTestBudgetSeconds: number;
  /** What one process proof may take (vitest's time for the file); its tail names a file over it. */
  readonly processProofBudgetSeconds: number;
  /** Each with the corpus kind whose faults it proves (none for the CLI itself). */
  readonly processProofs: readonly {
    readonly family: string;
    readonly kind?: string;
    readonly file: string;
  }[];
}

export const SUITES: Suites = JSON.parse(
  readFileSync(new URL('../suites.json', import.meta.url), 'utf8'),
) as Suites;

/** The unit and property files: pure, in memory, and sharing one module graph per worker. */
export const UNIT_FILES = ['test/unit/**/*.test.ts', 'test/property/**/*.test.ts'];

/** The process proofs of the fast suite. */
export const PROCESS_PROOF_FILES = SUITES.processProofs.map((p) => p.file);

/** Every other process-level file: integration, hostile programs, the examples' suites. */
export const E2E_FILES = ['test/**/*.test.ts', 'examples/**/test/**/*.test.ts'];
export const E2E_EXCLUDE = [
  ...UNIT_FILES,
  ...PROCESS_PROOF_FILES,
  'test/package/**',
  'node_modules/**',
];
