import type { ValidateFunction } from 'ajv';
import { createHash } from 'node:crypto';
import { judgeDeclaredSchema } from '../../checks/aoi/probe/declared-schema.js';
import { judgeStopped } from '../../checks/aoi/probe/hang.js';
import type { NegotiationForm } from '../../checks/aoi/probe/negotiation.js';
import { eventsReadable } from '../../checks/aoi/probe/readable.js';
import type { Event, ProbeOutcome, Report } from '../../checks/aoi/probe/types.js';
import { checkStream, type StreamReport } from '../../checks/aoi/stream.js';
import type { VerdictCollector } from '../../checks/verdict.js';
import type { Canaries } from '../../run/canaries.js';
import { findFileLeaks, findLeaks } from '../../run/find-leaks.js';
import { STATE_DIR_ENV } from '../../run/state-dir.js';
import { redactValue } from '../../secrets/mask.js';
import { sideEffects } from '../../checks/aoi/probe/observe.js';
import { isNotFoundError, notFoundExit } from '../../checks/aoi/probe/target-gone.js';
import { toExcerpt } from '../../stream/finding.js';
import {
  DEFAULT_SURFACE,
  discoveryFlag,
  machineArgs,
  type CommandPlan,
  type ToolSurface,
} from './plan.js';
import type { ProbeRunner, RecordedProbe } from './runner.js';
import { watched, type ProbeDirs } from './state.js';
import { ProbeTimes, type JudgementScope } from './timing.js';

/** What judgeStream found: a hang, a stream whose events cannot be read (AOI-02 and kin), or a readable one. */
export type Judged = 'hang' | 'unreadable' | 'readable';

/**
 * What every probe module works with: the runner that runs and records probes, the collector the judges
 * report to, and the one judgement every machine-mode probe gets (judgeStream).
 */
export class LintContext {
  /** Declared event schemas: `default` (no --schema-version) and by requested major. */
  readonly schemas = new Map<string, ValidateFunction>();
  readonly secrets: readonly string[];
  /** This lint's own prefix for idempotency keys: fixed by the canary seed, else random, so two lints never share a key. */
  private readonly keyPrefix: string;

  /** How the observation commands are found (set by the lint); run at most once, when first needed. */
  findObservers: () => Promise<{ observers: string[][]; outOfTime: string[][] }> = async () => ({
    observers: [],
    outOfTime: [],
  });
  /** Observer candidates that ran out of time while they were tried: without an observer, no evidence either way. */
  observersOutOfTime: readonly (readonly string[])[] = [];
  /**
   * Run the setup invocations again, alone, each as the lint ran it (set by the lint; nothing without setup): on state
   * every invocation shares, what a probe's target needs once another run consumed it. Says whether each succeeded.
   */
  setUpAgain: () => Promise<boolean> = async () => false;
  /** `--observe` was given: every probe that may mutate is observed, whatever the disk shows. */
  observeAlways = false;
  /** How the tool lets a caller choose a schema version (§5.1), as its `--help` says (set by the help probe). */
  negotiationForms: readonly NegotiationForm[] = ['schema-version'];
  private observing: Promise<readonly (readonly string[])[]> | undefined;
  /** Exit statuses the tool gave its not-found errors, and those it gave other errors, in runs of this lint (targetGone). */
  private readonly exits = { notFound: new Set<number>(), other: new Set<number>() };
  /** Judgements resting on what the observation commands showed, made by confirmObserved once the probes are done. */
  private readonly pending: {
    readonly rule: string;
    readonly command: string;
    readonly probe: RecordedProbe;
    readonly judge: (effects: string[]) => void;
    readonly scope: JudgementScope;
  }[] = [];
  /** The base probes of read commands (§14.1), judged once the lint knows where the tool's state shows. */
  private readonly reads: {
    readonly command: string;
    readonly probe: RecordedProbe;
    readonly scope: JudgementScope;
  }[] = [];
  /** Probes that must run with nothing else of the lint running (the tool's own behaviour as evidence). */
  private readonly alone: { readonly task: () => Promise<void>; readonly scope: JudgementScope }[] =
    [];

  constructor(
    readonly runner: ProbeRunner,
    readonly verdicts: VerdictCollector,
    readonly canaries: Canaries,
    private readonly rules: ReadonlySet<string>,
    readonly strict: boolean,
    readonly surface: ToolSurface = DEFAULT_SURFACE,
    /** The time of each row: the runs of the judgements that recorded it. */
    readonly times: ProbeTimes = new ProbeTimes(),
  ) {
    this.secrets = canaries.values;
    this.keyPrefix = `aoi-lint-${createHash('sha256').update(canaries.values.join('\n')).digest('hex').slice(0, 10)}`;
  }

