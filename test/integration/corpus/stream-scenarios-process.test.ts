import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { STREAM_RULE_IDS, checkStream } from '../../../src/checks/aoi/stream.js';
import { outcomeOf } from '../../../src/corpus/outcome.js';
import { runStreamScenario } from '../../../src/corpus/run.js';
import { KIT_COMMAND, type Scenario, type StreamScenario } from '../../../src/corpus/scenarios.js';
import { runCli } from '../../../src/run/run-cli.js';

import { CLI } from '../../support/kit-cli.js';
const DIR = new URL('../../../scenarios/', import.meta.url);
const scenarios = readdirSync(DIR)
  .filter((name) => name.endsWith('.json') && name !== 'scenario.schema.json')
  .map((name) => JSON.parse(readFileSync(new URL(name, DIR), 'utf8')) as Scenario)
  .filter((scenario): scenario is StreamScenario => scenario.kind === 'stream');

/** A corpus argv with the kit's CLI run directly (`npx aoi-testkit` reports a signal as 128+N). */
function direct(argv: readonly string[]): [string, string[]] {
  expect(argv.slice(0, KIT_COMMAND.length)).toEqual([...KIT_COMMAND]);
  return [process.execPath, [CLI, ...argv.slice(KIT_COMMAND.length)]];
}

const scratch = mkdtempSync(join(tmpdir(), 'aoi-corpus-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The state after a scenario's setup runs, made once per distinct setup and copied for each scenario. */
const setups = new Map<string, Promise<string>>();
function stateAfterSetup(scenario: StreamScenario): Promise<string> {
  const key = JSON.stringify([scenario.setupCommand, scenario.setup]);
  let made = setups.get(key);
  if (!made) {
    made = (async () => {
      const dir = mkdtempSync(join(scratch, 'setup-'));
      for (const args of scenario.setup) {
        const [command, prefix] = direct(scenario.setupCommand);
        const run = await runCli(command, [...prefix, ...args], {
          env: { AOI_TESTKIT_STATE_DIR: dir },
        });
        expect(run.exitCode, `setup ${args.join(' ')}`).toBe(0);
      }
      return dir;
    })();
    setups.set(key, made);
  }
  return made;
}

/**
 * Every stream scenario of the corpus, run as scenarios/README.md tells a harness in any language to:
 * a fresh state directory, the setup runs, then the fake as a real process with stdin empty (in the
 * scenario's `env`, which its command sets too). The run ends as the file's `exit` says, its bytes are
 * those of the same fake in memory, the kit's checker finds exactly the file's `expected`, and a backend
 * scenario's one aoi:error is what its `consumer` says.
 */
describe('the corpus stream scenarios, as processes', () => {
  test.concurrent.each(scenarios.map((s) => [s.id, s] as const))('%s', async (_id, scenario) => {
    const stateDir = mkdtempSync(join(scratch, 'run-'));
    cpSync(await stateAfterSetup(scenario), stateDir, { recursive: true });
    const [command, prefix] = direct(scenario.command);
    const real = await runCli(command, [...prefix, ...scenario.argv], {
      env: { ...scenario.env, AOI_TESTKIT_STATE_DIR: stateDir },
      timeoutMs: 20_000,
    });
    expect({ code: real.exitCode, signal: real.signal }).toEqual(scenario.exit);
    const fake = await runStreamScenario(scenario);
    expect(
      Buffer.from(real.stdout).equals(Buffer.from(fake.stdout)),
      'same bytes as in memory',
    ).toBe(true);
    const report = checkStream(real.stdout, { exitCode: real.exitCode, signal: real.signal });
    expect(outcomeOf(report, STREAM_RULE_IDS)).toEqual(scenario.expected);
    if (scenario.consumer) {
      const events = Buffer.from(real.stdout)
        .toString('utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const errors = events.filter((e) => e.type === 'aoi:error');
      expect(errors).toEqual([expect.objectContaining(scenario.consumer.error)]);
      expect('retry_after_ms' in errors[0]!).toBe(
        scenario.consumer.error.retry_after_ms !== undefined,
      );
    }
  });
});
