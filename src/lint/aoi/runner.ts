import { availableParallelism } from 'node:os';
import { eventsOf, type Event, type ProbeOutcome } from '../../checks/aoi/probe/types.js';
import type { Canaries } from '../../run/canaries.js';
import { machineBusy, STARVED_RETRY_FACTOR } from '../../run/load.js';
import { outputBudgetFor, type BudgetShare, type OutputBudget } from '../../run/output-budget.js';
import { STATE_DIR_ENV } from '../../run/state-dir.js';
import { isSensitiveName } from '../../secrets/mask.js';
import { toExcerpt } from '../../stream/finding.js';
import {
  changes,
  fillPlaceholders,
  XDG_DIRS,
  sandboxVars,
  snapshot,
  Workspace,
  type ProbeDirs,
  type Snapshot,
} from './state.js';
import { observedItems, type Observation } from '../../checks/aoi/probe/observe.js';
import { outsideChanges, outsideDirs, outsideSnapshot, type OutsideSnapshot } from './escapes.js';
import { sandboxPaths } from '../../run/sandbox.js';
import type { LintTarget, ProbeSpec } from './target.js';
import type { JudgementScope, ProbeTimes } from './timing.js';

/** How a probe runs beyond its argv: stdin, an early close or a signal, a sandbox shared with an earlier probe, a clean environment. */
export type ProbeSettings = Partial<Omit<ProbeSpec, 'args' | 'env' | 'cwd'>> & {
  /** Run in these directories (as they are now) instead of a fresh copy of the template. */
  readonly dirs?: ProbeDirs;
  /** No secret-looking variable and no canary reaches the probe (discovery, §3.2). */
  readonly clean?: boolean;
  /** Run the observation commands in the probe's state before and after it (a probe that may mutate). */
  readonly observe?: boolean;
  /** Running out of time is an answer here (a tool reading an open stdin): never run again with more time. */
  readonly mayHang?: boolean;
  /**
   * No probe waits on this one's answer: it waits for a slot behind those that others wait on, so that the chains
   * (a base probe, then the probes that need it) end sooner and the leaves fill the cores at the end.
   */
  readonly later?: boolean;
};

/** What one probe recorded: the run, its events (leniently read), what it changed in its sandbox. */
export interface RecordedProbe {
  readonly run: ProbeOutcome;
  readonly events: Event[];
  readonly changed: string[];
  readonly dirs: ProbeDirs;
  /** The argv, for findings (masked where reported). */
  readonly label: string;
  /** What each observation command showed before and after the probe (empty unless it was asked to observe). */
  readonly observed: readonly Observation[];
  /** The argv and settings it ran with: what observedAlone runs again. */
  readonly args: readonly string[];
  readonly settings: ProbeSettings;
}

/** A run as record makes it, before the probe adds the argv and settings it was asked with. */
type Recorded = Omit<RecordedProbe, 'args' | 'settings'>;

/** A probe that reached outside its sandbox: wrote to the caller's directories, or left processes running. */
export interface Escape {
  /** The probe's command (its first word) and argv. */
  readonly command: string;
  readonly label: string;
  /** The probe's arguments, to run it again alone (writesAlone). */
  readonly args: readonly string[];
  readonly paths: readonly string[];
  /** Processes that outlived the probe outside its group, found and killed when it ended (`runProbe`'s escapees). */
  readonly survivors: readonly { readonly pid: number; readonly command: string }[];
  /** The judgement whose probe it was: the lone runs that confirm a write are its runs too. */
  readonly scope?: JudgementScope;
}

/**
 * What a probe that feeds no input gets on stdin: EOF (/dev/null), as a caller that passes nothing leaves it. A probe
 * about stdin itself (does it wait on a human?) asks for an open pipe explicitly; a tool that reads stdin to EOF, as a
 * Unix filter does, is then not taken for a hang (docs/spec-notes.md, AOI note 24).
 */
export const NO_INPUT = 'closed';

