import type { AgentProtocol, TurnEventType } from '../../spec/agentcli/transcript.js';
import type { FaultContract, FaultFactoryOf } from '../fault-contract.js';

/** The taxonomy event a runner should surface for a fault (AIP-45 §Stream event taxonomy), when there is one. */
export type TaxonomyEvent = TurnEventType;

/**
 * The switches the faults flip. A clean agent has none set; faults are merged in order (a later fault wins
 * on the same switch), so they compose like toxiproxy toxics.
 */
export interface AgentBehaviour {
  /** Exit with this code right after the start record, before reading anything. */
  exitBeforeHandshake?: { code: number; stderr: string };
  /** Wait this long before answering the handshake (ACP/MCP `initialize`, REPL `ready`). */
  handshakeDelayMs?: number;
  /** Die after this many updates of a turn (counted across the agent's life, from the turn given). */
  crashMidTurn?: {
    turn: number;
    afterUpdates: number;
    code: number;
    signal?: 'SIGKILL' | 'SIGSEGV' | 'SIGABRT';
  };
  /** Write one broken frame on stdout, before the first update of the given turn (or instead of the handshake). */
  malformedFrame?: { at: 'handshake' | 'turn'; kind: 'not-json' | 'not-jsonrpc' | 'truncated' };
  /** Write each frame in pieces of `chunkBytes`, pausing `pauseMs` every `pauseEvery` writes. */
  splitFrames?: { chunkBytes: number; pauseEvery: number; pauseMs: number };
  /** One message chunk of this many bytes at the start of the first turn. */
  hugeFrameBytes?: number;
  /** Bytes of noise on stderr at start and a few lines per update. */
  stderrNoise?: { startBytes: number; perUpdateLines: number };
  /** After the turn's end (ACP: the session/prompt response), still send this many updates. */
  eventsAfterTurnEnd?: number;
  /** The protocol version answered in the handshake. */
  protocolVersion?: number | string;
  /**
   * The cancellation a turn obeys, given the one it was sent (ACP `session/cancel`, MCP
   * `notifications/cancelled`, REPL `cancel`): the protocols call it through `heardCancel`, so that a fault
   * that changes how cancels are heard acts from its own file. Default: the cancellation sent.
   */
  hearCancel?: (sent: AbortSignal) => AbortSignal;
  /** SIGTERM (and SIGINT) are logged and ignored: only SIGKILL ends the agent. */
  ignoresSigterm?: boolean;
  /** The end of stdin does not end the agent (a stuck agent): only a signal does. */
  outlivesStdin?: boolean;
  /** session/load: `error` answers -32002 for every id, even known ones; `silent` answers success without replay. */
  unknownSessionOnLoad?: 'error' | 'silent';
  /** Every tool call stays pending: no result ever; then the turn ends anyway (`end-turn`) or hangs (MCP: the call is never answered either way). */
  toolCallWithoutResult?: 'end-turn' | 'hang';
  /** Echo the value of this environment variable in a message chunk of every turn. */
  echoSecretFrom?: string;
  /** Start a long-lived helper process at start (logged as `child`). */
  spawnsHelper?: { holdsStdio: boolean };
}

/**
 * One way for an agent CLI to misbehave, and what a correct runner does about it: the kit's one fault
 * contract (`violates` is every arm's `transcriptBreaks` together), extended with what an agent fault
 * declares per protocol arm and what a runner must do.
 */