  /**
   * The --idempotency-key of one request: unique per (command, invocation, probe), because a reused key is a
   * different request (§14.4) and a tool that refuses it is right. A replay passes the same `probe` twice.
   */
  idempotencyKey(plan: CommandPlan, invocation: readonly string[], probe: string): string {
    const slug = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'x';
    return `${this.keyPrefix}-${slug(plan.name)}-${plan.invocations.indexOf(invocation) + 1}-${slug(probe)}`;
  }

  /** The invocation in the tool's machine mode (`--output jsonl`, or what `machineFlag` says). */
  machine(args: readonly string[]): string[] {
    return machineArgs(args, this.surface.machineFlag);
  }

  /** A discovery command asked for its JSON document: `capabilities --output json`, `aoi-schema --format json`, … */
  discovery(words: readonly string[]): string[] {
    return [...words, ...discoveryFlag(this.surface.machineFlag)];
  }

  get timeoutMs(): number {
    return this.runner.timeoutMs;
  }

  /** The observation commands (see chooseObservers), found once and handed to the runner. */
  observers(): Promise<readonly (readonly string[])[]> {
    this.observing ??= this.findObservers().then(({ observers, outOfTime }) => {
      this.observersOutOfTime = outOfTime;
      return (this.runner.observers = observers);
    });
    return this.observing;
  }

  /** A read command's base probe, to hold to §14.1's read-only default (AOI-06/read-only-side-effect). */
  checkRead(command: string, probe: RecordedProbe): void {
    if (this.wants('AOI-06')) this.reads.push({ command, probe, scope: this.times.here() });
  }

  /**
   * §14.1: a read changes nothing. Seen in the files of its sandbox when the tool keeps its state there (the files
   * the setup left, runner.stateFiles: a log or a cache a read writes beside them is not the tool's state); else
   * through the observation commands, around the read run again alone with a control window; else not at all
   * (skip). Decided from what every shard of a lint does alike (setup, observers), never from other commands' probes.
   */
  private async judgeRead(command: string, probe: RecordedProbe): Promise<void> {
    const report = this.reporter(command, probe.label);
    const said = (effects: readonly string[]) =>
      report(
        'AOI-06/read-only-side-effect',
        `a read (§14.1: read-only by default) changed ${effects.join(', ')}`,
      );
    const state = this.runner.stateFiles();
    const stateOnDisk = state.size > 0;
    const changedState = probe.changed.filter((path) => state.has(path));
    if (changedState.length > 0) said(changedState);
    else if (!stateOnDisk && this.runner.observers.length > 0) {
      const { alone, control } = await this.runner.observedAlone(probe);
      const seen = sideEffects([], alone).map((effect) => this.redact(effect));
      if (seen.length > 0 && sideEffects([], control).length === 0) said(seen);
      this.noteObservers('AOI-06', command);
    } else if (!stateOnDisk) {
      this.verdicts.skip(
        'AOI-06',
        invisible(command, this.runner.observers, this.observersOutOfTime),
        command,
      );
      return;
    }
    this.verdicts.exercised('AOI-06', command);
  }

  /** Run `task` (probes and their judgement) once every probe is done, with nothing else of the lint running. */
  deferAlone(task: () => Promise<void>): void {
    this.alone.push({ task, scope: this.times.here() });
  }

  /** The verdict says which observation commands a command's side effects were seen through. */
  noteObservers(rule: string, command: string): void {
    const through = this.runner.observers.map((args) => `\`${this.redact(args.join(' '))}\``);
    if (through.length > 0)
      this.verdicts.note(
        rule,
        `side effects outside the sandbox's files were seen through ${through.join(', ')} (a read-only command the tool declares, or --observe)`,
        command,
      );
  }

  /** `--only` names one of these rules (or is not given). */
  wants(...rules: readonly string[]): boolean {
    return rules.some((rule) => this.rules.has(rule));
  }

  /** A reporter for one probe of one command: findings carry the probe's (masked) command line. */
  reporter(command: string, probe: string): Report {
    return (id, message, evidence = {}) =>
      this.verdicts.add(id, message, { ...evidence, probe }, command);
  }

