import { availableParallelism } from 'node:os';
import type { ValidateFunction } from 'ajv';
import { judgeDeclaredSchema } from '../../checks/aoi/probe/declared-schema.js';
import { judgeCapabilities, judgeSchema, judgeSchemaDocument, parseDocument, type Capabilities } from '../../checks/aoi/probe/discovery.js';
import { judgeHang } from '../../checks/aoi/probe/hang.js';
import { judgeReplay } from '../../checks/aoi/probe/idempotency.js';
import { judgeMalformedInput, MALFORMED_LINE } from '../../checks/aoi/probe/input.js';
import { judgeMutationEvents } from '../../checks/aoi/probe/audit.js';
import { judgeUnsupportedVersion, UNSUPPORTED_SCHEMA_VERSION } from '../../checks/aoi/probe/negotiation.js';
import { judgeCursor, judgeLimits } from '../../checks/aoi/probe/paging.js';
import { judgePipeClose, judgeSignal } from '../../checks/aoi/probe/pipes.js';
import { judgeDryRun, judgeUnconfirmed, judgeWrongConfirmCount } from '../../checks/aoi/probe/safety.js';
import { eventsReadable } from '../../checks/aoi/probe/readable.js';
import { endOf, eventsOf, succeeded, type Event, type ProbeOutcome, type Report } from '../../checks/aoi/probe/types.js';
import { judgeUsage } from '../../checks/aoi/probe/usage.js';
import { checkStream } from '../../checks/aoi/stream.js';
import type { RuleVerdict } from '../../checks/verdict.js';
import { makeCanaries } from '../../run/canaries.js';
import { findLeaks } from '../../run/find-leaks.js';
import { STATE_DIR_ENV } from '../../run/state-dir.js';
import { AOI_RULES } from '../../spec/aoi/rules.js';
import { isSensitiveName, redactValue } from '../../checks/secrets.js';
import { toExcerpt, type Finding } from '../../stream/finding.js';
import { inputExample } from './input-example.js';
import { Judgements } from './judgements.js';
import { flagValue, hasFlag, machine, planCommands, withFlag, withoutFlag, type CommandPlan } from './plan.js';
import { changes, snapshot, Workspace, type ProbeDirs, type Snapshot } from './state.js';
import type { LintTarget, ProbeSpec } from './target.js';

export interface LintOptions {
  /** Concrete invocations, each an argv list whose first word is the command (`['search', 'notes', '--limit', '2']`). */
  invocations?: readonly (readonly string[])[];
  /** Invocations run once, in machine mode, into a template state that every probe starts from. */
  setup?: readonly (readonly string[])[];
  /** Extra environment for every probe; `{stateDir}` in a value becomes the probe's state directory. */
  env?: Readonly<Record<string, string>>;
  /** Judge only these rules (`AOI-06`); probes that concern none of them are not run. */
  only?: readonly string[];
  /** Per probe (default 10 s): a finite command still running then is a hang (AOI-03). */
  timeoutMs?: number;
  /**
   * After the linter closed stdout or sent a signal, how long the CLI gets to exit (default 5 s, as
   * `runProbe`): a CLI notices a closed pipe only at its next write, and a busy machine must not turn
   * slow work between two writes into a hang.
   */
  graceMs?: number;
  /** Probes run at once (default: 2 × available parallelism). */
  concurrency?: number;
  /** Warnings fail their rule too. */
  strict?: boolean;
  /** Seed for the canary secrets (default: random per lint). */
  canarySeed?: string | number;
  /** Called after each probe, for progress output. */
  onProgress?(progress: { done: number; started: number; probe: string }): void;
}

export interface LintReport {
  /** No rule failed for any command. */
  readonly ok: boolean;
  readonly target: string;
  /** The commands judged, in the order of capabilities, then invocations. */
  readonly commands: readonly string[];
  /** Whether `capabilities --output json` gave a usable manifest (else the plan came from invocations). */
  readonly capabilities: boolean;
  /** One verdict per (rule × command); AOI-01's commands are `schema` and `capabilities`. */
  readonly verdicts: readonly RuleVerdict[];
  readonly findings: readonly Finding[];
  readonly probes: number;
  readonly durationMs: number;
  readonly strict: boolean;
}

