/**
 * Item 11 of issue 38: `scenarios --run --kind lint` agrees with the corpus. The in-memory lint once skipped AOI-01's
 * network judgement, so `fault.schema-needs-network` (a `schema` that reaches for the network) passed in memory
 * while the process lint failed it. It is judged here as the corpus runner
 * judges it (`scenarios --run --kind lint` runs all of them).
 */
import { describe, expect, test } from 'vitest';
import { loadScenarios } from '../../src/corpus/scenario-files.js';
import { runCorpus } from '../../src/corpus/runner.js';

const lintScenarios = loadScenarios().filter((s) => s.kind === 'lint');

describe('the corpus runner and the corpus agree on the lint scenarios', () => {
  test(
    'schema-needs-network: the in-memory lint sees the connection the process lint sees',
    { timeout: 120_000 },
    async () => {
      const scenario = lintScenarios.find((s) => s.id === 'fault.schema-needs-network')!;
      expect(scenario.expected.findings).toContain('AOI-01/schema-network');
      const [result] = await runCorpus([scenario]);
      expect(result!.actual).toEqual(scenario.expected);
      expect(result!.ok).toBe(true);
    },
  );
});