/** The shortest control window of writesAlone: long enough for a program that writes every few hundred ms to show. */
const IDLE_CONTROL_MIN_MS = 500;
/** Lone runs of one probe before a write it seems to make is left unconfirmed. */
const LONE_RUN_ATTEMPTS = 3;

/**
 * A probe another runner recorded (detection runs the AOI lint's discovery probe): its spec with the sandbox
 * paths as `{stateDir}` and `{cwd}`, what it saw and changed. A lint takes it instead of running the probe
 * when the spec is the one it would run, in a fresh sandbox, on the same target.
 */
export interface ReusableProbe {
  readonly target: string;
  readonly spec: ProbeSpec;
  readonly run: ProbeOutcome;
  readonly changed: readonly string[];
}

/**
 * Whether a runner snapshots the caller's cwd, its parent and the real HOME around each probe: only when asked
 * (`watchOutside`), and only for a target whose probes are real processes unless `watchEscapes` says otherwise.
 */
export function watchesOutside(
  target: Pick<LintTarget, 'runsProcesses'>,
  options: Pick<RunnerOptions, 'watchEscapes' | 'watchOutside'>,
): boolean {
  return (options.watchEscapes ?? target.runsProcesses) && options.watchOutside === true;
}

export interface RunnerOptions {
  /**
   * Give every probe its own HOME, XDG base directories and TMPDIR inside its sandbox (default true): a tool
   * whose state lives under HOME then starts each probe from the setup's state, and never touches the caller's.
   */
  readonly sandboxHome?: boolean;
  /** Extra environment for every probe; `{stateDir}` in a value becomes the probe's state directory. */
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly graceMs: number;
  /** Per probe: stdout plus stderr past this is AOI-11/output-cap-exceeded (default `runProbe`'s 64 MiB). */
  readonly maxOutputBytes?: number;
  /**
   * The output budget this runner's probes share with other runs (detection's, which runs several specs' probes side
   * by side); default: one of its own, a quarter of `maxOutputBytes`.
   */
  readonly budget?: OutputBudget;
  readonly concurrency?: number;
  readonly canaries: Canaries;
  /** Probes recorded elsewhere, taken instead of running the same probe again. */
  readonly reuse?: readonly ReusableProbe[];
  /** Keep every probe run in a fresh sandbox in `recorded`, for another runner to reuse. */
  readonly record?: boolean;
  /**
   * When a probe runs out of time (timeout or grace) on a busy machine, run it once more with `STARVED_RETRY_FACTOR`
   * times the budget, in a copy of the sandbox as the first run found it, before the tool is blamed: `busy`
   * (default), `always`, `never`.
   */
  readonly retryOutOfTime?: 'busy' | 'always' | 'never';
  /**
   * Watch for writes to the caller's cwd, its parent and the real HOME, and for processes that outlive a probe
   * (default: when the target runs real processes).
   */
  readonly watchEscapes?: boolean;
  /**
   * Also watch the caller's cwd, its parent and the real HOME around each probe (AOI-06/wrote-outside-sandbox;
   * default off): a write there can be told from other programs' only where nothing else writes during the lint.
   */
  readonly watchOutside?: boolean;
  /** Where each run's wall time is charged to the judgement that reads it (every run, reused ones too). */
  readonly times?: ProbeTimes;
  /** Called after each probe run (not after a reused one). */
  onProgress?(progress: { done: number; started: number; probe: string }): void;
}

/**
 * The plumbing every probe shares: a sandbox per probe (fresh state and working directories, copied from the
 * setup's template), the environment, at most `concurrency` probes at once, and a snapshot of the sandbox
 * before and after, so that side effects are a difference of two snapshots.
 */
