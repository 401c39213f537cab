import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { runCorpusScenario } from '../../../src/corpus/runner.js';
import type { Scenario } from '../../../src/corpus/scenarios.js';
import { runKit } from '../../support/kit-cli.js';

/**
 * The corpus's process-level scenarios — cmdhelp, exec, app, foreign tools, agent and consumer — each run once as
 * scenarios/README.md tells a harness in any language to, by the kit's corpus runner (src/corpus/runner.ts, which
 * `aoi-testkit scenarios --run` calls): the scenario's program judged by the kit's own checker must give exactly
 * the file's `expected`. Concurrent: a scenario's time is mostly waiting for processes. (The stream and lint kinds,
 * in memory, are test/unit/corpus/scenarios.test.ts's.)
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
const DIR = new URL('../../../scenarios/', import.meta.url);
const corpus = readdirSync(DIR)
  .filter((name) => name.endsWith('.json') && name !== 'scenario.schema.json')
  .map((name) => JSON.parse(readFileSync(new URL(name, DIR), 'utf8')) as Scenario);
const ofKind = (kind: Scenario['kind']) =>
  corpus.filter((s) => s.kind === kind).map((s) => [s.id, s] as const);

/** The kit's verdict and the file's: the same, or the difference said. */
async function agrees(scenario: Scenario): Promise<void> {
  const result = await runCorpusScenario(scenario);
  expect(result.error).toBeUndefined();
  expect(result.actual).toEqual(scenario.expected);
  expect(result.ok).toBe(true);
}

// Some forty runs of the kit's CLI per cmdhelp scenario, five scenarios at once: at a load of 25, 30 s was not enough.
// An exec deadlock is asked again, three times longer, when the machine is busy (a starved batch is no deadlock).
describe.each([
  ['cmdhelp', 180_000],
  ['exec', 120_000],
  ['app', 120_000],
  ['agent', 60_000],
  ['consumer', 120_000],
] as const)('%s scenarios: the kit finds exactly `expected`', (kind, timeout) => {
  test.concurrent.each(ofKind(kind))('%s', (_id, scenario) => agrees(scenario), timeout);
});

// The clean tool of each foreign tool, one at a time: each is a whole lint of a Python or shell program (its service
// first, when it keeps its state in one), and the defect scenarios carry the same findings as tool.json, which
// test/integration/lint/foreign-*.test.ts prove.
describe('foreign scenarios: aoi-testkit lint with the scenario’s options finds exactly `expected`', () => {
  test.each(ofKind('foreign').filter(([id]) => id.split('.').length === 2))(
    '%s',
    (_id, scenario) => agrees(scenario),
    300_000,
  );
});

describe('aoi-testkit fake <scenario-id>: what cannot run is a usage error that says why', () => {
  test.concurrent.each([
    [
      ['app.todo'],
      `app.todo is an Agent Application package, not a fake: judge it with aoi-testkit lint --app-dir ${ROOT}fixtures/apps/todo`,
    ],
    [
      ['agent.acp.no-such-fault'],
      'unknown scenario "agent.acp.no-such-fault" (aoi-testkit scenarios lists them)',
    ],
    [
      ['--seed', '2', 'exec.notes'],
      'fake exec.notes: the exec scenarios take no --seed, --fault or --env; run aoi-testkit fake exec.notes [args...]',
    ],
    [['--env', 'sk-not-a-name', 'well-behaved'], '--env needs NAME=VALUE'],
    [
      ['--env', 'NOT A NAME=1', 'well-behaved'],
      '--env needs NAME=VALUE, with NAME a variable name (got "NOT A NAME")',
    ],
  ])('fake %j', async (args, message) => {
    const run = await runKit(['fake', ...args]);
    expect([run.exitCode, Buffer.from(run.stderr).toString('utf8')]).toEqual([
      64,
      `aoi-testkit: ${message}\n`,
    ]);
    expect(run.stdout).toHaveLength(0);
  });
});