export interface AgentFault<P extends object = object> extends FaultContract<P> {
  /** The protocol arms the fault applies to. */
  readonly arms: readonly AgentProtocol[];
  /** What the agent breaks, in the protocol's or the spec's words (empty when it breaks nothing: slowness, noise). */
  readonly breaks: string;
  /** One sentence: what a correct runner must do about it. */
  readonly runnerMust: string;
  /** The taxonomy event(s) a correct runner surfaces for it, when there is a consequence in the taxonomy. */
  readonly taxonomy?: readonly TaxonomyEvent[];
  /**
   * The AGENTCLI transcript sub-rules a recorded conversation with this fault breaks, per arm it applies to,
   * when the conversation exercises it (a turn is played; ignores-cancel: a cancel mid-turn;
   * echoes-secret: the secret is given to the checker; mcp events-after-turn-end: the call carries a progress
   * token). Declared from the protocols, not computed by the kit's checker: the agent-conversation corpus
   * takes its expected verdicts from here, and its test proves the checker agrees.
   */
  readonly transcriptBreaks: Readonly<Partial<Record<AgentProtocol, readonly string[]>>>;
  readonly behaviour: AgentBehaviour;
  /** Why these parameters make no sense on an arm the fault otherwise applies to (a usage error), if they do not. */
  readonly refuses?: (arm: AgentProtocol) => string | undefined;
}

export type AgentFaultFactory<P extends object> = FaultFactoryOf<AgentFault<P>>;

/** One scripted step of a turn. */
export type ScriptStep =
  | { readonly text: string }
  | { readonly thought: string }
  | {
      readonly plan: readonly {
        readonly content: string;
        readonly status?: 'pending' | 'in_progress' | 'completed';
        readonly priority?: 'high' | 'medium' | 'low';
      }[];
    }
  | {
      readonly tool: {
        readonly id: string;
        readonly name: string;
        readonly kind?: string;
        readonly args?: Record<string, unknown>;
      };
    }
  | {
      readonly toolResult: {
        readonly id: string;
        readonly output: string;
        readonly isError?: boolean;
      };
    }
  /** Ask the user (ACP: session/request_permission; REPL: `ask`), wait for the answer. */
  | {
      readonly ask: {
        readonly id: string;
        readonly question: string;
        readonly options?: readonly {
          readonly id: string;
          readonly name: string;
          readonly kind: 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always';
        }[];
      };
    }
  /** Keep working for this long; a cancel ends the wait at once (a long-running step to cancel in). */
  | { readonly workMs: number }
  | { readonly error: string };

export interface ScriptTurn {
  /** Used when the prompt contains this text (case-insensitive); turns without `when` are used in order. */
  readonly when?: string;
  readonly steps: readonly ScriptStep[];
  readonly stopReason?: 'end_turn' | 'max_tokens' | 'max_turn_requests' | 'refusal' | 'cancelled';
}

export interface AgentScript {
  readonly name: string;
  readonly description: string;
  readonly turns: readonly ScriptTurn[];
}

/** The agent's options, from its argv (what a manifest's modes and options patch). */
export interface AgentOptions {
  /** `--permission-mode default|plan|acceptEdits|bypassPermissions`. */
  readonly permissionMode: string;
  /** `--model x`. */
  readonly model: string;
  /** `--max-turns N`: the N+1th prompt ends at once with stopReason max_turn_requests. */
  readonly maxTurns?: number;
  /** `--auto`: never ask for permission (the asks are answered with their first allow option). */
  readonly auto: boolean;
  /** `--resume <id>` (native-resume continuation): the REPL reopens this session's history. */
  readonly resume?: string;
  /**
   * Where sessions are stored (`--state-dir`, else $AOI_TESTKIT_STATE_DIR); without one they live in memory, for this
   * process only, so that a fake run from any language leaves nothing behind, even when SIGKILL ends it.
   */
  readonly stateDir?: string;
  /** acp: whether the agent offers session/load (`--no-load-session` turns it off: a non-resumable agent). */
  readonly loadSession: boolean;
  /** mcp: `--transport stdio` (default) or `http` (Streamable HTTP on 127.0.0.1, for HTTP-only tools). */
  readonly transport: 'stdio' | 'http';
  /** mcp over http: `--port` (default 0: any free port). */
  readonly port?: number;
  /** Arguments the agent did not know (reported, never fatal). */
  readonly unknown: readonly string[];
}
