/**
 * The one shape of a live spec: what `lint/<spec>/index.ts` offers the program lint. A live spec says whether a
 * program offers it (`detect`, from bounded probes in a fresh sandbox that `detectSpecs` hands it) and judges the
 * program on it (`lint`, from what `lintProgram` hands it). `LIVE_SPECS` (lint/live-specs.ts) is the table of them,
 * one per live spec of SPECS; `detectSpecs` and `lintProgram` iterate it, so a live spec is added in its own folder.
 * Types and the detection probe helpers only: this module imports no spec, so every spec's entry can import it.
 */
import type { LiveSpecId } from '../spec/specs.js';
import type { Run } from '../run/run-cli.js';
import type { OutputBudget } from '../run/output-budget.js';
import { runProbe } from '../run/run-probe.js';
import { inSandbox, type Workspace } from '../run/sandbox.js';
import type { LintReport } from './aoi/lint.js';
import type { ReusableProbe } from './aoi/runner.js';
import type { SpecResult, SpecRunOptions } from './multi.js';
import type { ProgramOptions } from './program.js';

/** What detection says of one spec. */
export interface SpecDetection {
  readonly spec: LiveSpecId;
  readonly detected: boolean;
  /** What was seen (or not), for people: `capabilities --output json is a §17 manifest`. */
  readonly reason: string;
}

/**
 * A probe detection ran with `runCli`: stdin closed, in a fresh sandbox (working directory, HOME, XDG
 * directories, TMPDIR), the parent's environment with those and `AOI_TESTKIT_STATE_DIR` set to the sandbox's
 * and then `env` over it (`{stateDir}`, `{home}` filled in).
 */
export interface DetectionRun {
  readonly argv: readonly string[];
  /** The user's extra environment, as given (no `{stateDir}` filled in). */
  readonly env: Readonly<Record<string, string>>;
  /** The state directory was created empty, or only named (absent). */
  readonly stateDir: 'empty' | 'absent';
  readonly timeoutMs: number;
  readonly run: Run;
}

/** Detection's recorded answers. */
export interface DetectionRuns {
  /** The AOI lint's discovery probe of `capabilities`, run in the lint's own sandbox: `lintCli`'s `reuse`. */
  readonly aoi: readonly ReusableProbe[];
  /** The other probes (cmdhelp's capability line, the exec manifest and its fallbacks), keyed by argv joined with spaces. */
  readonly byArgv: Readonly<Record<string, DetectionRun>>;
}

export interface DetectOptions {
  /** Extra environment for every probe; `{stateDir}` and `{home}` are filled in with the probe's sandbox. */
  env?: Record<string, string>;
  /** What selects the tool's machine mode (default `--output jsonl`): capabilities is asked for JSON the same way. */
  machineFlag?: readonly string[];
  /** Per probe (default 5 s): a probe that runs longer counts as "not supported". See `detectionTimeoutMs`. */
  timeoutMs?: number;
  /** Per probe, stdout plus stderr read before the kit stops and kills the tool (default `runProbe`'s 64 MiB): past it, "not supported". */
  maxOutputBytes?: number;
  /** Where to look for an APP.md first (default: the current directory). */
  cwd?: string;
  /** An application package named by the user (`--app-dir`). */
  appDir?: string;
  /** An exec plan was given (`--exec-plan`). */
  execPlan?: boolean;
  /** The words that print the dispatch manifest (`--exec-manifest`); default: the guide's place, then its fallback. */
  execManifest?: readonly string[];
}

/** What a spec's detection found that its lint takes instead of asking again. */
export interface DetectedFacts {
  /** The package directory of an Agent Application. */
  readonly appDir?: string;
  /** The words that print the tool's dispatch manifest, when one listing exec was found. */
  readonly execManifest?: readonly string[];
}

/** What `detect` hands a spec: the program, the caller's options, and probes run the way detection runs them. */
export interface DetectContext {
  /** Undefined when there is no program (only an application directory to look at). */
  readonly command: string | undefined;
  readonly args: readonly string[];
  readonly options: DetectOptions;
  /** Per probe, resolved (default 5 s). */
  readonly timeoutMs: number;
  /**
   * The output every detection probe holds at once, whichever spec runs it: the specs detect side by side, and a
   * flood would otherwise cost a cap per spec. A spec running probes of its own takes its share from it.
   */
  readonly budget: OutputBudget;
  /** `command args… extra` as a detection probe, recorded for the lint; undefined when it cannot be run. */
  run(extra: readonly string[]): Promise<Run | undefined>;
  /** Record a probe the spec ran itself (in its own sandbox), for the lint to take. */
  record(run: DetectionRun): void;
  /** Record the AOI lint's own probes, for `lintCli`'s `reuse`. */
  reuse(probes: readonly ReusableProbe[]): void;
  /** How a probe that gave no answer ended (`timed out after 5000 ms`, `exited 2`, `could not be run`). */
  ended(r: Pick<Run, 'timedOut' | 'exitCode' | 'signal' | 'outputCapped'> | undefined): string;
}