/** The flags the argv-canary probe appends: secrets in a flag, a `--flag=value` and a URL (§11). */
function canaryArgs(canaries: ReturnType<typeof makeCanaries>): string[] {
  return [...canaries.argv, `--webhook-url=${canaries.url}`];
}

const DISCOVERY_COMMANDS = ['schema', 'capabilities'] as const;
const UNKNOWN_FLAG = '--aoi-lint-no-such-flag';
const IDEMPOTENCY_KEY = 'aoi-lint-replay-1';

/**
 * Lint a live CLI against AOI-CLI v0.2 §18.2: discovery, then per command the probes of each rule —
 * machine-mode stream, canary secrets, malformed usage, early pipe close, signals, confirmation and
 * dry run, idempotent replay, limits and cursors, malformed input, schema-version negotiation.
 *
 * @example
 * const report = await lintCli(processTarget('node', ['cli.js']), { invocations: [['search', 'x']] });
 * report.verdicts.filter((v) => v.status === 'fail'); // [] when the CLI conforms
 */
export async function lintCli(target: LintTarget, options: LintOptions = {}): Promise<LintReport> {
  const started = performance.now();
  const lint = new Lint(target, options);
  try {
    return await lint.run(started);
  } finally {
    await lint.dispose();
  }
}

class Lint {
  private readonly canaries: ReturnType<typeof makeCanaries>;
  private readonly secrets: readonly string[];
  private readonly judgements: Judgements;
  private readonly rules: ReadonlySet<string>;
  private readonly timeoutMs: number;
  private readonly graceMs: number;
  private readonly slots: Semaphore;
  private workspace: Workspace | undefined;
  private template: ProbeDirs | undefined;
  /** Declared event schemas: `default` (no --schema-version) and by requested major. */
  private readonly schemas = new Map<string, ValidateFunction>();
  /** What each command gets on stdin unless a probe says otherwise (see stdinFor). */
  private readonly stdinByCommand = new Map<string, string>();
  private started = 0;
  private done = 0;

  constructor(
    private readonly target: LintTarget,
    private readonly options: LintOptions,
  ) {
    this.canaries = makeCanaries(options.canarySeed);
    this.secrets = this.canaries.values;
    this.judgements = new Judgements(this.secrets, options.strict ?? false);
    this.rules = new Set(options.only && options.only.length > 0 ? options.only : AOI_RULES.map((rule) => rule.id));
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.graceMs = options.graceMs ?? 5_000;
    this.slots = new Semaphore(options.concurrency ?? Math.max(2, availableParallelism() * 2));
  }

  async dispose(): Promise<void> {
    await this.workspace?.dispose();
  }

  async run(started: number): Promise<LintReport> {
    this.workspace = await Workspace.create();
    const capabilities = await this.discover();
    const plans = planCommands(capabilities, this.options.invocations ?? []);
    await this.fetchVersionedSchemas(capabilities);
    this.template = await this.setUp();
    await Promise.all(plans.map((plan) => this.lintCommand(plan, capabilities)));
    await this.negotiateUnsupported(plans, capabilities);

    const rows: Array<[string, string]> = [];
    for (const rule of AOI_RULES.filter((r) => this.rules.has(r.id))) {
      const commands = rule.id === 'AOI-01' ? DISCOVERY_COMMANDS : plans.map((plan) => plan.name);
      for (const command of commands) rows.push([rule.id, command]);
    }
    const verdicts = rows.map(([rule, command]) => this.judgements.verdict(rule, command));
    return {
      ok: verdicts.every((verdict) => verdict.status !== 'fail'),
      target: this.target.label,
      commands: plans.map((plan) => plan.name),
      capabilities: capabilities !== undefined,
      verdicts,
      findings: verdicts.flatMap((verdict) => verdict.findings),
      probes: this.done,
      durationMs: performance.now() - started,
      strict: this.options.strict ?? false,
    };
  }

  private wants(...rules: string[]): boolean {
    return rules.some((rule) => this.rules.has(rule));
  }

  // ── environment and probes ────────────────────────────────────────────────────────────────────────

