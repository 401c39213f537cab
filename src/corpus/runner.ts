/**
 * The kit judged by its own corpus: each scenario run as `scenarios/README.md` tells a harness in any language to
 * run it, judged by the kit's own checker, and the outcome in the corpus's terms (`outcomeOf`) compared with the
 * scenario's `expected`. Every kind runs: stream and lint scenarios in memory (their fakes are functions); cmdhelp,
 * exec, app and foreign scenarios against their programs as processes; agent scenarios by starting the fake as a
 * runner would (it must answer its handshake) and judging its recorded conversations; consumer scenarios by running
 * the kit's own correct consumer on them, which must pass. `aoi-testkit scenarios --run` and its tests call this.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { judgeAgentRecording, type AgentRecordingFixture } from '../checks/agentcli/recording.js';
import { checkStream, STREAM_RULE_IDS } from '../checks/aoi/stream.js';
import { notes } from '../fakes/aoi/notes/index.js';
import { checkAgentApplication } from '../lint/app/application.js';
import { lintCli, LintSetupError } from '../lint/aoi/lint.js';
import { inMemoryTarget } from '../lint/aoi/memory-target.js';
import { checkCmdhelp } from '../lint/cmdhelp/check.js';
import { ConsumerSetupError, ConsumerStartError, lintConsumer } from '../lint/consumer/index.js';
import { checkExec } from '../lint/exec/index.js';
import { kitPath, kitRoot } from '../package-root.js';
import { runCli } from '../run/run-cli.js';
import { inShard, type Shard } from '../shard.js';
import { makeTempDir, removeTempDir } from '../run/interrupt.js';
import { LINT_RULE_IDS } from './aoi.js';
import { APP_SCENARIO_RULE_IDS } from './app.js';
import { CMDHELP_RULE_IDS } from './cmdhelp.js';
import { CONSUMER_SCENARIO_RULE_IDS, RUNTIME_SCENARIO_RULE_IDS } from './consumer.js';
import { EXEC_SCENARIO_RULE_IDS } from './exec.js';
import { corpusDir } from './files.js';
import { KIT_COMMAND } from './expected.js';
import { outcomeOf } from './outcome.js';
import { runStreamScenario, scenarioFaults } from './run.js';
import type {
  AgentScenario,
  ConsumerScenario,
  ForeignScenario,
  RuntimeScenario,
  Scenario,
  ScenarioExpected,
} from './types.js';

export interface ScenarioResult {
  readonly id: string;
  readonly kind: Scenario['kind'];
  /** Expected and actual outcome agree. */
  readonly ok: boolean;
  readonly expected: ScenarioExpected;
  /** Undefined when the run could not be judged (a setup that failed, a program that did not start): `error` says why. */
  readonly actual?: ScenarioExpected;
  readonly error?: string;
  readonly durationMs: number;
}

export interface CorpusRunOptions {
  /** Scenarios run at once (default 1: a lint keeps its own pool of probes busy; in-memory kinds are CPU-bound). */
  readonly concurrency?: number;
  /** Called as each scenario's result is known (in completion order). */
  readonly onResult?: (result: ScenarioResult) => void;
  /** Only this shard's scenarios (src/shard.ts: by id, the same split in every run). */
  readonly shard?: Shard;
}

/** The kit's own correct consumers (examples/consumers/js), one per consumer shape: what every rule holds for. */
const REFERENCE_CONSUMERS = {
  stdin: 'examples/consumers/js/transformer.mjs',
  spawn: 'examples/consumers/js/wrapper.mjs',
  runtime: 'examples/consumers/js/app-runtime.mjs',
} as const;

/** Every scenario's result (of the shard, if one is given), in the order given. */
export async function runCorpus(
  all: readonly Scenario[],
  options: CorpusRunOptions = {},
): Promise<ScenarioResult[]> {
  const scenarios = all.filter((s) => inShard(s.id, options.shard));
  const results: ScenarioResult[] = new Array(scenarios.length);
  let next = 0;
  const worker = async () => {
    while (next < scenarios.length) {
      const at = next++;
      results[at] = await runCorpusScenario(scenarios[at]!);
      options.onResult?.(results[at]);
    }
  };
  await Promise.all(
    Array.from(
      { length: Math.max(1, Math.min(options.concurrency ?? 1, scenarios.length)) },
      worker,
    ),
  );
  return results;
}

