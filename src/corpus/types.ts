import type { ReferenceRunId } from '../fakes/aoi/faults/index.js';
import type { ScenarioFake } from './aoi-fakes.js';

// A stream or lint scenario's fake, defined beside what resolves a scenario id to it (aoi-fakes.ts, which a fake
// loads: it must not reach the checks this module's types do).
export type { ScenarioFake, ScenarioFault } from './aoi-fakes.js';
import type { ExecPlan } from '../checks/exec/plan.js';
import type {
  ConsumerMode,
  ConsumerMust,
  ConsumerShape,
  UpstreamEnd,
} from '../spec/consumer/scenarios.js';
import type { RuntimeScenarioSpec } from '../spec/consumer/runtime-scenarios.js';

/**
 * The shapes of the corpus files (`scenarios/<id>.json`), one per kind; `scenarios/scenario.schema.json`
 * validates the same shapes and `scenarios/README.md` explains every field to harnesses in other languages.
 */

/** How a rule comes out: `fail` (an error finding), `warn` (only warning findings), `pass` (none). */
export type RuleOutcome = 'pass' | 'warn' | 'fail';

export interface ScenarioExpected {
  /** No rule is `fail` (warnings do not fail a rule). */
  readonly ok: boolean;
  /** Every judged rule, in id order (7 stream rules, 13 lint and foreign rules, CMDHELP-01…08, EXEC-01…11, APP-nn, AGENTCLI-20…30). */
  readonly rules: Readonly<Record<string, RuleOutcome>>;
  /** Every sub-rule reported, errors and warnings, each once, in code-point order. */
  readonly findings: readonly string[];
}

/** The spec a scenario holds a fake to (the corpus's names in SPECS, src/spec/specs.ts: corpus/kinds.ts checks they agree). */
export type ScenarioSpec = 'aoi' | 'cmdhelp' | 'exec' | 'app' | 'agent' | 'consumer';
export type ScenarioKind =
  'stream' | 'lint' | 'foreign' | 'cmdhelp' | 'exec' | 'app' | 'agent' | 'consumer';

interface Base {
  /** The file name without `.json`; prefixed by kind (`preset.`/`fault.`/`backend.` for AOI). */
  readonly id: string;
  readonly kind: ScenarioKind;
  readonly spec: ScenarioSpec;
  readonly description: string;
  /** The spec's sections of the rules involved (those expected to report; all judged rules' when none does). */
  readonly sections: readonly string[];
  readonly expected: ScenarioExpected;
}

/** The reference lint plan and what the process linter must report with it. */
export interface LintPlan {
  /** Run once, in machine mode, into the state every probe starts from (argv lists without the machine-mode flag). */
  readonly setup: readonly (readonly string[])[];
  /** One or more per command; the first word is the command. */
  readonly invocations: readonly (readonly string[])[];
}

/** What the process linter must report when it lints a stream scenario's `command` with the reference lint plan. */
export type StreamLint = LintPlan &
  (
    | { readonly setupFails: false; readonly expected: ScenarioExpected }
    | { readonly setupFails: true }
  );

/** What a consumer of the judged run must be told: the error, in AOI terms. */
export interface ScenarioConsumer {
  readonly error: {
    readonly category: string;
    readonly code: string;
    readonly retryable: boolean;
    readonly retry_after_ms?: number;
  };
}

