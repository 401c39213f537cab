import type { AgentProtocol } from './transcript.js';

/**
 * The runner scenarios, as data: for each protocol arm, a fake agent (the kit's, with the faults of its catalogue
 * that say what a runner must do), the AGENT-CLI.md the kit writes for it, the turns the runner is given, and what
 * a correct runner does. `aoi-testkit runner` and `lintRunner` run the runner under test once per scenario with
 * the contract below (docs/guides/linting-an-agent-runner.md) and judge it from the agent's own lifecycle log and
 * the runner's report. Ids are stable (`runner.<arm>.<name>`, arm acp, mcp or repl): reports, baselines and shards
 * name scenarios by them.
 */

/** What the kit gives the runner, in its environment. */
export const RUNNER_CONTRACT_ENV = {
  /** The AGENT-CLI.md of the scenario's agent (absolute path). */
  manifest: 'AOI_AGENT_MANIFEST',
  /** The same frontmatter as JSON, for runners without a YAML parser (absolute path). */
  manifestJson: 'AOI_AGENT_MANIFEST_JSON',
  /** The agent's command line as shell words (the manifest's bin and bin_args), for runners that take a command. */
  command: 'AOI_AGENT_COMMAND',
  /** The turns, as JSON: `[{"prompt": "…"}]`; on mcp each also names the `tool` to call and its `arguments`. */
  turns: 'AOI_RUNNER_TURNS',
  /** The first turn's prompt, for runners that take one. */
  prompt: 'AOI_RUNNER_PROMPT',
  /** The user's answer to every permission request of the agent: `allow` or `reject`. */
  permission: 'AOI_RUNNER_PERMISSION',
  /** A file the runner appends its turn events to, one JSON object per line (AIP-45's taxonomy). */
  events: 'AOI_RUNNER_EVENTS',
  /** The runner's own bound, in milliseconds, for the handshake and for each turn. */
  timeout: 'AOI_RUNNER_TIMEOUT_MS',
} as const;

/** The variable the manifest's `auth.state.env` names, holding the secret the kit gives the runner for the agent. */
export const RUNNER_SECRET_ENV = 'FAKE_AGENT_API_KEY';

/** Scenario ids spell the proprietary arm after its fake, `agent-repl`. */
export const RUNNER_ARM_NAMES: Readonly<Record<AgentProtocol, string>> = {
  acp: 'acp',
  mcp: 'mcp',
  proprietary: 'repl',
};

/** One turn the runner is given. On mcp a turn is a `tools/call`: `tool` and `arguments` say which. */
export interface RunnerTurn {
  readonly prompt: string;
  readonly tool?: string;
  readonly arguments?: Readonly<Record<string, unknown>>;
}

/** How the scenario's AGENT-CLI.md departs from the arm's clean one. */
export interface ManifestVariant {
  /** A protocol no runtime can know (the manifest is otherwise the arm's). */
  readonly protocol?: string;
  /** version_check.range: the fake (0.1.0) is outside it, so the check fails. */
  readonly versionRange?: string;
  /** A `prompt` setup step (`choose-workspace`) that no headless runner can do: it stays pending. */
  readonly setupPending?: boolean;
  /** `auth.state.env: [FAKE_AGENT_API_KEY]`: the kit gives the runner a secret under that name. */
  readonly auth?: boolean;
  /** `capabilities.resumable: true` and `session.mode: resumable` (the agent runs with --no-load-session: it cannot). */
  readonly resumable?: boolean;
  /** continuation.default (and the only one supported besides none). */
  readonly continuation?: 'pinned-session' | 'transcript' | 'none';
  /** session.max_turns. */
  readonly maxTurns?: number;
}

/**
 * What a correct runner does with the scenario:
 * - `succeed`: relay every turn and report success;
 * - `fail`: the agent dies or never answers — report failure (with its exit status and stderr when it died), tear it down;
 * - `refuse-spawn`: start no agent (unknown protocol, failed version check, setup pending) and report failure;
 * - `refuse-session`: start the agent, but open no session and send no turn after its handshake (a protocol version it
 *   cannot speak, capabilities it lacks); report failure;
 * - `cancel`: the kit sends the runner SIGINT once the agent has the turn — forward the cancel, end the turn cancelled;
 * - `limit`: the turns past session.max_turns are refused, never sent.
 */
export type RunnerMust =
  'succeed' | 'fail' | 'refuse-spawn' | 'refuse-session' | 'cancel' | 'limit';

