/** `child_process.spawn` for fakes: spawnFake and fakeSpawner. */
import type { ChildProcess, spawn as nodeSpawn } from 'node:child_process';
import { FakeChildProcess } from './child-process.js';
import { launch, planOf, type FakeProcessOptions, type StdioMode } from './fake-process.js';
import type { FakeScenario } from './scenario.js';

/** The parts of `spawn`'s options a fake honours; the others (cwd, shell, detached, …) are ignored. */
export interface FakeSpawnOptions {
  env?: NodeJS.ProcessEnv;
  stdio?: StdioMode | readonly (StdioMode | null | undefined | number | object)[] | 'overlapped';
  /** Abort: the child is sent `killSignal` and emits an AbortError, as with spawn. */
  signal?: AbortSignal;
  /** Kill the child with `killSignal` after this many ms, as spawn does. */
  timeout?: number;
  killSignal?: NodeJS.Signals | number;
  [option: string]: unknown;
}

function stdioFromSpawn(stdio: FakeSpawnOptions['stdio']): StdioMode[] {
  const mode = (value: unknown): StdioMode => {
    if (value === undefined || value === null || value === 'pipe' || value === 'overlapped')
      return 'pipe';
    if (value === 'inherit' || typeof value === 'number') return 'inherit';
    return 'ignore'; // 'ignore', and streams or 'ipc' the fake does not model
  };
  if (typeof stdio === 'string') return [mode(stdio), mode(stdio), mode(stdio)];
  return [0, 1, 2].map((i) => mode(stdio?.[i]));
}

function enoent(command: string, args: readonly string[]): NodeJS.ErrnoException {
  return Object.assign(
    new Error(
      `spawn ${command} ENOENT (aoi-testkit spawnFake: "${command}" is neither a preset nor a corpus scenario id)`,
    ),
    {
      errno: -2,
      code: 'ENOENT',
      syscall: `spawn ${command}`,
      path: command,
      spawnargs: [...args],
    },
  );
}

/** `spawn(command, args, options)` of a fake, honouring env, stdio, signal, timeout and killSignal as spawn does. */
function spawnWith(
  scenario: FakeScenario,
  command: string,
  args: readonly string[] | undefined,
  spawnOptions: FakeSpawnOptions,
  fakeOptions: FakeProcessOptions,
): FakeChildProcess {
  const options: FakeProcessOptions = {
    ...fakeOptions,
    env: spawnOptions.env ?? fakeOptions.env ?? process.env,
    stdio:
      spawnOptions.stdio !== undefined ? stdioFromSpawn(spawnOptions.stdio) : fakeOptions.stdio,
    command,
  };
  const plan = planOf(scenario, options, true);
  const child = plan
    ? launch(plan, command, args ?? (plan.kind === 'tool' ? (plan.argv ?? []) : []), options)
    : new FakeChildProcess(command, args ?? [], options, enoent(command, args ?? []));
  const killSignal = spawnOptions.killSignal ?? 'SIGTERM';
  const abort = spawnOptions.signal;
  if (abort) {
    const onAbort = () => {
      try {
        if (child.kill(killSignal))
          child.emit(
            'error',
            Object.assign(new Error('The operation was aborted', { cause: abort.reason }), {
              name: 'AbortError',
              code: 'ABORT_ERR',
            }),
          );
      } catch (error) {
        child.emit('error', error);
      }
    };
    if (abort.aborted) process.nextTick(onAbort);
    else {
      abort.addEventListener('abort', onAbort, { once: true });
      child.once('exit', () => abort.removeEventListener('abort', onAbort));
    }
  }
  const timeout = spawnOptions.timeout;
  if (timeout !== undefined && timeout > 0) {
    const timer = setTimeout(() => {
      try {
        child.kill(killSignal);
      } catch (error) {
        child.emit('error', error);
      }
    }, timeout);
    child.once('exit', () => clearTimeout(timer));
  }
  return child;
}

function splitSpawnArgs(
  args: unknown,
  options: unknown,
): [readonly string[] | undefined, FakeSpawnOptions] {
  if (Array.isArray(args)) return [args as string[], (options ?? {}) as FakeSpawnOptions];
  return [undefined, (args ?? options ?? {}) as FakeSpawnOptions];
}

/** One call of a fake spawn function: what the consumer asked to run, and the child it got. */
export interface FakeSpawnCall {
  command: string;
  args: readonly string[] | undefined;
  options: FakeSpawnOptions;
  child: FakeChildProcess;
}

/** A function with the signature of `child_process.spawn`, that spawns fakes; it records its calls. */
export type FakeSpawn = typeof nodeSpawn & {
  /** Every call, in order: what the consumer asked to run. */
  readonly calls: FakeSpawnCall[];
};

type ScenarioFor = (
  command: string,
  args: readonly string[] | undefined,
  call: number,
) => FakeScenario;

function makeSpawn(
  scenarioFor: ScenarioFor,
  fakeOptions: FakeProcessOptions,
  calls?: FakeSpawn['calls'],
) {
  let count = 0;
  return (command: string, rawArgs?: unknown, rawOptions?: unknown): ChildProcess => {
    const [args, options] = splitSpawnArgs(rawArgs, rawOptions);
    const child = spawnWith(
      scenarioFor(command, args, count++),
      command,
      args,
      options,
      fakeOptions,
    );
    calls?.push({ command, args, options, child });
    return child as unknown as ChildProcess;
  };
}

/**
 * `child_process.spawn`, for fakes: the command names the fake (a preset or a corpus scenario id), the
 * args are the tool's argv (none: the scenario's reference argv). Inject it where a consumer takes a
 * spawn function. env (default `process.env`), stdio, signal, timeout and killSignal act as with spawn;
 * a name that is neither preset nor scenario fails as a missing command does (`error` ENOENT, `close`).
 */
export const spawnFake: typeof nodeSpawn = makeSpawn(
  (command) => command,
  {},
) as unknown as typeof nodeSpawn;

export interface FakeSpawnerOptions extends FakeProcessOptions {
  /**
   * What to run, whatever the command (for consumers with a fixed command name): a scenario, or a
   * function of the command, its args and the call's index (0, 1, …) that picks one per call (a first
   * attempt that fails, a retry that succeeds). Default: the command names the scenario.
   */
  scenario?: FakeScenario | ScenarioFor;
}

/**
 * A spawn function like `spawnFake`, with options for every child it starts (chunking, time, faults,
 * seed, …) and a record of its calls. With `scenario`, every command runs that scenario.
 */
export function fakeSpawner(options: FakeSpawnerOptions = {}): FakeSpawn {
  const { scenario, ...fakeOptions } = options;
  const calls: FakeSpawn['calls'] = [];
  const pick: ScenarioFor =
    typeof scenario === 'function' ? scenario : (command) => scenario ?? command;
  const spawn = makeSpawn(pick, fakeOptions, calls);
  return Object.assign(spawn, { calls }) as unknown as FakeSpawn;
}