export class ProbeRunner {
  private readonly slots: Semaphore;
  /** The output every probe of this lint holds at once, stdout and stderr ({@link outputBudgetFor}). */
  private readonly budget: OutputBudget;
  /** Set once setup has run: every later probe starts from a copy. */
  template: ProbeDirs | undefined;
  /** What each command gets on stdin unless a probe says otherwise. */
  readonly stdinByCommand = new Map<string, string>();
  /** Every probe run in a fresh sandbox, when `record` is set: detection hands these to the lint. */
  readonly recorded: ReusableProbe[] = [];
  /**
   * Read-only commands (machine-mode argv) run before and after every probe that asks to observe, in its state:
   * how a tool whose state is not on disk shows its side effects. Set once, after setup.
   */
  observers: readonly (readonly string[])[] = [];
  /** Every probe around which something was written outside the sandboxes or that left a process behind, in the order they ended (blameEscapes decides whose). */
  readonly escapes: Escape[] = [];
  private readonly outside: ReturnType<typeof outsideDirs>;
  /** Leaf probes by what decides their run (see probe). */
  private readonly leaves = new Map<string, Promise<RecordedProbe>>();
  private started = 0;
  private done = 0;

  private constructor(
    private readonly target: LintTarget,
    private readonly workspace: Workspace,
    private readonly options: RunnerOptions,
  ) {
    this.outside = outsideDirs(options.sandboxHome !== false);
    this.slots = new Semaphore(options.concurrency ?? Math.max(2, availableParallelism() * 2));
    this.budget = options.budget ?? outputBudgetFor(options.maxOutputBytes);
  }

  static async create(target: LintTarget, options: RunnerOptions): Promise<ProbeRunner> {
    return new ProbeRunner(target, await Workspace.create(), options);
  }

  /** What a fresh copy of each template holds (see initialSnapshot). */
  private readonly templateSnapshots = new WeakMap<ProbeDirs, Snapshot>();

  /**
   * The snapshot of a sandbox the workspace has just made from `template` (or empty): the template's, taken once. No
   * probe runs in a template once it is one, and a copy holds the same files with the same contents.
   */
  private initialSnapshot(template: ProbeDirs | undefined): Snapshot {
    if (!template) return new Map();
    let known = this.templateSnapshots.get(template);
    if (!known) this.templateSnapshots.set(template, (known = snapshot(template)));
    return known;
  }

  /**
   * The files the setup left in the template (state directory, working directory, HOME but its cache and
   * XDG_STATE_HOME, where logs and history go): where the tool keeps its state on disk, as every shard finds it.
   */
  stateFiles(): ReadonlySet<string> {
    const state = `home/${XDG_DIRS.XDG_STATE_HOME}/`;
    return new Set(
      [...this.initialSnapshot(this.template).keys()].filter((path) => !path.startsWith(state)),
    );
  }

  /** Probes run (reused ones are not counted). */
  get probes(): number {
    return this.done;
  }

  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  async dispose(): Promise<void> {
    await this.workspace.dispose();
  }

  /** New sandbox directories: a copy of the template, or empty ones with `empty`. */
  dirs(empty = false): Promise<ProbeDirs> {
    return this.workspace.dirs(empty ? undefined : this.template);
  }

  /**
   * A probe in a fresh sandbox: its run, what it printed and changed there. Leaf probes (`later`) asking for the
   * same run share one: a leaf's sandbox is never probed again (its judge runs no probe there), so the second
   * asker gets the very answer a second run would be asked for (AOI-13's negotiation control is a probe of
   * AOI-13's advertised versions; AOI-05 takes AOI-09's canary run and AOI-06's run without --confirm).
   */
  probe(args: readonly string[], settings: ProbeSettings = {}): Promise<RecordedProbe> {
    if (!settings.later || settings.dirs !== undefined || settings.observe)
      return this.probeOnce(args, settings);
    const key = this.leafKey(args, settings);
    const known = this.leaves.get(key);
    if (known) {
      // Run for another judgement: this one read it too.
      const scope = this.options.times?.here();
      return known.then((recorded) => {
        this.options.times?.charge(recorded.run, scope);
        return recorded;
      });
    }
    const run = this.probeOnce(args, settings);
    this.leaves.set(key, run);
    return run;
  }

