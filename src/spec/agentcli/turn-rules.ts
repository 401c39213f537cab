import { kit, must, subRulesJudgedBy, withDocs } from '../define.js';
import type { Rule, SubRule } from '../types.js';

/**
 * AGENTCLI-20…: rules on a conversation between a runner and an agent CLI (AIP-45 §Stream event taxonomy,
 * §Lifecycle, §Capabilities, §Security considerations). 20–25 are judged on a transcript (`checkTurns`),
 * 26 on what a runner did to the agent process (`checkAgentLifecycle`), 27–28 on what reached which agent process
 * and session, and when (`checkSessionPolicy`), 29 on what the runner did before the spawn (`checkPreflight`), all
 * three from the fake's lifecycle log; 30 on the argv the fake logged and the runner's own log (`checkRunnerSecrets`).
 */
export const AGENTCLI_TURN_RULES: readonly Rule[] = withDocs([
  {
    id: 'AGENTCLI-20',
    title: 'The agent completes the protocol handshake before anything else',
    characteristics: ['Versioned'],
    sections: ['§Lifecycle', '§protocol discriminator'],
  },
  {
    id: 'AGENTCLI-21',
    title: 'Every frame is a well-formed message of the protocol',
    characteristics: ['Typed'],
    sections: ['§Conformance'],
  },
  {
    id: 'AGENTCLI-22',
    title: 'Each turn ends in exactly one turn-end or error, and nothing follows it',
    characteristics: ['Verifiable'],
    sections: ['§Stream event taxonomy'],
  },
  {
    id: 'AGENTCLI-23',
    title:
      'Every tool-result answers an earlier tool-call, and every tool-call is answered within its turn',
    characteristics: ['Verifiable'],
    sections: ['§Stream event taxonomy'],
  },
  {
    id: 'AGENTCLI-24',
    title: 'The agent uses only the capabilities its manifest declares',
    characteristics: ['Discoverable', 'Safe'],
    sections: ['§Capabilities'],
  },
  {
    id: 'AGENTCLI-25',
    title: 'No secret from the environment appears in what the agent says',
    characteristics: ['Safe'],
    sections: ['§Security considerations', '§Auth surface'],
  },
  {
    id: 'AGENTCLI-26',
    title: 'Tear-down is SIGTERM, then SIGKILL after 5 s, and leaves no process behind',
    characteristics: ['Safe'],
    sections: ['§Lifecycle'],
  },
  {
    id: 'AGENTCLI-27',
    title: 'Prior turns reach the agent as the continuation strategy says',
    characteristics: ['Verifiable'],
    sections: ['§Continuation'],
  },
  {
    id: 'AGENTCLI-28',
    title: 'The runner keeps to the session’s idle_timeout_ms and max_turns',
    characteristics: ['Safe'],
    sections: ['§Session model'],
  },
  {
    id: 'AGENTCLI-29',
    title:
      'The runner checks the version and the setup before it spawns the agent, and stops when either is not satisfied',
    characteristics: ['Safe', 'Versioned'],
    sections: ['§Lifecycle', '§Setup surface'],
  },
  {
    id: 'AGENTCLI-30',
    title: 'The runner keeps secrets off the agent’s argv and out of its own logs',
    characteristics: ['Safe'],
    sections: ['§Auth surface'],
  },
]);

const transcript = subRulesJudgedBy('transcript');
const lifecycle = subRulesJudgedBy('lifecycle');
/** 27–28: judged by `checkSessionPolicy` on the agent's lifecycle log, as 26 is. */
const policy = lifecycle;

