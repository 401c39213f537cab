/**
 * The runner's suite, written against aoi-testkit's fake agent CLIs: one behaviour per test, each driven by
 * a fake's fault. It runs against src/runner.ts, or the deliberately buggy src/runner-buggy.ts with
 * RUNNER_IMPL=buggy (meta.test.ts checks that it catches every bug there).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import {
  agentLifecycleProbe,
  fakeAgentCommand,
  resolveSpawn,
  validateAgentCliManifest,
  type AgentCliConfig,
  type AgentCliManifest,
  type AgentLifecycleProbe,
  type TurnEvent,
} from '../../../src/agents.js';
import { agentCliConfig, agentCliManifest } from '../../../src/arbitraries/index.js';
import { toCompleteTurn, toFollowTurnTaxonomy } from '../../../src/matchers/index.js';
import {
  AgentStartError,
  buildSpawn,
  startAgent,
  type AgentSession,
  type StartOptions,
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

/** The fake's own manifest, as a host reads it from the registry. */
const REPL = validateAgentCliManifest(
  readFileSync(
    new URL('../../../fixtures/agents/agent-repl/AGENT-CLI.md', import.meta.url),
    'utf8',
  ),
).manifest!;

/** The manifest with `bin` pointing at a kit fake (`agent-repl` or a preset such as `agent-repl.crash-mid-turn`). */
function manifestFor(preset: string): AgentCliManifest {
  const fake = fakeAgentCommand(preset);
  return { ...REPL, bin: fake.command, bin_args: fake.args };
}

// Every agent a test starts is killed afterwards (its whole group, helpers included): a runner under test may leave one.
const sessions: AgentSession[] = [];
const probes: AgentLifecycleProbe[] = [];
afterEach(() => {
  const pids = sessions.splice(0).map((s) => s.pid);
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
});

function probe(): AgentLifecycleProbe {
  const p = agentLifecycleProbe();
  probes.push(p);
  return p;
}

async function start(
  preset: string,
  options: StartOptions & { config?: AgentCliConfig; probe?: AgentLifecycleProbe } = {},
): Promise<AgentSession> {
  const { config, probe: p, ...rest } = options;
  const session = await startAgent(manifestFor(preset), config ?? {}, {
    ...rest,
    env: { ...process.env, ...rest.env, ...p?.env },
  });
  sessions.push(session);
  return session;
}

async function turn(session: AgentSession, text = 'hello'): Promise<TurnEvent[]> {
  const events: TurnEvent[] = [];
  for await (const event of session.send(text)) events.push(event);
  return events;
}

describe('turns', () => {
  test('a clean turn follows the taxonomy and ends with end_turn', async () => {
    const session = await start('agent-repl');
    const events = await turn(session);
    expect(events).toFollowTurnTaxonomy({ capabilities: REPL.capabilities });
    expect(events).toCompleteTurn({ stopReason: 'end_turn' });
    expect(events.map((e) => e.type)).toContain('text-delta');
    expect(await session.close()).toEqual({ forced: false });
  });

  test('an ask is answered: the agent-prompt is relayed and the turn goes on to its end', async () => {
    const session = await start('agent-repl');
    const events = await turn(session, 'permission');
    expect(events.map((e) => e.type)).toContain('agent-prompt');
    expect(events).toFollowTurnTaxonomy();
    expect(events).toCompleteTurn({ stopReason: 'end_turn' });
  });

  test('crash-mid-turn: the turn ends with an error, not a turn-end', async () => {
    const session = await start('agent-repl.crash-mid-turn');
    const events = await turn(session);
    expect(events).toCompleteTurn();
    expect(events.at(-1)?.type).toBe('error');
    expect(events.map((e) => e.type)).not.toContain('turn-end');
  });

  test('events-after-turn-end: nothing follows the turn-end', async () => {
    const session = await start('agent-repl.events-after-turn-end');
    const events = await turn(session);
    expect(events).toCompleteTurn({ stopReason: 'end_turn' });
    expect(events.at(-1)?.type).toBe('turn-end');
  });

  test('tool-call-without-result: the turn still ends, with a tool-result for every call', async () => {
    const session = await start('agent-repl.tool-call-without-result', { turnTimeoutMs: 3000 });
    const events = await turn(session);
    expect(events).toFollowTurnTaxonomy();
    expect(events).toCompleteTurn({ stopReason: 'end_turn' });
    const calls = events.flatMap((e) => (e.type === 'tool-call' ? [e.id] : []));
    const results = events.flatMap((e) => (e.type === 'tool-result' ? [e.id] : []));
    expect(calls.length).toBeGreaterThan(0);
    expect(results).toEqual(expect.arrayContaining(calls));
  });

  test('malformed-frame: the bad line is reported once and the turn completes', async () => {
    const session = await start('agent-repl.malformed-frame');
    const events = await turn(session);
    expect(events).toCompleteTurn({ stopReason: 'end_turn' });
    expect(events.filter((e) => e.type === 'error')).toHaveLength(1);
    expect(events.map((e) => e.type)).toContain('text-delta');
  });

  test('echoes-secret: the secret never appears in an event', async () => {
    const secret = 'sk-ant-example-0123456789abcdef';
    const session = await start('agent-repl.echoes-secret', {
      env: { ANTHROPIC_API_KEY: secret },
      secrets: [secret],
    });
    const events = await turn(session);
    expect(events).toFollowTurnTaxonomy({ secrets: [secret] });
    expect(JSON.stringify(events)).toContain('***');
    expect(JSON.stringify(events)).not.toContain(secret);
  });
});

