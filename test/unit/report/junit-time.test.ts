import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, test, vi } from 'vitest';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { REFERENCE_LINT_PLAN } from '../../../src/fakes/aoi/notes/lint-plan.js';
import { makeFault } from '../../../src/fakes/aoi/faults/index.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';
import type { LintTarget } from '../../../src/lint/aoi/target.js';
import { ProbeTimes } from '../../../src/lint/aoi/timing.js';
import { lintProgram } from '../../../src/lint/program.js';
import { programView } from '../../../src/report/index.js';
import { renderJunit } from '../../../src/report/junit.js';
import { checkRecorded } from '../../../src/verbs/check.js';
import { compareSides } from '../../../src/verbs/compat.js';
import { validateManifest } from '../../../src/verbs/manifest.js';
import type { ReportView } from '../../../src/report/view.js';
import { expectJunitTimes } from '../../support/junit-time.js';
import { HAS_XMLLINT, parseJunit, xsdProblems } from '../../support/reporters.js';

/** Every run of the in-memory notes says it took RUN_MS: what a verdict's time adds up is then known. */
const RUN_MS = 250;
const timedTarget = (faults: string[] = []): LintTarget => {
  const inner = inMemoryTarget(notes, { faults: faults.map((id) => makeFault(id)), seed: 7 });
  return {
    ...inner,
    run: async (probe, budget) => ({ ...(await inner.run(probe, budget)), durationMs: RUN_MS }),
  };
};

describe('JUnit time: the wall time of the probes that judged each testcase', () => {
  test('every judged testcase has the time of its runs, the suite its spec time, the whole run its own', async () => {
    const report = await lintProgram(timedTarget(['destructive-without-confirmation']), {
      ...REFERENCE_LINT_PLAN,
      canarySeed: 1,
    });
    const xml = renderJunit(programView(report));
    if (HAS_XMLLINT) expect(xsdProblems(xml)).toBeUndefined();
    const doc = parseJunit(xml);
    const suite = doc.testsuites.testsuite[0]!;
    const cases = suite.testcase as unknown as {
      name: string;
      time: string;
      failure?: unknown;
      skipped?: unknown;
    }[];
    expect(cases.length).toBe(report.verdicts.length);
    let judged = 0;
    for (const [i, c] of cases.entries()) {
      const verdict = report.verdicts[i]!;
      const seconds = Number(c.time);
      if (verdict.status === 'pass' || verdict.status === 'fail') {
        judged++;
        // At least one run judged it, and a whole number of runs did.
        expect(seconds, c.name).toBeGreaterThanOrEqual(RUN_MS / 1000);
        expect((seconds * 1000) % RUN_MS, c.name).toBe(0);
      } else expect(seconds, c.name).toBe(0);
    }
    expect(judged).toBeGreaterThan(50);
    expect(cases.some((c) => c.failure !== undefined && Number(c.time) > 0)).toBe(true);
    // A row judged by several probes (AOI-06 of delete: the run without --confirm, with it, the dry run) has their sum.
    expect(Math.max(...cases.map((c) => Number(c.time)))).toBeGreaterThan(RUN_MS / 1000);
    const attributes = xml.match(/<testsuite name[^>]*>/)![0];
    expect(attributes).toContain(`time="${(report.aoi!.durationMs / 1000).toFixed(3)}"`);
    expect(xml).toMatch(
      new RegExp(`<testsuites [^>]*time="${(report.durationMs / 1000).toFixed(3)}"`),
    );
  });

  test('the lone runs that confirm a write outside the sandbox are the time of the judgement whose probe saw it', async () => {
    // `doctor` writes under the caller's HOME each time it runs; a run without an output budget is a lone run.
    const LONE_MS = 60_000;
    const home = mkdtempSync(join(tmpdir(), 'aoi-junit-home-'));
    vi.stubEnv('HOME', home);
    try {
      const inner = timedTarget();
      const target: LintTarget = {
        ...inner,
        runsProcesses: true,
        run: async (probe, budget) => {
          if (probe.args[0] === 'doctor') appendFileSync(join(home, '.doctor.log'), 'ran\n');
          return { ...(await inner.run(probe, budget)), durationMs: budget ? RUN_MS : LONE_MS };
        },
      };
      const report = await lintProgram(target, {
        ...REFERENCE_LINT_PLAN,
        canarySeed: 1,
        watchOutside: true,
      });
      const row = report.verdicts.find((v) => v.rule === 'AOI-06' && v.command === 'doctor')!;
      expect(row.findings.map((f) => f.id)).toContain('AOI-06/wrote-outside-sandbox');
      expect(row.durationMs).toBeGreaterThanOrEqual(LONE_MS);
    } finally {
      vi.unstubAllEnvs();
      rmSync(home, { recursive: true, force: true });
    }
  });

  test('a run several judgements read counts in full in each row, once per row', async () => {
    const times = new ProbeTimes();
    const shared = { durationMs: 100 };
    const own = { durationMs: 30 };
    await times.scope(async () => {
      times.charge(shared);
      times.charge(shared);
      times.link('AOI-05', 'list');
    });
    const later = await times.scope(async () => {
      const scope = times.here();
      times.link('AOI-09', 'list');
      times.link('AOI-05', 'list');
      await Promise.resolve();
      return scope;
    });
    times.charge(shared, later);
    times.charge(own, later);
    times.link('AOI-02', 'list'); // outside every judgement: no time
    expect(times.ms('AOI-05', 'list', 'pass')).toBe(130);
    expect(times.ms('AOI-09', 'list', 'fail')).toBe(130);
    expect(times.ms('AOI-02', 'list', 'pass')).toBe(0);
    expect(times.ms('AOI-05', 'list', 'skip')).toBe(0);
    expect(times.ms('AOI-05', 'get', 'pass')).toBe(0);
  });
});

