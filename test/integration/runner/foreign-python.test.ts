import { describe } from 'vitest';
import { runnerTest } from './support.js';

/** The runner verb on a correct runner and its buggy twin, written as outside authors write them (fixtures/runners). */
describe('Python (standard library), MCP', () => {
  runnerTest('python/mcp_runner.py');
  runnerTest('python/mcp_runner_buggy.py');
});
