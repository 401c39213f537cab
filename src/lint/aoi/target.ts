import { judgeStart } from '../../checks/start.js';
import { anchorCommandLine } from '../../run/anchor.js';
import type { BudgetShare } from '../../run/output-budget.js';
import { assertCommandLine, runProbe } from '../../run/run-probe.js';
import {
  describeAttempt,
  tripwireName,
  withNetworkTripwire,
  type TripwireSpawn,
} from '../../run/network-tripwire.js';
import type { ProbeOutcome } from '../../checks/aoi/probe/types.js';

/** How one probe runs the CLI. */
export interface ProbeSpec {
  readonly args: readonly string[];
  /** The whole environment of the child (the linter decides what is inherited). */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  /** The probe's sandbox directories (cwd, HOME, TMPDIR, state): what ties a process it left running to it. */
  readonly sandbox?: readonly string[];
  /** `open`: a pipe nobody writes or closes, as agent harnesses leave it. */
  readonly stdin: 'open' | 'closed' | string;
  readonly timeoutMs: number;
  readonly closeStdoutAfterLines?: number;
  readonly signalAfterLines?: { readonly lines: number; readonly signal: 'SIGINT' | 'SIGTERM' };
  /** How long the CLI gets to exit after a probe acted. */
  readonly graceMs?: number;
  /** Record (and refuse) every attempt to reach the network. */
  readonly tripwire?: boolean;
  /** Stop reading and kill the CLI once stdout plus stderr pass this many bytes (`runProbe`'s default when absent). */
  readonly maxOutputBytes?: number;
}

/**
 * What the linter lints: something that runs probes. A real program ({@link processTarget}) or a fake
 * run in memory (`inMemoryTarget` in `aoi-testkit/fakes`-backed tests), judged by the same code.
 */
export interface LintTarget {
  /** For reports: the command line, e.g. `node cli.js`. */
  readonly label: string;
  /** Whether `tripwire` is honoured; when false, AOI-01's network judgement is skipped. */
  readonly seesNetwork: boolean;
  /**
   * Whether probes are real processes, which can write outside their sandbox and outlive their run: the default for
   * watching escapes (`watchEscapes`). A fake in memory writes nowhere real, so the caller's HOME is never looked at.
   */
  readonly runsProcesses: boolean;
  /** `budget`: the probe's share of the lint's output budget (a target that reads no pipes ignores it). */
  run(probe: ProbeSpec, budget?: BudgetShare): Promise<ProbeOutcome>;
}

/**
 * A real program: every probe is a real process with real pipes and signals (`runProbe`). Paths in its command
 * line are taken from the caller's cwd (`node dist/cli.js`), since each probe runs in a directory of its own.
 */
export function processTarget(program: string, programArgs: readonly string[] = []): LintTarget {
  assertCommandLine('processTarget', program, programArgs);
  const [command, args] = anchorCommandLine(program, programArgs);
  const start = async (
    probe: ProbeSpec,
    budget: BudgetShare | undefined,
    extraEnv: Record<string, string> = {},
    spawn: TripwireSpawn = {},
  ) =>
    runProbe(command, [...args, ...probe.args], {
      ...spawn,
      env: { ...probe.env, ...extraEnv },
      extendEnv: false,
      cwd: probe.cwd,
      ...(probe.sandbox ? { sandbox: probe.sandbox } : {}),
      stdin: probe.stdin,
      timeoutMs: probe.timeoutMs,
      ...(probe.closeStdoutAfterLines !== undefined
        ? { closeStdoutAfterLines: probe.closeStdoutAfterLines }
        : {}),
      ...(probe.signalAfterLines
        ? { signalAfterLines: { ...probe.signalAfterLines, group: false } }
        : {}),
      ...(probe.graceMs !== undefined ? { graceMs: probe.graceMs } : {}),
      ...(probe.maxOutputBytes !== undefined ? { maxBufferBytes: probe.maxOutputBytes } : {}),
      ...(budget ? { budget } : {}),
    });
  return {
    label: [command, ...args].join(' '),
    seesNetwork: true,
    runsProcesses: true,
    async run(probe, budget) {
      let network: string[] = [];
      let networkTripwire: string | undefined;
      let run;
      if (probe.tripwire) {
        // NODE_OPTIONS of the probe's own environment stay in front of the preload.
        const traced = await withNetworkTripwire((env, spawn) => start(probe, budget, env, spawn), {
          baseNodeOptions: probe.env.NODE_OPTIONS ?? '',
          namespace: true,
        });
        run = traced.run;
        network = traced.attempts.map(describeAttempt);
        networkTripwire = tripwireName(traced.tripwire, traced.fallbackReason);
      } else {
        run = await start(probe, budget);
      }
      if (run.probe.spawnError) {
        const cannot = judgeStart([command, ...args].join(' '), [
          { argv: probe.args, ...run, spawnError: run.probe.spawnError },
        ])!;
        throw new TargetError(cannot.message, cannot.exitCode);
      }
      return {
        stdout: run.stdout,
        stderr: run.stderr,
        exitCode: run.exitCode,
        signal: run.signal,
        durationMs: run.durationMs,
        timedOut: run.timedOut,
        graceExpired: run.probe.graceExpired,
        stdoutClosed: run.probe.stdoutClosed !== null,
        signalSent: run.probe.signalSent !== null,
        ...(run.probe.signalSent ? { signalAfterBytes: run.probe.signalSent.receivedBytes } : {}),
        ...(run.outputCapped !== undefined ? { outputCapped: run.outputCapped } : {}),
        ...(run.probe.processGroup !== null ? { processGroup: run.probe.processGroup } : {}),
        ...(run.probe.escapees.length > 0
          ? { escapees: run.probe.escapees.map(({ pid, command }) => ({ pid, command })) }
          : {}),
        network,
        ...(networkTripwire ? { networkTripwire } : {}),
      };
    },
  };
}

/** The target cannot be run at all (not found, not executable, or it fails alike for everything): the lint stops with this. */
export class TargetError extends Error {
  /** 66 when the program (or its script) is missing, else 69 (EX_UNAVAILABLE). */
  constructor(
    message: string,
    readonly exitCode: 66 | 69 = 69,
  ) {
    super(message);
  }
}