  /** The probe's environment: ours, the user's (`{stateDir}` filled in), the state dir, canaries. */
  private env(dirs: ProbeDirs, clean: boolean): Record<string, string> {
    const user = Object.fromEntries(Object.entries(this.options.env ?? {}).map(([name, value]) => [name, value.replaceAll('{stateDir}', dirs.stateDir)]));
    const inherited = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const env: Record<string, string> = { ...inherited, ...user, [STATE_DIR_ENV]: dirs.stateDir };
    if (!clean) return { ...env, ...this.canaries.env };
    // Discovery must work without credentials (§3.2): no secret-looking variable reaches it.
    return Object.fromEntries(Object.entries(env).filter(([name]) => !isSensitiveName(name)));
  }

  private async probe(
    args: readonly string[],
    settings: Partial<Omit<ProbeSpec, 'args' | 'env' | 'cwd'>> & { dirs?: ProbeDirs; clean?: boolean } = {},
  ): Promise<{ run: ProbeOutcome; events: Event[]; changed: string[]; dirs: ProbeDirs; label: string }> {
    const dirs = settings.dirs ?? (await this.workspace!.dirs(this.template));
    const label = args.join(' ');
    const before = await snapshot(dirs);
    const spec: ProbeSpec = {
      args,
      env: this.env(dirs, settings.clean ?? false),
      cwd: dirs.cwd,
      stdin: settings.stdin ?? this.stdinByCommand.get(args[0] ?? '') ?? 'open',
      timeoutMs: settings.timeoutMs ?? this.timeoutMs,
      graceMs: settings.graceMs ?? this.graceMs,
      ...(settings.closeStdoutAfterLines !== undefined ? { closeStdoutAfterLines: settings.closeStdoutAfterLines } : {}),
      ...(settings.signalAfterLines ? { signalAfterLines: settings.signalAfterLines } : {}),
      ...(settings.tripwire ? { tripwire: true } : {}),
    };
    this.started++;
    const run = await this.slots.use(() => this.target.run(spec));
    this.done++;
    this.options.onProgress?.({ done: this.done, started: this.started, probe: redactLabel(label, this.secrets) });
    const after: Snapshot = await snapshot(dirs);
    return { run, events: eventsOf(run.stdout), changed: changes(before, after), dirs, label };
  }

  /**
   * The usual judgement of a machine-mode probe: a hang (AOI-03), else the stream checker with the exit
   * status, canaries on stderr (AOI-09) and the tool's declared schema (AOI-04). Says whether the probe's
   * events can be judged further: not after a hang, nor when the stream itself was unreadable (see
   * eventsReadable: the stream checker has reported that, and reading on would report it again).
   */
  private judgeStream(
    command: string,
    probe: { run: ProbeOutcome; events: Event[]; label: string },
    settings: { unbounded?: boolean; schemaVersion?: string; rules?: readonly string[] } = {},
  ): Judged {
    const report = this.judgements.reporter(command, probe.label);
    if (judgeHang(probe.run, this.timeoutMs, report, this.secrets)) return 'hang';
    const stream = checkStream(probe.run.stdout, {
      exitCode: probe.run.exitCode,
      signal: probe.run.signal,
      unbounded: settings.unbounded ?? false,
      strict: this.options.strict ?? false,
      secrets: this.secrets,
      ...(settings.schemaVersion !== undefined ? { schemaVersion: settings.schemaVersion } : {}),
    });
    this.judgements.addStream(command, stream, probe.label, settings.rules);
    this.judgeStderrLeaks(report, probe.run);
    if (!eventsReadable(stream)) return 'unreadable';
    const validate = this.schemas.get(settings.schemaVersion ?? 'default');
    if (validate && (!settings.rules || settings.rules.includes('AOI-04'))) {
      judgeDeclaredSchema(probe.events, validate, report, (event) => this.excerpt(event));
      this.judgements.exercised('AOI-04', command);
    }
    return 'readable';
  }

  private judgeStderrLeaks(report: Report, run: ProbeOutcome): void {
    for (const leak of findLeaks({ stdout: new Uint8Array(), stderr: run.stderr }, this.canaries).slice(0, 3)) {
      report('AOI-09/secret-on-stderr', `the canary planted as ${leak.canary} appeared on stderr line ${leak.line} (${leak.form})`, { excerpt: leak.excerpt });
    }
  }

