/**
 * What a tool supports, found by asking it (no network, every probe bounded by a timeout, stdin closed,
 * a fresh state directory): AOI-CLI (a §17 capabilities manifest), cmdhelp (the capability line), exec (the
 * dispatch manifest lists `exec`: `manifest --output json`, else `exec manifest --output json`) and an Agent
 * Application package (an APP.md). `capabilities` is asked as the AOI lint's discovery asks it (its sandbox,
 * stdin an open pipe), so that the lint takes the answer instead of asking again; the runs are in `runs`.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ProbeOutcome } from '../checks/aoi/probe/types.js';
import { makeCanaries } from '../run/canaries.js';
import type { Run } from '../run/run-cli.js';
import { runProbe } from '../run/run-probe.js';
import { inSandbox, Workspace } from '../run/sandbox.js';
import { validateCapabilities } from '../spec/aoi/schemas.js';
import {
  DEFAULT_EXEC_MANIFEST_ARGS as EXEC_MANIFEST_DEFAULT,
  EXEC_MANIFEST_FALLBACK_ARGS as EXEC_MANIFEST_FALLBACK,
} from '../spec/exec/types.js';
import { capabilitiesProbe } from './aoi/probes/discovery.js';
import { ProbeRunner, type ReusableProbe } from './aoi/runner.js';
import { processTarget } from './aoi/target.js';
import { DEFAULT_MACHINE_FLAG, DEFAULT_SURFACE } from './aoi/plan.js';
import { isObject } from '../stream/json.js';
import { LIVE_SPEC_IDS, type LiveSpecId } from '../spec/specs.js';
import { manifestCommandsOf } from '../checks/exec/probe/manifest.js';

/** The specs detection looks for: the live ones of SPECS. */
export const SPEC_IDS = LIVE_SPEC_IDS;
export type SpecId = LiveSpecId;

export interface SpecDetection {
  readonly spec: SpecId;
  readonly detected: boolean;
  /** What was seen (or not), for people: `capabilities --output json is a §17 manifest`. */
  readonly reason: string;
}

export interface Detection {
  readonly specs: Record<SpecId, SpecDetection>;
  /** The package directory of an Agent Application, when one was found. */
  readonly appDir?: string;
  /** The words that print the tool's dispatch manifest, when one listing exec was found. */
  readonly execManifest?: readonly string[];
  /** What detection asked the tool, and the answers, for the spec runners to take instead of asking again. */
  readonly runs: DetectionRuns;
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
  /** Per probe (default 5 s): a probe that runs longer counts as "not supported". See {@link detectionTimeoutMs}. */
  timeoutMs?: number;
  /** Per probe, stdout plus stderr read before the kit stops and kills the tool (default `runProbe`'s 64 MiB): past it, "not supported". */
  maxOutputBytes?: number;
  /** Where to look for an APP.md first (default: the current directory). */
  cwd?: string;
  /** An application package named by the user (`--app-dir`). */
  appDir?: string;
  /** An exec plan was given (`--exec-plan`). */
  execPlan?: boolean;
  /** The words that print the dispatch manifest (`--exec-manifest`); default: the guide's place, then {@link EXEC_MANIFEST_FALLBACK}. */
  execManifest?: readonly string[];
}

/** Where a tool's dispatch manifest is: the words that print one listing exec, and what was seen. */
export interface ExecManifestLocation {
  /** Undefined when no manifest listing exec was found. */
  readonly manifestArgs?: readonly string[];
  readonly reason: string;
}

/**
 * Find the dispatch manifest: `given` words only, else the guide's `manifest --output json`, else `exec
 * manifest --output json` when the tool's cmdhelp (`help exec --format json`, asked only of a tool that prints
 * a cmdhelp capability line) documents `manifest` under exec. Each probe is bounded, with stdin closed and a
 * fresh state directory.
 */
