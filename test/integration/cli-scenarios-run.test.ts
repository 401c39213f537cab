/**
 * `aoi-testkit scenarios --run` through the built CLI (`npm run build` first): the kit judged by the shipped
 * corpus, a JUnit testcase per scenario. The stream scenarios (in memory, seconds), the app and agent ones (processes);
 * every scenario of every kind is run through the same runner by test/integration/corpus/live-scenarios-process.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { HAS_XMLLINT, parseJunit, xsdProblems } from '../support/reporters.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { eventSchema } from '../../src/cli/discovery.js';
import { loadScenarios } from '../../src/corpus/scenario-files.js';

import { runKit } from '../support/kit-cli.js';
const dir = mkdtempSync(join(tmpdir(), 'aoi-scenarios-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const cli = (args: string[]) => runKit([...args], { timeoutMs: 230_000 });

describe('aoi-testkit scenarios --run', () => {
  test(
    '--kind stream: a JUnit testcase per stream scenario, all passing; JSONL on stdout; exit 0',
    { timeout: 240_000 },
    async () => {
      const ids = loadScenarios()
        .filter((s) => s.kind === 'stream')
        .map((s) => s.id);
      const junit = join(dir, 'corpus.xml');
      const run = await cli([
        'scenarios',
        '--run',
        '--kind',
        'stream',
        '--reporter',
        `junit=${junit}`,
        '--output',
        'jsonl',
      ]);
      expect(run.exitCode, text(run.stderr)).toBe(0);
      const xml = readFileSync(junit, 'utf8');
      const { testsuites } = parseJunit(xml);
      expect(testsuites).toMatchObject({ tests: ids.length, failures: 0 });
      expect(testsuites.testsuite.flatMap((s) => s.testcase.map((c) => c.name))).toEqual(ids);
      if (HAS_XMLLINT) expect(xsdProblems(xml)).toBeUndefined();
      const events = text(run.stdout)
        .trim()
        .split('\n')
        .map(
          (line) => JSON.parse(line) as { type: string; id?: string; ok?: boolean; count?: number },
        );
      expect(
        events.filter((e) => e.type === 'scenario_result').map((e) => `${e.id} ${e.ok}`),
      ).toEqual(ids.map((id) => `${id} true`));
      expect(events.at(-1)).toMatchObject({ type: 'aoi:summary', ok: true, count: ids.length });
      // Every event is one the kit's own schema (aoi-testkit schema --output json) describes.
      const validate = new Ajv2020({ strict: false }).compile(eventSchema());
      expect(events.filter((e) => !validate(e))).toEqual([]);
      expect(
        validate({
          type: 'scenario_result',
          id: 'x',
          kind: 'stream',
          ok: 'yes',
          expected: {},
          duration_ms: 1,
        }),
      ).toBe(false);
    },
  );

  test(
    '--kind app and --kind agent: the process-level kinds run too, each scenario judged through its program',
    { timeout: 240_000 },
    async () => {
      for (const kind of ['app', 'agent']) {
        const ids = loadScenarios()
          .filter((s) => s.kind === kind)
          .map((s) => s.id);
        const run = await cli(['scenarios', '--run', '--kind', kind, '--output', 'jsonl']);
        expect(run.exitCode, text(run.stderr)).toBe(0);
        const results = text(run.stdout)
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { type: string; id?: string; ok?: boolean })
          .filter((e) => e.type === 'scenario_result');
        expect(results.map((e) => `${e.id} ${e.ok}`)).toEqual(ids.map((id) => `${id} true`));
      }
    },
  );

  test('usage errors: a kind that does not exist, a reporter that does not fit, --reporter without --run', async () => {
    for (const args of [
      ['--run', '--kind', 'nope'],
      ['--run', '--reporter', 'html=x.html'],
      ['--reporter', 'junit=x.xml'],
    ]) {
      const run = await cli(['scenarios', ...args]);
      expect(run.exitCode, args.join(' ')).toBe(64);
      expect(text(run.stderr)).toMatch(/^aoi-testkit: .*(--run|--reporter|--kind)/);
    }
  });
});