  private excerpt(event: unknown): string {
    return toExcerpt(JSON.stringify(redactValue(event, this.secrets)), this.secrets);
  }

  // ── discovery (AOI-01) ───────────────────────────────────────────────────────────────────────────

  private async discover(): Promise<Capabilities | undefined> {
    const discovery = { clean: true, tripwire: this.target.seesNetwork } as const;
    const [schema, capabilities] = await Promise.all([
      this.probe(['schema', '--output', 'json'], discovery),
      this.probe(['capabilities', '--output', 'json'], discovery),
    ]);
    const schemaReport = this.judgements.reporter('schema', schema.label);
    const withCredentials = schema.run.exitCode !== 0 && !schema.run.timedOut ? (await this.probe(['schema', '--output', 'json'])).run : undefined;
    const compiled = judgeSchema(schema.run, withCredentials, schemaReport);
    if (compiled?.ok) this.schemas.set('default', compiled.validate);
    this.judgements.exercised('AOI-01', 'schema');
    if (!this.target.seesNetwork) this.judgements.skip('AOI-01', 'schema', 'the target cannot observe network access (in memory)');

    const manifest = judgeCapabilities(capabilities.run, this.judgements.reporter('capabilities', capabilities.label));
    if (capabilities.run.exitCode === 0) this.judgements.exercised('AOI-01', 'capabilities');
    else this.judgements.notApplicable('AOI-01', 'capabilities', `capabilities --output json is not offered (${endOf(capabilities.run)}); the plan comes from --invoke`);
    return manifest;
  }

  /** `schema --output json --schema-version N` for each advertised major: AOI-04 per negotiated version. */
  private async fetchVersionedSchemas(capabilities: Capabilities | undefined): Promise<void> {
    if (!this.wants('AOI-04', 'AOI-13')) return;
    await Promise.all(
      advertisedMajors(capabilities).map(async (major) => {
        const probe = await this.probe(['schema', '--output', 'json', '--schema-version', major], { clean: true });
        if (probe.run.exitCode !== 0) return; // §10.1: MAY support --schema-version
        const compiled = judgeSchemaDocument(probe.run.stdout, `schema --schema-version ${major}`, this.judgements.reporter('schema', probe.label));
        if (compiled?.ok) this.schemas.set(major, compiled.validate);
      }),
    );
  }

  /** Run the setup invocations once into a template state; every probe starts from a copy. */
  private async setUp(): Promise<ProbeDirs | undefined> {
    if (!this.options.setup || this.options.setup.length === 0) return undefined;
    const dirs = await this.workspace!.dirs();
    for (const args of this.options.setup) {
      const probe = await this.probe(machine(args), { dirs, stdin: 'closed' });
      if (probe.run.exitCode !== 0) throw new LintSetupError(`setup \`${redactLabel(probe.label, this.secrets)}\` ended with ${endOf(probe.run)}`);
    }
    return dirs;
  }

  // ── per command ──────────────────────────────────────────────────────────────────────────────────

  private async lintCommand(plan: CommandPlan, capabilities: Capabilities | undefined): Promise<void> {
    const input = plan.inputJsonl ? await this.inputLines(plan) : undefined;
    this.stdinByCommand.set(plan.name, stdinFor(plan, input));
    const jobs: Promise<void>[] = [];
    if (this.wants('AOI-05')) jobs.push(this.usageProbe(plan));
    for (const invocation of plan.invocations) {
      if (plan.unbounded) {
        jobs.push(this.signalProbes(plan, invocation));
      } else {
        jobs.push(this.finiteProbes(plan, invocation, input, capabilities));
      }
      if (this.wants('AOI-09')) jobs.push(this.canaryProbe(plan, invocation));
      if (this.wants('AOI-10') && plan.unbounded) jobs.push(this.pipeProbe(plan, invocation, undefined));
    }
    if (plan.unbounded) this.markNotApplicable(plan, ['AOI-06', 'AOI-07', 'AOI-08', 'AOI-11', 'AOI-12'], 'an unbounded command');
    await Promise.all(jobs);
  }