export async function locateExecManifest(
  command: string,
  args: readonly string[],
  options: {
    env?: Record<string, string>;
    timeoutMs?: number;
    maxOutputBytes?: number;
    given?: readonly string[];
    record?: (run: DetectionRun) => void;
  } = {},
): Promise<ExecManifestLocation> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const work = await Workspace.create('aoi-detect-');
  const runOnce = async (words: readonly string[]): Promise<Run | undefined> => {
    try {
      const run = await sandboxedRun(work, command, [...args, ...words], options, timeoutMs);
      options.record?.({ argv: words, env: options.env ?? {}, stateDir: 'empty', timeoutMs, run });
      return run;
    } catch {
      return undefined;
    }
  };
  const stdoutOf = (r: Run | undefined) =>
    r && !r.timedOut && r.exitCode === 0 ? text(r.stdout) : undefined;
  const probe = async (words: readonly string[]) => {
    const r = await runOnce(words);
    const ok = r !== undefined && !r.timedOut && r.exitCode === 0;
    const commands = ok ? manifestCommands(text(r!.stdout)) : undefined;
    const where = words.join(' ');
    if (commands?.includes('exec')) return { found: true, why: `${where} lists exec` };
    if (commands) return { found: false, why: `${where} does not list exec` };
    return {
      found: false,
      why: `${where} ${ok ? 'is not a JSON object with a commands map' : endOf(r, timeoutMs)}`,
    };
  };
  try {
    const first = await probe(options.given ?? EXEC_MANIFEST_DEFAULT);
    if (first.found)
      return { manifestArgs: options.given ?? EXEC_MANIFEST_DEFAULT, reason: first.why };
    if (options.given) return { reason: first.why };
    const fallback = EXEC_MANIFEST_FALLBACK.join(' ');
    if (!stdoutOf(await runOnce(['help', '--capabilities']))?.startsWith('cmdhelp/'))
      return {
        reason: `${first.why}; ${fallback} not tried: no cmdhelp to say it exists (pass --exec-manifest)`,
      };
    if (
      !documentsExecManifest(
        parseJson(stdoutOf(await runOnce(['help', 'exec', '--format', 'json'])) ?? ''),
      )
    ) {
      return {
        reason: `${first.why}; ${fallback} not tried: help exec --format json does not document it (pass --exec-manifest)`,
      };
    }
    const second = await probe(EXEC_MANIFEST_FALLBACK);
    return second.found
      ? { manifestArgs: EXEC_MANIFEST_FALLBACK, reason: `${second.why} (${first.why})` }
      : { reason: `${first.why}; ${second.why}` };
  } finally {
    await work.dispose();
  }
}

/**
 * A detection probe: stdin closed, in a fresh sandbox (run/sandbox.ts: never the caller's working directory or HOME),
 * `{stateDir}` and `{home}` in the user's environment filled in as the lint fills them.
 */
async function sandboxedRun(
  work: Workspace,
  command: string,
  argv: readonly string[],
  options: { env?: Readonly<Record<string, string>>; maxOutputBytes?: number },
  timeoutMs: number,
): Promise<Run> {
  return runProbe(command, argv, {
    stdin: 'closed',
    timeoutMs,
    ...(options.maxOutputBytes !== undefined ? { maxBufferBytes: options.maxOutputBytes } : {}),
    ...inSandbox(await work.dirs(), { env: options.env }),
  });
}

const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');

/**
 * Probe `command [...args]` for each spec. `command` may be undefined (only an application directory to
 * look at). Never throws for a misbehaving or missing program: it then supports nothing.
 */