/** Stdin that gives each chunk, then waits PAUSE_MS: what reading it takes is known from below. */
const PAUSE_MS = 150;
const slowStdin = (chunks: string[]) =>
  Object.assign(
    Readable.from(
      (async function* () {
        for (const chunk of chunks) {
          yield Buffer.from(chunk);
          await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        }
      })(),
    ),
    { isTTY: false },
  );

/** Each judged verdict has the whole run's time (the verb judged everything in it), at least `atLeastMs`. */
function expectWholeRunTimes(view: ReportView, atLeastMs: number): void {
  expect(view.durationMs).toBeGreaterThanOrEqual(atLeastMs);
  for (const v of view.report.verdicts)
    if (v.status === 'pass' || v.status === 'fail')
      expect(v.durationMs, v.rule).toBe(view.durationMs);
  expect(expectJunitTimes(view, () => view.durationMs!)).toBeGreaterThan(0);
}

describe('JUnit time in the verbs that judge a recording whole', () => {
  test('check: each judged testcase has the time the stream took to read and judge', async () => {
    const stream = ['{"type":"note","id":"n1"}\n', '{"type":"aoi:summary","ok":true,"count":1}\n'];
    const view = await checkRecorded(
      {
        file: undefined,
        kind: 'stream',
        unbounded: false,
        strict: false,
        exitCode: 0,
        signal: undefined,
        schemaVersion: undefined,
        maxLineBytes: undefined,
        secrets: [],
      },
      slowStdin(stream),
    );
    expectWholeRunTimes(view, 2 * PAUSE_MS);
  });

  test('check of a document, manifest: the time the file took to read and judge', async () => {
    const manifest = readFileSync(
      join(import.meta.dirname, '../../../fixtures/agents/agent-repl/AGENT-CLI.md'),
      'utf8',
    );
    const halves = [manifest.slice(0, 200), manifest.slice(200)];
    expectWholeRunTimes(
      await validateManifest({ file: undefined, strict: false }, slowStdin(halves)),
      2 * PAUSE_MS,
    );
    const capabilities = JSON.stringify({ aoi_version: '1.0', commands: [] });
    const document = await checkRecorded(
      {
        file: undefined,
        kind: 'capabilities',
        unbounded: false,
        strict: false,
        exitCode: undefined,
        signal: undefined,
        schemaVersion: undefined,
        maxLineBytes: undefined,
        secrets: [],
      },
      slowStdin([capabilities.slice(0, 10), capabilities.slice(10)]),
    );
    expectWholeRunTimes(document, 2 * PAUSE_MS);
  });

  test('compat: each judged testcase has the time both contracts took to read and compare', async () => {
    const dir = join(import.meta.dirname, '../../../fixtures/contracts/argument-removed--breaking');
    const { view } = await compareSides(
      { file: join(dir, 'base.json') },
      { file: join(dir, 'head.json') },
      { strict: false, recording: {} },
    );
    expectWholeRunTimes(view, Number.MIN_VALUE);
  });
});
