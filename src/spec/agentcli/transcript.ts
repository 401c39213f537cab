/**
 * What a runner and an agent CLI said to each other, as data: the input of `normalizeTurnEvents` and of
 * the turn matchers, and what the kit's transcript recorder and fake agents produce. One shape for the
 * three protocol arms of AIP-45 (acp, mcp, proprietary).
 */

export type AgentProtocol = 'acp' | 'mcp' | 'proprietary';

export interface TranscriptFrame {
  /** `to-agent`: the runner wrote it on the agent's stdin; `from-agent`: the agent wrote it on stdout. */
  readonly direction: 'to-agent' | 'from-agent';
  /** acp and mcp: the parsed JSON-RPC message. Absent when the line was not JSON (see `line`). */
  readonly message?: unknown;
  /** The raw line, without its newline: always for proprietary, and for a line that was not JSON. */
  readonly line?: string;
  /** Milliseconds since the transcript started. */
  readonly at: number;
}

export interface AgentTranscript {
  readonly protocol: AgentProtocol;
  readonly frames: readonly TranscriptFrame[];
  /** What the agent wrote on stderr (free-form). */
  readonly stderr?: string;
  /** How the agent process ended, when it did. */
  readonly exit?: { readonly code: number | null; readonly signal: string | null };
}

/** AIP-45 §Stream event taxonomy: the closed set of event types a runner relays to its host. */
export const TURN_EVENT_TYPES = [
  'text-delta',
  'tool-call',
  'tool-result',
  'thought',
  'agent-prompt',
  'turn-end',
  'error',
] as const;
export type TurnEventType = (typeof TURN_EVENT_TYPES)[number];

/**
 * The proprietary arm's wire, as the kit's fake REPL agent speaks it: one line per message, UTF-8, LF.
 *
 * Agent → runner (stdout), each line `<tag> <payload>`:
 * - `ready <json {name, version}>`         the REPL is up (the handshake of this arm)
 * - `text <json string>`                   a chunk of the agent's message        → text-delta
 * - `thought <json string>`                a chunk of reasoning                  → thought
 * - `tool <json {id, name, args}>`         the agent calls a tool                → tool-call
 * - `result <json {id, output, isError?}>` the tool's result                     → tool-result
 * - `ask <json {id, question}>`            the agent asks the user mid-turn      → agent-prompt
 * - `done <json {stopReason}>`             the turn ended                        → turn-end
 * - `error <json {message}>`               out-of-band error during the turn     → error
 *
 * Runner → agent (stdin): a turn is `say <json string>`; an answer to `ask` is `answer <json {id, text}>`;
 * `cancel` ends the current turn (the agent answers `done {"stopReason":"cancelled"}`); `quit` exits 0.
 */
export const REPL_AGENT_TAGS = [
  'ready',
  'text',
  'thought',
  'tool',
  'result',
  'ask',
  'done',
  'error',
] as const;
export const REPL_RUNNER_TAGS = ['say', 'answer', 'cancel', 'quit'] as const;
export type ReplAgentTag = (typeof REPL_AGENT_TAGS)[number];
export type ReplRunnerTag = (typeof REPL_RUNNER_TAGS)[number];

