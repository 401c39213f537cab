/** `runner` as a library call: an AIP-45 runner of agent CLIs run once per scenario, its report as a view. */
import { InputError } from '../errors.js';
import type { RunnerReport } from '../checks/agentcli/runner.js';
import { lintRunner, RunnerSetupError, RunnerStartError } from '../lint/agentcli/index.js';
import type { ReportView } from '../report/view.js';
import { runnerScenarios } from '../spec/agentcli/runner-scenarios.js';
import type { AgentProtocol } from '../spec/agentcli/transcript.js';
import type { Shard } from '../shard.js';

export interface RunnerOptions {
  program: string;
  programArgs: string[];
  protocols: AgentProtocol[];
  scenarios: string[];
  timeoutMs: number;
  runnerTimeoutMs: number;
  strict: boolean;
  /** Only that shard's scenarios. */
  shard: Shard | undefined;
}

/** Run the runner once per runner scenario and judge AGENTCLI-22, 23, 26…35: the report's view. */
export async function judgeRunner(args: RunnerOptions): Promise<ReportView> {
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
  return {
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
}