  /** Whether a leaf probe has asked for this run already (`later` is implied): then asking again takes that run. */
  asked(args: readonly string[], settings: ProbeSettings): boolean {
    return this.leaves.has(this.leafKey(args, { ...settings, later: true }));
  }

  /** What a probe gets on stdin: what it asks for, else its command's input lines, else EOF (NO_INPUT). */
  private stdinFor(args: readonly string[], settings: ProbeSettings): ProbeSpec['stdin'] {
    return settings.stdin ?? this.stdinByCommand.get(args[0] ?? '') ?? NO_INPUT;
  }

  private leafKey(args: readonly string[], settings: ProbeSettings): string {
    const stdin = this.stdinFor(args, settings);
    // `observe: false` asks for the same run as no `observe` at all.
    return canonical({
      args,
      settings: { ...settings, observe: undefined, stdin },
      template: this.template !== undefined,
    });
  }

  private async probeOnce(
    args: readonly string[],
    settings: ProbeSettings,
  ): Promise<RecordedProbe> {
    return { ...(await this.recordOnce(args, settings)), args, settings };
  }

  private async recordOnce(args: readonly string[], settings: ProbeSettings): Promise<Recorded> {
    const fresh = settings.dirs === undefined && this.template === undefined;
    const template = this.template;
    const dirs = settings.dirs ?? (await this.workspace.dirs(template));
    // A new copy of the template holds what the template holds: its snapshot, taken once, is this sandbox's.
    const initial = settings.dirs === undefined ? this.initialSnapshot(template) : undefined;
    const label = args.join(' ');
    const spec: ProbeSpec = {
      args,
      env: this.env(dirs, settings.clean ?? false),
      cwd: dirs.cwd,
      sandbox: sandboxPaths(dirs),
      stdin: this.stdinFor(args, settings),
      timeoutMs: settings.timeoutMs ?? this.options.timeoutMs,
      graceMs: settings.graceMs ?? this.options.graceMs,
      ...(settings.closeStdoutAfterLines !== undefined
        ? { closeStdoutAfterLines: settings.closeStdoutAfterLines }
        : {}),
      ...(settings.signalAfterLines ? { signalAfterLines: settings.signalAfterLines } : {}),
      ...(settings.tripwire ? { tripwire: true } : {}),
      ...(this.options.maxOutputBytes !== undefined
        ? { maxOutputBytes: this.options.maxOutputBytes }
        : {}),
    };
    const sandboxed = withPlaceholders(spec, dirs);
    const reused =
      fresh && !settings.observe
        ? this.options.reuse?.find(
            (r) => r.target === this.target.label && sameResult(r, sandboxed),
          )
        : undefined;
    if (reused) {
      this.noteSurvivors(spec, label, reused.run);
      this.options.times?.charge(reused.run);
      return {
        run: reused.run,
        events: eventsOf(reused.run.stdout),
        changed: [...reused.changed],
        dirs,
        label,
        observed: [],
      };
    }

    const observe = settings.observe === true;
    // In another probe's sandbox (a replay, a second create), a second run needs that sandbox as this one found it:
    // on a busy machine, a copy is kept before the run, for the retry below.
    const kept =
      settings.dirs !== undefined && this.mayRetry()
        ? await this.workspace.dirs(settings.dirs)
        : undefined;
    const first = await this.record(spec, dirs, label, observe, settings.later, initial);
    if (
      !(first.run.timedOut || first.run.graceExpired) ||
      (settings.dirs !== undefined && !kept) ||
      settings.mayHang === true ||
      !this.mayRetry()
    ) {
      if (fresh && this.options.record)
        this.recorded.push({
          target: this.target.label,
          spec: sandboxed,
          run: first.run,
          changed: first.changed,
        });
      return first;
    }
    // Out of time on a busy machine: starved or stuck? A tool that is stuck is stuck again with more time, one
    // that was starved finishes; judge the second run, in a fresh copy of the same sandbox.
    const again = kept ?? (await this.workspace.dirs(template));
    const longer = {
      ...spec,
      env: this.env(again, settings.clean ?? false),
      cwd: again.cwd,
      sandbox: sandboxPaths(again),
      timeoutMs: spec.timeoutMs * STARVED_RETRY_FACTOR,
      graceMs: (spec.graceMs ?? this.options.graceMs) * STARVED_RETRY_FACTOR,
    };
    return this.record(longer, again, label, observe, settings.later, initial);
  }