export async function detectSpecs(
  command: string | undefined,
  args: readonly string[],
  options: DetectOptions = {},
): Promise<Detection> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const cap =
    options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {};
  const work = await Workspace.create('aoi-detect-');
  const byArgv: Record<string, DetectionRun> = {};
  const record = (run: DetectionRun) => {
    byArgv[run.argv.join(' ')] = run;
  };
  const run = async (extra: readonly string[]): Promise<Run | undefined> => {
    if (command === undefined) return undefined;
    try {
      const result = await sandboxedRun(work, command, [...args, ...extra], options, timeoutMs);
      record({ argv: extra, env: options.env ?? {}, stateDir: 'empty', timeoutMs, run: result });
      return result;
    } catch {
      return undefined;
    }
  };
  const aoiRuns: ReusableProbe[] = [];
  const ended = (r: Pick<Run, 'timedOut' | 'exitCode' | 'signal' | 'outputCapped'> | undefined) =>
    endOf(r, timeoutMs);
  try {
    const noProgram = 'no program given';
    const asked = capabilitiesProbe(true, {
      ...DEFAULT_SURFACE,
      machineFlag: options.machineFlag ?? DEFAULT_MACHINE_FLAG,
    }).args.join(' ');
    // Judged as soon as its answer is in: the manifest's schema compiles while the other probes still run.
    const aoiDetection = async (): Promise<SpecDetection> => {
      if (command === undefined) return { spec: 'aoi', detected: false, reason: noProgram };
      const capabilities = await aoiCapabilities(
        command,
        args,
        {
          env: options.env ?? {},
          timeoutMs,
          ...cap,
          machineFlag: options.machineFlag ?? DEFAULT_MACHINE_FLAG,
        },
        aoiRuns,
      );
      if (!capabilities || capabilities.timedOut || capabilities.exitCode !== 0)
        return { spec: 'aoi', detected: false, reason: `${asked} ${ended(capabilities)}` };
      const value = parseJson(text(capabilities.stdout));
      const problems = value === undefined ? ['not JSON'] : validateCapabilities(value);
      // §17 is a SHOULD: a JSON object listing its commands is a manifest, if not quite §17's.
      return problems.length === 0 || (isObject(value) && Array.isArray(value.commands))
        ? {
            spec: 'aoi',
            detected: true,
            reason: `${asked} is a §17 manifest${problems.length > 0 ? ` (with ${problems.length} schema error(s))` : ''}`,
          }
        : {
            spec: 'aoi',
            detected: false,
            reason: `${asked} is not a §17 manifest (${value === undefined ? 'not one JSON document' : `${problems.length} schema error(s)`})`,
          };
    };
    const line = (r: Run | undefined) =>
      r && !r.timedOut && r.exitCode === 0 && text(r.stdout).startsWith('cmdhelp/')
        ? text(r.stdout).split('\n', 1)[0]!.trim()
        : undefined;
    // The second capability probe follows the first at once, not once every other probe is done.
    const capabilityLines = async () => {
      const helpCap = await run(['help', '--capabilities']);
      return {
        helpCap,
        alt:
          line(helpCap) === undefined && command !== undefined
            ? await run(['--cmdhelp-capabilities'])
            : undefined,
      };
    };
    const [aoi, { helpCap, alt }, located] = await Promise.all([
      aoiDetection(),
      capabilityLines(),
      command === undefined
        ? undefined
        : locateExecManifest(command, args, {
            env: options.env ?? {},
            timeoutMs,
            ...cap,
            record,
            ...(options.execManifest ? { given: options.execManifest } : {}),
          }),
    ]);

    let cmdhelp: SpecDetection = {
      spec: 'cmdhelp',
      detected: false,
      reason:
        command === undefined
          ? noProgram
          : `no capability line: help --capabilities ${describe(helpCap, ended)}`,
    };
    const first = line(helpCap);
    if (first !== undefined)
      cmdhelp = {
        spec: 'cmdhelp',
        detected: true,
        reason: `help --capabilities prints "${first}"`,
      };
    else if (command !== undefined) {
      const second = line(alt);
      if (second !== undefined)
        cmdhelp = {
          spec: 'cmdhelp',
          detected: true,
          reason: `--cmdhelp-capabilities prints "${second}"`,
        };
      else
        cmdhelp = {
          spec: 'cmdhelp',
          detected: false,
          reason: `no capability line: help --capabilities ${describe(helpCap, ended)}, --cmdhelp-capabilities ${describe(alt, ended)}`,
        };
    }

    let exec: SpecDetection;
    if (located?.manifestArgs)
      exec = {
        spec: 'exec',
        detected: true,
        reason: `${located.reason}${options.execPlan ? '' : '; no --exec-plan: a plan is built from its safe commands'}`,
      };
    else if (options.execPlan) exec = { spec: 'exec', detected: true, reason: '--exec-plan given' };
    else if (command === undefined) exec = { spec: 'exec', detected: false, reason: noProgram };
    else exec = { spec: 'exec', detected: false, reason: located?.reason ?? noProgram };

    const appDir =
      options.appDir !== undefined
        ? resolve(options.appDir)
        : findAppDir(command, args, options.cwd ?? process.cwd());
    const app: SpecDetection =
      options.appDir !== undefined
        ? { spec: 'app', detected: true, reason: `--app-dir ${options.appDir}` }
        : appDir !== undefined
          ? { spec: 'app', detected: true, reason: `APP.md in ${appDir}` }
          : {
              spec: 'app',
              detected: false,
              reason:
                'no APP.md in the current directory or the program’s package (use --app-dir DIR)',
            };

    return {
      specs: { aoi, cmdhelp, exec, app },
      ...(appDir !== undefined ? { appDir } : {}),
      ...(located?.manifestArgs ? { execManifest: located.manifestArgs } : {}),
      runs: { aoi: aoiRuns, byArgv },
    };
  } finally {
    await work.dispose();
  }
}

