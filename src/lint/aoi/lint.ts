import type { Capabilities } from '../../checks/aoi/probe/discovery.js';
import { characteristicMatrix, type CharacteristicMatrix } from '../../checks/characteristics.js';
import { VerdictCollector, verdictsOk, type RuleVerdict } from '../../checks/verdict.js';
import { makeCanaries } from '../../run/canaries.js';
import { inShard, type Shard } from '../../shard.js';
import { AOI_RULES } from '../../spec/aoi/rules.js';
import type { Finding } from '../../stream/finding.js';
import { LintContext } from './context.js';
import {
  DEFAULT_MACHINE_FLAG,
  getCommand,
  listCommand,
  planCommands,
  type CommandPlan,
} from './plan.js';
import { base } from './probes/base.js';
import { canary } from './probes/canary.js';
import { defaultBound } from './probes/default-bound.js';
import { help } from './probes/help.js';
import { interactive } from './probes/interactive.js';
import { machineMode } from './probes/machine-mode.js';
import { discovery, versionedSchemas } from './probes/discovery.js';
import { identity } from './probes/identity.js';
import { input, readInputLines, type InputLines } from './probes/input.js';
import { runModule, type InvocationSubject } from './probes/module.js';
import { paging } from './probes/paging.js';
import { pipe } from './probes/pipe.js';
import { replay } from './probes/replay.js';
import { safety } from './probes/safety.js';
import { interrupts, signals } from './probes/signals.js';
import { usage } from './probes/usage.js';
import { negotiation, negotiationSubject, versions } from './probes/version.js';
import { ProbeRunner, type Escape, type ReusableProbe } from './runner.js';
import { ProbeTimes } from './timing.js';
import { setupFailure } from './setup-failure.js';
import { chooseObservers } from './observers.js';
import { blameEscapes, judgeEscape } from '../../checks/aoi/probe/escapes.js';
import type { ProbeDirs } from './state.js';
import type { LintTarget } from './target.js';

export interface LintOptions {
  /** Concrete invocations, each an argv list whose first word is the command (`['search', 'notes', '--limit', '2']`). */
  invocations?: readonly (readonly string[])[];
  /** Invocations run once, in machine mode, into a template state that every probe starts from. */
  setup?: readonly (readonly string[])[];
  /** Extra environment for every probe; `{stateDir}` in a value becomes the probe's state directory. */
  env?: Readonly<Record<string, string>>;
  /**
   * Read-only commands (argv lists, no required argument) run before and after each mutating probe, in its
   * state, to see side effects the kit cannot see on disk; added to those capabilities declare read-only.
   */
  observe?: readonly (readonly string[])[];
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
  /**
   * Per probe, stdout plus stderr in bytes (default 64 MiB): past it the kit stops reading, kills the CLI and
   * reports AOI-11/output-cap-exceeded instead of judging the cut output.
   */
  maxOutputBytes?: number;
  /**
   * Report writes to the caller's cwd, its parent and the real HOME as AOI-06/wrote-outside-sandbox (default off:
   * only where nothing else writes there during the lint, or other programs' files are blamed on the tool).
   */
  watchOutside?: boolean;
  /** Probes run at once (default: 2 × available parallelism). */
  concurrency?: number;
  /**
   * Each probe gets its own HOME, XDG base directories and TMPDIR inside its sandbox (default true); false
   * leaves them as the caller's environment has them (a tool that must read the caller's configuration).
   */
  sandboxHome?: boolean;
  /**
   * The argv that selects the tool's machine mode (default `--output jsonl`; `--format jsonl` is the §16.4
   * alias; empty for a tool that only speaks JSONL). Discovery asks for JSON the same way (`jsonl` → `json`).
   */
  machineFlag?: readonly string[];
  /** The discovery command's words (default `schema`; `aoi-schema` where the tool's domain owns `schema`, §16.4). */
  schemaCommand?: readonly string[];
  /** Warnings fail their rule too. */
  strict?: boolean;
  /** Seed for the canary secrets (default: random per lint). */
  canarySeed?: string | number;
  /** Called once the lint has begun, with a reader of the findings so far (a partial report if it is interrupted). */
  onFindings?(read: () => readonly Finding[]): void;
  /** Called after each probe, for progress output. */
  onProgress?(progress: { done: number; started: number; probe: string }): void;
  /**
   * Probes already run in this lint's sandbox (detection's `runs.aoi`): a probe with the same argv, environment
   * and stdin, in a fresh sandbox, on the same target, that ended before its timeout, is taken, not run again.
   */
  reuse?: readonly ReusableProbe[];
  /**
   * Judge only this shard's part (src/shard.ts): each command's probes in the shard its id (`aoi <command>`) hashes
   * to, the tool-wide ones (discovery's rows, escapes outside the plan) in the shard of `aoi`. Discovery
   * and setup run in every shard (the plan comes from them); `aoi-testkit merge-reports` puts the shards together.
   */
  shard?: Shard;
}

