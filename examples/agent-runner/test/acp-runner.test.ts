/**
 * The ACP runner's suite, on the kit's fake ACP agent and its faults: one behaviour per test, as a runner
 * author writes them. It runs against src/acp-runner.ts, or the deliberately buggy src/acp-runner-buggy.ts
 * with RUNNER_IMPL=buggy (meta.test.ts checks that it catches every bug there).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import {
  agentLifecycleProbe,
  checkTurns,
  fakeAgentCommand,
  recordAgentTranscript,
  validateAgentCliManifest,
  type AgentCliManifest,
  type AgentLifecycleProbe,
  type AgentTranscript,
  type FakeAgentOptions,
  type TurnEvent,
} from '../../../src/agents.js';
import { toCompleteTurn, toFollowTurnTaxonomy } from '../../../src/matchers/index.js';
import {
  AgentResumeError,
  AgentStartError,
  startAcpAgent,
  type AcpSession,
  type AcpStartOptions,
} from '../src/index.js';

expect.extend({ toCompleteTurn, toFollowTurnTaxonomy });
declare module 'vitest' {
  interface Assertion<T> {
    toCompleteTurn(options?: { stopReason?: string }): T;
    toFollowTurnTaxonomy(options?: {
      capabilities?: Record<string, boolean>;
      secrets?: readonly string[];
    }): T;
  }
}

const manifestOf = (name: string) =>
  validateAgentCliManifest(
    readFileSync(new URL(`../../../fixtures/agents/${name}/AGENT-CLI.md`, import.meta.url), 'utf8'),
  ).manifest!;
/** The fakes' own manifests, as a host reads them from the registry. */
const ACP = manifestOf('agent-acp');
const EPHEMERAL = manifestOf('agent-acp-ephemeral');

/** The manifest with `bin` pointing at the kit's fake (its faults and options after the manifest's own bin_args). */
function manifestFor(
  preset: string,
  fake: FakeAgentOptions = {},
  base: AgentCliManifest = ACP,
): AgentCliManifest {
  const command = fakeAgentCommand(preset, fake);
  return {
    ...base,
    bin: command.command,
    bin_args: [command.args[0]!, ...(base.bin_args ?? []), ...command.args.slice(1)],
  };
}

// Every agent a test starts is killed afterwards (its whole group): a runner under test may leave one.
const sessions: AcpSession[] = [];
const probes: AgentLifecycleProbe[] = [];
const dirs: string[] = [];
const spawned: number[] = [];
afterEach(() => {
  const pids = [...sessions.splice(0).map((s) => s.pid), ...spawned.splice(0)];
  for (const probe of probes.splice(0)) {
    for (const r of probe.records())
      if (r.event === 'start' || r.event === 'child') pids.push(r.pid);
    probe.cleanup();
  }
  for (const pid of pids) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'acp-runner-'));
  dirs.push(dir);
  return dir;
};

/** Starts the runner; `record` gets the conversation as the kit's recorder saw it (from the first byte). */
async function start(
  manifest: AgentCliManifest,
  options: AcpStartOptions & { probe?: AgentLifecycleProbe } = {},
) {
  const { probe, ...rest } = options;
  let recorder: ReturnType<typeof recordAgentTranscript> | undefined;
  const session = await startAcpAgent(
    manifest,
    {},
    {
      ...rest,
      env: { ...process.env, ...rest.env, ...probe?.env },
      onSpawn: (child) => {
        spawned.push(child.pid!);
        recorder = recordAgentTranscript(child, 'acp');
      },
    },
  );
  sessions.push(session);
  return { session, transcript: (): AgentTranscript => recorder!.transcript() };
}

async function turn(
  session: AcpSession,
  text = 'hello',
  onEvent?: (e: TurnEvent) => void,
): Promise<TurnEvent[]> {
  const events: TurnEvent[] = [];
  for await (const event of session.send(text)) {
    events.push(event);
    onEvent?.(event);
  }
  return events;
}

const methodsSent = (t: AgentTranscript) =>
  t.frames.flatMap((f) =>
    f.direction === 'to-agent' && typeof (f.message as { method?: unknown })?.method === 'string'
      ? [(f.message as { method: string }).method]
      : [],
  );
const texts = (events: TurnEvent[]) =>
  events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : []));