/**
 * `capabilities --output json` asked exactly as the AOI lint's discovery asks it (a fresh sandbox, no
 * secret-looking variables, the network tripped, stdin an open pipe), so that the lint can take this answer
 * instead of asking again. Undefined when the program cannot be started.
 */
async function aoiCapabilities(
  command: string,
  args: readonly string[],
  options: {
    env: Record<string, string>;
    timeoutMs: number;
    maxOutputBytes?: number;
    machineFlag: readonly string[];
  },
  recorded: ReusableProbe[],
): Promise<ProbeOutcome | undefined> {
  const runner = await ProbeRunner.create(processTarget(command, args), {
    env: options.env,
    timeoutMs: options.timeoutMs,
    graceMs: 5_000,
    canaries: makeCanaries(),
    record: true,
    ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
  });
  try {
    const probe = capabilitiesProbe(true, { ...DEFAULT_SURFACE, machineFlag: options.machineFlag });
    const { run } = await runner.probe(probe.args, probe.settings);
    recorded.push(...runner.recorded);
    return run;
  } catch {
    return undefined;
  } finally {
    await runner.dispose();
  }
}

/** How a detection probe ended, when it gave no answer: the output cap first, since the kit's kill is then its end. */
function endOf(
  r: Pick<Run, 'timedOut' | 'exitCode' | 'signal' | 'outputCapped'> | undefined,
  timeoutMs: number,
): string {
  if (r === undefined) return 'could not be run';
  if (r.outputCapped !== undefined)
    return `printed past the output cap (--max-output-bytes) and was killed at ${r.outputCapped} bytes`;
  return r.timedOut ? `timed out after ${timeoutMs} ms` : `exited ${r.exitCode ?? r.signal}`;
}

/**
 * Detection's per-probe timeout from the user's `--timeout-ms`: 5 s when none is given, and never more than 10 s,
 * since detection only asks whether a spec is there (a tool that takes longer to say so supports none); the specs
 * themselves then run with the user's timeout.
 */
export function detectionTimeoutMs(userMs: number | undefined): number {
  return Math.min(userMs ?? 5_000, 10_000);
}

function describe(r: Run | undefined, ended: (r: Run | undefined) => string): string {
  if (r && !r.timedOut && r.exitCode === 0) return 'prints no cmdhelp/ line';
  return ended(r);
}

function parseJson(s: string): unknown {
  try {
    return JSON.parse(s.trim()) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether a cmdhelp document of `help exec` names `manifest` under exec: a subcommand, or a value of an enum argument. */
function documentsExecManifest(doc: unknown): boolean {
  const exec = isObject(doc) && isObject(doc.commands) ? doc.commands.exec : undefined;
  if (!isObject(exec)) return false;
  if (isObject(exec.commands) && 'manifest' in exec.commands) return true;
  return (
    Array.isArray(exec.args) &&
    exec.args.some((a) => isObject(a) && Array.isArray(a.enum) && a.enum.includes('manifest'))
  );
}

/** The command names of a tool manifest (`{"commands": {...}}`, or in a response envelope's data), or undefined. */
export function manifestCommands(stdout: string): string[] | undefined {
  const commands = manifestCommandsOf(parseJson(stdout));
  return commands ? Object.keys(commands) : undefined;
}

/**
 * An Agent Application package: the first directory holding an APP.md, looked for in `cwd`, then from the
 * program's file (the command itself, or the first argument that is an existing file, as in `node app/cli.js`)
 * upwards to the nearest directory with a package.json.
 */
export function findAppDir(
  command: string | undefined,
  args: readonly string[],
  cwd: string,
): string | undefined {
  if (existsSync(join(cwd, 'APP.md'))) return resolve(cwd);
  const isFile = (p: string) => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  };
  const script = args.find((a) => (a.includes('/') || a.includes('\\')) && isFile(resolve(cwd, a)));
  for (const program of [script, command]) {
    if (
      program === undefined ||
      !(program.includes('/') || program.includes('\\')) ||
      !isFile(resolve(cwd, program))
    )
      continue;
    let dir = dirname(resolve(cwd, program));
    for (;;) {
      if (existsSync(join(dir, 'APP.md'))) return dir;
      const parent = dirname(dir);
      if (existsSync(join(dir, 'package.json')) || parent === dir) break;
      dir = parent;
    }
  }
  return undefined;
}
