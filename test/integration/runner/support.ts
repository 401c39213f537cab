import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { lintRunner } from '../../../src/lint/agentcli/runner.js';
import type { AgentProtocol } from '../../../src/spec/agentcli/transcript.js';

/** The kit's checkout: the runners' commands are relative to it. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RUNNERS = join(ROOT, 'fixtures', 'runners');

/** One runner of fixtures/runners/expected.json. */
export interface RunnerFixture {
  readonly path: string;
  readonly language: string;
  readonly build?: readonly string[];
  readonly command: readonly string[];
  readonly protocols: readonly AgentProtocol[];
  readonly bugs: readonly string[];
  readonly findings: readonly { readonly scenario: string; readonly id: string }[];
}

export const RUNNER_FIXTURES: readonly RunnerFixture[] = (
  JSON.parse(readFileSync(join(RUNNERS, 'expected.json'), 'utf8')) as { runners: RunnerFixture[] }
).runners;

/**
 * A whole run of one runner on every scenario of its arms, sequential, under load: the kit's own bounds (20 s a
 * scenario) decide a hang, this is only the test runner's safety net.
 */
const RUN_MS = 15 * 60_000;

const built: string[] = [];
afterAll(() => {
  for (const dir of built.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The runner's command line, built first when it has to be (`{bin}`: a fresh file). */
function commandOf(runner: RunnerFixture): string[] {
  if (!runner.build) return [...runner.command];
  const dir = mkdtempSync(join(tmpdir(), 'aoi-runner-bin-'));
  built.push(dir);
  const bin = join(dir, 'runner');
  const [program, ...args] = runner.build.map((a) => a.replace('{bin}', bin));
  execFileSync(program!, args, { cwd: join(RUNNERS, runner.path.split('/')[0]!), stdio: 'pipe' });
  return runner.command.map((a) => a.replace('{bin}', bin));
}

/**
 * The test of one runner: run under lintRunner on every scenario of its arms, it gets exactly the findings its
 * expected verdict lists (scenario and sub-rule, in the report's order); a correct runner none at all, also under
 * strict, and no skipped rule.
 */
export function runnerTest(path: string): void {
  const runner = RUNNER_FIXTURES.find((r) => r.path === path)!;
  const what =
    runner.bugs.length === 0
      ? 'gets no finding'
      : `is named by exactly its bugs (${runner.bugs.length})`;
  test(
    `${runner.language}: ${runner.path} ${what}`,
    async () => {
      const command = commandOf(runner);
      const report = await lintRunner(command, {
        protocols: runner.protocols,
        timeoutMs: 20_000,
        cwd: ROOT,
        // Every finding fails its rule: a correct runner has not even a warning.
        strict: true,
      });
      const found = report.verdicts.flatMap((v) =>
        v.findings.map((f) => ({ scenario: v.command!, id: f.id })),
      );
      // On a mismatch, every finding's message and what the runner printed say what the kit saw.
      const said = report.verdicts
        .flatMap((v) =>
          v.findings.map(
            (f) => `${v.command}: ${f.id}: ${f.message}${f.excerpt ? ` — ${f.excerpt}` : ''}`,
          ),
        )
        .join('\n');
      expect(found, said).toEqual(runner.findings);
      expect(report.ok).toBe(runner.bugs.length === 0);
      if (runner.bugs.length === 0)
        expect(report.verdicts.filter((v) => v.status === 'skip')).toEqual([]);
    },
    RUN_MS,
  );
}