describe('turns over ACP', () => {
  test('a clean turn follows the taxonomy and ends with end_turn; the wire passes the turn checker', async () => {
    const { session, transcript } = await start(manifestFor('agent-acp'));
    const events = await turn(session, 'What is this?');
    expect(events).toFollowTurnTaxonomy({ capabilities: ACP.capabilities });
    expect(events).toCompleteTurn({ stopReason: 'end_turn' });
    expect(events.map((e) => e.type)).toEqual([
      'thought',
      'tool-call',
      'tool-result',
      'text-delta',
      'text-delta',
      'turn-end',
    ]);
    expect(transcript()).toFollowTurnTaxonomy({ capabilities: ACP.capabilities });
    expect(await session.close()).toEqual({ forced: false });
  });

  test('split-frames: the same events as without the fault, multi-byte characters intact', async () => {
    // Text of two- and three-byte characters, written 3 bytes at a time with a pause after each write: reads end
    // inside characters. The pauses spread the writes over seconds, so that a reader starved by a busy machine still
    // reads some of them apart (with 1 ms every 4 writes, a starved reader once got everything in whole characters).
    const script = join(tempDir(), 'script.json');
    writeFileSync(
      script,
      JSON.stringify({
        name: 'utf8',
        description: 'multi-byte text',
        turns: [
          { steps: [{ text: 'ünïcödé '.repeat(40) }, { text: '日本語のテキスト'.repeat(20) }] },
        ],
      }),
    );
    const clean = await start(manifestFor('agent-acp', { script }));
    const expected = texts(await turn(clean.session));
    expect(expected).toEqual(['ünïcödé '.repeat(40), '日本語のテキスト'.repeat(20)]);
    const split = await start(
      manifestFor('agent-acp', {
        script,
        faults: [['split-frames', { chunkBytes: 3, pauseEvery: 1, pauseMs: 2 }]],
      }),
    );
    expect(texts(await turn(split.session))).toEqual(expected);
  });

  test('huge-frame: the 8 MiB chunk arrives whole, as one text-delta', async () => {
    const { session } = await start(manifestFor('agent-acp.huge-frame'));
    const events = await turn(session);
    expect(events).toCompleteTurn({ stopReason: 'end_turn' });
    expect(texts(events)[0]).toHaveLength(8 * 1024 * 1024);
  });

  test('ignores-cancel: the turn ends as cancelled after the grace, with nothing of the agent after it', async () => {
    const { session } = await start(manifestFor('agent-acp.ignores-cancel'), {
      cancelGraceMs: 300,
      turnTimeoutMs: 6000,
    });
    // "a long task": a tool call, then 30 s of work; the cancel goes out once the tool call is seen.
    const events = await turn(
      session,
      'a long task',
      (e) => e.type === 'tool-call' && session.cancel(),
    );
    expect(events).toCompleteTurn({ stopReason: 'cancelled' });
    expect(texts(events)).not.toContain('Finished the long analysis.');
    expect(events).toFollowTurnTaxonomy();
  });
});

