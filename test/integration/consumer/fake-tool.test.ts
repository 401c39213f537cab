import { describe, expect, test } from 'vitest';
import { buildScenarios } from '../../../src/corpus/run.js';
import type { ConsumerScenario } from '../../../src/corpus/types.js';
import { runCli } from '../../../src/run/run-cli.js';
import { runProbe } from '../../../src/run/run-probe.js';
import { CLI, PROCESS_TEST_MS } from './support.js';

/**
 * Each consumer scenario's `command` (`aoi-testkit fake <id>`) plays its upstream exactly as the file says: the
 * bytes, then the end — the exit code, the signal, the prompt answered by EOF, the hang that ignores SIGTERM.
 */
// APP-runtime scenarios have no upstream to play (their package is made per run).
const scenarios = (await buildScenarios()).filter(
  (s): s is ConsumerScenario => s.kind === 'consumer' && s.shape !== 'runtime',
);
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('aoi-testkit fake consumer.<id>', () => {
  test(
    'prints the upstream byte for byte and ends as upstream.end says',
    async () => {
      for (const scenario of scenarios.filter((s) => s.upstream.end.kind !== 'hang')) {
        expect(scenario.command.slice(2)).toEqual(['fake', scenario.id]);
        const run = await runCli(
          process.execPath,
          [CLI, 'fake', scenario.id, 'list', '--output', 'jsonl'],
          { timeoutMs: 60_000 },
        );
        const end = scenario.upstream.end;
        const refusal = end.kind === 'prompt' ? end.refusal : '';
        expect(text(run.stdout), scenario.id).toBe(scenario.upstream.stdout + refusal);
        if (end.kind === 'signal')
          expect([run.exitCode, run.signal], scenario.id).toEqual([null, end.signal]);
        else
          expect([run.exitCode, run.signal], scenario.id).toEqual([
            end.kind === 'exit' || end.kind === 'prompt' ? end.code : 0,
            null,
          ]);
        if (end.kind === 'prompt') expect(text(run.stderr)).toContain(end.prompt);
      }
    },
    PROCESS_TEST_MS,
  );

  test(
    'the hang ignores SIGTERM (sent once it has printed its first line): only the kit’s SIGKILL ends it',
    async () => {
      const [scenario] = scenarios.filter((s) => s.upstream.end.kind === 'hang');
      const run = await runProbe(process.execPath, [CLI, 'fake', scenario!.id], {
        signalAfterLines: { lines: 1, signal: 'SIGTERM' },
        graceMs: 3_000,
        timeoutMs: 60_000,
      });
      expect(text(run.stdout)).toBe(scenario!.upstream.stdout);
      expect(run.probe.signalSent?.delivered).toBe(true);
      expect(run.probe.graceExpired).toBe(true);
      expect(run.signal).toBe('SIGKILL');
    },
    PROCESS_TEST_MS,
  );
});