  private mayRetry(): boolean {
    const when = this.options.retryOutOfTime ?? 'busy';
    return when === 'always' || (when === 'busy' && machineBusy());
  }

  /**
   * Run one probe in its sandbox and record what it changed there (and, with `observe`, what the observers show).
   * `initial`: the snapshot of a sandbox just made, which it still is unless an observer ran in it.
   */
  private async record(
    spec: ProbeSpec,
    dirs: ProbeDirs,
    label: string,
    observe: boolean,
    later = false,
    initial?: Snapshot,
  ): Promise<Recorded> {
    const observers = observe ? this.observers : [];
    const before = await Promise.all(
      observers.map((args) => this.observation(spec, dirs, args, later)),
    );
    const snapshotBefore = initial && observers.length === 0 ? initial : snapshot(dirs);
    return this.run(spec, label, later, async (run) => {
      const changed = changes(snapshotBefore, snapshot(dirs));
      const after = await Promise.all(
        observers.map((args) => this.observation(spec, dirs, args, later)),
      );
      const observed = observers.map((args, i) => ({
        label: args.join(' '),
        before: before[i],
        after: after[i],
      }));
      // A capped run is judged by its cap alone (judgeStopped): its cut stream is not worth decoding.
      return {
        run,
        events: run.outputCapped === undefined ? eventsOf(run.stdout) : [],
        changed,
        dirs,
        label,
        observed,
      };
    });
  }

  /** One run of an observation command in the probe's sandbox: its domain events when it can stand as evidence. */
  private async observation(
    spec: ProbeSpec,
    dirs: ProbeDirs,
    args: readonly string[],
    later: boolean,
  ) {
    const observing: ProbeSpec = {
      args,
      env: spec.env,
      cwd: dirs.cwd,
      sandbox: sandboxPaths(dirs),
      stdin: 'closed',
      timeoutMs: spec.timeoutMs,
      ...(spec.graceMs !== undefined ? { graceMs: spec.graceMs } : {}),
    };
    return this.run(observing, args.join(' '), later, (run) =>
      observedItems(run, eventsOf(run.stdout)),
    );
  }

  /**
   * Every run of the target: through the pool; what it left running outside its group was found and killed when it
   * ended (`runProbe`), and is noted here as an escape. Its output counts in the budget until `use` (which reads what
   * it needs from it) is done.
   */
  private async run<T>(
    spec: ProbeSpec,
    label: string,
    later: boolean,
    use: (outcome: ProbeOutcome) => T | Promise<T>,
  ): Promise<T> {
    this.started++;
    let share: BudgetShare | undefined;
    try {
      const run = await this.slots.use(async () => {
        // Taken once the probe has a slot: the oldest reader, which never pauses, is then always running.
        share = this.budget.share();
        const before = watchesOutside(this.target, this.options)
          ? await outsideSnapshot(this.outside.dirs)
          : undefined;
        const outcome = await this.target.run(spec, share);
        this.noteSurvivors(spec, label, outcome);
        if (before) await this.noteWrites(spec, label, before);
        return outcome;
      }, later);
      this.options.times?.charge(run);
      this.done++;
      this.options.onProgress?.({
        done: this.done,
        started: this.started,
        probe: toExcerpt(label, this.options.canaries.values),
      });
      return await use(run);
    } finally {
      share?.release();
    }
  }