  private markNotApplicable(plan: CommandPlan, rules: readonly string[], why: string): void {
    for (const rule of rules) this.judgements.notApplicable(rule, plan.name, `${plan.name} is ${why}`);
  }

  /** The base probe of a finite invocation, then the probes that need it to have succeeded. */
  private async finiteProbes(plan: CommandPlan, invocation: readonly string[], input: InputLines | undefined, capabilities: Capabilities | undefined): Promise<void> {
    const args = machine(invocation);
    const base = await this.probe(args);
    const judged = this.judgeStream(plan.name, base);
    if (judged === 'hang') return;
    const baseSucceeded = judged === 'readable' && succeeded(base.run, base.events);
    const failed =
      judged === 'unreadable'
        ? unreadable(redactLabel(base.label, this.secrets))
        : `\`${redactLabel(base.label, this.secrets)}\` did not succeed (${endOf(base.run)}); give an invocation that does with --invoke`;

    if (plan.readOnly === false) {
      if (baseSucceeded) {
        judgeMutationEvents(base.events, this.judgements.reporter(plan.name, base.label), (event) => this.excerpt(event));
        this.judgements.exercised('AOI-08', plan.name);
      } else this.judgements.skip('AOI-08', plan.name, failed);
    } else this.markNotApplicable(plan, ['AOI-08'], plan.readOnly ? 'read-only' : 'not known to mutate (capabilities would say read_only: false)');

    const dependents: Promise<void>[] = [];
    if (this.wants('AOI-10')) dependents.push(this.pipeProbe(plan, invocation, base.run.exitCode));
    if (this.wants('AOI-06')) {
      if (!plan.destructive && !plan.dryRun) this.markNotApplicable(plan, ['AOI-06'], 'not destructive and advertises no --dry-run');
      else if (!baseSucceeded) this.judgements.skip('AOI-06', plan.name, failed);
      else dependents.push(this.safetyProbes(plan, invocation, base.changed));
    }
    if (this.wants('AOI-07')) {
      if (!plan.idempotencyKey) this.markNotApplicable(plan, ['AOI-07'], 'not advertised with supports_idempotency_key');
      else if (!baseSucceeded) this.judgements.skip('AOI-07', plan.name, failed);
      else dependents.push(this.replayProbes(plan, invocation));
    }
    if (this.wants('AOI-11') && plan.paged) {
      if (!baseSucceeded) this.judgements.skip('AOI-11', plan.name, failed);
      else dependents.push(this.pagingProbes(plan, invocation));
    }
    if (this.wants('AOI-12')) {
      if (!plan.inputJsonl) this.markNotApplicable(plan, ['AOI-12'], 'not reading JSONL input');
      else if (!input) this.judgements.skip('AOI-12', plan.name, `no valid input line could be built from \`input-schema --command ${plan.name} --output json\``);
      else dependents.push(this.inputProbes(plan, invocation, input, base.changed.length > 0));
    }
    if (this.wants('AOI-13') && plan.readOnly === true) {
      if (!baseSucceeded) this.judgements.skip('AOI-13', plan.name, failed);
      else dependents.push(this.versionProbes(plan, invocation, capabilities));
    }
    await Promise.all(dependents);
  }

  /** AOI-05: an unknown flag is a usage error. */
  private async usageProbe(plan: CommandPlan): Promise<void> {
    const probe = await this.probe([plan.name, UNKNOWN_FLAG, '--output', 'jsonl']);
    if (this.judgeStream(plan.name, probe, { unbounded: plan.unbounded }) === 'hang') return;
    judgeUsage(probe.run, this.judgements.reporter(plan.name, probe.label));
    this.judgements.exercised('AOI-05', plan.name);
  }

  /** AOI-09: secrets on the command line (a flag, a `--flag=value`, a URL) never come back out. */
  private async canaryProbe(plan: CommandPlan, invocation: readonly string[]): Promise<void> {
    const probe = await this.probe([...machine(invocation), ...canaryArgs(this.canaries)], {
      ...(plan.unbounded ? { signalAfterLines: { lines: 2, signal: 'SIGINT' } } : {}),
    });
    if (probe.run.timedOut && !probe.run.graceExpired) return; // a hang is the base probe's to report
    const report = this.judgements.reporter(plan.name, probe.label);
    const stream = checkStream(probe.run.stdout, { exitCode: probe.run.exitCode, signal: probe.run.signal, unbounded: plan.unbounded, secrets: this.secrets });
    this.judgements.addStream(plan.name, stream, probe.label, ['AOI-09']);
    this.judgeStderrLeaks(report, probe.run);
  }

