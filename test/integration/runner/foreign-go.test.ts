import { describe } from 'vitest';
import { runnerTest } from './support.js';

/** The runner verb on a correct runner and its buggy twin, written as outside authors write them (fixtures/runners). */
describe('Go (standard library), the REPL', () => {
  runnerTest('go/repl-runner');
  runnerTest('go/repl-runner-buggy');
});