  private noteSurvivors(spec: ProbeSpec, label: string, outcome: ProbeOutcome): void {
    if (!outcome.escapees || outcome.escapees.length === 0) return;
    this.escapes.push({
      command: spec.args[0] ?? '',
      label,
      args: spec.args,
      paths: [],
      survivors: outcome.escapees.map(({ pid, command }) => ({ pid, command })),
      scope: this.options.times?.here(),
    });
  }

  private async noteWrites(spec: ProbeSpec, label: string, before: OutsideSnapshot): Promise<void> {
    const after = await outsideSnapshot(this.outside.dirs);
    const paths = outsideChanges(
      before,
      after,
      this.outside.filesOnly,
      (path) => path === this.workspace.root,
    );
    if (paths.length > 0)
      this.escapes.push({
        command: spec.args[0] ?? '',
        label,
        args: spec.args,
        paths,
        survivors: [],
        scope: this.options.times?.here(),
      });
  }

  /**
   * What the observation commands show a probe change when it runs alone (call once every other probe is done), and
   * what they show change in a control window as long again with nothing of the lint running: the evidence for state
   * the kit does not own (a service, a directory every invocation shares), where a parallel probe's change would look
   * like this one's. The probe runs as it was asked: in a fresh copy of the template, or in the sandbox it ran in when
   * that was another probe's (a replay finds its first run's state).
   */
  async observedAlone(probe: RecordedProbe): Promise<{
    readonly alone: Observation[];
    readonly control: Observation[];
    /** The lone run itself, and its events (leniently read). */
    readonly run: ProbeOutcome;
    readonly events: Event[];
  }> {
    const dirs = probe.settings.dirs ?? (await this.dirs());
    const spec: ProbeSpec = {
      args: probe.args,
      env: this.env(dirs, probe.settings.clean ?? false),
      cwd: dirs.cwd,
      sandbox: sandboxPaths(dirs),
      stdin: this.stdinFor(probe.args, probe.settings),
      timeoutMs: this.options.timeoutMs,
      graceMs: this.options.graceMs,
    };
    const observe = () =>
      Promise.all(this.observers.map((args) => this.observation(spec, dirs, args, false)));
    const pair = (before: Observation['before'][], after: Observation['after'][]) =>
      this.observers.map((args, i) => ({
        label: args.join(' '),
        before: before[i],
        after: after[i],
      }));
    const before = await observe();
    const started = performance.now();
    const run = await this.run(spec, probe.label, false, (outcome) => outcome);
    const after = await observe();
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(IDLE_CONTROL_MIN_MS, performance.now() - started)),
    );
    return {
      alone: pair(before, after),
      control: pair(after, await observe()),
      run,
      events: eventsOf(run.stdout),
    };
  }

  /**
   * The paths outside the sandboxes that a probe changes when it runs alone, in a fresh copy of the template,
   * and that did not change in an idle window after it: who wrote what, whatever else was running when the
   * write was first seen. Call once every other probe is done. What it leaves running is killed, not reported.
   */
  async writesAlone(args: readonly string[], scope?: JudgementScope): Promise<string[]> {
    // A neighbour that writes in bursts (another lint) may spoil one control window: a path counts once a lone run
    // changed it while its control did not, in any of a few tries.
    const made = new Set<string>();
    for (let attempt = 0; attempt < LONE_RUN_ATTEMPTS; attempt++) {
      const { paths, others } = await this.loneRun(args, scope);
      for (const path of paths) if (!others.has(path)) made.add(path);
      if (paths.every((path) => made.has(path))) break;
    }
    return [...made].sort();
  }

  /** One lone run of the probe and its control window: what changed during each. */
  private async loneRun(
    args: readonly string[],
    scope: JudgementScope,
  ): Promise<{ paths: string[]; others: ReadonlySet<string> }> {
    const dirs = await this.dirs();
    const spec: ProbeSpec = {
      args,
      env: this.env(dirs, false),
      cwd: dirs.cwd,
      sandbox: sandboxPaths(dirs),
      stdin: this.stdinFor(args, {}),
      timeoutMs: this.options.timeoutMs,
      graceMs: this.options.graceMs,
    };
    const changedSince = async (before: OutsideSnapshot) =>
      outsideChanges(
        before,
        await outsideSnapshot(this.outside.dirs),
        this.outside.filesOnly,
        (path) => path === this.workspace.root,
      );
    const before = await outsideSnapshot(this.outside.dirs);
    const started = performance.now();
    // What it leaves running is killed when it ends, not reported: its probe was reported already.
    this.options.times?.charge(await this.slots.use(() => this.target.run(spec)), scope);
    const paths = await changedSince(before);
    if (paths.length === 0) return { paths, others: new Set() };
    // The control: as long again with nothing of ours running. What changes then is written by another program
    // (a neighbour, another lint), not by this probe.
    const idle = await outsideSnapshot(this.outside.dirs);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(IDLE_CONTROL_MIN_MS, performance.now() - started)),
    );
    return { paths, others: new Set(await changedSince(idle)) };
  }

  /** The probe's environment: ours, its sandbox's HOME and TMPDIR, the user's (`{stateDir}`, `{home}` filled in), the state directory, the canaries. */
  private env(dirs: ProbeDirs, clean: boolean): Record<string, string> {
    const user = fillPlaceholders(this.options.env ?? {}, dirs);
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    const sandbox = this.options.sandboxHome === false ? {} : sandboxVars(dirs);
    const env: Record<string, string> = {
      ...inherited,
      ...sandbox,
      ...user,
      [STATE_DIR_ENV]: dirs.stateDir,
    };
    if (!clean) return { ...env, ...this.options.canaries.env };
    // Discovery must work without credentials (§3.2): no secret-looking variable reaches it.
    return Object.fromEntries(Object.entries(env).filter(([name]) => !isSensitiveName(name)));
  }
}

