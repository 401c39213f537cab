import {
  judgeConsumer,
  type ConsumerRecording,
  type ConsumerReport,
} from '../../checks/consumer/judge.js';
import {
  CONSUMER_SCENARIOS,
  type ConsumerMode,
  type ConsumerScenarioSpec,
} from '../../spec/consumer/scenarios.js';
import {
  judgeRuntime,
  type RuntimeRecording,
  type RuntimeReport,
} from '../../checks/consumer/judge-runtime.js';
import {
  RUNTIME_SCENARIOS,
  type RuntimeScenarioSpec,
} from '../../spec/consumer/runtime-scenarios.js';
import { inShard, type Shard } from '../../shard.js';
import { recordConsumer } from './record.js';
import { recordRuntime } from './record-runtime.js';

export { ConsumerStartError } from './record.js';

/** The consumer's timeout per scenario when none is given: generous, so that only a hang reaches it. */
export const DEFAULT_CONSUMER_TIMEOUT_MS = 60_000;

export interface LintConsumerOptions {
  /**
   * The consumer runs a tool by this name (a wrapper, an SDK): each scenario's fake tool is put first on PATH
   * under it, and the spawn scenarios run. Without it the consumer reads the upstream on stdin (a transformer,
   * a sink) and the stdin scenarios run.
   */
  readonly as?: string;
  /** Only these scenario ids (default: every scenario of the shape and mode). */
  readonly scenarios?: readonly string[];
  /** Only this shard's scenarios, of those (src/shard.ts: by id, the same split in every run). */
  readonly shard?: Shard;
  /**
   * The mode the stdin reader was run in (default `default`): `continue-on-error` (per-line tolerant: malformed
   * lines must be reported and passed over) or `unbounded` (the upstream is a documented watch: EOF without a
   * summary is its end). Only the scenarios of that mode run.
   */
  readonly mode?: ConsumerMode;
  /** Per scenario, how long the consumer may run before the kit kills its process tree (default 60 000 ms). */
  readonly timeoutMs?: number;
  readonly cwd?: string;
  /** Extra environment for the consumer. */
  readonly env?: Readonly<Record<string, string>>;
  /** Called after each scenario with what was recorded. */
  readonly onScenario?: (recording: ConsumerRecording) => void;
  readonly appRuntime?: false;
}

/** An APP runtime (RUNTIME-01…08): the kit gives it a fake Agent Application package and a request per scenario. */
export interface LintAppRuntimeOptions extends Omit<
  LintConsumerOptions,
  'as' | 'onScenario' | 'appRuntime' | 'mode'
> {
  readonly appRuntime: true;
  readonly onScenario?: (recording: RuntimeRecording) => void;
}

/** The consumer never ran the tool named by `as` in any scenario: nothing about it could be judged. */
export class ConsumerSetupError extends Error {}

const MODE_FLAG: Record<ConsumerMode, string> = {
  default: 'neither --continue-on-error nor --unbounded',
  'continue-on-error': '--continue-on-error',
  unbounded: '--unbounded',
};

/** The scenarios of one shape and mode, or the ones asked for (an unknown id, or one of another shape or mode, is a RangeError). */
export function consumerScenarios(
  shape: ConsumerScenarioSpec['shape'],
  ids?: readonly string[],
  mode: ConsumerMode = 'default',
): ConsumerScenarioSpec[] {
  if (shape === 'spawn' && mode !== 'default')
    throw new RangeError(`${MODE_FLAG[mode]} is for stdin readers (no --as)`);
  const ofShape = CONSUMER_SCENARIOS.filter((s) => s.shape === shape && s.mode === mode);
  if (ids === undefined || ids.length === 0) return ofShape;
  return [...new Set(ids)].map((id) => {
    const found = CONSUMER_SCENARIOS.find((s) => s.id === id);
    if (!found)
      throw new RangeError(
        `unknown consumer scenario "${id}"; known: ${CONSUMER_SCENARIOS.map((s) => s.id).join(', ')}`,
      );
    if (found.shape !== shape)
      throw new RangeError(
        `${id} is a ${found.shape} scenario: ${found.shape === 'spawn' ? 'it needs --as NAME' : 'it is for stdin readers (no --as)'}`,
      );
    if (found.mode !== mode)
      throw new RangeError(
        `${id} judges a consumer run in ${found.mode} mode: it needs ${MODE_FLAG[found.mode]}`,
      );
    return found;
  });
}