/** AOI: judge the stdout of one run with a stream checker (the 7 stream rules). */
export interface StreamScenario extends Base {
  readonly kind: 'stream';
  readonly spec: 'aoi';
  readonly fake: ScenarioFake;
  /** The argv that runs the fake as a process; the run's own arguments are appended to it. */
  readonly command: readonly string[];
  /** The run judged: a reference run of notes (`REFERENCE_RUNS`), or `sync` for the pretend backend. */
  readonly run: ReferenceRunId | 'sync';
  /** The argv prefix of the setup runs: the clean reference tool. */
  readonly setupCommand: readonly string[];
  /** Run first, in order, each as `setupCommand + args`, in the same state directory; each exits 0. */
  readonly setup: readonly (readonly string[])[];
  /** The judged run: `command + argv`, in that state directory, stdin closed (empty). */
  readonly argv: readonly string[];
  /** The judged run's environment (backend scenarios); `command` already sets it with `--env`. */
  readonly env?: Readonly<Record<string, string>>;
  /** How the judged run ends: give both to the checker (a fault may crash or kill the run). */
  readonly exit: { readonly code: number | null; readonly signal: string | null };
  /** What the consumer of the judged run must see (backend scenarios). */
  readonly consumer?: ScenarioConsumer;
  /** What the process linter must report on `command` (preset and fault scenarios). */
  readonly lint?: StreamLint;
}

/** AOI: lint the fake as a process with `setup` and `invocations` (all 13 rules). */
export interface LintScenario extends Base, LintPlan {
  readonly kind: 'lint';
  readonly spec: 'aoi';
  readonly fake: ScenarioFake;
  readonly command: readonly string[];
}

/** cmdhelp v0.1: judge helpdesk's help surface (CMDHELP-01…08). */
export interface CmdhelpScenario extends Base {
  readonly kind: 'cmdhelp';
  readonly spec: 'cmdhelp';
  readonly fake: {
    readonly tool: 'helpdesk';
    readonly preset: string;
    readonly faults: readonly string[];
  };
  readonly command: readonly string[];
}

/** exec batch dispatch: drive notes' `exec` with a plan (EXEC-01…11). */
export interface ExecScenario extends Base {
  readonly kind: 'exec';
  readonly spec: 'exec';
  /** `faults`: exec faults, selected by `AOI_TESTKIT_EXEC_FAULTS`. */
  readonly fake: {
    readonly tool: 'notes';
    readonly preset: 'well-behaved';
    readonly faults: readonly string[];
  };
  readonly command: readonly string[];
  /** What selects the faults; `command` already sets it with `--env`. */
  readonly env: Readonly<Record<string, string>>;
  /** The fault acts only when notes runs as a process (in memory it behaves well). */
  readonly processOnly: boolean;
  /** The lines to drive exec with. */
  readonly plan: ExecPlan;
  /** The large batch (EXEC-10/deadlock): at least this many lines of `plan.bulk`. */
  readonly bulkLines: number;
}

/** Agent Applications: judge a package directory (APP.md and its CLI contract). No fake: the package is the program. */
export interface AppScenario extends Base {
  readonly kind: 'app';
  readonly spec: 'app';
  /** The package directory, relative to the root of the aoi-testkit package. */
  readonly path: string;
  /** The probes: `setup` invocations, the `read` invocation, the `fail` invocation (argv after entry.command). */
  readonly options: {
    readonly setup: readonly (readonly string[])[];
    readonly read: readonly string[];
    readonly fail: readonly string[];
  };
}

/** A recorded conversation with the scenario's fake, and its verdict (fixtures/transcripts/agents). */
export interface AgentRecording {
  /** Relative to the root of the aoi-testkit package. */
  readonly path: string;
  readonly description: string;
  readonly ok: boolean;
  readonly breaks: readonly string[];
}

/** AIP-45: a fake agent CLI with one fault (or none), for runner authors (AGENTCLI-20…30). */
export interface AgentScenario extends Base {
  readonly kind: 'agent';
  readonly spec: 'agent';
  readonly fake: {
    readonly tool: 'agent-acp' | 'agent-mcp' | 'agent-repl';
    readonly preset: string;
    readonly faults: readonly string[];
  };
  readonly command: readonly string[];
  readonly protocol: 'acp' | 'mcp' | 'proprietary';
  /** The fake's AGENT-CLI.md, relative to the root of the aoi-testkit package. */
  readonly manifest: string;
  /** What a correct runner must do about the fault (fault scenarios only). */
  readonly runnerMust?: string;
  /** The turn events (AIP-45's taxonomy) a correct runner surfaces for the fault, when it has a consequence there. */
  readonly taxonomy?: readonly string[];
  readonly recordings: readonly AgentRecording[];
}