describe('the handshake', () => {
  test('slow-handshake: start waits for the late answer within its own timeout, and opens the session only after it', async () => {
    const { session, transcript } = await start(
      manifestFor('agent-acp', { faults: [['slow-handshake', { ms: 1500 }]] }),
      { handshakeTimeoutMs: 5000 },
    );
    expect(await turn(session)).toCompleteTurn({ stopReason: 'end_turn' });
    const frames = transcript().frames;
    const answered = frames.findIndex(
      (f) =>
        f.direction === 'from-agent' &&
        (f.message as { id?: unknown; result?: { protocolVersion?: unknown } })?.result
          ?.protocolVersion !== undefined,
    );
    const opened = frames.findIndex(
      (f) =>
        f.direction === 'to-agent' && (f.message as { method?: unknown })?.method === 'session/new',
    );
    expect(answered).toBeGreaterThan(0);
    expect(opened).toBeGreaterThan(answered);
  });

  test('stderr-noise: stderr is drained, so the agent gets to its handshake and the turn completes', async () => {
    // No transcript recorder here: it reads the child's stderr too, and would drain it for the runner.
    const session = await startAcpAgent(
      manifestFor('agent-acp.stderr-noise'),
      {},
      { handshakeTimeoutMs: 3000, onSpawn: (c) => void spawned.push(c.pid!) },
    );
    sessions.push(session);
    expect(await turn(session)).toCompleteTurn({ stopReason: 'end_turn' });
  });

  test('unknown-protocol-version: start refuses the agent at the handshake, before any session', async () => {
    let recorder: ReturnType<typeof recordAgentTranscript> | undefined;
    const error = await startAcpAgent(
      manifestFor('agent-acp.unknown-protocol-version'),
      {},
      {
        onSpawn: (child) => {
          spawned.push(child.pid!);
          recorder = recordAgentTranscript(child, 'acp');
        },
      },
    ).then(
      (s) => {
        sessions.push(s);
        return s;
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AgentStartError);
    expect((error as Error).message).toMatch(/protocol version 999/);
    expect(methodsSent(recorder!.transcript())).toEqual(['initialize']);
  });
});

describe('resuming a session (session/load)', () => {
  test('unknown-session-on-load: the failed resume is an error, never a fresh session passed off as the old one', async () => {
    const stateDir = tempDir();
    const first = await start(manifestFor('agent-acp', { stateDir }));
    await turn(first.session);
    await first.session.close();
    // A clean agent on the same state dir resumes it: the replayed history is no turn of ours.
    const again = await start(manifestFor('agent-acp', { stateDir }), {
      resume: first.session.sessionId,
    });
    expect(again.session.sessionId).toBe(first.session.sessionId);
    expect(await turn(again.session, 'and now?')).toCompleteTurn({ stopReason: 'end_turn' });
    await again.session.close();
    const error = await startAcpAgent(
      manifestFor('agent-acp.unknown-session-on-load', { stateDir }),
      {},
      { resume: first.session.sessionId, onSpawn: (c) => void spawned.push(c.pid!) },
    ).then(
      (s) => {
        sessions.push(s);
        return s;
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AgentResumeError);
    expect((error as Error).message).toContain(first.session.sessionId);
  });

  test('a non-resumable agent: the resume is refused, by its manifest before spawning, by its initialize before session/load', async () => {
    let spawnedAny = false;
    const byManifest = await startAcpAgent(
      manifestFor('agent-acp', {}, EPHEMERAL),
      {},
      {
        resume: 'sess-1',
        onSpawn: (c) => {
          spawnedAny = true;
          spawned.push(c.pid!);
        },
      },
    ).catch((e: unknown) => e);
    expect(byManifest).toBeInstanceOf(AgentResumeError);
    expect(spawnedAny).toBe(false);
    // A manifest that claims resumable for an agent that has no session/load: the negotiation decides.
    let recorder: ReturnType<typeof recordAgentTranscript> | undefined;
    const byAgent = await startAcpAgent(
      manifestFor('agent-acp', { args: ['--no-load-session'] }),
      {},
      {
        resume: 'sess-1',
        onSpawn: (c) => {
          spawned.push(c.pid!);
          recorder = recordAgentTranscript(c, 'acp');
        },
      },
    ).catch((e: unknown) => e);
    expect(byAgent).toBeInstanceOf(AgentResumeError);
    expect((byAgent as Error).message).toMatch(/session\/load/);
    expect(methodsSent(recorder!.transcript())).not.toContain('session/load');
  });
});

describe('capabilities', () => {
  test('a manifest that declares more than the agent negotiates is refused at load time, before any session', async () => {
    // The agent-acp manifest declares resumable: true; --no-load-session makes initialize answer loadSession: false.
    let recorder: ReturnType<typeof recordAgentTranscript> | undefined;
    const error = await startAcpAgent(
      manifestFor('agent-acp', { args: ['--no-load-session'] }),
      {},
      {
        onSpawn: (c) => {
          spawned.push(c.pid!);
          recorder = recordAgentTranscript(c, 'acp');
        },
      },
    ).then(
      (s) => {
        sessions.push(s);
        return s;
      },
      (e: unknown) => e,
    );
    expect(methodsSent(recorder!.transcript())).toEqual(['initialize']);
    expect(error).toBeInstanceOf(AgentStartError);
    // What the runner saw is what the kit reports on the manifest and the agent (AGENTCLI-24/beyond-acp-capabilities).
    expect(
      checkTurns(recorder!.transcript(), { capabilities: ACP.capabilities }).findings.map(
        (f) => f.id,
      ),
    ).toEqual(['AGENTCLI-24/beyond-acp-capabilities']);
  });
});

describe('tear-down', () => {
  test('close: session/close first, then the signals; nothing left behind', async () => {
    const probe = agentLifecycleProbe();
    probes.push(probe);
    const { session } = await start(manifestFor('agent-acp'), { probe });
    await turn(session);
    expect(await session.close()).toEqual({ forced: false });
    expect(probe.check().findings).toEqual([]); // AGENTCLI-26, session-not-closed included
    expect(probe.records().map((r) => r.event)).toContain('session-close');
  });
});