export interface LintReport {
  /** No rule failed for any command. */
  readonly ok: boolean;
  readonly target: string;
  /** The commands judged, in the order of capabilities, then invocations. */
  readonly commands: readonly string[];
  /** With a shard: which one (its verdicts are its part; `commands` is still the whole plan, in order). */
  readonly shard?: Shard;
  /** Whether `capabilities --output json` gave a usable manifest (else the plan came from invocations). */
  readonly capabilities: boolean;
  /** One verdict per (rule × command); AOI-01's commands are `schema` and `capabilities`. */
  readonly verdicts: readonly RuleVerdict[];
  /** §18.1: per command, per characteristic, `pass`, `fail` or `not_judged` (from the verdicts). */
  readonly characteristics: CharacteristicMatrix;
  readonly findings: readonly Finding[];
  readonly probes: number;
  /** The observation commands the probes that mutate were observed with (machine-mode argv, joined). */
  readonly observers: readonly string[];
  readonly durationMs: number;
  readonly strict: boolean;
}

/** AOI-01's rows: discovery, and §16.1's `--help`. */
const DISCOVERY_COMMANDS = ['schema', 'capabilities', '--help'] as const;

/**
 * The order of a lint's rows within a rule: discovery's commands, then the plan's, as an unsharded lint gives them
 * (a command outside both, blamed for an escape, comes after). Shards' verdicts merged in this order read as one lint.
 */
export const commandOrder = (report: Pick<LintReport, 'commands'>): string[] => [
  ...new Set([...DISCOVERY_COMMANDS, ...report.commands]),
];

/**
 * Lint a live CLI against AOI-CLI v0.2 §18.2: discovery, then per command the probes of each rule —
 * machine-mode stream, canary secrets, malformed usage, early pipe close, signals, confirmation and
 * dry run, idempotent replay, limits and cursors, malformed input, schema-version negotiation. Each
 * concern is a probe module (`probes/*.ts`: rules, plan, judge); this is the order they run in.
 *
 * @example
 * const report = await lintCli(processTarget('node', ['cli.js']), { invocations: [['search', 'x']] });
 * report.verdicts.filter((v) => v.status === 'fail'); // [] when the CLI conforms
 */