  /** Every finding of a stream the checker judged, and the rules it judged (all, or `rules`). */
  addStream(command: string, report: StreamReport, probe: string, rules?: readonly string[]): void {
    for (const verdict of report.verdicts) {
      if (rules && !rules.includes(verdict.rule)) continue;
      if (verdict.status === 'not_applicable')
        this.verdicts.notApplicable(verdict.rule, verdict.reason ?? 'nothing to judge', command);
      else this.verdicts.exercised(verdict.rule, command);
      for (const finding of verdict.findings)
        this.verdicts.addFinding({ ...finding, probe: this.verdicts.mask(probe) }, command);
    }
  }

  /**
   * The usual judgement of a machine-mode probe: a hang (AOI-03), else the stream checker with the exit
   * status, canaries on stderr (AOI-09) and the tool's declared schema (AOI-04). Says whether the probe's
   * events can be judged further: not after a hang, nor when the stream itself was unreadable (see
   * eventsReadable: the stream checker has reported that, and reading on would report it again). `leaks: false`
   * leaves AOI-09 out, for a run whose leaks another module judges (the canary probe).
   */
  judgeStream(
    command: string,
    probe: RecordedProbe,
    settings: { unbounded?: boolean; schemaVersion?: string; leaks?: boolean } = {},
  ): Judged {
    const report = this.reporter(command, probe.label);
    if (judgeStopped(probe.run, this.timeoutMs, report, this.secrets)) return 'hang';
    const stream = checkStream(probe.run.stdout, {
      exitCode: probe.run.exitCode,
      signal: probe.run.signal,
      unbounded: settings.unbounded ?? false,
      strict: this.strict,
      secrets: this.secrets,
      ...(settings.schemaVersion !== undefined ? { schemaVersion: settings.schemaVersion } : {}),
    });
    const leaks = settings.leaks ?? true;
    this.addStream(
      command,
      stream,
      probe.label,
      leaks
        ? undefined
        : stream.verdicts.map((verdict) => verdict.rule).filter((rule) => rule !== 'AOI-09'),
    );
    if (leaks) this.judgeStderrLeaks(report, probe.run);
    this.learnExit(probe);
    if (!eventsReadable(stream)) return 'unreadable';
    const validate = this.schemas.get(settings.schemaVersion ?? 'default');
    if (validate) {
      judgeDeclaredSchema(probe.events, validate, report, (event) => this.excerpt(event));
      this.verdicts.exercised('AOI-04', command);
    }
    return 'readable';
  }

  /** What a run says of the tool's exit statuses: the one it gives a not-found error (see notFoundExits). */
  private learnExit({ run, events }: RecordedProbe): void {
    const code = notFoundExit(run, events);
    if (code !== undefined) this.exits.notFound.add(code);
    else if (
      run.exitCode !== null &&
      !run.signalSent &&
      !run.stdoutClosed &&
      events.some((event) => event.type === 'aoi:error' && !isNotFoundError(event))
    )
      this.exits.other.add(run.exitCode);
  }

  /**
   * The exit statuses this tool gave its not-found errors (an aoi:error category not_found) and no other error, in the
   * runs of this lint so far: evidence that a run ending with one found no target (targetGone).
   */
  get notFoundExits(): ReadonlySet<number> {
    return new Set([...this.exits.notFound].filter((code) => !this.exits.other.has(code)));
  }

  /** AOI-09: a canary planted in the environment or the argv came back on stderr. */
  judgeStderrLeaks(report: Report, run: ProbeOutcome): void {
    for (const leak of findLeaks(
      { stdout: new Uint8Array(), stderr: run.stderr },
      this.canaries,
    ).slice(0, 3)) {
      report(
        'AOI-09/secret-on-stderr',
        `the canary planted as ${leak.canary} appeared on stderr line ${leak.line} (${leak.form})`,
        { excerpt: leak.excerpt },
      );
    }
  }

  /**
   * AOI-09: a canary written to a file in the probe's sandbox (its state directory or working directory), or in a
   * file's name, in any encoding the scanner knows. A file is output too: reported as an echoed secret.
   */
  judgeFileLeaks(report: Report, dirs: ProbeDirs): void {
    const leaks = Object.entries(watched(dirs)).flatMap(([name, root]) =>
      findFileLeaks(root, this.canaries).map((leak) => ({ ...leak, file: `${name}/${leak.file}` })),
    );
    for (const leak of leaks.slice(0, 3)) {
      report(
        'AOI-09/secret-echoed',
        leak.inName
          ? `the canary planted as ${leak.canary} names a file: ${leak.file} (${leak.form})`
          : `the canary planted as ${leak.canary} was written to ${leak.file} line ${leak.line} (${leak.form})`,
        { excerpt: leak.excerpt },
      );
    }
  }