export interface RunnerScenarioSpec {
  /** `runner.<arm>.<name>`. */
  readonly id: string;
  readonly arm: AgentProtocol;
  readonly description: string;
  /** Faults of the agent fault catalogue, by id, with parameters. */
  readonly faults: readonly (readonly [string, Readonly<Record<string, unknown>>])[];
  /** More arguments for the fake (the manifest's bin_args). */
  readonly agentArgs: readonly string[];
  readonly manifest: ManifestVariant;
  readonly turns: readonly RunnerTurn[];
  /** The user's answer to every permission request. */
  readonly permission: 'allow' | 'reject';
  readonly must: RunnerMust;
  /** The runner's version check is judged here (AGENTCLI-29/no-version-check), once per arm. */
  readonly judgesVersionCheck?: boolean;
}

const ARMS: readonly AgentProtocol[] = ['acp', 'mcp', 'proprietary'];

/** The turn of the default script with a thought, a plan, a tool call and its result, and two message chunks. */
const ASK = 'What is this project?';
/** Three turns of one conversation: the default script's two default turns, then its refusal (stopReason refusal). */
const THREE = [ASK, 'Tell me more.', 'Is anything here forbidden?'];
const LONG = 'Start a long analysis of the repository.';
const PERMISSION = 'Edit notes.md, with permission.';

const turnOf = (arm: AgentProtocol, prompt: string): RunnerTurn =>
  arm === 'mcp' ? { prompt, tool: 'echo', arguments: { text: prompt } } : { prompt };
/** The mcp arm's long turn: slow_tool works 600 × 50 ms, cancellable. */
const longTurnOf = (arm: AgentProtocol): RunnerTurn =>
  arm === 'mcp'
    ? { prompt: LONG, tool: 'slow_tool', arguments: { steps: 600, stepMs: 50 } }
    : { prompt: LONG };
/** The mcp arm's crashing turn: slow_tool with progress, so that the crash comes mid-call. */
const workTurnOf = (arm: AgentProtocol): RunnerTurn =>
  arm === 'mcp'
    ? { prompt: ASK, tool: 'slow_tool', arguments: { steps: 5, stepMs: 20 } }
    : { prompt: ASK };

interface Draft {
  readonly name: string;
  readonly description: string;
  readonly must: RunnerMust;
  readonly faults?: RunnerScenarioSpec['faults'];
  readonly agentArgs?: readonly string[];
  readonly manifest?: ManifestVariant;
  readonly turns?: readonly RunnerTurn[];
  readonly permission?: 'allow' | 'reject';
  readonly arms?: readonly AgentProtocol[];
  readonly judgesVersionCheck?: boolean;
}

/** An exit status no runner prints by chance: the faults that kill the agent use it. */
export const RUNNER_DEATH_STATUS = 23;

