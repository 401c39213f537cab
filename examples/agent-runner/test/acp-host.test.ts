/**
 * The host's suite (continuation strategies and session limits), on the kit's fake ACP agent declared by the
 * `agent-acp-pinned` and `agent-acp-transcript` manifests, judged by the lifecycle probe's `checkSession`
 * (AGENTCLI-27, 28). It runs against src/acp-host.ts, or the deliberately buggy src/acp-host-buggy.ts with
 * RUNNER_IMPL=buggy (meta.test.ts checks that it catches every bug there).
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import {
  agentLifecycleProbe,
  fakeAgentCommand,
  idleTimeoutOf,
  IDLE_MARGIN_MS,
  validateAgentCliManifest,
  type AgentCliManifest,
  type AgentLifecycleProbe,
  type HostTurn,
  type TurnEvent,
} from '../../../src/agents.js';
import { createAcpHost, type AgentHost, type PriorTurn } from '../src/index.js';

const manifestOf = (name: string) =>
  validateAgentCliManifest(
    readFileSync(new URL(`../../../fixtures/agents/${name}/AGENT-CLI.md`, import.meta.url), 'utf8'),
  ).manifest!;
const PINNED = manifestOf('agent-acp-pinned');
const TRANSCRIPT = manifestOf('agent-acp-transcript');

/** The manifest with `bin` on the kit's fake, and its session limits changed by `session`. */
function manifestFor(
  base: AgentCliManifest,
  session: Partial<NonNullable<AgentCliManifest['session']>> = {},
): AgentCliManifest {
  const command = fakeAgentCommand('agent-acp');
  const idle = session.idle_timeout_ms;
  return {
    ...base,
    bin: command.command,
    bin_args: [command.args[0]!, ...(base.bin_args ?? [])],
    session: { ...base.session, ...session },
    ...(base.continuation && idle !== undefined
      ? {
          continuation: {
            ...base.continuation,
            ...(base.continuation.pinned_session
              ? { pinned_session: { ...base.continuation.pinned_session, idle_timeout_ms: idle } }
              : {}),
          },
        }
      : {}),
  };
}

const hosts: AgentHost[] = [];
const probes: AgentLifecycleProbe[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close().catch(() => {})));
  for (const probe of probes.splice(0)) {
    // A host under test may leave an agent behind: every agent the probe saw is killed (its whole group).
    for (const r of probe.records()) {
      if (r.event !== 'start') continue;
      for (const target of [-r.pid, r.pid]) {
        try {
          process.kill(target, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    probe.cleanup();
  }
});

function hostFor(manifest: AgentCliManifest) {
  const probe = agentLifecycleProbe();
  probes.push(probe);
  const host = createAcpHost(manifest, {}, { env: { ...process.env, ...probe.env } });
  hosts.push(host);
  return { host, probe };
}

async function turn(
  host: AgentHost,
  conversation: string,
  text: string,
  history?: PriorTurn[],
): Promise<TurnEvent[]> {
  const events: TurnEvent[] = [];
  for await (const event of host.send(conversation, text, history ? { history } : {}))
    events.push(event);
  return events;
}
const said = (events: TurnEvent[]) =>
  events.flatMap((e) => (e.type === 'text-delta' ? [e.text] : [])).join('');

describe('continuation', () => {
  test('pinned-session: each conversation keeps its own child across turns', async () => {
    const { host, probe } = hostFor(manifestFor(PINNED, { idle_timeout_ms: 60_000 }));
    expect(host.strategy).toBe('pinned-session');
    const turns: HostTurn[] = [
      { conversation: 'a', text: 'hello from a' },
      { conversation: 'b', text: 'hello from b' },
      { conversation: 'a', text: 'and again from a' },
      { conversation: 'b', text: 'and again from b' },
    ];
    for (const t of turns)
      expect((await turn(host, t.conversation, t.text)).at(-1)?.type).toBe('turn-end');
    const report = probe.checkSession({ continuation: 'pinned-session', turns });
    expect(report.findings).toEqual([]);
    expect(report.verdicts.find((v) => v.rule === 'AGENTCLI-27')?.status).toBe('pass');
  });

  test('transcript: every turn after the first carries the earlier turns before its message', async () => {
    const { host, probe } = hostFor(manifestFor(TRANSCRIPT));
    expect(host.strategy).toBe('transcript');
    const first = await turn(host, 'a', 'what is in this repo?');
    const history: PriorTurn[] = [
      { role: 'user', text: 'what is in this repo?' },
      { role: 'agent', text: said(first) },
    ];
    expect((await turn(host, 'a', 'and which file is the largest?', history)).at(-1)?.type).toBe(
      'turn-end',
    );
    const report = probe.checkSession({
      continuation: 'transcript',
      turns: [
        { conversation: 'a', text: 'what is in this repo?' },
        { conversation: 'a', text: 'and which file is the largest?' },
      ],
    });
    expect(report.findings).toEqual([]);
    expect(report.verdicts.find((v) => v.rule === 'AGENTCLI-27')?.status).toBe('pass');
  });

  test('a strategy outside supported is refused before anything is spawned', () => {
    expect(() =>
      createAcpHost(manifestFor(TRANSCRIPT), { continuation: 'pinned-session' }),
    ).toThrow(/supported/);
  });
});

describe('session limits', () => {
  test('max_turns: the turn past the limit is refused with an error, never sent', async () => {
    const manifest = manifestFor(PINNED, { idle_timeout_ms: 60_000, max_turns: 2 });
    const { host, probe } = hostFor(manifest);
    for (const text of ['one', 'two'])
      expect((await turn(host, 'a', text)).at(-1)?.type).toBe('turn-end');
    const third = await turn(host, 'a', 'three');
    expect(probe.checkSession({ maxTurns: 2 }).findings).toEqual([]);
    expect(third.map((e) => e.type)).toEqual(['error']);
  });

  test(
    'idle: a pinned child left idle is closed after idle_timeout_ms, not before',
    { timeout: 40_000 },
    async () => {
      const manifest = manifestFor(PINNED, { idle_timeout_ms: 1000 });
      const idleTimeoutMs = idleTimeoutOf(manifest);
      expect(idleTimeoutMs).toBe(1000);
      const { host, probe } = hostFor(manifest);
      expect((await turn(host, 'a', 'hello')).at(-1)?.type).toBe('turn-end');
      // The agent's log is the handshake: its session-close (or its end) once the host evicts it.
      await probe.waitFor(
        (r) => r.event === 'session-close' || r.event === 'signal' || r.event === 'exit',
        idleTimeoutMs + IDLE_MARGIN_MS + 500,
      );
      const report = probe.checkSession({ idle: { idleTimeoutMs } });
      expect(report.findings).toEqual([]);
      expect(report.verdicts.find((v) => v.rule === 'AGENTCLI-28')?.status).toBe('pass');
    },
  );
});
