/**
 * A shell tool the kit did not write, in two releases (fixtures/foreign/jsonl-only: colours, POSIX sh, AOI JSONL
 * whatever the flags, schema versions side by side chosen by content negotiation, `--accept-schema NAME@MAJOR`):
 * 1.3.0 passes `aoi-testkit lint` with no finding, as 1.2.0 does (foreign-jsonl-only.test.ts); their contracts,
 * recorded with no machine flag and every version negotiated, are compared as compat.json says.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { processTarget } from '../../../src/lint/aoi/target.js';
import { recordContract } from '../../../src/lint/contract/record.js';
import { describeInMemory, describeThroughCli, lintCleanly, readPairSpec } from './release-pair.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const spec = readPairSpec<{
  base: string[];
  head: string[];
  lint: { args: string[]; invocations: string[][] };
}>(join(root, 'fixtures/foreign/jsonl-only'));
const program = (argv: string[]) => [argv[0]!, ...argv.slice(1).map((a) => join(root, a))];
const programs = { base: () => program(spec.base), head: () => program(spec.head) };

describe('colours 1.2.0 → 1.3.0 (POSIX sh)', () => {
  it('1.3.0 passes aoi-testkit lint with no finding', async () => {
    const events = await lintCleanly(spec.lint, programs.head(), root);
    expect(events.some((e) => e.type === 'aoi:check' && e.command === 'names')).toBe(true);
  }, 180_000);

  it('records both schema versions by negotiation, with no machine flag', async () => {
    const contract = await recordContract(processTarget(...split(programs.head())), {
      machineFlag: [],
    });
    expect(contract.tool).toEqual({ name: 'colours', version: '1.3.0' });
    const versions = contract.aoi!.schemas!['org.example.colours.events']!;
    expect(Object.keys(versions).sort()).toEqual(['1.0.0', '2.0.0']);
    expect(versions['2.0.0']!.$id).toMatch(/\/2\.0\.0\//);
    expect(contract.unrecorded).toBeUndefined();
  }, 120_000);

  describeInMemory(spec, (side, env = {}) =>
    recordContract(processTarget(...split(programs[side]())), { machineFlag: [], env }),
  );
  describeThroughCli(spec, programs);
});

function split(argv: string[]): [string, string[]] {
  return [argv[0]!, argv.slice(1)];
}
