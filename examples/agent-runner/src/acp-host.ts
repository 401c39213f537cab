/**
 * A host over the ACP runner (`startAcpAgent`): it dispatches a conversation's turns by the manifest's
 * continuation strategy (AIP-45 §Continuation) and keeps to its session limits (§Session model).
 * - pinned-session: one child per conversation (key_scope [conversation, operator]), reused turn after turn, closed
 *   once idle for the idle timeout (`continuation.pinned_session.idle_timeout_ms`, else `session.idle_timeout_ms`);
 * - transcript: a fresh child per turn, the turns the caller supplies prepended to the message as a preamble;
 * - none: a fresh child per turn, the message alone.
 * A session's turn past `session.max_turns` is refused with an `error` event and never sent.
 */
import type {
  AgentCliConfig,
  AgentCliManifest,
  ContinuationStrategy,
  TurnEvent,
} from '../../../src/agents.js';
import { startAcpAgent, type AcpSession, type AcpStartOptions } from './acp-runner.js';

/** A turn the caller supplies for the transcript strategy. */
export interface PriorTurn {
  role: 'user' | 'agent';
  text: string;
}

export interface HostOptions extends AcpStartOptions {
  /** The operator the turns are for (part of the pinned key). */
  operator?: string;
}

export interface AgentHost {
  /** The strategy in use: the config's `continuation`, else the manifest's default, else none. */
  readonly strategy: ContinuationStrategy;
  /** One turn of a conversation; `history` is what the transcript strategy prepends (the caller's last N turns). */
  send(
    conversation: string,
    text: string,
    options?: { history?: readonly PriorTurn[] },
  ): AsyncIterable<TurnEvent>;
  /** Closes every pinned child. */
  close(): Promise<void>;
}

interface Pinned {
  session: Promise<AcpSession>;
  turns: number;
  idle?: NodeJS.Timeout;
}

export function preamble(history: readonly PriorTurn[]): string {
  if (history.length === 0) return '';
  return `Earlier in this conversation:\n${history.map((t) => `${t.role}: ${t.text}`).join('\n')}\n\nNow:\n`;
}

export function createAcpHost(
  manifest: AgentCliManifest,
  config: AgentCliConfig = {},
  options: HostOptions = {},
): AgentHost {
  const strategy = (config.continuation ??
    manifest.continuation?.default ??
    'none') as ContinuationStrategy;
  // AIP-45 §Continuation: a strategy outside `supported` is refused before anything is dispatched.
  if (
    config.continuation !== undefined &&
    !(manifest.continuation?.supported ?? []).includes(strategy)
  )
    throw new Error(
      `continuation ${JSON.stringify(strategy)} is not in the manifest's supported strategies`,
    );
  if (strategy === 'native-resume')
    throw new Error('this host does not implement native-resume: use startAcpAgent({ resume })');
  const idleTimeoutMs =
    (strategy === 'pinned-session'
      ? manifest.continuation?.pinned_session?.idle_timeout_ms
      : undefined) ??
    manifest.session?.idle_timeout_ms ??
    600_000;
  const maxTurns = manifest.session?.max_turns;
  const { operator = 'default', ...startOptions } = options;
  const pinned = new Map<string, Pinned>();
  const start = () => startAcpAgent(manifest, config, startOptions);

  const evict = (key: string) => {
    const child = pinned.get(key);
    if (!child) return;
    pinned.delete(key);
    clearTimeout(child.idle);
    void child.session.then((s) => s.close()).catch(() => {});
  };

  async function* refused(message: string): AsyncGenerator<TurnEvent> {
    yield { type: 'error', message, turn: 0 } as TurnEvent;
  }

  async function* pinnedTurn(conversation: string, text: string): AsyncGenerator<TurnEvent> {
    const key = JSON.stringify([conversation, operator]);
    let child = pinned.get(key);
    if (!child) {
      child = { session: start(), turns: 0 };
      pinned.set(key, child);
      child.session.catch(() => pinned.delete(key));
    }
    if (maxTurns !== undefined && child.turns >= maxTurns) {
      yield* refused(`the session has had its ${maxTurns} turns (session.max_turns): turn refused`);
      return;
    }
    clearTimeout(child.idle);
    child.turns++;
    const session = await child.session;
    try {
      yield* session.send(text);
    } finally {
      // Idle from the end of this turn: evicted unless another turn comes first.
      if (pinned.get(key) === child) child.idle = setTimeout(() => evict(key), idleTimeoutMs);
    }
  }

  async function* freshTurn(text: string): AsyncGenerator<TurnEvent> {
    const session = await start();
    try {
      yield* session.send(text);
    } finally {
      await session.close();
    }
  }

  return {
    strategy,
    send(conversation, text, { history = [] } = {}) {
      if (strategy === 'pinned-session') return pinnedTurn(conversation, text);
      return freshTurn(strategy === 'transcript' ? `${preamble(history)}${text}` : text);
    },
    async close() {
      await Promise.all(
        [...pinned.keys()].map(async (key) => {
          const child = pinned.get(key)!;
          pinned.delete(key);
          clearTimeout(child.idle);
          await (await child.session.catch(() => undefined))?.close();
        }),
      );
    },
  };
}
