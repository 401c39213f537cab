import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import { expect, test } from 'vitest';
import { SCENARIO_KINDS } from '../../../src/corpus/kinds.js';
import {
  E2E_EXCLUDE,
  E2E_FILES,
  PROCESS_PROOF_FILES,
  SUITES,
  UNIT_FILES,
} from '../../support/suites.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every vitest file under a folder, relative to the root. */
function testFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'package') walk(path);
      } else if (entry.name.endsWith('.test.ts')) out.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, dir));
  return out;
}

test('each process proof of the fast suite is a process-level file that exists, listed once', () => {
  expect(PROCESS_PROOF_FILES.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  expect(new Set(PROCESS_PROOF_FILES).size).toBe(PROCESS_PROOF_FILES.length);
  expect(new Set(SUITES.processProofs.map((p) => p.family)).size).toBe(SUITES.processProofs.length);
  // A unit or property file is in the fast suite already; a proof listed here is one that starts processes.
  expect(PROCESS_PROOF_FILES.filter((file) => !/^test\/integration\//.test(file))).toEqual([]);
});

test('every kind of fault the corpus has is proven as a process in the fast suite (foreign tools: end to end)', () => {
  const proven = new Set(SUITES.processProofs.map((p) => p.kind));
  expect(SCENARIO_KINDS.filter((kind) => kind !== 'foreign' && !proven.has(kind))).toEqual([]);
  expect(SUITES.processProofs.filter((p) => p.kind === 'foreign')).toEqual([]);
});

test('every test file is in exactly one project, matched as vitest matches (a new process-level file lands end to end)', () => {
  const all = [...testFiles('test'), ...testFiles('examples')];
  const matches = (globs: readonly string[]) => picomatch([...globs]);
  const unit = matches(UNIT_FILES);
  const proof = matches(PROCESS_PROOF_FILES);
  const e2eIn = matches(E2E_FILES);
  const e2eOut = matches(E2E_EXCLUDE);
  const projectsOf = (file: string) =>
    [unit(file) && 'unit', proof(file) && 'process', e2eIn(file) && !e2eOut(file) && 'e2e'].filter(
      Boolean,
    );
  expect(
    all.filter((file) => projectsOf(file).length !== 1).map((f) => [f, projectsOf(f)]),
  ).toEqual([]);
  const e2e = all.filter((file) => projectsOf(file)[0] === 'e2e');
  expect(e2e).toContain('test/integration/lint/fault-table-process.test.ts');
  expect(e2e).toContain('examples/consumer/test/meta.test.ts');
  // The fast suite stays a short list: most process-level proofs are end to end.
  expect(PROCESS_PROOF_FILES.length).toBeLessThan(e2e.length / 4);
});

/** A module mock, which a shared module graph cannot keep to one file: another file's copy escapes it, or it leaks. */
const MODULE_MOCK = /\bvi\s*\.\s*(?:mock|doMock|unmock|doUnmock)\s*\(/;

test('no file of the unit project mocks a module: its files share one module graph per worker (isolate: false)', () => {
  // The planted violation, spelt in two halves so that this file does not match itself.
  expect(MODULE_MOCK.test('vi' + ".mock('../../src/run/spawn.js', () => ({}))")).toBe(true);
  const unit = picomatch([...UNIT_FILES]);
  const mocking = [...testFiles('test'), ...testFiles('examples')]
    .filter((file) => unit(file))
    .filter((file) => MODULE_MOCK.test(readFileSync(join(ROOT, file), 'utf8')));
  expect(mocking).toEqual([]);
});
