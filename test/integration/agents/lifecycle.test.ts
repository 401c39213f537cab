import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterEach, describe, expect, test } from 'vitest';
import { checkAgentLifecycle } from '../../../src/checks/agentcli/lifecycle.js';
import {
  agentLifecycleProbe,
  processAlive,
  type AgentLifecycleProbe,
} from '../../../src/lint/agentcli/lifecycle-probe.js';
import type { LifecycleRecord } from '../../../src/spec/agentcli/transcript.js';
import { AgentProcess, BIN, openAcpSession, request } from './support.js';

const probes: AgentLifecycleProbe[] = [];
const pids: number[] = [];
afterEach(() => {
  for (const probe of probes.splice(0)) {
    for (const r of probe.records())
      if (r.event === 'start' || r.event === 'child') pids.push(r.pid);
    probe.cleanup();
  }
  for (const pid of pids.splice(0)) if (processAlive(pid)) process.kill(pid, 'SIGKILL');
});

interface Agent {
  child: ChildProcessWithoutNullStreams;
  probe: AgentLifecycleProbe;
  exited: Promise<unknown>;
}

/** A REPL fake in its own process group, with a lifecycle probe; resolves once it printed `ready` (its handshake). */
async function startAgent(faults: string[] = []): Promise<Agent> {
  const probe = agentLifecycleProbe();
  probes.push(probe);
  const child = spawn(
    process.execPath,
    [BIN('agent-repl'), ...faults.flatMap((f) => ['--fault', f])],
    { env: { PATH: process.env.PATH, ...probe.env }, detached: true },
  );
  pids.push(child.pid!);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stderr.resume();
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      if (out.includes('ready ')) resolve();
    });
    child.once('exit', () => reject(new Error('agent exited before ready')));
  });
  return { child, probe, exited };
}

/** Resolves once the agent's log holds a record passing `test` (polled between event-loop turns, not timed). */
async function logged(agent: Agent, test: (r: LifecycleRecord) => boolean): Promise<void> {
  while (!agent.probe.records().some(test)) await new Promise((r) => setImmediate(r));
}

const helperGone = async (agent: Agent) => {
  const child = agent.probe.records().find((r) => r.event === 'child');
  for (let i = 0; child && processAlive(child.pid) && i < 100_000; i++)
    await new Promise((r) => setImmediate(r));
};

/** The reference tear-down: SIGTERM the group, SIGKILL it 5 s later if the agent is still there. */
async function referenceTearDown(agent: Agent): Promise<void> {
  const pgid = agent.child.pid!;
  process.kill(-pgid, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 5000)));
  const outcome = await Promise.race([agent.exited, grace]);
  clearTimeout(timer);
  if (outcome === 'late') {
    process.kill(-pgid, 'SIGKILL');
    await agent.exited;
  } else {
    // The agent is gone; its helpers must go with it.
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // nothing left in the group
    }
  }
  await helperGone(agent);
}

const ids = (agent: Agent) => agent.probe.check().findings.map((f) => f.id);

test('a clean agent whose stdin the runner closes exits on its own: pass', async () => {
  const agent = await startAgent();
  agent.child.stdin.end();
  await agent.exited;
  const report = agent.probe.check();
  expect(report).toMatchObject({
    ok: true,
    findings: [],
    verdict: { rule: 'AGENTCLI-26', status: 'pass' },
  });
});

test('the reference runner tears down a clean agent with a helper: SIGTERM, group kill, nothing left', async () => {
  const agent = await startAgent(['spawns-helper']);
  await referenceTearDown(agent);
  expect(ids(agent)).toEqual([]);
  expect(agent.probe.records().map((r) => r.event)).toEqual([
    'start',
    'child',
    'handshake',
    'signal',
    'exit',
  ]);
});