/** The APP-runtime scenarios, or the ones asked for (an unknown id is a RangeError). */
export function runtimeScenarios(ids?: readonly string[]): RuntimeScenarioSpec[] {
  if (ids === undefined || ids.length === 0) return [...RUNTIME_SCENARIOS];
  return [...new Set(ids)].map((id) => {
    const found = RUNTIME_SCENARIOS.find((s) => s.id === id);
    if (!found)
      throw new RangeError(
        `unknown APP-runtime scenario "${id}"; known: ${RUNTIME_SCENARIOS.map((s) => s.id).join(', ')}`,
      );
    return found;
  });
}

/**
 * Judge a consumer of AOI streams, in any language, by running it once per consumer scenario (CONSUMER-01…08):
 * a stdin reader is given each upstream on stdin; a spawner (`as`) finds each scenario's fake tool on PATH.
 * `command` is the program and its arguments. Throws ConsumerStartError when the program cannot start, and
 * ConsumerSetupError when a spawner never ran the tool.
 *
 * @example
 * const report = await lintConsumer(['python3', 'wrapper.py'], { as: 'notes' });
 * report.ok; // false: CONSUMER-06 consumer.spawn.killed — reported success (exit 0, no aoi:summary) …
 */
export async function lintConsumer(
  command: readonly string[],
  options: LintAppRuntimeOptions,
): Promise<RuntimeReport>;
export async function lintConsumer(
  command: readonly string[],
  options?: LintConsumerOptions,
): Promise<ConsumerReport>;
export async function lintConsumer(
  command: readonly string[],
  options: LintConsumerOptions | LintAppRuntimeOptions = {},
): Promise<ConsumerReport | RuntimeReport> {
  const [program, ...args] = command;
  if (program === undefined)
    throw new RangeError('lintConsumer needs a command: [program, ...args]');
  if (options.appRuntime === true) return lintAppRuntime(program, args, options);
  const scenarios = consumerScenarios(
    options.as !== undefined ? 'spawn' : 'stdin',
    options.scenarios,
    options.mode,
  ).filter((s) => inShard(s.id, options.shard));
  const recordings = await recordConsumer(program, args, scenarios, {
    timeoutMs: options.timeoutMs ?? DEFAULT_CONSUMER_TIMEOUT_MS,
    ...(options.as !== undefined ? { as: options.as } : {}),
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.env !== undefined ? { env: options.env } : {}),
    ...(options.onScenario ? { onScenario: options.onScenario } : {}),
  });
  // A shard may hold none of the scenarios: nothing ran, and nothing is wrong with the consumer.
  if (
    options.as !== undefined &&
    recordings.length > 0 &&
    recordings.every((r) => r.tool?.calls === 0 && !r.run.timedOut)
  ) {
    throw new ConsumerSetupError(
      `the consumer never ran ${options.as} in any scenario: --as must name the command it runs (found first on PATH)`,
    );
  }
  return judgeConsumer(recordings);
}

/** The APP-runtime shape: one fresh package per scenario; a runtime that never ran the application is a setup error. */
async function lintAppRuntime(
  program: string,
  args: readonly string[],
  options: LintAppRuntimeOptions,
): Promise<RuntimeReport> {
  const scenarios = runtimeScenarios(options.scenarios).filter((s) => inShard(s.id, options.shard));
  const recordings = await recordRuntime(program, args, scenarios, {
    timeoutMs: options.timeoutMs ?? DEFAULT_CONSUMER_TIMEOUT_MS,
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.env !== undefined ? { env: options.env } : {}),
    ...(options.onScenario ? { onScenario: options.onScenario } : {}),
  });
  const mustCall = recordings.filter(
    (r) => !r.scenario.expect.noCall && r.scenario.expect.confirmation !== 'denied',
  );
  if (mustCall.length > 0 && mustCall.every((r) => r.calls.length === 0 && !r.run.timedOut)) {
    throw new ConsumerSetupError(
      'the runtime never ran the application in any scenario: it must run entry.command of the APP.md in $AOI_APP_DIR for the request in $AOI_APP_REQUEST',
    );
  }
  return judgeRuntime(recordings);
}

export type {
  RuntimeRecording,
  RuntimeReport,
  RuntimeScenarioResult,
  RuntimeOutcome,
} from '../../checks/consumer/judge-runtime.js';
export {
  RUNTIME_SCENARIOS,
  type RuntimeScenarioSpec,
} from '../../spec/consumer/runtime-scenarios.js';
export { RUNTIME_CONTRACT_ENV } from './record-runtime.js';
export type {
  ConsumerRecording,
  ConsumerReport,
  ConsumerScenarioResult,
  ConsumerOutcome,
} from '../../checks/consumer/judge.js';
export {
  CONSUMER_SCENARIOS,
  type ConsumerMode,
  type ConsumerScenarioSpec,
} from '../../spec/consumer/scenarios.js';
