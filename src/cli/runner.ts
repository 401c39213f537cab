import { parseArgs } from 'node:util';
import type { RunnerReport } from '../checks/agentcli/runner.js';
import {
  DEFAULT_RUNNER_SCENARIO_TIMEOUT_MS,
  DEFAULT_RUNNER_TIMEOUT_MS,
  lintRunner,
  RunnerSetupError,
  RunnerStartError,
} from '../lint/agentcli/index.js';
import type { ReportView } from '../report/view.js';
import { runnerScenarios } from '../spec/agentcli/runner-scenarios.js';
import type { AgentProtocol } from '../spec/agentcli/transcript.js';
import { wantsColour } from './colour.js';
import type { Emitter } from './emitter.js';
import { deliverReport, parseReporting, type ReportingArgs } from './reporting.js';
import { parseOptions } from './surface.js';
import { InputError, intFlag, shardFlag, UsageError } from './usage.js';
import type { Shard } from '../shard.js';

export interface RunnerArgs {
  program: string;
  programArgs: string[];
  protocols: AgentProtocol[];
  scenarios: string[];
  timeoutMs: number;
  runnerTimeoutMs: number;
  strict: boolean;
  /** `--shard I/N`: only that shard's scenarios. */
  shard: Shard | undefined;
  reporting: ReportingArgs;
  color: boolean;
}

const PROTOCOLS: readonly AgentProtocol[] = ['acp', 'mcp', 'proprietary'];

/** `runner [--protocol P]... [--scenario ID]... [--timeout-ms N] [--runner-timeout-ms N] [--strict] [--output text|jsonl] -- <command> [args...]`. */
export function parseRunnerArgs(args: string[]): RunnerArgs {
  const dashes = args.indexOf('--');
  if (dashes === -1)
    throw new UsageError(
      'runner needs the runner after --: aoi-testkit runner [--protocol acp|mcp|proprietary]... [options] -- <command> [args...]',
    );
  const [program, ...programArgs] = args.slice(dashes + 1);
  if (program === undefined) throw new UsageError('runner needs a command after --');
  let parsed;
  try {
    parsed = parseArgs({
      args: args.slice(0, dashes),
      strict: true,
      options: parseOptions('runner'),
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const given = ((values.protocol as string[] | undefined) ?? []).flatMap((p) => p.split(','));
  const unknown = given.filter((p) => !PROTOCOLS.includes(p as AgentProtocol));
  if (unknown.length > 0)
    throw new UsageError(
      `--protocol must be acp, mcp or proprietary (the arms of AIP-45), got "${unknown[0]!.slice(0, 40)}"`,
    );
  const protocols = given.length > 0 ? [...new Set(given as AgentProtocol[])] : [...PROTOCOLS];
  const scenarios = (values.scenario as string[] | undefined) ?? [];
  try {
    runnerScenarios(protocols, scenarios);
  } catch (error) {
    throw new UsageError(`--scenario: ${(error as Error).message}`);
  }
  const timeoutMs =
    intFlag('runner', 'timeout-ms', values['timeout-ms'] as string | undefined) ??
    DEFAULT_RUNNER_SCENARIO_TIMEOUT_MS;
  const runnerTimeoutMs =
    intFlag('runner', 'runner-timeout-ms', values['runner-timeout-ms'] as string | undefined) ??
    DEFAULT_RUNNER_TIMEOUT_MS;
  if (runnerTimeoutMs * 2 > timeoutMs)
    throw new UsageError(
      `--runner-timeout-ms (${runnerTimeoutMs}) must be at most half of --timeout-ms (${timeoutMs}): a correct runner times out, tears the agent down (5 s of grace) and reports within the kit's bound`,
    );
  return {
    program,
    programArgs,
    protocols,
    scenarios,
    timeoutMs,
    runnerTimeoutMs,
    strict: values.strict === true,
    shard: shardFlag(values.shard as string | undefined),
    reporting: parseReporting(values),
    color: wantsColour(values),
  };
}

/** `aoi-testkit runner`: run the runner once per runner scenario and report AGENTCLI-22, 23, 26…35; returns the exit status. */
export async function runRunner(args: RunnerArgs, emitter: Emitter): Promise<number> {
  const started = performance.now();
  let report: RunnerReport;
  try {
    report = await lintRunner([args.program, ...args.programArgs], {
      protocols: args.protocols,
      scenarios: args.scenarios,
      timeoutMs: args.timeoutMs,
      runnerTimeoutMs: args.runnerTimeoutMs,
      strict: args.strict,
      ...(args.shard ? { shard: args.shard } : {}),
    });
  } catch (error) {
    if (error instanceof RunnerStartError) {
      if (error.code === 'ENOENT')
        throw new InputError(error.message, 'not_found', 'PROGRAM_NOT_FOUND');
      throw new InputError(error.message, 'config', 'PROGRAM_CANNOT_START', 69);
    }
    if (error instanceof RunnerSetupError)
      throw new InputError(error.message, 'config', 'AGENT_NOT_STARTED', 65);
    throw error;
  }
  const view: ReportView = {
    verb: 'runner',
    target: [args.program, ...args.programArgs].join(' '),
    report,
    durationMs: performance.now() - started,
    runner: { protocols: args.protocols },
    // A shard's blob names every scenario of the whole run, in order, for merge-reports.
    ...(args.shard
      ? {
          shard: {
            ...args.shard,
            order: runnerScenarios(args.protocols, args.scenarios).map((s) => s.id),
          },
        }
      : {}),
  };
  return deliverReport(args.reporting, view, { emitter, color: args.color });
}
