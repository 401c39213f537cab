import {
  DEFAULT_RUNNER_SCENARIO_TIMEOUT_MS,
  DEFAULT_RUNNER_TIMEOUT_MS,
} from '../lint/agentcli/index.js';
import { judgeRunner, type RunnerOptions } from '../verbs/runner.js';
import { runnerScenarios } from '../spec/agentcli/runner-scenarios.js';
import type { AgentProtocol } from '../spec/agentcli/transcript.js';
import { wantsColour } from './colour.js';
import type { Emitter } from './emitter.js';
import { deliverReport, parseReporting, type ReportingArgs } from './reporting.js';
import { intFlag, parseProgramVerb, shardFlag, UsageError } from './usage.js';

export interface RunnerArgs extends RunnerOptions {
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
  const { values, program: words } = parseProgramVerb('runner', args);
  const [program, ...programArgs] = words!;
  if (program === undefined) throw new UsageError('runner needs a command after --');
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

/** `aoi-testkit runner`: judge the runner (AGENTCLI-22, 23, 26…35); returns the exit status. */
export async function runRunner(args: RunnerArgs, emitter: Emitter): Promise<number> {
  return deliverReport(args.reporting, await judgeRunner(args), { emitter, color: args.color });
}