/** A spec's detection: whether the program offers it, why, and what was found on the way. */
export interface SpecFound extends DetectedFacts {
  readonly detected: boolean;
  readonly reason: string;
}

/** What `lint` hands a spec chosen to be judged. */
export interface LintContext {
  /** The program and its arguments as given (AOI anchors them itself), undefined when there is none. */
  readonly program: string | undefined;
  readonly programArgs: readonly string[];
  /** The program anchored (resolved on PATH, a relative path made absolute), as every other spec runs it. */
  readonly command: string | undefined;
  readonly args: readonly string[];
  readonly options: ProgramOptions;
  /** Each spec's run: the environment, strictness, the `only` rule ids, the caller's timeout and output cap. */
  readonly run: SpecRunOptions & {
    env: Record<string, string>;
    strict: boolean;
    /** A probe that only looks for something (a manifest), clamped as detection's are. */
    detectionTimeoutMs: number;
  };
  /** The application package, when one was found or given. */
  readonly appDir: string | undefined;
  /** Detection's findings and recorded answers, when the spec was detected rather than named. */
  readonly detected?: DetectedFacts & { readonly runs?: DetectionRuns };
}

/** A spec judged: its verdicts, and the AOI lint's whole report (its commands, probes and characteristics). */
export interface SpecJudged {
  readonly result: SpecResult;
  readonly aoi?: LintReport;
}

export interface LiveSpec {
  readonly id: LiveSpecId;
  /** Whether the program offers the spec. Never throws for a misbehaving or missing program: it then does not. */
  detect(ctx: DetectContext): Promise<SpecFound>;
  /** A line for people as the spec starts (`running the cmdhelp checks`), printed before any spec starts. */
  announce?(ctx: LintContext): string | undefined;
  /** Judge the program on the spec; undefined when there is nothing it can run (no program). */
  lint(ctx: LintContext): Promise<SpecJudged | undefined>;
}

/**
 * A detection probe: stdin closed, in a fresh sandbox (run/sandbox.ts: never the caller's working directory or HOME),
 * `{stateDir}` and `{home}` in the user's environment filled in as the lint fills them.
 */
export async function sandboxedRun(
  work: Workspace,
  command: string,
  argv: readonly string[],
  options: {
    env?: Readonly<Record<string, string>>;
    maxOutputBytes?: number;
    /** Its output counts in this budget while it runs (detection's, shared by every spec's probes). */
    budget?: OutputBudget;
  },
  timeoutMs: number,
): Promise<Run> {
  const dirs = await work.dirs();
  const share = options.budget?.share();
  try {
    return await runProbe(command, argv, {
      stdin: 'closed',
      timeoutMs,
      ...(options.maxOutputBytes !== undefined ? { maxBufferBytes: options.maxOutputBytes } : {}),
      ...(share ? { budget: share } : {}),
      ...inSandbox(dirs, { env: options.env }),
    });
  } finally {
    // A capped run keeps only its head, an answer is the tool's output to judge: either way it is read.
    share?.release();
  }
}

/** How a detection probe ended, when it gave no answer: the output cap first, since the kit's kill is then its end. */
export function endOf(
  r: Pick<Run, 'timedOut' | 'exitCode' | 'signal' | 'outputCapped'> | undefined,
  timeoutMs: number,
): string {
  if (r === undefined) return 'could not be run';
  if (r.outputCapped !== undefined)
    return `printed past the output cap (--max-output-bytes) and was killed at ${r.outputCapped} bytes`;
  return r.timedOut ? `timed out after ${timeoutMs} ms` : `exited ${r.exitCode ?? r.signal}`;
}

export const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');

export function parseJson(s: string): unknown {
  try {
    return JSON.parse(s.trim()) as unknown;
  } catch {
    return undefined;
  }
}

/** The output of a probe that ran to a zero exit, else undefined. */
export const stdoutOf = (r: Run | undefined): string | undefined =>
  r && !r.timedOut && r.exitCode === 0 ? text(r.stdout) : undefined;