/** A foreign tool whose state is a server: the harness starts it, reads its URL, and passes it to the lint. */
export interface ForeignService {
  /** Relative to the root of the aoi-testkit package. */
  readonly command: readonly string[];
  /** How the service says it is ready: its first stdout line is the base URL. */
  readonly ready: string;
  /** The variable the lint passes the URL in (`--env NAME=URL`). */
  readonly urlEnv: string;
}

/**
 * AOI: a tool written elsewhere (fixtures/foreign/<tool>), linted as a user lints it: `aoi-testkit lint
 * <lintArgs> --setup … --invoke … -- <command>` (all 13 rules), from the root of the aoi-testkit package.
 */
export interface ForeignScenario extends Base, LintPlan {
  readonly kind: 'foreign';
  readonly spec: 'aoi';
  /** The tool, its directory (relative to the package root), its language, and the defect switched on (null: clean). */
  readonly tool: {
    readonly name: string;
    readonly path: string;
    readonly language: string;
    readonly defect: string | null;
  };
  /** The program, relative to the root of the aoi-testkit package. */
  readonly command: readonly string[];
  /** `aoi-testkit lint` options exactly as a user types them (`--env`, `--machine-flag`, the defect's `--env`). */
  readonly lintArgs: readonly string[];
  readonly service: ForeignService | null;
}

/**
 * A consumer of AOI streams (CONSUMER-01…08): the upstream a consumer is given and what it must do with it. `stdin`:
 * the upstream's bytes are the consumer's stdin, then EOF. `spawn`: a tool on PATH prints them and ends as `end`
 * says. `expected` is the verdict on a correct consumer (every rule passes); one that does not do `must` is
 * reported `breaks`. Run by `aoi-testkit consumer [--as NAME] --scenario <id> -- <consumer>`.
 */
export interface ConsumerScenario extends Base {
  readonly kind: 'consumer';
  readonly spec: 'consumer';
  readonly shape: ConsumerShape;
  /** The upstream as a process (`npx aoi-testkit fake <id>`): its bytes, then its end. A stdin scenario's feeds a pipe. */
  readonly command: readonly string[];
  readonly upstream: {
    readonly stdout: string;
    readonly stderr: string;
    readonly end: UpstreamEnd;
  };
  readonly must: ConsumerMust;
  readonly breaks: string;
  /** The mode the consumer must be run in for this scenario (`default`, `continue-on-error`, `unbounded`). */
  readonly mode: ConsumerMode;
  /** The rules a run of this scenario judges, in id order. */
  readonly judges: readonly string[];
}

/** An APP runtime's scenario: a fake application package, a request, the user's answer; RUNTIME-01…08 on a correct runtime. */
export interface RuntimeScenario extends Base {
  readonly kind: 'consumer';
  readonly spec: 'consumer';
  readonly shape: 'runtime';
  readonly app: RuntimeScenarioSpec['app'];
  readonly request: RuntimeScenarioSpec['request'];
  readonly answer: RuntimeScenarioSpec['answer'];
  readonly responses: RuntimeScenarioSpec['responses'];
  readonly expect: RuntimeScenarioSpec['expect'];
  /** The rules a run of this scenario judges, in id order. */
  readonly judges: readonly string[];
}

export type Scenario =
  | StreamScenario
  | LintScenario
  | ForeignScenario
  | CmdhelpScenario
  | ExecScenario
  | AppScenario
  | AgentScenario
  | ConsumerScenario
  | RuntimeScenario;

/** A stream scenario before its run was observed: everything but `exit`. */
export type StreamScenarioDraft = Omit<StreamScenario, 'exit'>;
export type ScenarioDraft = StreamScenarioDraft | Exclude<Scenario, StreamScenario>;
