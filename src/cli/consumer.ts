import { parseArgs } from 'node:util';
import type { ConsumerReport } from '../checks/consumer/judge.js';
import type { RuntimeReport } from '../checks/consumer/judge-runtime.js';
import {
  ConsumerSetupError,
  ConsumerStartError,
  DEFAULT_CONSUMER_TIMEOUT_MS,
  consumerScenarios,
  lintConsumer,
  runtimeScenarios,
  type ConsumerMode,
} from '../lint/consumer/index.js';
import type { ReportView } from '../report/view.js';
import { wantsColour } from './colour.js';
import type { Emitter } from './emitter.js';
import { deliverReport, parseReporting, type ReportingArgs } from './reporting.js';
import { parseOptions } from './surface.js';
import { InputError, intFlag, shardFlag, UsageError } from './usage.js';
import type { Shard } from '../shard.js';

export interface ConsumerArgs {
  program: string;
  programArgs: string[];
  as: string | undefined;
  /** The consumer is an Agent Application runtime (RUNTIME-01…08). */
  appRuntime: boolean;
  /** The mode the stdin reader was run in (--continue-on-error, --unbounded). */
  mode: ConsumerMode;
  scenarios: string[];
  timeoutMs: number;
  /** `--shard I/N`: only that shard's scenarios. */
  shard: Shard | undefined;
  reporting: ReportingArgs;
  color: boolean;
}

/** `consumer [--as NAME] [--scenario ID]... [--timeout-ms N] [--output text|jsonl] -- <command> [args...]`. */
export function parseConsumerArgs(args: string[]): ConsumerArgs {
  const dashes = args.indexOf('--');
  if (dashes === -1)
    throw new UsageError(
      'consumer needs the consumer after --: aoi-testkit consumer [--as NAME] [options] -- <command> [args...]',
    );
  const [program, ...programArgs] = args.slice(dashes + 1);
  if (program === undefined) throw new UsageError('consumer needs a command after --');
  let parsed;
  try {
    parsed = parseArgs({
      args: args.slice(0, dashes),
      strict: true,
      options: parseOptions('consumer'),
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const as = values.as as string | undefined;
  if (as !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(as))
    throw new UsageError(
      `--as must be a command name (letters, digits, ".", "_", "-"), got "${as.slice(0, 64)}"`,
    );
  const scenarios = (values.scenario as string[] | undefined) ?? [];
  const appRuntime = values['app-runtime'] === true;
  if (appRuntime && as !== undefined)
    throw new UsageError('--app-runtime and --as are two shapes: give one');
  if (values['continue-on-error'] === true && values.unbounded === true)
    throw new UsageError(
      '--continue-on-error and --unbounded are two modes: judge each in its own run',
    );
  const mode: ConsumerMode =
    values['continue-on-error'] === true
      ? 'continue-on-error'
      : values.unbounded === true
        ? 'unbounded'
        : 'default';
  if (appRuntime && mode !== 'default')
    throw new UsageError(
      '--continue-on-error and --unbounded are for stdin readers, not --app-runtime',
    );
  try {
    if (appRuntime) runtimeScenarios(scenarios);
    else consumerScenarios(as !== undefined ? 'spawn' : 'stdin', scenarios, mode);
  } catch (error) {
    throw new UsageError(`--scenario: ${(error as Error).message}`);
  }
  const timeoutMs =
    intFlag('consumer', 'timeout-ms', values['timeout-ms'] as string | undefined) ??
    DEFAULT_CONSUMER_TIMEOUT_MS;
  return {
    program,
    programArgs,
    as,
    appRuntime,
    mode,
    scenarios,
    timeoutMs,
    shard: shardFlag(values.shard as string | undefined),
    reporting: parseReporting(values),
    color: wantsColour(values),
  };
}

/** `aoi-testkit consumer`: run the consumer once per scenario and report CONSUMER-01…08 (RUNTIME-01…08 with --app-runtime); returns the exit status. */
export async function runConsumer(args: ConsumerArgs, emitter: Emitter): Promise<number> {
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
  const view: ReportView = {
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
  return deliverReport(args.reporting, view, { emitter, color: args.color });
}
