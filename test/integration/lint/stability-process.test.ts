import { describe, expect, test } from 'vitest';
import { declaredUnderLint, presetFaults } from '../../../src/fakes/aoi/faults/index.js';
import { lintCli, type LintReport } from '../../../src/lint/aoi/lint.js';
import { processTarget, type LintTarget } from '../../../src/lint/aoi/target.js';

import { CLI } from '../../support/kit-cli.js';
const RUNS = 20;
/**
 * A tool that ignores a signal or SIGPIPE has no race to lose (it is killed after the grace period, every time),
 * and each of its probes waits the whole grace — three times more on a busy machine, where a probe out of time is
 * asked again (STARVED_RETRY_FACTOR): five runs say it is stable without taking many minutes.
 */
const GRACE_BOUND_RUNS = 5;

/** Everything a verdict says but timings: a second run must say the same. */
const verdicts = (report: LintReport) =>
  report.verdicts.map((v) => [
    v.rule,
    v.command,
    v.status,
    v.errors,
    v.warnings,
    v.findings.map((f) => f.id),
  ]);

/**
 * The fake with its `capabilities` narrowed to the commands under test, so that twenty runs probe what
 * matters and nothing else (the manifest is the tool's own, minus the other commands).
 */
function narrowedTo(commands: readonly string[], target: LintTarget): LintTarget {
  return {
    ...target,
    async run(probe) {
      const run = await target.run(probe);
      if (probe.args[0] !== 'capabilities' || run.exitCode !== 0) return run;
      const manifest = JSON.parse(Buffer.from(run.stdout).toString('utf8')) as {
        commands: { name: string }[];
      };
      manifest.commands = manifest.commands.filter((command) => commands.includes(command.name));
      return { ...run, stdout: Buffer.from(`${JSON.stringify(manifest)}\n`) };
    },
  };
}

/**
 * The presets whose verdict hangs on timing — a signal racing the tool's own writes, latency and jitter,
 * a reader that goes away, signals that are ignored, a kill mid-line — linted as real processes twenty
 * times in a row. The probes act on handshakes (lines read, a process that exits), never on sleeps, so
 * every run gives the same verdicts, and they are the declared ones. (A tool that stalls or prompts never
 * ends, so its verdict cannot race: test/integration/lint/fault-table-process.test.ts covers it.)
 */
const WATCH = ['watch', '--interval-ms', '20'];
const SEARCH = ['search', 'note', '--limit', '2'];
const CASES = [
  { preset: 'well-behaved', only: ['AOI-03', 'AOI-10'], invocations: [SEARCH, WATCH] },
  { preset: 'slow', only: ['AOI-03', 'AOI-10'], invocations: [SEARCH, WATCH] },
  { preset: 'killed-mid-stream', only: ['AOI-02', 'AOI-03'], invocations: [SEARCH] },
  { preset: 'ignoring-sigpipe', only: ['AOI-10'], invocations: [WATCH], runs: GRACE_BOUND_RUNS },
  { preset: 'ignoring-signals', only: ['AOI-10'], invocations: [WATCH], runs: GRACE_BOUND_RUNS },
] as const;

describe(`${RUNS} process lints in a row (${GRACE_BOUND_RUNS} of a tool that ignores signals) give the same verdicts`, () => {
  test.concurrent.each(CASES.map((c) => [c.preset, c] as const))(
    '%s',
    async (preset, { only, invocations, ...c }) => {
      const lint = () =>
        lintCli(
          narrowedTo(
            invocations.map(([command]) => command as string),
            processTarget(process.execPath, [CLI, 'fake', preset]),
          ),
          {
            invocations: invocations.map((args) => [...args]),
            only: [...only],
            // Wide margins: a loaded machine must not turn a slow start into a hang.
            timeoutMs: 8_000,
            graceMs: 3_000,
            canarySeed: 'stability',
          },
        );
      const first = await lint();
      const declared = declaredUnderLint(presetFaults(preset)).violates;
      expect([...new Set(first.findings.map((f) => f.id))].sort()).toEqual(
        declared.filter((id) => only.some((rule) => id.startsWith(`${rule}/`))),
      );
      const runs = 'runs' in c ? c.runs : RUNS;
      for (let run = 2; run <= runs; run++)
        expect(verdicts(await lint()), `run ${run}`).toEqual(verdicts(first));
    },
    600_000,
  );
});