  /**
   * AOI-10: the reader goes away after one line, as `| head -1` does. `ownExit` is how the same invocation
   * ends unprobed: a finite command that had written everything may end that way too.
   */
  private async pipeProbe(plan: CommandPlan, invocation: readonly string[], ownExit: number | null | undefined): Promise<void> {
    const probe = await this.probe(machine(invocation), { closeStdoutAfterLines: 1 });
    if (!probe.run.stdoutClosed) {
      if (!probe.run.timedOut) this.judgements.skip('AOI-10', plan.name, 'printed at most one line: nothing to close early');
      return; // a hang before the first line is the base probe's to report
    }
    judgePipeClose(probe.run, this.judgements.reporter(plan.name, probe.label), this.secrets, ownExit);
    this.judgements.exercised('AOI-10', plan.name);
  }

  /** AOI-10 for unbounded commands: SIGINT, then SIGTERM, after two lines; the streams are judged as unbounded. */
  private async signalProbes(plan: CommandPlan, invocation: readonly string[]): Promise<void> {
    await Promise.all(
      (['SIGINT', 'SIGTERM'] as const).map(async (signal) => {
        const probe = await this.probe(machine(invocation), { signalAfterLines: { lines: 2, signal } });
        const report = this.judgements.reporter(plan.name, probe.label);
        if (!probe.run.signalSent) {
          if (!judgeHang(probe.run, this.timeoutMs, report, this.secrets)) this.judgements.skip('AOI-10', plan.name, `ended before printing 2 lines (${endOf(probe.run)})`);
          return;
        }
        const readable = !probe.run.graceExpired && this.judgeStream(plan.name, probe, { unbounded: true }) === 'readable';
        if (this.wants('AOI-10')) {
          judgeSignal(probe.run, signal, readable ? probe.events : undefined, report);
          this.judgements.exercised('AOI-10', plan.name);
        }
      }),
    );
  }

  /** AOI-06: without --confirm (and with a wrong --confirm-count) it refuses; --dry-run plans and changes nothing. */
  private async safetyProbes(plan: CommandPlan, invocation: readonly string[], confirmedChanges: readonly string[]): Promise<void> {
    // Positive control: only if the real run changed something visible can "changed nothing" mean anything.
    const visible = confirmedChanges.length > 0;
    const unconfirmed = withoutFlag(withoutFlag(invocation, '--confirm', false), '--confirm-count', true);
    const probes: Promise<void>[] = [];
    if (plan.destructive) {
      probes.push(
        this.probe(machine(unconfirmed)).then((probe) => {
          const judged = this.judgeStream(plan.name, probe);
          if (judged !== 'hang') judgeUnconfirmed(probe.run, readableEvents(judged, probe), probe.changed, this.judgements.reporter(plan.name, probe.label));
        }),
      );
      const count = Number(flagValue(invocation, '--confirm-count'));
      if (Number.isInteger(count)) {
        probes.push(
          this.probe(machine(withFlag(invocation, '--confirm-count', String(count + 1)))).then((probe) => {
            const judged = this.judgeStream(plan.name, probe);
            if (judged !== 'hang') judgeWrongConfirmCount(probe.run, readableEvents(judged, probe), probe.changed, count + 1, this.judgements.reporter(plan.name, probe.label));
          }),
        );
      }
    }
    if (plan.dryRun) {
      probes.push(
        this.probe(machine(withFlag(unconfirmed, '--dry-run'))).then((probe) => {
          const judged = this.judgeStream(plan.name, probe);
          if (judged !== 'hang') judgeDryRun(readableEvents(judged, probe), probe.changed, this.judgements.reporter(plan.name, probe.label));
        }),
      );
    }
    await Promise.all(probes);
    if (visible) this.judgements.exercised('AOI-06', plan.name);
    else this.judgements.skip('AOI-06', plan.name, invisible(plan.name));
  }

