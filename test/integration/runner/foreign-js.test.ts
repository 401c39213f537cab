import { describe } from 'vitest';
import { runnerTest } from './support.js';

/** The runner verb on a correct runner and its buggy twin, written as outside authors write them (fixtures/runners). */
describe('JavaScript, ACP on the real SDK', () => {
  runnerTest('js/acp-runner.mjs');
  runnerTest('js/acp-runner-buggy.mjs');
});
