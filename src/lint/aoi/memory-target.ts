import { runInMemory } from '../../fakes/aoi/engine/memory.js';
import type { FakeTool } from '../../fakes/aoi/engine/types.js';
import type { Fault } from '../../fakes/aoi/faults/fault.js';
import { STATE_DIR_ENV } from '../../run/state-dir.js';
import type { LintTarget } from './target.js';

/**
 * A fake linted in this process: each probe is `runInMemory` with the probe's argv, environment, stdin,
 * state directory, early stdout close and signal — the same tool code as the fake's process, in a few
 * milliseconds. The fake reaches the network only through its engine, which records each attempt in memory: the
 * network tripwire is honoured, so AOI-01 judges in memory what the process lint sees (the corpus's verdicts agree).
 *
 * @example
 * const report = await lintCli(inMemoryTarget(notes, { faults: [makeFault('dry-run-side-effect')] }), plan);
 */
export function inMemoryTarget(
  tool: FakeTool,
  settings: { faults?: readonly Fault[]; seed?: number; label?: string } = {},
): LintTarget {
  return {
    label: settings.label ?? 'in-memory fake',
    seesNetwork: true,
    runsProcesses: false,
    async run(probe) {
      const started = performance.now();
      const run = await runInMemory(tool, {
        argv: probe.args,
        env: probe.env,
        stdin: probe.stdin,
        stateDir: probe.env[STATE_DIR_ENV] ?? probe.cwd,
        timeoutMs: probe.timeoutMs,
        ...(settings.faults ? { faults: settings.faults } : {}),
        ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
        ...(probe.closeStdoutAfterLines !== undefined
          ? { closeStdoutAfterLines: probe.closeStdoutAfterLines }
          : {}),
        ...(probe.signalAfterLines ? { signalAfterLines: probe.signalAfterLines } : {}),
        ...(probe.graceMs !== undefined ? { graceMs: probe.graceMs } : {}),
      });
      return {
        stdout: run.stdout,
        stderr: run.stderr,
        exitCode: run.exitCode,
        signal: run.signal,
        durationMs: performance.now() - started,
        timedOut: run.timedOut,
        graceExpired: run.graceExpired,
        stdoutClosed: run.stdoutClosed,
        signalSent: run.signalSent,
        network: probe.tripwire ? run.network : [],
      };
    },
  };
}
