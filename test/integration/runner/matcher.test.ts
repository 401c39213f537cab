import { expect, test } from 'vitest';
import { lintRunner, RunnerSetupError, RunnerStartError } from '../../../src/lint/index.js';
import { aoiMatchers } from '../../../src/matchers/index.js';
import { toRunAgents } from '../../../src/matchers/to-run-agents.js';
import { ROOT } from './support.js';

expect.extend(aoiMatchers);

const RUNNER = ['node', 'fixtures/runners/js/acp-runner.mjs'];
const TWIN = ['node', 'fixtures/runners/js/acp-runner-buggy.mjs'];
const options = {
  protocols: ['acp'] as const,
  scenarios: ['runner.acp.turn', 'runner.acp.permission-denied'],
  cwd: ROOT,
};

test('toRunAgents: a correct runner passes; its twin fails with the rule, the scenario, the fix and the page', async () => {
  await expect(RUNNER).toRunAgents(options);
  await expect({ command: 'node', args: TWIN.slice(1) }).not.toRunAgents(options);
  const message = (await toRunAgents(TWIN, options)).message();
  expect(message).toContain('failed: AGENTCLI-35.');
  expect(message).toContain(
    `AGENTCLI-35 runner.acp.permission-denied: AGENTCLI-35/permission-overridden: runner.acp.permission-denied: the user's answer was reject, and the agent got an approval of "perm-1"`,
  );
  expect(message).toMatch(/fix: Put every permission request to the user/);
  expect(message).toMatch(/see .*AGENTCLI-35\.md/);
}, 180_000);

test('a runner that cannot start, or never starts the agent, is an error, never a report', async () => {
  await expect(
    lintRunner(['./no-such-runner'], { scenarios: ['runner.repl.turn'] }),
  ).rejects.toThrow(RunnerStartError);
  await expect(
    lintRunner(['node', '-e', 'process.exit(0)'], {
      scenarios: ['runner.acp.turn', 'runner.repl.turn'],
    }),
  ).rejects.toThrow(RunnerSetupError);
  await expect(toRunAgents('runner')).rejects.toThrow(TypeError);
  await expect(lintRunner(['node'], { timeoutMs: 4_000 })).rejects.toThrow(
    /at most half the kit's/,
  );
}, 60_000);
