import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInMemory } from '../aoi/engine/memory.js';
import { STATE_DIR_ENV } from '../aoi/engine/process.js';
import { notes } from '../aoi/notes/index.js';
import { kitCli } from './package-root.js';
import {
  resolvePlan,
  type FakeScenario,
  type FaultSpecInput,
  type ReplayRun,
  type ToolPlan,
} from './scenario.js';

export interface WithFakeCliOptions {
  /** The command name the fake answers to on PATH (default `notes`). Letters, digits, `.`, `_`, `-`. */
  name?: string;
  /** More catalogued faults on top of the scenario's (passed as `--fault id=JSON`). */
  faults?: readonly FaultSpecInput[];
  /** The seed (`--seed`; default: the scenario's, or 1). */
  seed?: number;
  /**
   * Runs of the clean reference tool made in the state directory before `fn` runs. Default: the
   * scenario's reference setup (three notes for most presets); `[]` for none.
   */
  setup?: readonly (readonly string[])[];
  /** The state directory (default: a fresh one, removed afterwards; yours is left in place). */
  stateDir?: string;
  /**
   * Prepend the fake's directory to `process.env.PATH` and set `AOI_TESTKIT_STATE_DIR` for the
   * duration of `fn` (default true). With false, nothing global changes: pass `env` to the child yourself.
   */
  mutateEnv?: boolean;
  /** The kit's CLI to run (default: `dist/cli/main.js` of this installed aoi-testkit). */
  cli?: string;
  /** The Node.js binary that runs the fake (default: `process.execPath`). */
  node?: string;
}