describe('lifecycle', () => {
  test('exits-before-handshake: start rejects promptly with the exit code and stderr', async () => {
    const started = Date.now();
    const error = await start('agent-repl.exits-before-handshake').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentStartError);
    expect((error as InstanceType<typeof AgentStartError>).exitCode).toBe(1);
    expect((error as InstanceType<typeof AgentStartError>).stderr).not.toBe('');
    expect(Date.now() - started).toBeLessThan(4000); // well before the 5 s handshake timeout
  });

  test('hangs-on-sigterm: close escalates to SIGKILL after the grace and says so', async () => {
    const p = probe();
    const session = await start('agent-repl.hangs-on-sigterm', { probe: p });
    // The fake still obeys `quit`: an abort (no quit) is what leaves the signals to do the work.
    expect(await session.close({ graceful: false })).toEqual({ forced: true });
    expect(p.check().findings).toEqual([]);
    expect(p.check().ok).toBe(true);
  });

  test('spawns-helper: close leaves no orphan behind', async () => {
    const p = probe();
    const session = await start('agent-repl.spawns-helper', { probe: p });
    expect(p.records().some((r) => r.event === 'child')).toBe(true); // logged before `ready`
    await session.close();
    expect(p.check().findings).toEqual([]);
  });
});

describe('argv and env', () => {
  test("buildSpawn agrees with the kit's resolveSpawn on any manifest and config", () => {
    fc.assert(
      fc.property(
        agentCliManifest().chain((m) => agentCliConfig(m).map((c) => [m, c] as const)),
        ([manifest, config]) => {
          const reference = resolveSpawn(manifest, config);
          expect(reference.ok).toBe(true);
          if (!reference.ok) return;
          const mine = buildSpawn(manifest, config);
          expect([mine.command, ...mine.args]).toEqual([reference.command, ...reference.args]);
          expect(mine.env).toEqual(reference.env);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('the agent-repl manifest: plan mode, max_turns and auto, in that order', () => {
    const manifest = manifestFor('agent-repl');
    const config = { mode: 'plan', options: { max_turns: 3, auto: true } };
    const reference = resolveSpawn(manifest, config);
    if (!reference.ok) throw new Error('the reference rejected the config');
    const mine = buildSpawn(manifest, config);
    expect([mine.command, ...mine.args]).toEqual([reference.command, ...reference.args]);
    expect(mine.args.slice(-5)).toEqual([
      '--permission-mode',
      'plan',
      '--max-turns',
      '3',
      '--auto',
    ]);
  });

  test('a bad config is refused before anything is spawned', () => {
    const manifest = manifestFor('agent-repl');
    expect(() => buildSpawn(manifest, { mode: 'yolo' })).toThrow(/mode/);
    expect(() => buildSpawn(manifest, { options: { temperature: 1 } })).toThrow(/option/);
    expect(() => buildSpawn(manifest, { options: { max_turns: 0 } })).toThrow(/max_turns/);
    expect(() => buildSpawn(manifest, { options: { auto: 'yes' } })).toThrow(/auto/);
  });
});
