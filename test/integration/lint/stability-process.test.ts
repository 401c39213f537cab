import { describe, expect, test } from 'vitest';
import { declaredUnderLint, presetFaults } from '../../../src/fakes/faults/index.js';
import { lintCli, type LintReport } from '../../../src/lint/aoi/lint.js';
import { processTarget } from '../../../src/lint/aoi/target.js';

const CLI = new URL('../../../dist/cli/main.js', import.meta.url).pathname;
const RUNS = 20;

/** Everything a verdict says but timings: a second run must say the same. */
const verdicts = (report: LintReport) => report.verdicts.map((v) => [v.rule, v.command, v.status, v.errors, v.warnings, v.findings.map((f) => f.id)]);

/**
 * The presets whose verdict depends on timing — latency and jitter, a stall, a prompt, a reader that
 * goes away, signals that are ignored — linted as real processes twenty times in a row, on the rules
 * and commands they concern. The probes act on handshakes (lines read, a process that exits), never on
 * sleeps, so every run gives the same verdicts, and they are the declared ones.
 */
const CASES = [
  { preset: 'slow', only: ['AOI-03', 'AOI-10'], invocations: [['search', 'note', '--limit', '2'], ['watch', '--interval-ms', '20']] },
  { preset: 'stalling', only: ['AOI-03'], invocations: [['search', 'note', '--limit', '2']] },
  { preset: 'prompting', only: ['AOI-03', 'AOI-06'], invocations: [['delete', 'n_0001', '--confirm']] },
  { preset: 'ignoring-sigpipe', only: ['AOI-10'], invocations: [['watch', '--interval-ms', '20']] },
  { preset: 'ignoring-signals', only: ['AOI-10'], invocations: [['watch', '--interval-ms', '20']] },
] as const;

describe(`${RUNS} process lints in a row give the same verdicts`, () => {
  test.concurrent.each(CASES.map((c) => [c.preset, c] as const))('%s', async (preset, { only, invocations }) => {
    const lint = () =>
      lintCli(processTarget(process.execPath, [CLI, 'fake', preset]), {
        setup: [['create', '--title', 'First note']],
        invocations: invocations.map((args) => [...args]),
        only: [...only],
        // Wide margins: a loaded machine must not turn a slow start into a hang (each ignoring preset waits out graceMs once per run).
        timeoutMs: 8_000,
        graceMs: 3_000,
        canarySeed: 'stability',
      });
    const first = await lint();
    const declared = declaredUnderLint(presetFaults(preset)).violates;
    expect([...new Set(first.findings.map((f) => f.id))].sort()).toEqual(declared.filter((id) => only.some((rule) => id.startsWith(`${rule}/`))));
    for (let run = 2; run <= RUNS; run++) expect(verdicts(await lint()), `run ${run}`).toEqual(verdicts(first));
  }, 300_000);
});