/** Every distinct way a conversation (or a runner's tear-down) breaks an AGENTCLI rule. */
export const AGENTCLI_TURN_SUB_RULES: readonly SubRule[] = [
  // AGENTCLI-20 — handshake
  transcript(
    'AGENTCLI-20/no-handshake',
    'error',
    'The agent never completed the handshake',
    'Answer initialize (acp, mcp) or print the ready line (proprietary) before anything else; a runner must time out and report the agent, not hang.',
    must(
      'Initialization',
      'The Agent MUST respond with the chosen protocol version and the capabilities it supports',
      'ACP',
    ),
  ),
  transcript(
    'AGENTCLI-20/protocol-version',
    'warning',
    'The agent answered initialize with a protocol version the runner did not offer',
    'Answer with the protocol version the client asked for, or the latest one you support that the client can speak.',
    kit(
      'Initialization',
      'If the Agent supports the requested version, it MUST respond with the same version. Otherwise, the Agent MUST respond with the latest version it supports.',
      'ACP',
    ),
  ),
  transcript(
    'AGENTCLI-20/before-handshake',
    'warning',
    'The agent sent session traffic before the handshake completed',
    'Send nothing but the initialize answer (or the ready line) until the handshake is done.',
    kit('Lifecycle', 'Handshake (per protocol arm)'),
  ),
  // AGENTCLI-21 — frames
  transcript(
    'AGENTCLI-21/malformed-frame',
    'error',
    'A line on the agent’s stdout is not a JSON-RPC 2.0 message',
    'Write one complete JSON-RPC 2.0 object per line on stdout; send logs to stderr.',
    must(
      'Transports',
      'The agent MUST NOT write anything to its stdout that is not a valid ACP message.',
      'ACP',
    ),
  ),
  transcript(
    'AGENTCLI-21/unknown-tag',
    'error',
    'A line of the proprietary REPL starts with a tag the wire does not define',
    'Start every line with one of the REPL tags (ready, text, thought, tool, result, ask, done, error).',
    must(
      'Conformance',
      'When protocol: "proprietary", the manifest\'s adapter package (adapter field) implements the AgentCliClient interface from @agentproto/driver-agent-cli.',
    ),
  ),
  // AGENTCLI-22 — turn ends
  transcript(
    'AGENTCLI-22/no-turn-end',
    'error',
    'A turn has no turn-end or error',
    'End every turn: answer session/prompt with a stopReason (acp), answer tools/call (mcp), print `done` (proprietary).',
    must(
      '5 Response object',
      'When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications.',
      'JSON-RPC 2.0',
    ),
  ),
  transcript(
    'AGENTCLI-22/double-end',
    'warning',
    'A turn ends twice',
    'End each turn exactly once.',
    kit('Stream event taxonomy', 'turn-end | Agent has finished the current turn'),
  ),
  transcript(
    'AGENTCLI-22/event-after-end',
    'warning',
    'Turn events after the turn ended',
    'Flush every update of a turn before answering session/prompt; send nothing for a turn that has ended.',
    kit('Stream event taxonomy', 'turn-end | Agent has finished the current turn'),
  ),
  transcript(
    'AGENTCLI-22/cancel-ignored',
    'error',
    'A cancelled turn did not end as cancelled',
    'On session/cancel (REPL: cancel), stop the turn and answer the prompt with stopReason "cancelled" — not end_turn, not an error.',
    must(
      'Prompt Turn: Cancellation',
      'the Agent MUST respond to the original session/prompt request with the cancelled stop reason',
      'ACP',
    ),
  ),
  transcript(
    'AGENTCLI-22/unknown-type',
    'warning',
    'An event has a type outside the closed taxonomy',
    'Emit only text-delta, tool-call, tool-result, thought, agent-prompt, turn-end and error; translate every protocol shape at the arm boundary.',
    kit(
      'Stream event taxonomy',
      "When the runtime relays the binary's output to a host, events conform to a closed taxonomy regardless of underlying protocol",
    ),
  ),
  // AGENTCLI-23 — tool calls
  transcript(
    'AGENTCLI-23/orphan-result',
    'warning',
    'A tool-result answers no earlier tool-call',
    'Announce the tool call (tool_call) before its update or result, with the same toolCallId.',
    kit('Stream event taxonomy', "tool-result | Tool's response delivered back to the agent"),
  ),
  transcript(
    'AGENTCLI-23/unanswered-call',
    'warning',
    'A tool-call never got a tool-result before its turn ended',
    'Report a final status (completed or failed) for every tool call before the turn ends; a runner must not wait for it forever.',
    kit('Stream event taxonomy', "tool-result | Tool's response delivered back to the agent"),
    'AIP-45 defines tool-result but never says every tool-call gets one; a runner must still not hang on it.',
  ),
  transcript(
    'AGENTCLI-23/duplicate-call-id',
    'error',
    'Two tool-calls in one session share an id',
    'Give every tool call its own id within the session.',
    must(
      'Tool Calls',
      'toolCallId: A unique identifier for this tool call within the session',
      'ACP',
    ),
  ),
  // AGENTCLI-24 — declared capabilities
  transcript(
    'AGENTCLI-24/tool-calls',
    'warning',
    'tool-call events from an agent that declares tool_calls: false',
    'Declare capabilities.tool_calls: true, or do not call tools.',
    kit('Capabilities', 'It tells the host what to expect before boot'),
  ),
  transcript(
    'AGENTCLI-24/streaming',
    'warning',
    'text-delta events from an agent that declares streaming: false',
    'Declare capabilities.streaming: true, or send the message whole.',
    kit('Capabilities', 'It tells the host what to expect before boot'),
  ),
  transcript(
    'AGENTCLI-24/bidirectional',
    'warning',
    'agent-prompt events from an agent that declares bidirectional: false',
    'Declare capabilities.bidirectional: true, or do not ask the client mid-turn.',
    kit('Capabilities', 'It tells the host what to expect before boot'),
  ),
  transcript(
    'AGENTCLI-24/beyond-acp-capabilities',
    'error',
    'The manifest declares a capability the agent’s ACP initialize answer does not offer',
    'Declare only what the agent negotiates: resumable needs loadSession, multimodal needs promptCapabilities.image or .audio; a runner refuses the agent at load time otherwise.',
    must(
      'Capabilities',
      'When protocol: "acp", capabilities MUST be a subset of the ACP capabilities the bound AIP-44 manifest declares',
    ),
  ),
  transcript(
    'AGENTCLI-24/resumable',
    'error',
    'session/load used with an agent that does not declare resumable: true',
    'Declare capabilities.resumable: true (and loadSession in ACP), or do not load sessions.',
    must(
      'Session model',
      'clients MUST refuse to declare resumable against a binary lacking the capability',
    ),
  ),
  // AGENTCLI-25 — secrets
  transcript(
    'AGENTCLI-25/secret-echoed',
    'warning',
    'A secret given to the agent in its environment appears in a message',
    'Never echo environment values into messages, tool calls or errors; the host shows them to the user.',
    kit(
      'Auth surface',
      'passes them to the subprocess via sandbox.env.set (never argv, never logs).',
    ),
  ),
  // AGENTCLI-26 — lifecycle (the runner's side)
  lifecycle(
    'AGENTCLI-26/no-sigterm',
    'warning',
    'The runner ended the agent without SIGTERM first',
    'Close the session, then send SIGTERM and give the agent 5 s before SIGKILL.',
    kit('Lifecycle', 'Tear down subprocess (SIGTERM 5s → SIGKILL escalation)'),
  ),
  lifecycle(
    'AGENTCLI-26/no-escalation',
    'warning',
    'The agent ignored SIGTERM and the runner never sent SIGKILL',
    'Escalate to SIGKILL when the agent is still alive 5 s after SIGTERM.',
    kit('Lifecycle', 'Tear down subprocess (SIGTERM 5s → SIGKILL escalation)'),
  ),
  lifecycle(
    'AGENTCLI-26/early-sigkill',
    'warning',
    'The runner sent SIGKILL less than 5 s after SIGTERM',
    'Wait the full 5 s grace period before SIGKILL so that the agent can save its session.',
    kit('Lifecycle', 'Tear down subprocess (SIGTERM 5s → SIGKILL escalation)'),
    'The spec draws the lifecycle as SIGTERM 5s → SIGKILL; a shorter grace is not forbidden in words.',
  ),
  lifecycle(
    'AGENTCLI-26/orphan',
    'warning',
    'A process the agent started outlived the tear-down',
    'Kill the agent’s whole process tree (a process group), not only the agent.',
    kit('Lifecycle', 'Tear down subprocess (SIGTERM 5s → SIGKILL escalation)'),
  ),
  lifecycle(
    'AGENTCLI-26/session-not-closed',
    'warning',
    'The runner sent SIGTERM while a session was still open',
    'Close every session (ACP session/close, when the agent offers it) before SIGTERM, so that the agent can end its turns and save its sessions.',
    kit('Lifecycle', 'Close session (session/close or equivalent)'),
    'The spec draws "Close session (session/close or equivalent)" before the tear-down as a lifecycle diagram, not a MUST.',
  ),
  // AGENTCLI-27 — continuation (judged with the host's turns: which conversation, which message)
  policy(
    'AGENTCLI-27/pinned-not-kept',
    'warning',
    'A later turn of a pinned-session conversation reached another agent process or session',
    'With pinned-session, keep the child (and its session) alive across turns and send every turn of one conversation to it, until the idle TTL evicts it.',
    kit('Continuation', 'subsequent session.send calls hit the SAME child'),
  ),
  policy(
    'AGENTCLI-27/pinned-shared',
    'warning',
    'Two conversations of a pinned-session host reached the same agent process',
    'Key pinned children by continuation.pinned_session.key_scope (default [conversation, operator]): a conversation never shares another’s child.',
    kit('Continuation', 'different conversations get different children'),
  ),
  policy(
    'AGENTCLI-27/transcript-missing',
    'warning',
    'A turn with the transcript strategy reached the agent without the earlier turns before its message',
    'With transcript, prepend the turns the host supplies as a preamble before the current message.',
    kit('Continuation', 'Caller (host) supplies the last N turns as text'),
  ),
  // AGENTCLI-28 — session limits
  policy(
    'AGENTCLI-28/max-turns-exceeded',
    'warning',
    'More prompts reached one session than session.max_turns allows',
    'Count the turns of each session and refuse (an error event) the one past max_turns instead of sending it.',
    kit('Session model', 'max_turns: integer # default: unlimited'),
  ),
  policy(
    'AGENTCLI-28/idle-not-ended',
    'warning',
    'An idle session outlived session.idle_timeout_ms',
    'Start an idle timer at each turn’s end; when it fires, close the session (and, pinned, tear the child down).',
    kit('Session model', 'persistent sessions survive client reconnect within idle_timeout_ms.'),
  ),
  policy(
    'AGENTCLI-28/idle-ended-early',
    'warning',
    'The runner ended an idle session before session.idle_timeout_ms',
    'Keep an idle session until idle_timeout_ms after its last turn ended: the manifest promises that it survives that long.',
    kit('Session model', 'persistent sessions survive client reconnect within idle_timeout_ms.'),
    'The spec gives idle_timeout_ms as how long a session survives; it does not forbid ending it sooner in words.',
  ),
  // AGENTCLI-29 — before the spawn (judged with the manifest's version_check and the setup state)
  policy(
    'AGENTCLI-29/no-version-check',
    'warning',
    'The runner spawned the agent without running its version check first',
    'Run version_check.cmd, take parse’s first capture group and test it against range before every spawn (or once per install).',
    kit('Lifecycle', 'Version-check (regex against bin_args + version_check.cmd)'),
    'The spec draws Version-check before Spawn in the lifecycle; it does not say the runner MUST run it in words.',
  ),
  policy(
    'AGENTCLI-29/version-check-ignored',
    'warning',
    'The version check failed and the runner spawned the agent anyway',
    'Stop when the version check fails (no match, a version outside range, a non-zero exit): report it, spawn nothing.',
    kit('Lifecycle', 'Version-check (regex against bin_args + version_check.cmd)'),
  ),
  policy(
    'AGENTCLI-29/spawned-before-setup',
    'error',
    'The runner spawned the agent while setup steps were pending',
    'Run every setup step (or match its skip_if) before the spawn; a headless caller gets error.code "setup_required" instead.',
    must(
      'Setup surface',
      'When the manifest declares setup, the runner MUST refuse to spawn the binary until every step has either succeeded or matched its skip_if.',
    ),
  ),
  policy(
    'AGENTCLI-29/setup-not-reported',
    'error',
    'A headless start with setup pending was refused without code "setup_required" and the pending steps',
    'Refuse with error.code = "setup_required" and the list of pending step ids, so that the caller can run them.',
    must(
      'Setup surface',
      'the runner MUST refuse to spawn the binary until every step has either succeeded or matched its skip_if. Headless callers receive error.code = "setup_required" with the pending step list.',
    ),
  ),
  // AGENTCLI-30 — the runner's own secret hygiene (25 is the agent's)
  policy(
    'AGENTCLI-30/secret-on-argv',
    'error',
    'A secret the runner was given is on the agent’s command line',
    'Pass secrets in the agent’s environment (sandbox.env.set), never as arguments: argv is visible to every user in the process list.',
    must(
      'Auth surface',
      'passes them to the subprocess via sandbox.env.set (never argv, never logs).',
    ),
  ),
  policy(
    'AGENTCLI-30/secret-in-logs',
    'error',
    'A secret the runner was given appears in the runner’s own log',
    'Mask every secret (and its encodings) before a log line is written; log variable names, not values.',
    must(
      'Auth surface',
      'passes them to the subprocess via sandbox.env.set (never argv, never logs).',
    ),
  ),
];
