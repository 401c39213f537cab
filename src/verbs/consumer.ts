/** `consumer` as a library call: a consumer of AOI streams run once per scenario, its report as a view. */
import { InputError } from '../errors.js';
import type { ConsumerReport } from '../checks/consumer/judge.js';
import type { RuntimeReport } from '../checks/consumer/judge-runtime.js';
import {
  ConsumerSetupError,
  ConsumerStartError,
  consumerScenarios,
  lintConsumer,
  runtimeScenarios,
  type ConsumerMode,
} from '../lint/consumer/index.js';
import type { ReportView } from '../report/view.js';
import type { Shard } from '../shard.js';

export interface ConsumerOptions {
  program: string;
  programArgs: string[];
  /** The command name a wrapper runs (undefined: a stdin reader). */
  as: string | undefined;
  /** The consumer is an Agent Application runtime (RUNTIME-01…08). */
  appRuntime: boolean;
  /** The mode the stdin reader was run in (continue-on-error, unbounded). */
  mode: ConsumerMode;
  scenarios: string[];
  timeoutMs: number;
  /** Only that shard's scenarios. */
  shard: Shard | undefined;
}

/** Run the consumer once per scenario and judge CONSUMER-01…08 (RUNTIME-01…08 as an app runtime): the report's view. */
export async function judgeConsumer(args: ConsumerOptions): Promise<ReportView> {
  const started = performance.now();
  let report: ConsumerReport | RuntimeReport;
  try {
    const command = [args.program, ...args.programArgs];
    const shard = args.shard ? { shard: args.shard } : {};
    report = args.appRuntime
      ? await lintConsumer(command, {
          appRuntime: true,
          scenarios: args.scenarios,
          timeoutMs: args.timeoutMs,
          ...shard,
        })
      : await lintConsumer(command, {
          scenarios: args.scenarios,
          timeoutMs: args.timeoutMs,
          mode: args.mode,
          ...shard,
          ...(args.as !== undefined ? { as: args.as } : {}),
        });
  } catch (error) {
    if (error instanceof ConsumerStartError) {
      if (error.code === 'ENOENT')
        throw new InputError(`${error.message}`, 'not_found', 'PROGRAM_NOT_FOUND');
      throw new InputError(error.message, 'config', 'PROGRAM_CANNOT_START', 69);
    }
    if (error instanceof ConsumerSetupError)
      throw new InputError(error.message, 'config', 'TOOL_NOT_RUN', 65);
    throw error;
  }
  // A shard's blob names every scenario of the whole run, in order, for merge-reports.
  const order = () =>
    (args.appRuntime
      ? runtimeScenarios(args.scenarios)
      : consumerScenarios(args.as !== undefined ? 'spawn' : 'stdin', args.scenarios, args.mode)
    ).map((s) => s.id);
  return {
    verb: 'consumer',
    target: [args.program, ...args.programArgs].join(' '),
    ...(args.shard ? { shard: { ...args.shard, order: order() } } : {}),
    report,
    durationMs: performance.now() - started,
    consumer: {
      shape: args.appRuntime ? 'app-runtime' : args.as !== undefined ? 'spawn' : 'stdin',
      mode: args.mode,
      ...(args.as !== undefined ? { as: args.as } : {}),
    },
  };
}