const drafts = (arm: AgentProtocol): Draft[] => [
  {
    name: 'turn',
    description:
      'A well-behaved agent answers one turn (a thought, a plan, a tool call and its result, a two-chunk message). The runner checks the version, relays the turn, reports its events and success, and tears the agent down.',
    must: 'succeed',
    judgesVersionCheck: true,
  },
  {
    name: 'three-turns',
    description:
      'Three turns of one conversation with a pinned-session agent: every turn reaches the same agent process and session, and each is reported.',
    must: 'succeed',
    manifest: { continuation: 'pinned-session' },
    turns: THREE.map((prompt) => turnOf(arm, prompt)),
    arms: ['acp', 'proprietary'],
  },
  {
    name: 'transcript',
    description:
      'Two turns with the transcript strategy (a stateless agent): the second turn carries the first before its message.',
    must: 'succeed',
    agentArgs: arm === 'acp' ? ['--no-load-session'] : [],
    manifest: { continuation: 'transcript' },
    turns: THREE.slice(0, 2).map((prompt) => turnOf(arm, prompt)),
    arms: ['acp', 'proprietary'],
  },
  {
    name: 'max-turns',
    description:
      'session.max_turns is 1 and the runner is given two turns: the second is refused (an error event), never sent.',
    must: 'limit',
    manifest: { maxTurns: 1 },
    turns: THREE.slice(0, 2).map((prompt) => turnOf(arm, prompt)),
    arms: ['acp', 'proprietary'],
  },
  {
    name: 'permission-denied',
    description:
      'The agent asks for permission to edit a file and the user’s answer is reject: the agent must get the rejection.',
    must: 'succeed',
    turns: [turnOf(arm, PERMISSION)],
    permission: 'reject',
    arms: ['acp', 'proprietary'],
  },
  {
    name: 'cancel',
    description:
      'A long turn, and the user presses Ctrl-C (the kit sends the runner SIGINT once the agent has the turn): the runner forwards the cancel and reports the turn cancelled.',
    must: 'cancel',
    turns: [longTurnOf(arm)],
  },
  {
    name: 'ignores-cancel',
    description:
      'A long turn, cancelled with SIGINT, and the agent ignores the cancel: the runner stops waiting after a grace, reports the turn cancelled, and tears the agent down.',
    must: 'cancel',
    faults: [['ignores-cancel', {}]],
    turns: [longTurnOf(arm)],
  },
  {
    name: 'crash-mid-turn',
    description: `The agent dies mid-turn (status ${RUNNER_DEATH_STATUS}, a line on stderr): the runner reports the turn failed, with the status and the stderr line.`,
    must: 'fail',
    faults: [['crash-mid-turn', { afterUpdates: 2, code: RUNNER_DEATH_STATUS }]],
    turns: [workTurnOf(arm)],
  },
  {
    name: 'exits-before-handshake',
    description: `The agent exits (status ${RUNNER_DEATH_STATUS}, a reason on stderr) before it answers the handshake: the runner fails promptly, with the status and the reason.`,
    must: 'fail',
    faults: [['exits-before-handshake', { code: RUNNER_DEATH_STATUS }]],
  },
  {
    name: 'never-answers',
    description:
      'The agent never answers the handshake: the runner times out on its own, reports failure and tears the agent down.',
    must: 'fail',
    faults: [['slow-handshake', { ms: 600_000 }]],
  },
  {
    name: 'turn-never-ends',
    description:
      'The agent never answers the tool call (MCP: the call is the turn): the runner times the turn out, reports failure and tears the agent down.',
    must: 'fail',
    faults: [['tool-call-without-result', { then: 'hang' }]],
    arms: ['mcp'],
  },
  {
    name: 'slow-handshake',
    description:
      'The agent answers the handshake after 1.5 s: the runner waits (its own timeout is longer) and relays the turn.',
    must: 'succeed',
    faults: [['slow-handshake', {}]],
  },
  {
    name: 'stderr-noise',
    description:
      'The agent writes 256 KiB of logs (some JSON-RPC-looking) on stderr before its handshake, blocking until they are read: the runner drains stderr and never parses it.',
    must: 'succeed',
    faults: [['stderr-noise', {}]],
  },
  {
    name: 'split-frames',
    description:
      'The agent writes every frame byte by byte (UTF-8 characters cut in two): the runner reassembles them.',
    must: 'succeed',
    faults: [['split-frames', {}]],
  },
  {
    name: 'huge-frame',
    description:
      'The agent starts the turn with one message chunk of 8 MiB on one line: the runner relays it whole.',
    must: 'succeed',
    faults: [['huge-frame', {}]],
  },
  {
    name: 'malformed-frame',
    description:
      'A line on the agent’s stdout is half a frame: the runner reports it (or not) and goes on to complete the turn.',
    must: 'succeed',
    faults: [['malformed-frame', {}]],
  },
  {
    name: 'events-after-turn-end',
    description:
      'The agent sends two message chunks after the turn ended: the runner does not put them after its turn-end.',
    must: 'succeed',
    faults: [['events-after-turn-end', {}]],
  },
  {
    name: 'tool-call-without-result',
    description:
      'The agent ends the turn with its tool call still pending: the runner closes the call (a failed tool-result) or reports it, never waits for it.',
    must: 'succeed',
    faults: [['tool-call-without-result', { then: 'end-turn' }]],
    arms: ['acp', 'proprietary'],
  },
  {
    name: 'unknown-protocol-version',
    description:
      'The agent answers the handshake with a protocol version no client speaks: the runner refuses it before any session or turn.',
    must: 'refuse-session',
    faults: [['unknown-protocol-version', {}]],
    arms: ['acp', 'mcp'],
  },
  {
    name: 'not-resumable',
    description:
      'The manifest declares resumable sessions, but the agent’s initialize offers no session/load: the runner refuses the agent at load time.',
    must: 'refuse-session',
    agentArgs: ['--no-load-session'],
    manifest: { resumable: true },
    arms: ['acp'],
  },
  {
    name: 'hangs-on-sigterm',
    description:
      'After the turn the agent is stuck: the end of its stdin does not end it and it ignores SIGTERM. The runner escalates to SIGKILL 5 s after SIGTERM.',
    must: 'succeed',
    faults: [['hangs-on-sigterm', { stdinEnd: 'ignore' }]],
  },
  {
    name: 'spawns-helper',
    description:
      'The agent starts a helper process that holds its stdout and stderr open: the runner kills the agent’s whole process group and does not wait for EOF.',
    must: 'succeed',
    faults: [['spawns-helper', { holdsStdio: true }]],
  },
  {
    name: 'secret',
    description:
      'The manifest’s auth names FAKE_AGENT_API_KEY and the runner is given a secret in it; the agent echoes it in its message. The runner passes it in the agent’s environment only and masks it in everything it reports.',
    must: 'succeed',
    faults: [['echoes-secret', { env: 'FAKE_AGENT_API_KEY' }]],
    manifest: { auth: true },
  },
  {
    name: 'version-outdated',
    description:
      'The manifest’s version_check wants >=2.0.0 and the agent is 0.1.0: the runner runs the check, stops, and starts no agent.',
    must: 'refuse-spawn',
    manifest: { versionRange: '>=2.0.0' },
  },
  {
    name: 'setup-pending',
    description:
      'The manifest has a setup step only a person can do (choose-workspace): a headless runner starts no agent and refuses with code setup_required and the pending step.',
    must: 'refuse-spawn',
    manifest: { setupPending: true },
  },
  {
    name: 'unknown-protocol',
    description:
      'The manifest declares protocol "a2a", which no AIP-45 runtime knows: the runner refuses to load it and starts nothing.',
    must: 'refuse-spawn',
    manifest: { protocol: 'a2a' },
  },
];

