import { readFileSync } from 'node:fs';
import { delimiter, dirname } from 'node:path';
import type { RuntimeRecording } from '../../checks/consumer/judge-runtime.js';
import { installFakeApp } from '../../fakes/consumer/app-package.js';
import { makeTempDir, removeTempDir } from '../../run/interrupt.js';
import { runProbe } from '../../run/run-probe.js';
import type { RuntimeScenarioSpec } from '../../spec/consumer/runtime-scenarios.js';
import { ConsumerStartError, type RecordConsumerOptions } from './record.js';

/** The contract between the kit and an APP runtime (docs/guides/linting-a-consumer.md, "An APP runtime"). */
export const RUNTIME_CONTRACT_ENV = {
  /** The package root: the directory holding APP.md. */
  appDir: 'AOI_APP_DIR',
  /** The user's request: `{"command":"list","args":[]}`. */
  request: 'AOI_APP_REQUEST',
  /** The file the runtime appends its JSONL log to: `confirm` records before it asks, one `result` record. */
  log: 'AOI_RUNTIME_LOG',
} as const;

export type RecordRuntimeOptions = Omit<RecordConsumerOptions, 'as' | 'onScenario'> & {
  readonly onScenario?: (recording: RuntimeRecording) => void;
};

const pathKey = (env: NodeJS.ProcessEnv) =>
  Object.keys(env).find((key) => key.toUpperCase() === 'PATH') ?? 'PATH';

function readLog(file: string): RuntimeRecording['log'] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { records: [], unreadable: 0 };
  }
  const records: Record<string, unknown>[] = [];
  let unreadable = 0;
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    try {
      const value: unknown = JSON.parse(line);
      if (value !== null && typeof value === 'object' && !Array.isArray(value))
        records.push(value as Record<string, unknown>);
      else unreadable++;
    } catch {
      unreadable++;
    }
  }
  return { records, unreadable };
}

/**
 * Run an APP runtime once per runtime scenario and record what it did (record-then-judge: `judgeRuntime`
 * decides). Each scenario gets a fresh package (installFakeApp) whose binary records its own calls; the runtime
 * gets the package root, the request and its log file in the environment, and on stdin the user's answer (one
 * line) or nothing, then EOF. The Node.js running the kit is first on PATH, so that `node app/cli.js` resolves.
 * One scenario at a time.
 */
export async function recordRuntime(
  command: string,
  args: readonly string[],
  scenarios: readonly RuntimeScenarioSpec[],
  options: RecordRuntimeOptions,
): Promise<RuntimeRecording[]> {
  const recordings: RuntimeRecording[] = [];
  for (const scenario of scenarios) {
    const dir = makeTempDir('aoi-runtime-');
    try {
      const app = installFakeApp(dir, scenario);
      const key = pathKey(process.env);
      const base = { ...process.env, ...options.env } as Record<string, string>;
      const env = {
        ...base,
        [key]: [dirname(process.execPath), base[key]]
          .filter((part) => part !== undefined && part !== '')
          .join(delimiter),
        [RUNTIME_CONTRACT_ENV.appDir]: app.dir,
        [RUNTIME_CONTRACT_ENV.request]: JSON.stringify(scenario.request),
        [RUNTIME_CONTRACT_ENV.log]: app.logFile,
      };
      const stdin =
        scenario.answer === null ? 'closed' : Buffer.from(`${scenario.answer}\n`, 'utf8');
      const run = await runProbe(command, args, {
        stdin,
        env,
        extendEnv: false,
        timeoutMs: options.timeoutMs,
        ...(options.cwd ? { cwd: options.cwd } : {}),
      });
      if (run.probe.spawnError) throw new ConsumerStartError(command, run.probe.spawnError);
      const recording: RuntimeRecording = {
        scenario,
        run: {
          stdout: run.stdout,
          stderr: run.stderr,
          exitCode: run.exitCode,
          signal: run.signal,
          timedOut: run.timedOut,
          durationMs: run.durationMs,
        },
        timeoutMs: options.timeoutMs,
        packageDir: app.dir,
        calls: app.calls(),
        log: readLog(app.logFile),
      };
      recordings.push(recording);
      options.onScenario?.(recording);
    } finally {
      removeTempDir(dir);
    }
  }
  return recordings;
}
