import { kit, must, should, subRulesJudgedBy, withDocs } from '../define.js';
import type { Rule, SpecBasis, SubRule } from '../types.js';

/**
 * AGENTCLI-31…35: what a runner does with an agent that a black box can see and no other rule judges — it relays
 * each turn and reports it (31), reports an agent that failed it (32), ends on its own (33), refuses what it must
 * refuse (34), and forwards the user's cancel and answers (35). Judged by the runner verb (`aoi-testkit runner`,
 * `lintRunner`): the kit runs the runner once per runner scenario against a fake agent and judges from the agent's
 * own log and the runner's report. The runner's other duties keep their rules, judged there too: the turn events
 * (AGENTCLI-22, 23), the tear-down (26), continuation and session limits (27, 28), the version and setup gate (29),
 * the runner's secrets (30).
 */
export const AGENTCLI_RUNNER_RULES: readonly Rule[] = withDocs([
  {
    id: 'AGENTCLI-31',
    title: 'The runner relays each turn to the agent and reports it in the taxonomy',
    characteristics: ['Verifiable', 'Composable'],
    sections: ['§Lifecycle', '§Stream event taxonomy', '§Reference Implementation'],
  },
  {
    id: 'AGENTCLI-32',
    title:
      'A turn the agent could not serve is reported as a failure, with its exit status and stderr',
    characteristics: ['Verifiable'],
    sections: ['§Stream event taxonomy', '§Lifecycle'],
  },
  {
    id: 'AGENTCLI-33',
    title: 'The runner ends on its own, whatever the agent does',
    characteristics: ['Bounded'],
    sections: ['§Lifecycle'],
  },
  {
    id: 'AGENTCLI-34',
    title: 'The runner refuses a manifest or an agent it cannot serve, before any turn',
    characteristics: ['Safe', 'Versioned'],
    sections: ['§protocol discriminator', '§Capabilities', '§Session model', '§Conformance'],
  },
  {
    id: 'AGENTCLI-35',
    title: 'The runner forwards the user’s cancel and answers to the agent',
    characteristics: ['Safe', 'Verifiable'],
    sections: ['§Reference Implementation', '§Security considerations'],
  },
]);

const judged = subRulesJudgedBy('runner');
/** A runner sub-rule: its severity is its basis's (an error only on a MUST). */
const runner = (id: string, title: string, fix: string, basis: SpecBasis, note?: string): SubRule =>
  judged(id, basis.strength === 'must' ? 'error' : 'warning', title, fix, basis, note);

const RELAY = kit('Lifecycle', 'LOOP: send turn → consume stream events → emit AIP-7 audit');
const NORMALISE = kit(
  'Stream event taxonomy',
  'The runner translates protocol-specific events to this taxonomy exactly once at the protocol arm boundary; downstream consumers never see protocol-specific shapes.',
);
const ERROR_EVENT = kit('Stream event taxonomy', 'error | Out-of-band error during the turn');