export const RUNNER_SCENARIOS: readonly RunnerScenarioSpec[] = ARMS.flatMap((arm) =>
  drafts(arm)
    .filter((d) => d.arms === undefined || d.arms.includes(arm))
    .map((d): RunnerScenarioSpec => ({
      id: `runner.${RUNNER_ARM_NAMES[arm]}.${d.name}`,
      arm,
      description: d.description,
      faults: d.faults ?? [],
      agentArgs: d.agentArgs ?? [],
      manifest: d.manifest ?? {},
      turns: d.turns ?? [turnOf(arm, ASK)],
      permission: d.permission ?? 'allow',
      must: d.must,
      ...(d.judgesVersionCheck ? { judgesVersionCheck: true } : {}),
    })),
);

/** The rules a scenario judges, in id order. */
export function runnerRulesOf(scenario: RunnerScenarioSpec): string[] {
  const rules = new Set(['AGENTCLI-33']);
  const m = scenario.manifest;
  const spawns = scenario.must !== 'refuse-spawn';
  if (spawns) rules.add('AGENTCLI-26');
  if (scenario.must === 'succeed' || scenario.must === 'cancel')
    for (const rule of ['AGENTCLI-22', 'AGENTCLI-23', 'AGENTCLI-31']) rules.add(rule);
  if (scenario.must === 'fail' || scenario.must.startsWith('refuse')) rules.add('AGENTCLI-32');
  if (scenario.must === 'cancel' || scenario.permission === 'reject') rules.add('AGENTCLI-35');
  if (m.protocol !== undefined || scenario.must === 'refuse-session') rules.add('AGENTCLI-34');
  if (scenario.judgesVersionCheck || m.versionRange !== undefined || m.setupPending)
    rules.add('AGENTCLI-29');
  if (m.auth) rules.add('AGENTCLI-30');
  if (m.continuation !== undefined && scenario.turns.length > 1) rules.add('AGENTCLI-27');
  if (m.maxTurns !== undefined) rules.add('AGENTCLI-28');
  return [...rules].sort();
}

/** The scenarios of the given arms (default all), or the ones asked for by id (an unknown id is a RangeError). */
export function runnerScenarios(
  arms: readonly AgentProtocol[] = ARMS,
  ids?: readonly string[],
): RunnerScenarioSpec[] {
  if (ids === undefined || ids.length === 0)
    return RUNNER_SCENARIOS.filter((s) => arms.includes(s.arm));
  return [...new Set(ids)].map((id) => {
    const found = RUNNER_SCENARIOS.find((s) => s.id === id);
    if (!found)
      throw new RangeError(
        `unknown runner scenario "${id}": they are runner.<acp|mcp|repl>.<name>, the names ${[...new Set(RUNNER_SCENARIOS.map((s) => s.id.split('.')[2]))].join(', ')}`,
      );
    if (!arms.includes(found.arm))
      throw new RangeError(
        `runner scenario "${id}" is of the ${found.arm} arm, not of ${arms.join(', ')}: give its protocol too`,
      );
    return found;
  });
}