  /** AOI-07: the same mutation twice with one key, in one state directory. */
  private async replayProbes(plan: CommandPlan, invocation: readonly string[]): Promise<void> {
    const args = machine(withFlag(invocation, '--idempotency-key', IDEMPOTENCY_KEY));
    const first = await this.probe(args);
    const firstJudged = this.judgeStream(plan.name, first);
    if (firstJudged === 'hang') return;
    const second = await this.probe(args, { dirs: first.dirs });
    const secondJudged = this.judgeStream(plan.name, second);
    if (secondJudged === 'hang') return;
    judgeReplay(
      { run: first.run, events: readableEvents(firstJudged, first) },
      { run: second.run, events: readableEvents(secondJudged, second) },
      second.changed,
      this.judgements.reporter(plan.name, second.label),
    );
    // Positive control: "the replay changed nothing" means something only if the first run changed something visible.
    if (first.changed.length > 0) this.judgements.exercised('AOI-07', plan.name);
    else this.judgements.skip('AOI-07', plan.name, invisible(plan.name));
  }

  /** AOI-11: `--limit 1`, `--limit 2`, then page 1's cursor. */
  private async pagingProbes(plan: CommandPlan, invocation: readonly string[]): Promise<void> {
    const query = withoutFlag(invocation, '--cursor', true);
    const [one, two] = await Promise.all(['1', '2'].map((limit) => this.probe(machine(withFlag(query, '--limit', limit)))));
    // Both pages are judged as streams before either is read.
    const judged = [this.judgeStream(plan.name, one!), this.judgeStream(plan.name, two!)];
    if (judged.some((outcome) => outcome !== 'readable')) return;
    const cursor = judgeLimits(one!.events, two!.events, this.judgements.reporter(plan.name, one!.label));
    this.judgements.exercised('AOI-11', plan.name);
    if (cursor === undefined) return;
    const next = await this.probe(machine(withFlag(withFlag(query, '--limit', '1'), '--cursor', cursor)));
    if (this.judgeStream(plan.name, next) === 'readable') judgeCursor(one!.events, next, this.judgements.reporter(plan.name, redactLabel(next.label.replace(cursor, '<next_cursor>'), [])));
  }

  /** AOI-12: a malformed line between two valid ones, in the declared mode and with --continue-on-error. */
  private async inputProbes(plan: CommandPlan, invocation: readonly string[], input: InputLines, visible: boolean): Promise<void> {
    const declared = await this.probe(machine(invocation), { stdin: input.malformed });
    const judged = this.judgeStream(plan.name, declared);
    if (judged === 'unreadable') this.judgements.skip('AOI-12', plan.name, unreadable(redactLabel(declared.label, this.secrets)));
    if (judged !== 'readable') return;
    if (isUsageFailure(declared.events)) {
      this.judgements.skip('AOI-12', plan.name, `\`${redactLabel(declared.label, this.secrets)}\` is a usage error: give an invocation that reads JSONL input with --invoke`);
      return;
    }
    const requested = hasFlag(invocation, '--continue-on-error') ? 'continue' : 'fail-fast';
    const mode = judgeMalformedInput(declared.run, declared.events, declared.changed, this.judgements.reporter(plan.name, declared.label), requested);
    // Positive control: fail-fast's "applied nothing" means something only if valid input changes something visible.
    if (mode === 'continue' || visible) this.judgements.exercised('AOI-12', plan.name);
    else this.judgements.skip('AOI-12', plan.name, invisible(plan.name));
    if (mode === 'continue' || hasFlag(invocation, '--continue-on-error')) return;
    const tolerant = await this.probe(machine(withFlag(invocation, '--continue-on-error')), { stdin: input.malformed });
    // A usage error here means the tool has no --continue-on-error: nothing more to judge.
    if (isUsageFailure(tolerant.events) || this.judgeStream(plan.name, tolerant) !== 'readable') return;
    judgeMalformedInput(tolerant.run, tolerant.events, tolerant.changed, this.judgements.reporter(plan.name, tolerant.label), 'continue');
  }