/** One scenario, judged by the kit and compared with what the corpus expects. Never throws for a scenario's program. */
export async function runCorpusScenario(scenario: Scenario): Promise<ScenarioResult> {
  const started = performance.now();
  const done = (fields: { actual?: ScenarioExpected; error?: string }): ScenarioResult => ({
    id: scenario.id,
    kind: scenario.kind,
    ok:
      fields.error === undefined &&
      fields.actual !== undefined &&
      isDeepStrictEqual(fields.actual, scenario.expected),
    expected: scenario.expected,
    ...fields,
    durationMs: performance.now() - started,
  });
  try {
    return done(await judge(scenario));
  } catch (error) {
    if (
      error instanceof ScenarioError ||
      error instanceof LintSetupError ||
      error instanceof ConsumerStartError ||
      error instanceof ConsumerSetupError
    )
      return done({ error: error.message });
    throw error;
  }
}

/** A scenario that could not be judged: its program did not start, its setup failed, the kit is not built. */
class ScenarioError extends Error {}

async function judge(scenario: Scenario): Promise<{ actual?: ScenarioExpected; error?: string }> {
  switch (scenario.kind) {
    case 'stream': {
      const run = await runStreamScenario(scenario);
      const report = checkStream(run.stdout, { exitCode: run.exitCode, signal: run.signal });
      return { actual: outcomeOf(report, STREAM_RULE_IDS) };
    }
    case 'lint': {
      const target = inMemoryTarget(notes, {
        faults: scenarioFaults(scenario.fake),
        seed: scenario.fake.seed,
      });
      const report = await lintCli(target, {
        setup: scenario.setup,
        invocations: scenario.invocations,
      });
      return { actual: outcomeOf(report, LINT_RULE_IDS) };
    }
    case 'cmdhelp': {
      const [command, args] = kitArgv(scenario.command);
      const state = makeTempDir('aoi-corpus-cmdhelp-');
      try {
        const report = await checkCmdhelp(command, args, {
          env: { AOI_TESTKIT_STATE_DIR: state },
        });
        return { actual: outcomeOf(report, CMDHELP_RULE_IDS) };
      } finally {
        removeTempDir(state);
      }
    }
    case 'exec': {
      const [command, args] = kitArgv(scenario.command);
      // The clean tool answers the bulk batch in well under a second: 10 s bounds a deadlock (a starved batch is
      // asked again, longer, on a busy machine), instead of the default for a tool of unknown speed.
      const report = await checkExec(command, args, {
        plan: scenario.plan,
        bulkLines: scenario.bulkLines,
        bulkTimeoutMs: 10_000,
      });
      return { actual: outcomeOf(report, EXEC_SCENARIO_RULE_IDS) };
    }
    case 'app': {
      const report = await checkAgentApplication(join(root(), scenario.path), {
        setup: scenario.options.setup,
        read: scenario.options.read,
      });
      return { actual: outcomeOf(report, APP_SCENARIO_RULE_IDS) };
    }
    case 'foreign':
      return { actual: await lintForeign(scenario) };
    case 'agent':
      return judgeAgent(scenario);
    case 'consumer':
      return { actual: await judgeConsumer(scenario) };
  }
}

function root(): string {
  const found = kitRoot();
  if (found === undefined) throw new ScenarioError('cannot find the aoi-testkit package root');
  return found;
}

/** A corpus argv (`npx aoi-testkit …`) with the kit's own built CLI run by this Node, as `npx` would find it. */
function kitArgv(argv: readonly string[]): [string, string[]] {
  const bin = kitPath('dist/cli/main.js');
  if (bin === undefined) throw new ScenarioError('the kit is not built: run npm run build');
  const kit = KIT_COMMAND.every((word, i) => argv[i] === word);
  return kit
    ? [process.execPath, [bin, ...argv.slice(KIT_COMMAND.length)]]
    : [argv[0]!, argv.slice(1)];
}

