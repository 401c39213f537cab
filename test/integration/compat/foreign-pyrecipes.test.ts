/**
 * A tool the kit did not write, in two releases (fixtures/foreign/pyrecipes: Python's standard library, its own
 * `--format jsonl`, a `oneOf`-of-`$defs` event schema, `--schema-version` by major only, cmdhelp help): each release's
 * contract recorded as a process, and compared as compat.json says — the clean release pair is compatible (zero
 * findings, exactly its additions), each release mistake is exactly its sub-rules; in memory, and through the built
 * CLI as a CI job runs it (release-pair.ts).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lintCli } from '../../../src/lint/aoi/lint.js';
import { processTarget } from '../../../src/lint/aoi/target.js';
import { recordContract } from '../../../src/lint/contract/record.js';
import { describeInMemory, describeThroughCli, readPairSpec } from './release-pair.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const spec = readPairSpec<{ base: string[]; head: string[] }>(
  join(root, 'fixtures/foreign/pyrecipes'),
);
// compat.json gives the verb's options as typed: here only --machine-flag 'WORDS'.
const machineFlag =
  spec.contract.args[spec.contract.args.indexOf('--machine-flag') + 1]!.split(' ');
const program = (argv: string[]) => [argv[0]!, ...argv.slice(1).map((a) => join(root, a))];
const programs = { base: () => program(spec.base), head: () => program(spec.head) };
const record = (side: 'base' | 'head', env: Record<string, string> = {}) => {
  const [command, ...args] = programs[side]();
  return recordContract(processTarget(command!, args), { machineFlag, env });
};

describe('pyrecipes 1.4.0 → 1.5.0', () => {
  it('records both surfaces of 1.4.0, its schema asked by major (1.0 is refused, 1 is taken)', async () => {
    const base = await record('base');
    expect(base.tool).toEqual({ name: 'pyrecipes', version: '1.4.0' });
    expect(Object.keys(base.aoi!.schemas!['org.example.pyrecipes.events']!)).toEqual(['1.0']);
    expect(Object.keys(base.cmdhelp!.document!.commands as object).sort()).toEqual([
      'add',
      'remove',
      'search',
    ]);
    expect(base.unrecorded).toBeUndefined();
  }, 60_000);

  describeInMemory(spec, record);
  describeThroughCli(spec, programs);
});

it('lint judges one release: release-as-aoi-version is AOI-13/unknown-aoi-version, on capabilities and in every meta', async () => {
  const report = await lintCli(
    processTarget(
      spec.head[0]!,
      spec.head.slice(1).map((a) => join(root, a)),
    ),
    {
      machineFlag,
      env: { PYRECIPES_DATA: '{stateDir}', [spec.defectEnv]: 'release-as-aoi-version' },
      setup: [['add', '--title', 'Soup', '--minutes', '20']],
      invocations: [
        ['search', 'Soup'],
        ['show', 'r1'],
        ['add', '--title', 'Fresh'],
        ['remove', 'r1', '--confirm'],
      ],
      only: ['AOI-13'],
    },
  );
  expect([...new Set(report.findings.map((f) => f.id))]).toEqual(['AOI-13/unknown-aoi-version']);
  expect(report.verdicts.filter((v) => v.warnings > 0).map((v) => v.command)).toEqual([
    'capabilities',
    'search',
    'show',
    'add',
    'remove',
  ]);
  expect(report.ok).toBe(true);
}, 120_000);