test('the reference runner escalates on an agent that ignores SIGTERM, 5 s later: pass (the one real wait)', async () => {
  const agent = await startAgent(['hangs-on-sigterm']);
  const t0 = Date.now();
  await referenceTearDown(agent);
  expect(Date.now() - t0).toBeGreaterThanOrEqual(4900);
  const records = agent.probe.records();
  expect(records.filter((r) => r.event === 'alive').length).toBeGreaterThan(30);
  expect(records.some((r) => r.event === 'exit')).toBe(false);
  expect(agent.probe.check()).toMatchObject({ ok: true, findings: [] });
}, 15_000);

test('a runner that only sends SIGTERM to an agent ignoring it: no-escalation', async () => {
  const agent = await startAgent(['hangs-on-sigterm']);
  agent.child.kill('SIGTERM');
  await logged(agent, (r) => r.event === 'alive');
  expect(ids(agent)).toEqual(['AGENTCLI-26/no-escalation']);
  // The escalation is the lifecycle drawing's reading, not a MUST: a warning, and the run still passes.
  expect(agent.probe.check()).toMatchObject({
    ok: true,
    findings: [{ id: 'AGENTCLI-26/no-escalation', severity: 'warning' }],
  });
});

test('a runner that kills SIGTERM-ignoring agent right after SIGTERM: early-sigkill (a warning)', async () => {
  const agent = await startAgent(['hangs-on-sigterm']);
  agent.child.kill('SIGTERM');
  await logged(agent, (r) => r.event === 'signal');
  agent.child.kill('SIGKILL');
  await agent.exited;
  const report = agent.probe.check();
  expect(report.findings.map((f) => [f.id, f.severity])).toEqual([
    ['AGENTCLI-26/early-sigkill', 'warning'],
  ]);
  expect(report.ok).toBe(true);
});

test('a runner that SIGKILLs at once: no-sigterm', async () => {
  const agent = await startAgent();
  agent.child.kill('SIGKILL');
  await agent.exited;
  expect(ids(agent)).toEqual(['AGENTCLI-26/no-sigterm']);
});

test('a runner that SIGTERMs only the agent, not its group: the helper is an orphan', async () => {
  const agent = await startAgent(['spawns-helper']);
  agent.child.kill('SIGTERM');
  await agent.exited;
  expect(ids(agent)).toEqual(['AGENTCLI-26/orphan']);
  const finding = agent.probe.check().findings[0]!;
  expect(finding.message).toMatch(/outlived the tear-down/);
});

test('a torn last line is skipped', async () => {
  const agent = await startAgent();
  const { appendFileSync } = await import('node:fs');
  appendFileSync(agent.probe.logFile, '{"event":"sig');
  expect(agent.probe.records().map((r) => r.event)).toEqual(['start', 'handshake']);
  agent.child.stdin.end();
  await agent.exited;
});

describe('session-not-closed (the ACP fake logs its sessions)', () => {
  const acpAgents: AgentProcess[] = [];
  afterEach(() => {
    for (const agent of acpAgents.splice(0)) agent.kill();
  });
  const judge = (agent: AgentProcess) =>
    checkAgentLifecycle(agent.lifecycle(), { alive: processAlive });

  test('SIGTERM with the session still open: a warning', async () => {
    const agent = new AgentProcess('agent-acp');
    acpAgents.push(agent);
    await openAcpSession(agent);
    agent.child.kill('SIGTERM');
    await agent.exited;
    const report = judge(agent);
    expect(report.findings.map((f) => [f.id, f.severity])).toEqual([
      ['AGENTCLI-26/session-not-closed', 'warning'],
    ]);
    expect(report.ok).toBe(true);
  });

  test('session/close, then SIGTERM: pass', async () => {
    const agent = new AgentProcess('agent-acp');
    acpAgents.push(agent);
    const sessionId = await openAcpSession(agent);
    const close = request('session/close', { sessionId });
    agent.send(close);
    expect((await agent.waitForMessage((m) => m.id === close.id)).result).toEqual({});
    agent.child.kill('SIGTERM');
    await agent.exited;
    expect(judge(agent).findings).toEqual([]);
    expect(agent.lifecycle().map((r) => r.event)).toEqual([
      'start',
      'handshake',
      'session-open',
      'session-close',
      'signal',
      'exit',
    ]);
  });
});