/** A word for --setup and --invoke, quoted as a shell would need it. */
const shellWord = (a: string) =>
  /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`;

/**
 * A foreign tool, linted as the file tells a harness to: its service first (its first stdout line is the base URL),
 * then `aoi-testkit lint <lintArgs> --setup … --invoke … --output jsonl -- <command>` from the package root.
 */
async function lintForeign(scenario: ForeignScenario): Promise<ScenarioExpected> {
  const cwd = root();
  const service = await startService(scenario, cwd);
  try {
    const [node, kit] = kitArgv([...KIT_COMMAND]);
    const run = await runCli(
      node,
      [
        ...kit,
        'lint',
        ...scenario.lintArgs,
        ...(service ? ['--env', `${scenario.service!.urlEnv}=${service.url}`] : []),
        ...scenario.setup.flatMap((argv) => ['--setup', argv.map(shellWord).join(' ')]),
        ...scenario.invocations.flatMap((argv) => ['--invoke', argv.map(shellWord).join(' ')]),
        '--output',
        'jsonl',
        '--',
        ...scenario.command,
      ],
      { cwd, timeoutMs: 290_000 },
    );
    const checks = eventsOf(run.stdout).filter(
      (e) => e.type === 'aoi:check' && String(e.name).startsWith('AOI-'),
    ) as { name: string; status: RuleStatus; findings?: { id: string; severity: string }[] }[];
    if (checks.length === 0)
      throw new ScenarioError(
        `aoi-testkit lint ended with ${run.exitCode ?? run.signal} and judged nothing`,
      );
    return outcomeOf(
      {
        verdicts: checks.map((c) => verdictLike(c.name, c.status, c.findings ?? [])),
        findings: checks.flatMap((c) => c.findings ?? []),
      },
      LINT_RULE_IDS,
    );
  } finally {
    service?.stop();
  }
}

type RuleStatus = 'pass' | 'fail' | 'skip' | 'not_applicable';

/** What outcomeOf reads of a verdict, from an `aoi:check` event. */
function verdictLike(rule: string, status: RuleStatus, findings: readonly { severity: string }[]) {
  return {
    rule,
    status,
    warnings: findings.filter((f) => f.severity === 'warning').length,
  } as Parameters<typeof outcomeOf>[0]['verdicts'][number];
}

function eventsOf(stdout: Uint8Array): Record<string, unknown>[] {
  return Buffer.from(stdout)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** Start a foreign tool's service, if it has one; its first stdout line is its base URL. */
async function startService(
  scenario: ForeignScenario,
  cwd: string,
): Promise<{ url: string; stop(): void } | undefined> {
  if (!scenario.service) return undefined;
  const [program, ...args] = scenario.service.command;
  const child = spawn(program!, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = `${stderr}${chunk}`.slice(-2000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')).trim());
    });
    child.once('error', (error) =>
      reject(new ScenarioError(`the service did not start: ${error.message}`)),
    );
    child.once('exit', (code) =>
      reject(
        new ScenarioError(`the service exited ${code} before its ready line: ${stderr.trim()}`),
      ),
    );
  });
  child.stdout.resume();
  return { url, stop: () => child.kill('SIGTERM') };
}

/**
 * An agent scenario: the fake is started as a runner starts an agent (its lifecycle log must say it started with the
 * scenario's faults, and it must answer the protocol's opening unless its fault is not to), and each recorded
 * conversation is judged by every checker it feeds (judgeAgentRecording), which must find what it declares.
 */
async function judgeAgent(
  scenario: AgentScenario,
): Promise<{ actual?: ScenarioExpected; error?: string }> {
  const started = await startAgent(scenario);
  if (started !== undefined) return { error: started };
  const disagreements: string[] = [];
  for (const recording of scenario.recordings) {
    const fixture = JSON.parse(
      readFileSync(join(corpusDir(), recording.path), 'utf8'),
    ) as AgentRecordingFixture;
    const verdict = judgeAgentRecording(fixture);
    const found = [...new Set(verdict.findings.map((f) => f.id))].sort();
    const missing = recording.breaks.filter((id) => !found.includes(id));
    const extra = found.filter((id) => !recording.breaks.includes(id));
    const problems = [
      ...(verdict.ok !== recording.ok ? [`ok is ${verdict.ok}, declared ${recording.ok}`] : []),
      ...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []),
      ...(extra.length > 0 ? [`unexpected ${extra.join(', ')}`] : []),
    ];
    if (problems.length > 0) disagreements.push(`${recording.path}: ${problems.join('; ')}`);
  }
  if (disagreements.length > 0) return { error: disagreements.join('\n') };
  // An agent scenario's verdict is declared from its fault (what a conversation exercising it breaks) and proven
  // by its recordings: when the fake starts as the scenario says and the kit finds in every recording exactly what
  // the recording declares, the kit agrees with the scenario.
  return { actual: scenario.expected };
}

/** The opening message a runner sends (the REPL speaks first, with its ready line). */
// ACP's protocol version 1 and an MCP revision both fakes speak (the SDKs' own constants; the kit does not load them).
const OPENING: Record<AgentScenario['protocol'], string | undefined> = {
  acp: '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":1,"clientCapabilities":{}}}',
  mcp: '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"aoi-testkit-corpus","version":"0"}}}',
  proprietary: undefined,
};

/** Start the scenario's fake agent and read its first answer; undefined when it behaved as its faults say, else why not. */
async function startAgent(scenario: AgentScenario): Promise<string | undefined> {
  const [command, args] = kitArgv(scenario.command);
  const dir = mkdtempSync(join(tmpdir(), 'aoi-corpus-agent-'));
  const log = join(dir, 'lifecycle.jsonl');
  try {
    const child = spawn(command, args, {
      env: { ...process.env, AOI_TESTKIT_STATE_DIR: dir, AOI_TESTKIT_AGENT_LOG: log },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    child.stderr.resume();
    const exited = new Promise<number | null>((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.once('error', () => resolve(null));
    });
    // A bound, not a race: the fake answers its opening within milliseconds; a busy machine gets twenty seconds.
    const safety = setTimeout(() => killGroup(child.pid), 20_000);
    let stdout = '';
    const answer = await new Promise<string | undefined>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
      });
      void exited.then(() => resolve(undefined));
      const opening = OPENING[scenario.protocol];
      if (opening !== undefined) child.stdin.write(`${opening}\n`);
    });
    child.stdin.end();
    killGroup(child.pid);
    await exited;
    clearTimeout(safety);
    const records = readLog(log);
    for (const helper of records.filter((r) => r.event === 'child')) killGroup(helper.pid);
    const faults = scenario.fake.faults.flatMap((id) => ['--fault', id]);
    if (!isDeepStrictEqual(records[0]?.argv ?? [], faults))
      return `the fake did not start as ${scenario.fake.preset} (its lifecycle log: ${JSON.stringify(records[0] ?? null)})`;
    if (scenario.fake.faults.includes('exits-before-handshake'))
      return answer === undefined
        ? undefined
        : 'the fake answered although it exits before its handshake';
    if (answer === undefined) return 'the fake ended without answering its opening';
    if (scenario.protocol === 'proprietary')
      return /^ready \{/.test(answer)
        ? undefined
        : 'the REPL fake did not print its ready line first';
    const message = JSON.parse(answer) as { id?: unknown; result?: { protocolVersion?: unknown } };
    return message.id === 0 && message.result?.protocolVersion !== undefined
      ? undefined
      : 'the fake did not answer initialize with a protocol version';
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function readLog(file: string): { event: string; pid: number; argv?: string[] }[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { event: string; pid: number; argv?: string[] });
  } catch {
    return [];
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** A consumer scenario: the kit's own correct consumer for its shape, run through the consumer lint on it alone. */
async function judgeConsumer(
  scenario: ConsumerScenario | RuntimeScenario,
): Promise<ScenarioExpected> {
  const program = kitPath(REFERENCE_CONSUMERS[scenario.shape]);
  if (program === undefined)
    throw new ScenarioError(
      `the reference consumer ${REFERENCE_CONSUMERS[scenario.shape]} is missing`,
    );
  if (scenario.shape === 'runtime') {
    const report = await lintConsumer([process.execPath, program], {
      appRuntime: true,
      scenarios: [scenario.id],
    });
    return outcomeOf(report, RUNTIME_SCENARIO_RULE_IDS);
  }
  const mode = scenario.mode;
  const report = await lintConsumer(
    [process.execPath, program, ...(mode === 'default' ? [] : [`--${mode}`])],
    {
      ...(scenario.shape === 'spawn' ? { as: 'notes' } : {}),
      mode,
      scenarios: [scenario.id],
    },
  );
  return outcomeOf(report, CONSUMER_SCENARIO_RULE_IDS);
}
