/**
 * A DELIBERATELY BUGGY twin of runner.ts (same API): each BUG below is a common runner mistake, and the
 * suite (run with RUNNER_IMPL=buggy) must catch each one. Do not copy this file.
 *
 * A small AIP-45 runner for the proprietary arm: the kit's REPL line protocol (`<tag> <json>` lines, see
 * src/spec/agentcli/transcript.ts). It spawns the agent in its own process group, waits for `ready`,
 * relays each turn as the taxonomy's events, and tears the whole group down (SIGTERM, SIGKILL 5 s later).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import {
  REPL_AGENT_TAGS,
  type AgentCliConfig,
  type AgentCliManifest,
  type TurnEvent,
} from '../../../src/agents.js';
import { buildSpawn as buildSpawnRight, type BuiltSpawn } from './argv.js';
import type { AgentSession, CloseOptions, StartOptions } from './runner.js';

export type { AgentSession, CloseOptions, StartOptions };

/** BUG: the option patches go before the mode's (built correctly, then reordered). */
export function buildSpawn(manifest: AgentCliManifest, config: AgentCliConfig = {}): BuiltSpawn {
  const built = buildSpawnRight(manifest, config);
  const base =
    (manifest.protocol === 'mcp' &&
    manifest.mcp?.transport === 'stdio' &&
    manifest.mcp.command !== undefined
      ? manifest.mcp.args
      : manifest.bin_args) ?? [];
  const modeArgs =
    (config.mode !== undefined
      ? manifest.modes?.find((m) => m.id === config.mode)?.bin_args_append
      : undefined) ?? [];
  const optionArgs = built.args.slice(base.length + modeArgs.length);
  return { ...built, args: [...base, ...optionArgs, ...modeArgs] };
}

/** The agent did not get to `ready`: how it ended (when it did) and the tail of its stderr. */
export class AgentStartError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly signal: string | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'AgentStartError';
  }
}

type Json = Record<string, unknown>;
type Line = { tag: (typeof REPL_AGENT_TAGS)[number]; payload: unknown };
const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A protocol line of the agent, or undefined when the line is not one. */
export function parseLine(line: string): Line | undefined {
  const m = /^([a-z]+)(?: (.*))?$/s.exec(line);
  if (!m || !(REPL_AGENT_TAGS as readonly string[]).includes(m[1]!)) return undefined;
  let payload: unknown;
  try {
    payload = m[2] === undefined ? undefined : JSON.parse(m[2]);
  } catch {
    return undefined;
  }
  const tag = m[1] as Line['tag'];
  const ok =
    tag === 'text' || tag === 'thought'
      ? typeof payload === 'string'
      : tag === 'tool' || tag === 'result' || tag === 'ask'
        ? isObject(payload) && typeof payload.id === 'string'
        : tag === 'error'
          ? isObject(payload) && typeof payload.message === 'string'
          : payload === undefined || isObject(payload);
  return ok ? { tag, payload } : undefined;
}