  /** AOI-13: each advertised schema major, requested with --schema-version, is the one meta reports. */
  private async versionProbes(plan: CommandPlan, invocation: readonly string[], capabilities: Capabilities | undefined): Promise<void> {
    await Promise.all(
      advertisedMajors(capabilities).map(async (major) => {
        const probe = await this.probe(machine(withFlag(invocation, '--schema-version', major)));
        this.judgeStream(plan.name, probe, { schemaVersion: major });
      }),
    );
  }

  /** AOI-13, once per tool: an unsupported --schema-version on the first read-only command must fail. */
  private async negotiateUnsupported(plans: readonly CommandPlan[], capabilities: Capabilities | undefined): Promise<void> {
    if (!this.wants('AOI-13') || advertisedMajors(capabilities).length === 0) return;
    const plan = plans.find((p) => p.readOnly === true && !p.unbounded && !p.inputJsonl);
    if (!plan) return;
    const probe = await this.probe(machine(withFlag(plan.invocations[0]!, '--schema-version', UNSUPPORTED_SCHEMA_VERSION)));
    if (judgeHang(probe.run, this.timeoutMs, this.judgements.reporter(plan.name, probe.label), this.secrets)) return;
    judgeUnsupportedVersion(probe.run, this.judgements.reporter(plan.name, probe.label));
    this.judgements.exercised('AOI-13', plan.name);
  }

  /** Two valid input lines and the malformed variant, from the command's input schema. */
  private async inputLines(plan: CommandPlan): Promise<InputLines | undefined> {
    const probe = await this.probe(['input-schema', '--command', plan.name, '--output', 'json'], { clean: true });
    if (probe.run.exitCode !== 0) return undefined;
    const schema = parseDocument(probe.run.stdout);
    if (!schema.ok) return undefined;
    const [first, second] = [1, 2].map((variant) => inputExample(schema.value, variant));
    if (!first || !second) return undefined;
    const lines = [JSON.stringify(first), JSON.stringify(second)];
    const malformed = [...lines];
    malformed.splice(MALFORMED_LINE - 1, 0, '{"broken');
    return { valid: `${lines.join('\n')}\n`, malformed: `${malformed.join('\n')}\n` };
  }
}

/** What judgeStream found: a hang, a stream whose events cannot be read (AOI-02 and kin), or a readable one. */
type Judged = 'hang' | 'unreadable' | 'readable';

/** A probe's events when they can be judged; undefined leaves only the state to judge by. */
const readableEvents = (judged: Judged, probe: { events: Event[] }): Event[] | undefined => (judged === 'readable' ? probe.events : undefined);

/** Why an event judgement was skipped: the probe's stdout was not a readable stream. */
const unreadable = (label: string) => `\`${label}\` printed stdout whose events cannot be read (see its AOI-02/AOI-03 findings), so its events were not judged`;

/** Why a state judgement was skipped: the real run changed nothing the linter can see. */
const invisible = (command: string) =>
  `the real ${command} changed nothing in $${STATE_DIR_ENV} or the working directory, so side effects cannot be seen; point the tool's state there (--env NAME={stateDir})`;

/** The run stopped at a usage error: the invocation, not the input, was wrong. */
const isUsageFailure = (events: readonly Event[]): boolean => events.some((event) => event.type === 'aoi:error' && event.category === 'usage');

/** Input lines for a JSONL reader, EOF for other readers of stdin, else an open pipe nobody writes. */
function stdinFor(plan: CommandPlan, input: InputLines | undefined): string {
  return input?.valid ?? (plan.readsStdin ? '' : 'open');
}

interface InputLines {
  readonly valid: string;
  readonly malformed: string;
}

/** The majors of every advertised schema version (`1.0.0`, `2.1.0` → `1`, `2`). */
function advertisedMajors(capabilities: Capabilities | undefined): string[] {
  const versions = (capabilities?.schemas ?? []).flatMap((schema) => schema.versions);
  return [...new Set(versions.map((version) => version.replace(/^v/i, '').split('.')[0]!).filter((major) => /^\d+$/.test(major)))];
}

function redactLabel(label: string, secrets: readonly string[]): string {
  return toExcerpt(label, secrets);
}

/** A setup invocation failed: the lint cannot start from the state the user described. */
export class LintSetupError extends Error {}

/** At most `size` probes at once. */
class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}

  async use<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active < this.size) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve)); // the slot is handed over
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