export interface FakeCli {
  /** The command name on PATH. */
  name: string;
  /** The directory on PATH that holds the executable `name` (and `name.cmd` on Windows). */
  dir: string;
  /** The executable itself (`join(dir, name)`, or the `.cmd` on Windows). */
  path: string;
  /** `process.env` with the fake's PATH and state directory: pass it to spawn/execa explicitly. */
  env: NodeJS.ProcessEnv;
  /** The state directory the fake keeps its notes in (`AOI_TESTKIT_STATE_DIR`). */
  stateDir: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The key of PATH in this environment (`Path` on Windows, usually). */
const pathKey = (env: NodeJS.ProcessEnv) =>
  Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';

const shQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The program the shim runs: a JS module holding the fake's configuration as JSON literals. */
function programFor(
  plan: ToolPlan | { kind: 'run'; run: ReplayRun },
  cli: string,
  stateDir: string,
  libDir: string,
  name: string,
  options: WithFakeCliOptions,
): string {
  const header = `// aoi-testkit withFakeCli: the fake "${name}"\nprocess.env[${JSON.stringify(STATE_DIR_ENV)}] ||= ${JSON.stringify(stateDir)};\n`;
  if (plan.kind === 'tool') {
    const prefix = ['fake', '--seed', String(options.seed ?? plan.seed)];
    for (const [id, params] of plan.faults)
      prefix.push('--fault', `${id}=${JSON.stringify(params)}`);
    prefix.push(plan.preset, '--');
    return `${header}process.argv.splice(2, 0, ...${JSON.stringify(prefix)});\nawait import(${JSON.stringify(pathToFileURL(cli).href)});\n`;
  }
  // A generated run, replayed: its bytes, then its end (a signal it is killed by, or its exit code).
  const { run } = plan;
  const bytes = (value: Uint8Array | string | undefined) =>
    value === undefined
      ? new Uint8Array()
      : typeof value === 'string'
        ? Buffer.from(value, 'utf8')
        : value;
  writeFileSync(join(libDir, `${name}.stdout`), bytes(run.stdout));
  writeFileSync(join(libDir, `${name}.stderr`), bytes(run.stderr));
  const file = (ext: string) => JSON.stringify(join(libDir, `${name}.${ext}`));
  return `${header}import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
const signal = ${JSON.stringify(run.signal)};
const exitCode = ${JSON.stringify(run.exitCode ?? 0)};
const end = () => {
  if (signal) {
    process.kill(process.pid, signal);
    // A signal Node ignores (SIGPIPE): exit as a shell reports a death by signal.
    setTimeout(() => process.exit(128 + (constants.signals[signal] ?? 0)), 50);
  } else process.exit(exitCode);
};
process.stdout.write(readFileSync(${file('stdout')}), () => process.stderr.write(readFileSync(${file('stderr')}), end));
`;
}

/** A run the shim can replay exactly: a known signal, or an exit status a process can have. */
function checkReplayable(run: ReplayRun): void {
  if (
    run.signal !== null &&
    run.signal !== undefined &&
    !Object.hasOwn(constants.signals, run.signal)
  ) {
    throw new RangeError(
      `withFakeCli: the run's signal "${run.signal}" is not a signal of this platform`,
    );
  }
  const code = run.exitCode;
  if (
    !run.signal &&
    code !== null &&
    code !== undefined &&
    !(Number.isInteger(code) && code >= 0 && code <= 255)
  ) {
    throw new RangeError(
      `withFakeCli: the run's exit code must be an integer from 0 to 255, got ${code}`,
    );
  }
}

/**
 * Run `fn` with a REAL fake process on PATH under `options.name` (default `notes`): an executable shim
 * in a fresh temporary directory runs the kit's CLI (`aoi-testkit fake …`) for the scenario — a preset,
 * a corpus scenario id, or a generated run `{ stdout, stderr?, exitCode, signal }` replayed byte for
 * byte — with its setup made first in a fresh state directory. The consumer under test finds it by
 * bare name (execa('notes', …), spawn('mytool', …)), with real pipes, signals and exit statuses.
 *
 * PATH and AOI_TESTKIT_STATE_DIR are restored, and the directory removed, when `fn` settles, even if
 * it throws. This MUTATES process.env: not safe with concurrent tests in one worker (vitest runs the
 * tests of a file one after another unless you use `test.concurrent`). To stay clear of that, pass
 * `mutateEnv: false` and give the child `env` (or `path`) explicitly. Wait for the children you start
 * before `fn` settles: the fake's files go with the directory.
 */
export async function withFakeCli<T>(
  scenario: FakeScenario,
  fn: (cli: FakeCli) => T | Promise<T>,
  options: WithFakeCliOptions = {},
): Promise<T> {
  const name = options.name ?? 'notes';
  if (!NAME.test(name))
    throw new RangeError(
      `withFakeCli: "${name}" is not a command name (letters, digits, ".", "_", "-")`,
    );
  const plan = resolvePlan(scenario, {
    ...(options.faults ? { faults: options.faults } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  })!;
  if (plan.kind === 'run') checkReplayable(plan.run);
  const cli = plan.kind === 'tool' ? (options.cli ?? kitCli()) : '';
  const node = options.node ?? process.execPath;

  const root = mkdtempSync(join(tmpdir(), 'aoi-fake-cli-'));
  const [binDir, libDir] = [join(root, 'bin'), join(root, 'lib')];
  // Absolute: the fake runs in whatever cwd the consumer spawns it with.
  const stateDir = options.stateDir !== undefined ? resolve(options.stateDir) : join(root, 'state');
  const saved = new Map<string, string | undefined>();
  try {
    for (const dir of [binDir, libDir, stateDir]) mkdirSync(dir, { recursive: true });
    const setup = options.setup ?? (plan.kind === 'tool' ? plan.setup : []);
    for (const argv of setup) {
      const run = await runInMemory(notes, { argv, stateDir });
      if (run.exitCode !== 0)
        throw new Error(
          `withFakeCli: setup \`${argv.join(' ')}\` exited ${run.exitCode ?? run.signal}`,
        );
    }
    const program = join(libDir, `${name}.mjs`);
    writeFileSync(program, programFor(plan, cli, stateDir, libDir, name, options));
    let path: string;
    if (process.platform === 'win32') {
      path = join(binDir, `${name}.cmd`);
      writeFileSync(path, `@"${node}" "${program}" %*\r\n`);
    } else {
      path = join(binDir, name);
      writeFileSync(path, `#!/bin/sh\nexec ${shQuote(node)} ${shQuote(program)} "$@"\n`);
      chmodSync(path, 0o755);
    }

    const key = pathKey(process.env);
    const pathValue = [binDir, process.env[key]]
      .filter((part) => part !== undefined && part !== '')
      .join(delimiter);
    const env: NodeJS.ProcessEnv = { ...process.env, [key]: pathValue, [STATE_DIR_ENV]: stateDir };
    if (options.mutateEnv !== false) {
      for (const [k, value] of [
        [key, pathValue],
        [STATE_DIR_ENV, stateDir],
      ] as const) {
        saved.set(k, process.env[k]);
        process.env[k] = value;
      }
    }
    return await fn({ name, dir: binDir, path, env, stateDir });
  } finally {
    for (const [k, value] of saved) {
      if (value === undefined) delete process.env[k];
      else process.env[k] = value;
    }
    rmSync(root, { recursive: true, force: true });
  }
}