/** The spec with this sandbox's paths as `{stateDir}` and `{cwd}`: what two fresh sandboxes have in common. */
function withPlaceholders(spec: ProbeSpec, dirs: ProbeDirs): ProbeSpec {
  const generic = (value: string) =>
    value
      .replaceAll(dirs.stateDir, '{stateDir}')
      .replaceAll(dirs.cwd, '{cwd}')
      .replaceAll(dirs.home, '{home}')
      .replaceAll(dirs.tmp, '{tmp}');
  const { sandbox: _sandbox, ...rest } = spec;
  return {
    ...rest,
    cwd: '{cwd}',
    env: Object.fromEntries(
      Object.entries(spec.env).map(([name, value]) => [name, generic(value)]),
    ),
  };
}

/**
 * A recorded probe answers for `wanted` when everything that decides the result is the same — argv,
 * environment, stdin, tripwire, early close, signal, grace — and its timeout never acted: it ended before
 * a timeout no longer than the one wanted.
 */
function sameResult(recorded: ReusableProbe, wanted: ProbeSpec): boolean {
  const { timeoutMs: recordedTimeout, ...rest } = recorded.spec;
  const { timeoutMs: wantedTimeout, ...want } = wanted;
  return (
    !recorded.run.timedOut &&
    recordedTimeout <= wantedTimeout &&
    canonical(rest) === canonical(want)
  );
}

/** JSON with object keys sorted, so that two equal specs compare equal whatever order they were built in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** At most `size` probes at once; a freed slot goes to the oldest waiting probe, one asked for `later` only when none other waits. */
class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly waitingLater: Array<() => void> = [];
  constructor(private readonly size: number) {}

  async use<T>(fn: () => Promise<T>, later = false): Promise<T> {
    if (this.active < this.size) this.active++;
    else
      await new Promise<void>((resolve) =>
        (later ? this.waitingLater : this.waiting).push(resolve),
      ); // the slot is handed over
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift() ?? this.waitingLater.shift();
      if (next) next();
      else this.active--;
    }
  }
}