/** Every distinct way a runner breaks AGENTCLI-31…35. The severity is the basis's: error only on a MUST. */
export const AGENTCLI_RUNNER_SUB_RULES: readonly SubRule[] = [
  // AGENTCLI-31 — relay
  runner(
    'AGENTCLI-31/prompt-not-delivered',
    'A turn the runner was given never reached the agent (or reached it changed)',
    'Send every turn you are given, in order, with its text unchanged (a transcript preamble before it is fine).',
    RELAY,
    'AIP-45 draws the loop, not a MUST: a warning (--strict fails it).',
  ),
  runner(
    'AGENTCLI-31/success-rejected',
    'Every turn of a well-behaved agent ended normally, and the runner reported failure',
    'Report success when every turn ended normally: a slow handshake, noise on stderr, frames split across reads or one huge frame are not failures.',
    RELAY,
    'AIP-45 draws the loop, not a MUST: a warning (--strict fails it).',
  ),
  runner(
    'AGENTCLI-31/events-unfaithful',
    'The runner’s events for a turn differ from what the agent sent (its message, its tool calls, its questions, how the turn ended)',
    'Translate each frame once, at the protocol arm: one text-delta per message chunk with its text whole (reassemble lines and UTF-8 across reads), one tool-call per call with its id, an agent-prompt per question, and the turn-end with the agent’s stopReason.',
    NORMALISE,
    'The taxonomy is AIP-45’s own; relaying it faithfully is the kit’s reading of “translates … exactly once”: a warning (--strict fails it).',
  ),
  // AGENTCLI-32 — failures reported
  runner(
    'AGENTCLI-32/failure-hidden',
    'The agent died, never answered, or was refused, and the runner reported success',
    'End the turn with an error event and exit non-zero when the agent exits, is killed, or never answers within your timeout, and when you refuse it.',
    ERROR_EVENT,
    'AIP-45 gives the error event, not a MUST to use it: a warning (--strict fails it).',
  ),
  runner(
    'AGENTCLI-32/failure-unexplained',
    'The runner reported the agent’s death without its exit status or without its stderr',
    'Say how the agent ended (its exit status, or the signal) and what it wrote on stderr last, in your error event or on your stderr: the user cannot act on “the agent failed”.',
    ERROR_EVENT,
    'AIP-45 gives the error event, not what it must say: a warning (--strict fails it).',
  ),
  // AGENTCLI-33 — bounded
  runner(
    'AGENTCLI-33/hung',
    'The runner was still running at the kit’s timeout (its process tree was killed)',
    'Bound the handshake and every turn with a timeout (the kit gives you AOI_RUNNER_TIMEOUT_MS); on expiry cancel the turn, tear the agent down (SIGTERM, 5 s, SIGKILL) and report failure. Drain the agent’s stderr and do not wait for EOF on pipes its helpers may hold.',
    should(
      'Lifecycle: Timeouts',
      'Implementations SHOULD establish timeouts for all sent requests, to prevent hung connections and resource exhaustion.',
      'MCP',
    ),
  ),
  // AGENTCLI-34 — refusals
  runner(
    'AGENTCLI-34/unknown-protocol-loaded',
    'The runner started the agent of a manifest whose protocol it cannot know',
    'Refuse to load a manifest whose protocol is not acp, mcp or proprietary (one you do not speak): report it and spawn nothing.',
    must(
      'protocol discriminator',
      'Runtimes that don’t recognise the declared protocol MUST refuse to load the manifest; this is a hard error, not a warning.',
    ),
  ),
  runner(
    'AGENTCLI-34/version-disagreed',
    'The agent answered the handshake with a protocol version the runner cannot speak, and the runner went on',
    'Compare the initialize answer’s protocolVersion with the versions you speak; when you cannot speak it, close the connection (tear the agent down) and report the incompatible version, before any session or tool call.',
    must(
      'Initialization: Protocol version',
      'Clients and Agents MUST agree on a protocol version and act according to its specification.',
      'ACP',
    ),
    'MCP says it too: “If the client cannot support this version, it MUST disconnect.” (InitializeResult.protocolVersion).',
  ),
  runner(
    'AGENTCLI-34/capabilities-not-enforced',
    'The manifest declares a capability the agent’s initialize does not offer, and the runner went on',
    'At load time compare the manifest’s capabilities with what initialize negotiates (resumable needs loadSession, multimodal an image or audio prompt capability); refuse the agent when it offers less, before any session.',
    must(
      'Capabilities',
      'When protocol: "acp", capabilities MUST be a subset of the ACP capabilities the bound AIP-44 manifest declares; the runner enforces this at load time.',
    ),
    'And §Session model: “clients MUST refuse to declare resumable against a binary lacking the capability”.',
  ),
  // AGENTCLI-35 — the user's cancel and answers
  runner(
    'AGENTCLI-35/cancel-not-forwarded',
    'The user cancelled the turn (SIGINT) and the agent never received a cancel',
    'On SIGINT forward the protocol’s cancel to the agent (ACP session/cancel, MCP notifications/cancelled, REPL cancel) before anything else; tearing the agent down is not a cancel.',
    kit(
      'Reference Implementation',
      'Session.cancel() — abort the in-flight turn (forwards session/cancel for ACP, equivalent for other protocols).',
    ),
    'The reference implementation’s API, not a MUST: a warning (--strict fails it).',
  ),
  runner(
    'AGENTCLI-35/cancel-not-reported',
    'A cancelled turn did not end with turn-end stopReason "cancelled" in the runner’s events',
    'End a cancelled turn with turn-end stopReason "cancelled" — the agent’s answer, or your own after a bounded grace when the agent keeps going.',
    kit('Stream event taxonomy', 'turn-end | Agent has finished the current turn'),
    'AIP-45 does not say how a cancelled turn ends; ACP’s cancelled stop reason is what the kit expects: a warning (--strict fails it).',
  ),
  runner(
    'AGENTCLI-35/permission-overridden',
    'The user rejected the agent’s permission request, and the runner answered the agent with an approval',
    'Put every permission request to the user (or the policy the host was given) and pass their answer on; never approve on their behalf.',
    must(
      'Security considerations',
      'Hosts MUST gate every tool call through AIP-7 governance — the manifest’s capabilities.tool_calls flag is permission to emit, not permission to auto-execute.',
    ),
  ),
];