/**
 * When a kit fake agent finds this variable naming a file, it appends one JSON line per lifecycle event:
 * `{"event":"start","pid":N,"ppid":N,"at":ms}`, `{"event":"child","pid":N,"at":ms}` (a helper process it
 * started), `{"event":"signal","signal":"SIGTERM","pid":N,"at":ms}`, `{"event":"exit","code":N,"pid":N,"at":ms}`, and — an agent ignoring SIGTERM — `{"event":"alive","pid":N,"at":ms}` every
 * 100 ms after the signal (the last one before death bounds when SIGKILL came). The ACP fake also logs its
 * sessions: `{"event":"session-open","sessionId":"…","how":"new"|"load",…}` and `{"event":"session-close","sessionId":"…",…}`,
 * and its turns: `{"event":"prompt","sessionId":"…","text":"…",…}` when a session/prompt arrives (the text capped at
 * PROMPT_LOG_CHARS) and `{"event":"prompt-end","sessionId":"…","stopReason":"…",…}` just before it is answered.
 * Every fake run with `--version` (a runner's version check) logs `{"event":"version","output":"…","code":0,…}`
 * and no `start`: it is not the agent's session process.
 * Every arm logs its handshake, `{"event":"handshake","offered":…,"answered":…}` (the protocol versions of the
 * runner's initialize and of the agent's answer; the REPL, whose `ready` carries none, neither), every turn it is
 * given — `prompt` (REPL: a `say`; MCP: a `tools/call`, with `tool`) and `prompt-end` with what it sent as the
 * turn's message (`textBytes`, `textSha256`; not on MCP, whose turn is a tool's answer) and the ids of the tool
 * calls it announced (`toolCalls`) — every cancel it receives (`cancel`, before it obeys or ignores it) and every
 * answer to a permission request (`permission`, with `outcome` allow, reject or cancelled). An agent that dies on
 * purpose (a fault) logs `fatal` first: the line it writes on stderr (`message`) and its `code` or `signal`; a
 * helper's `child` record carries the agent's pid as `ppid`. A write to stderr of more than a pipe holds is logged around
 * (`stderr-write` with its `bytes`, `stderr-written`): until a runner reads it, the agent cannot record a signal.
 * `at` is `Date.now()`. The lifecycle probe and the runner verb read it to see what the runner under test did to
 * the agent.
 */
export const AGENT_LIFECYCLE_LOG_ENV = 'AOI_TESTKIT_AGENT_LOG';

export interface LifecycleRecord {
  readonly event:
    | 'start'
    | 'child'
    | 'signal'
    | 'alive'
    | 'exit'
    | 'session-open'
    | 'session-close'
    | 'prompt'
    | 'prompt-end'
    | 'version'
    | 'handshake'
    | 'cancel'
    | 'permission'
    | 'fatal'
    | 'stderr-write'
    | 'stderr-written';
  readonly pid: number;
  readonly at: number;
  readonly ppid?: number;
  readonly signal?: string;
  readonly code?: number | null;
  /** session-open, session-close, prompt, prompt-end: the ACP session. */
  readonly sessionId?: string;
  /** prompt: the prompt's text as the agent received it (its first PROMPT_LOG_CHARS characters). */
  readonly text?: string;
  /** prompt-end: how the agent answered it. */
  readonly stopReason?: string;
  /** version: what `--version` printed (its first line). */
  readonly output?: string;
  /** start: the agent's argv (after the program). */
  readonly argv?: readonly string[];
  /** handshake: the protocol version the runner offered (its initialize), and the one the agent answered. */
  readonly offered?: unknown;
  readonly answered?: unknown;
  /** prompt (mcp): the tool the runner called. */
  readonly tool?: string;
  /** prompt-end: the turn's message as the agent sent it (its message chunks' text, in order): UTF-8 bytes and SHA-256 (hex). */
  readonly textBytes?: number;
  readonly textSha256?: string;
  /** prompt-end: the ids of the tool calls the agent announced in the turn, in order. */
  readonly toolCalls?: readonly string[];
  /** permission: the request's id, and how the runner answered it. */
  readonly id?: string;
  readonly outcome?: 'allow' | 'reject' | 'cancelled';
  /** fatal: what the agent wrote on stderr as it died on purpose (then its `code`, or `signal`). */
  readonly message?: string;
  /** stderr-write: the bytes of a write to stderr more than a pipe holds (until `stderr-written` it records no signal). */
  readonly bytes?: number;
}

/** How much of a prompt the fakes log: enough to find a transcript preamble, small enough for a log line. */
export const PROMPT_LOG_CHARS = 65_536;