export async function lintCli(target: LintTarget, options: LintOptions = {}): Promise<LintReport> {
  const started = performance.now();
  const strict = options.strict ?? false;
  const canaries = makeCanaries(options.canarySeed);
  const times = new ProbeTimes();
  const runner = await ProbeRunner.create(target, {
    times,
    timeoutMs: options.timeoutMs ?? 10_000,
    graceMs: options.graceMs ?? 5_000,
    canaries,
    ...(options.env ? { env: options.env } : {}),
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
    ...(options.watchOutside ? { watchOutside: true } : {}),
    ...(options.sandboxHome !== undefined ? { sandboxHome: options.sandboxHome } : {}),
    ...(options.reuse ? { reuse: options.reuse } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  try {
    const rules = new Set(
      options.only && options.only.length > 0 ? options.only : AOI_RULES.map((rule) => rule.id),
    );
    const verdicts = new VerdictCollector({
      strict,
      secrets: canaries.values,
      keepPerSubRule: 5,
      unrecorded: { notApplicable: 'no probe of this command concerns the rule' },
      onRecord: (rule, command) => times.link(rule, command),
    });
    const lint = new LintContext(
      runner,
      verdicts,
      canaries,
      rules,
      strict,
      {
        machineFlag: options.machineFlag ?? DEFAULT_MACHINE_FLAG,
        schemaCommand: options.schemaCommand ?? ['schema'],
      },
      times,
    );
    options.onFindings?.(() => verdicts.findings);

    // Discovery and setup side by side (each is a few probes one after another, which leave a core idle): discovery
    // in empty sandboxes, setup into its own; every later probe starts from a copy of setup's state.
    const [discovered, made] = await Promise.allSettled([
      discover(target, lint),
      setUp(options.setup ?? [], lint),
    ]);
    // A program that never started is a TargetError, whatever the setup said.
    if (discovered.status === 'rejected') throw discovered.reason;
    if (made.status === 'rejected') throw made.reason;
    const capabilities = discovered.value;
    runner.template = made.value;
    lint.setUpAgain = () => setUpAgain(options.setup ?? [], lint);
    const plans = planCommands(capabilities, options.invocations ?? [], { strict });
    lint.findObservers = () => chooseObservers(capabilities, options.observe ?? [], lint);
    // Chosen before any other probe runs: a tool whose state every invocation shares would look unstable to the
    // stability check while probes change it. Given --observe, every probe that may mutate is observed from the
    // start; else only where the disk shows nothing.
    if (lint.wants('AOI-06', 'AOI-07', 'AOI-12')) {
      const observers = await lint.observers();
      lint.observeAlways = (options.observe?.length ?? 0) > 0 && observers.length > 0;
    }
    // The read commands AOI-08 uses on a create's ids: `get ID` resolves one, `list` counts the resources.
    const reads = { get: getCommand(plans), list: listCommand(plans) };
    // With a shard, the commands and the tool-wide probes of another shard are not run, and their rows not given.
    const toolWide = inShard('aoi', options.shard);
    const mine = (command: string) =>
      plans.some((plan) => plan.name === command)
        ? inShard(`aoi ${command}`, options.shard)
        : toolWide;
    // The tool-wide negotiation probes need no command's answer: they run alongside the commands', in the shard of
    // the command whose row they judge.
    const subject = negotiationSubject(plans);
    const negotiated = subject && mine(subject.command) ? subject : undefined;
    await Promise.all([
      ...plans
        .filter((plan) => mine(plan.name))
        .map((plan) => lintCommand(plan, capabilities, reads, lint)),
      negotiated && runModule(negotiation, { ...negotiated, capabilities }, lint),
    ]);
    // What only the observation commands showed, confirmed by lone runs now that nothing else runs.
    await lint.confirmObserved();

    // Writes outside the sandbox and surviving processes, of any probe; a command outside the plan gets its own row.
    const escaped = judgeEscapes(runner.escapes, await writersAlone(runner, times), lint);
    // A discovery document can break another rule (capabilities naming an unknown aoi_version, AOI-13): its row then too.
    const fromDiscovery = (rule: string) =>
      DISCOVERY_COMMANDS.filter((c) => verdicts.verdict(rule, c).findings.length > 0);
    const rows = AOI_RULES.filter((rule) => rules.has(rule.id)).flatMap((rule) =>
      (rule.id === 'AOI-01'
        ? DISCOVERY_COMMANDS
        : [
            ...new Set([
              ...fromDiscovery(rule.id),
              ...plans.map((plan) => plan.name),
              ...(escaped.get(rule.id) ?? []),
            ]),
          ]
      )
        .filter(mine)
        .map((command) => {
          const verdict = verdicts.verdict(rule.id, command);
          return { ...verdict, durationMs: times.ms(rule.id, command, verdict.status) };
        }),
    );
    return {
      ok: verdictsOk(rows),
      target: target.label,
      commands: plans.map((plan) => plan.name),
      ...(options.shard ? { shard: options.shard } : {}),
      capabilities: capabilities !== undefined,
      verdicts: rows,
      characteristics: characteristicMatrix(rows),
      findings: rows.flatMap((verdict) => verdict.findings),
      probes: runner.probes,
      observers: runner.observers.map((args) => lint.redact(args.join(' '))),
      durationMs: performance.now() - started,
      strict,
    };
  } finally {
    await runner.dispose();
  }
}

/**
 * `--help` and discovery (AOI-01), then the versioned schemas: every probe in an empty sandbox. When `--help` and
 * the discovery commands fail alike, the program never started (help throws a TargetError, no report).
 */
async function discover(target: LintTarget, lint: LintContext): Promise<Capabilities | undefined> {
  const [started, discovered] = await Promise.allSettled([
    runModule(help, { command: '--help', target: target.label }, lint),
    runModule(discovery, { command: 'schema', seesNetwork: target.seesNetwork }, lint),
  ]);
  if (started.status === 'rejected') throw started.reason;
  if (discovered.status === 'rejected') throw discovered.reason;
  const capabilities = discovered.value;
  await runModule(versionedSchemas, { command: 'schema', capabilities }, lint);
  return capabilities;
}

/** Run the setup invocations once into a template state; every later probe starts from a copy. */
async function setUp(
  setup: readonly (readonly string[])[],
  lint: LintContext,
): Promise<ProbeDirs | undefined> {
  if (setup.length === 0) return undefined;
  const dirs = await lint.runner.dirs(true);
  for (const args of setup) {
    const probe = await lint.runner.probe(lint.machine(args), { dirs, stdin: 'closed' });
    if (probe.run.exitCode !== 0)
      throw new LintSetupError(setupFailure(lint.redact(probe.label), probe, lint.secrets));
  }
  return dirs;
}

/**
 * The setup invocations again, in a sandbox of their own (as the first time), for a probe whose target another run
 * consumed on state every invocation shares. Its files are not the template's: only shared state keeps what it does.
 */
async function setUpAgain(
  setup: readonly (readonly string[])[],
  lint: LintContext,
): Promise<boolean> {
  if (setup.length === 0) return false;
  const dirs = await lint.runner.dirs(true);
  for (const args of setup) {
    const probe = await lint.runner.probe(lint.machine(args), { dirs, stdin: 'closed' });
    if (probe.run.exitCode !== 0) return false;
  }
  return true;
}

/** Every probe of one command: usage once, then per invocation its base probes and those that need them. */
/** The read commands of the tool that AOI-08's identity probe uses (getCommand, listCommand). */
interface Reads {
  readonly get: CommandPlan | undefined;
  readonly list: CommandPlan | undefined;
}

async function lintCommand(
  plan: CommandPlan,
  capabilities: Capabilities | undefined,
  reads: Reads,
  lint: LintContext,
): Promise<void> {
  const lines = plan.inputJsonl ? await readInputLines(plan.name, lint) : undefined;
  // A JSONL reader gets its input lines; every other probe that feeds no input gets EOF (NO_INPUT).
  if (lines) lint.runner.stdinByCommand.set(plan.name, lines.valid);
  const jobs: Promise<unknown>[] = [runModule(usage, { command: plan.name, plan }, lint)];
  for (const [i, invocation] of plan.invocations.entries()) {
    const subject: InvocationSubject = { command: plan.name, plan, invocation };
    jobs.push(
      plan.unbounded
        ? runModule(signals, subject, lint)
        : lintFinite(subject, lines, capabilities, reads, lint, i === 0),
    );
    jobs.push(runModule(canary, subject, lint));
    if (plan.unbounded) jobs.push(runModule(pipe, { ...subject, ownExit: undefined }, lint));
  }
  if (plan.unbounded) {
    for (const rule of ['AOI-06', 'AOI-07', 'AOI-08', 'AOI-11', 'AOI-12'])
      lint.verdicts.notApplicable(rule, `${plan.name} is an unbounded command`, plan.name);
  }
  await Promise.all(jobs);
}

/**
 * The base probe of a finite invocation, then the probes that need it or its state (none after a hang: a tool that
 * hangs is not signalled, created twice or paged). A command's first invocation is also asked whether it prompts
 * (AOI-05), which takes the base probe's run when it can.
 */
async function lintFinite(
  subject: InvocationSubject,
  lines: InputLines | undefined,
  capabilities: Capabilities | undefined,
  reads: Reads,
  lint: LintContext,
  first: boolean,
): Promise<void> {
  const answer = await runModule(base, subject, lint);
  if (!answer) {
    if (first) await runModule(interactive, { ...subject, base: undefined }, lint);
    return;
  }
  const after = { ...subject, base: answer };
  await Promise.all([
    runModule(pipe, { ...subject, ownExit: answer.probe.run.exitCode }, lint),
    runModule(safety, after, lint),
    runModule(replay, after, lint),
    runModule(paging, after, lint),
    runModule(defaultBound, { ...after, capabilities }, lint),
    runModule(machineMode, after, lint),
    runModule(input, { ...after, input: lines }, lint),
    runModule(versions, { ...after, capabilities }, lint),
    runModule(identity, { ...after, ...reads }, lint),
    runModule(interrupts, after, lint),
    // After AOI-06's probes: it takes the run without --confirm that AOI-06 asked for.
    first && runModule(interactive, after, lint),
  ]);
}

/**
 * A write outside seen during probes: the probes that saw it are run again alone, one after another (a command's
 * in the order of their command lines, until one writes each path), so that who wrote it depends neither on which
 * probes the machine's load made overlap nor on another program writing there meanwhile. Path → command → the
 * probe whose lone run changed it (no entry: none did).
 */
async function writersAlone(
  runner: ProbeRunner,
  times: ProbeTimes,
): Promise<Map<string, Map<string, string>>> {
  const candidates = new Map<string, Set<string>>();
  for (const escape of runner.escapes)
    for (const path of escape.paths)
      candidates.set(path, (candidates.get(path) ?? new Set()).add(escape.command));
  const seen = [...candidates];
  const writers = new Map<string, Map<string, string>>(
    seen.map(([path]) => [path, new Map<string, string>()]),
  );
  for (const command of new Set(seen.flatMap(([, commands]) => [...commands]))) {
    const unconfirmed = new Set(
      seen.filter(([, commands]) => commands.has(command)).map(([path]) => path),
    );
    const probes = new Map(
      runner.escapes
        .filter((e) => e.command === command && e.paths.some((path) => unconfirmed.has(path)))
        .map((e) => [e.label, e]),
    );
    for (const label of [...probes.keys()].sort()) {
      if (unconfirmed.size === 0) break;
      const { args, scope } = probes.get(label)!;
      // The lone runs are the judgement's whose probe saw the write, and decide the command's AOI-06 row.
      times.resume(scope, () => times.link('AOI-06', command));
      for (const path of await runner.writesAlone(args, scope)) {
        if (unconfirmed.delete(path)) writers.get(path)!.set(command, label);
      }
    }
  }
  return writers;
}

/** Report every escape on its command (AOI-06 writes, AOI-10 survivors); returns, per rule, the commands blamed. */
function judgeEscapes(
  escapes: readonly Escape[],
  alone: ReadonlyMap<string, ReadonlyMap<string, string>>,
  lint: LintContext,
): Map<string, string[]> {
  const blamed = new Map<string, string[]>();
  const blame = (rule: string, command: string) =>
    blamed.set(rule, [...new Set([...(blamed.get(rule) ?? []), command])]);
  // Seen, but made by no probe run alone: said once on each command that saw it, blamed on none.
  const unmade = new Map<string, Set<string>>();
  for (const escape of escapes)
    for (const path of escape.paths)
      if (alone.get(path)?.size === 0)
        unmade.set(escape.command, (unmade.get(escape.command) ?? new Set()).add(path));
  for (const [command, paths] of lint.wants('AOI-06') ? unmade : []) {
    lint.verdicts.note(
      'AOI-06',
      `written outside the sandbox while its probes ran, but by none of them run alone, so blamed on none (another program wrote there?): ${[...paths].sort().join(', ')}`,
      command,
    );
  }
  for (const escape of blameEscapes(escapes, alone)) {
    if (escape.paths.length > 0 && lint.wants('AOI-06')) blame('AOI-06', escape.command);
    if (escape.survivors.length > 0 && lint.wants('AOI-10')) blame('AOI-10', escape.command);
    if (lint.wants('AOI-06', 'AOI-10'))
      judgeEscape(escape, lint.reporter(escape.command, escape.label));
  }
  return blamed;
}

/**
 * A setup invocation failed: the lint cannot start from the state the user described. The message says how it
 * ended, then on indented lines the aoi:error events it printed and the end of its stderr (masked, sanitised).
 */
export class LintSetupError extends Error {}