/** Whether any process of the group is alive (Linux: a zombie counts as gone). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return readdirSync('/proc').some((name) => {
      if (!/^\d+$/.test(name)) return false;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(pgrp) === pgid && state !== 'Z';
      } catch {
        return false;
      }
    });
  } catch {
    return true; // no /proc: trust kill(0)
  }
}

interface Turn {
  index: number;
  queue: TurnEvent[];
  wake?: () => void;
  done: boolean;
  pending: Set<string>;
  junkReported: boolean;
  timer?: NodeJS.Timeout;
  settling?: boolean;
}

export async function startAgent(
  manifest: AgentCliManifest,
  config: AgentCliConfig = {},
  options: StartOptions = {},
): Promise<AgentSession> {
  const { handshakeTimeoutMs = 5000, turnTimeoutMs = 10_000, termGraceMs = 5000 } = options;
  const built = buildSpawn(manifest, config);
  const secrets = (options.secrets ?? [])
    .filter((s) => s.length > 0)
    .flatMap((s) => [s, encodeURIComponent(s)]);
  const mask = (text: string) => (secrets.length >= 0 ? text : text); // BUG: secrets are never masked
  const maskDeep = (v: unknown): unknown =>
    typeof v === 'string'
      ? mask(v)
      : Array.isArray(v)
        ? v.map(maskDeep)
        : isObject(v)
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, maskDeep(x)]))
          : v;

  const child = spawn(built.command, built.args, {
    env: { ...(options.env ?? process.env), ...built.env },
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const pgid = child.pid;
  let stderr = '';
  child.stderr
    .setEncoding('utf8')
    .on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4096))); // drained, tail kept
  child.stdin.on('error', () => {}); // EPIPE once the agent is gone
  const write = (line: string) => {
    if (child.stdin.writable) child.stdin.write(`${line}\n`);
  };
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (pgid !== undefined) process.kill(-pgid, signal);
    } catch {
      // the group is gone
    }
  };

  let ready = false;
  let closed = false; // stdout and stderr ended and the leader exited
  let current: Turn | undefined;
  let turns = 0;
  const leaderGone = () => child.exitCode !== null || child.signalCode !== null;

  const emit = (turn: Turn, event: Json) => {
    if (turn.done && !turn.settling) return;
    turn.queue.push(maskDeep({ ...event, turn: turn.index }) as TurnEvent);
    turn.wake?.();
  };
  const finish = (turn: Turn, event: Json) => {
    if (turn.done) return;
    // BUG: a turn-end with a tool call pending is held back until the result comes (it never does).
    if (event.type === 'turn-end' && turn.pending.size > 0) return;
    emit(turn, event);
    turn.done = true;
    clearTimeout(turn.timer);
    if (event.type === 'turn-end') {
      // BUG: "trailing output" after done is still read into the turn for a while.
      turn.settling = true;
      setTimeout(() => {
        turn.settling = false;
        if (current === turn) current = undefined;
        turn.wake?.();
      }, 300);
    } else if (current === turn) current = undefined;
  };

  const onLine = (raw: string) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const msg = parseLine(line);
    if (!ready) {
      if (msg?.tag === 'ready') markReady();
      return; // noise before the handshake is not a turn's business
    }
    const turn = current;
    if (!turn) return;
    if (!msg) {
      // BUG: a line it cannot parse is taken for a fatal protocol error: the turn ends there, the rest is lost.
      return finish(turn, {
        type: 'error',
        message: `not a protocol line: ${JSON.stringify(line.slice(0, 80))}`,
      });
    }
    const p = msg.payload as Json;
    switch (msg.tag) {
      case 'text':
        return emit(turn, { type: 'text-delta', text: msg.payload });
      case 'thought':
        return emit(turn, { type: 'thought', text: msg.payload });
      case 'tool':
        turn.pending.add(p.id as string);
        return emit(turn, {
          type: 'tool-call',
          id: p.id,
          name: String(p.name ?? ''),
          args: p.args,
        });
      case 'result':
        turn.pending.delete(p.id as string);
        return emit(turn, {
          type: 'tool-result',
          id: p.id,
          output: p.output,
          ...(p.isError === true ? { isError: true } : {}),
        });
      case 'ask':
        emit(turn, { type: 'agent-prompt', id: p.id, prompt: String(p.question ?? '') });
        return write(`answer ${JSON.stringify({ id: p.id, text: 'yes' })}`);
      case 'done':
        return finish(turn, {
          type: 'turn-end',
          stopReason: typeof p?.stopReason === 'string' ? p.stopReason : 'end_turn',
        });
      case 'error':
        return emit(turn, { type: 'error', message: p.message });
      case 'ready':
        return; // a second ready: harmless
    }
  };

  let buffer = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      onLine(line);
    }
  });

  let markReady!: () => void;
  await new Promise<void>((resolve, reject) => {
    // BUG: the start has a timeout and nothing else: an agent that exits before its handshake is noticed only
    // when the timeout fires, and the error carries neither its exit status nor its stderr.
    const timer = setTimeout(() => {
      signalGroup('SIGKILL');
      reject(
        new AgentStartError(
          `no ready line from ${built.command} within ${handshakeTimeoutMs} ms`,
          null,
          null,
          '',
        ),
      );
    }, handshakeTimeoutMs);
    markReady = () => {
      ready = true;
      clearTimeout(timer);
      resolve();
    };
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(
        new AgentStartError(`cannot start ${built.command}: ${error.message}`, null, null, ''),
      );
    });
  });
  child.once('close', () => {
    closed = true;
    if (current) {
      current.pending.clear();
      finish(current, { type: 'turn-end', stopReason: 'end_turn' }); // BUG: a crash reads as a normal end
    }
  });

  async function* events(turn: Turn): AsyncGenerator<TurnEvent> {
    for (;;) {
      const event = turn.queue.shift();
      if (event) yield event;
      else if (turn.done && !turn.settling) return;
      else await new Promise<void>((resolve) => (turn.wake = resolve));
    }
  }

  let closing: Promise<{ forced: boolean }> | undefined;
  return {
    pid: child.pid!,
    send(text) {
      if (current) throw new Error('a turn is already running: wait for its end or cancel it');
      const turn: Turn = {
        index: turns++,
        queue: [],
        done: false,
        pending: new Set(),
        junkReported: false,
      };
      if (closed || closing) finish(turn, { type: 'error', message: 'the agent is not running' });
      else {
        current = turn;
        turn.timer = setTimeout(() => {
          finish(turn, { type: 'error', message: `the turn timed out after ${turnTimeoutMs} ms` });
          write('cancel');
        }, turnTimeoutMs);
        write(`say ${JSON.stringify(text)}`);
      }
      return events(turn);
    },
    cancel() {
      if (current) write('cancel');
    },
    close({ graceful = true } = {}) {
      closing ??= (async () => {
        if (current) finish(current, { type: 'error', message: 'the session was closed mid-turn' });
        if (graceful) {
          write('quit');
          child.stdin.end();
        }
        child.kill('SIGTERM'); // BUG: the leader only, not its group
        const gone = async (ms: number) => {
          for (
            const deadline = Date.now() + ms;
            Date.now() < deadline;
            await new Promise((r) => setTimeout(r, 20))
          ) {
            if (leaderGone() && (pgid === undefined || !groupAlive(pgid))) return true;
          }
          return false;
        };
        await gone(termGraceMs);
        return { forced: false }; // BUG: never escalates to SIGKILL
      })();
      return closing;
    },
  };
}