  /**
   * A probe's side effects as evidence: the files it changed in its sandbox, and what the observation
   * commands showed differently after it (each names the command it rests on).
   */
  effects(probe: RecordedProbe): string[] {
    return sideEffects(probe.changed, probe.observed).map((effect) => this.redact(effect));
  }

  /**
   * Judge a probe by its side effects, once. The files it changed in its own sandbox are its own: judged now. What
   * only the observation commands showed is state the kit does not own (a service, a directory every invocation
   * shares), where a probe running beside it could have made the change: that judgement waits for confirmObserved,
   * which runs the probe again alone, with a control window. Parallel probes never cause a finding.
   */
  judgeEffects(
    rule: string,
    command: string,
    probe: RecordedProbe,
    judge: (effects: string[]) => void,
  ): void {
    if (probe.changed.length > 0) judge(sideEffects(probe.changed, []).map((e) => this.redact(e)));
    else if (sideEffects([], probe.observed).length === 0) judge([]);
    else this.pending.push({ rule, command, probe, judge, scope: this.times.here() });
  }

  /**
   * The judgements judgeEffects held back, each on the probe run again with nothing else of the lint running: what
   * the observation commands show it change then, unless they show change in a control window as long again with
   * nothing running (another program writes there). Call once every probe is done; one probe at a time.
   */
  async confirmObserved(): Promise<void> {
    // Each deferred judgement resumes the judgement that asked for it: its runs and rows are that one's (JUnit time).
    for (const { task, scope } of this.alone.splice(0)) await this.times.resume(scope, task);
    for (const { command, probe, scope } of this.reads.splice(0))
      await this.times.resume(scope, () => this.judgeRead(command, probe));
    for (const { rule, command, probe, judge, scope } of this.pending.splice(0))
      await this.times.resume(scope, () => this.confirm(rule, command, probe, judge));
  }

  /** One held-back judgement, on its probe run again alone, with a control window (see confirmObserved). */
  private async confirm(
    rule: string,
    command: string,
    probe: RecordedProbe,
    judge: (effects: string[]) => void,
  ): Promise<void> {
    const { alone, control } = await this.runner.observedAlone(probe);
    const seen = sideEffects([], alone).map((effect) => this.redact(effect));
    const meanwhile = sideEffects([], control);
    const label = this.redact(probe.label);
    if (seen.length > 0 && meanwhile.length === 0) {
      judge(seen);
      return;
    }
    judge([]);
    this.verdicts.note(
      rule,
      meanwhile.length > 0
        ? `\`${label}\` seemed to change what the observation commands show, but they showed changes with nothing of the lint running too (another program changes that state?), so it was not blamed`
        : `\`${label}\` seemed to change what the observation commands show while other probes ran; run alone it changed nothing there, so it was not blamed`,
      command,
    );
  }

  /** An event as evidence: secrets redacted, then masked and truncated. */
  excerpt(event: unknown): string {
    return toExcerpt(JSON.stringify(redactValue(event, this.secrets)), this.secrets);
  }

  /** A probe's command line fit for a reason: canaries masked. */
  redact(label: string): string {
    return toExcerpt(label, this.secrets);
  }
}

/** A probe's events when they can be judged; undefined leaves only the state to judge by. */
export const readableEvents = (judged: Judged, probe: { events: Event[] }): Event[] | undefined =>
  judged === 'readable' ? probe.events : undefined;

/** Why an event judgement was skipped: the probe's stdout was not a readable stream. */
export const unreadable = (label: string) =>
  `\`${label}\` printed stdout whose events cannot be read (see its AOI-02/AOI-03 findings), so its events were not judged`;

/** Why a state judgement was skipped: the real run changed nothing the linter can see, on disk or through an observation command. */
export const invisible = (
  command: string,
  observers: readonly (readonly string[])[],
  outOfTime: readonly (readonly string[])[] = [],
) =>
  `the real ${command} changed nothing in $${STATE_DIR_ENV}, the working directory or HOME${observers.length > 0 ? ` nor in what ${observers.map((args) => `\`${args.join(' ')}\``).join(', ')} shows` : ''}, so side effects cannot be seen${observers.length === 0 && outOfTime.length > 0 ? ` (no observation command could be chosen: ${outOfTime.map((args) => `\`${args.join(' ')}\``).join(', ')} ran out of time in the stability check, on a busy machine?)` : ''}; point the tool's state there (--env NAME={stateDir}) or name a read-only command that shows it (--observe 'ARGS')`;
