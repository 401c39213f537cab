import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { AGENT_PRESETS, fakeAgentCommand } from '../../../src/fakes/index.js';
import { tempDir } from './support.js';

test('fakeAgentCommand: a preset and extra faults become the argv of a real fake agent, its log in the env', async () => {
  const dir = tempDir();
  const log = join(dir, 'lifecycle.jsonl');
  const agent = fakeAgentCommand('agent-repl.stderr-noise', {
    faults: [['crash-mid-turn', { afterUpdates: 1 }]],
    args: ['--model', 'm1'],
    lifecycleLog: log,
  });
  expect(agent.args.slice(1)).toEqual([
    '--fault',
    'stderr-noise',
    '--fault',
    'crash-mid-turn={"afterUpdates":1}',
    '--model',
    'm1',
  ]);
  const child = spawn(agent.command, agent.args, {
    env: { PATH: process.env.PATH, ...agent.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr.resume();
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stdin.end('say "hello"\n');
  const [code] = await once(child, 'exit');
  expect(code).toBe(1); // crashed mid-turn, as asked
  expect(stdout.startsWith('ready ')).toBe(true);
  const start = JSON.parse(readFileSync(log, 'utf8').split('\n')[0]!);
  expect(start).toMatchObject({
    event: 'start',
    pid: child.pid,
    argv: [
      '--fault',
      'stderr-noise',
      '--fault',
      'crash-mid-turn={"afterUpdates":1}',
      '--model',
      'm1',
    ],
  });
});

test('fakeAgentCommand refuses an unknown fake or fault with a clear error', () => {
  expect(() => fakeAgentCommand('agent-nope')).toThrow(/unknown fake agent "agent-nope"/);
  expect(() => fakeAgentCommand('agent-acp', { faults: ['no-such-fault' as never] })).toThrow(
    /unknown fault "no-such-fault"/,
  );
  expect(Object.keys(AGENT_PRESETS)).toContain('agent-mcp.hangs-on-sigterm');
});
