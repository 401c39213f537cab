import {
  DEFAULT_CONSUMER_TIMEOUT_MS,
  consumerScenarios,
  runtimeScenarios,
  type ConsumerMode,
} from '../lint/consumer/index.js';
import { judgeConsumer, type ConsumerOptions } from '../verbs/consumer.js';
import { wantsColour } from './colour.js';
import type { Emitter } from './emitter.js';
import { deliverReport, parseReporting, type ReportingArgs } from './reporting.js';
import { intFlag, parseProgramVerb, shardFlag, UsageError } from './usage.js';

export interface ConsumerArgs extends ConsumerOptions {
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
  const { values, program: words } = parseProgramVerb('consumer', args);
  const [program, ...programArgs] = words!;
  if (program === undefined) throw new UsageError('consumer needs a command after --');
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

/** `aoi-testkit consumer`: judge the consumer (CONSUMER-01…08, RUNTIME-01…08 with --app-runtime); returns the exit status. */
export async function runConsumer(args: ConsumerArgs, emitter: Emitter): Promise<number> {
  return deliverReport(args.reporting, await judgeConsumer(args), { emitter, color: args.color });
}
