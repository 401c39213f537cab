/**
 * A tool the kit did not write, in another language, in two releases (fixtures/foreign/gostock: Go's standard library,
 * single-dash flags, `-o jsonl`, an `anyOf` event schema, a batch exec and its dispatch manifest): both releases pass
 * `aoi-testkit lint` (AOI and exec) with no finding, and their saved discovery documents pass `aoi-testkit check`
 * offline; their contracts, recorded as processes, are compared as compat.json says — the clean pair compatible with
 * exactly its additions, each release mistake exactly its sub-rules, in memory and through the built CLI as a CI job
 * runs it (release-pair.ts). Needs Go (Debian's golang-go; `.ci/run` installs it) and `npm run build`.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processTarget } from '../../../src/lint/aoi/target.js';
import { recordContract } from '../../../src/lint/contract/record.js';
import { runKit } from '../../support/kit-cli.js';
import {
  describeInMemory,
  describeThroughCli,
  events,
  findingsOf,
  lintCleanly,
  readPairSpec,
  text,
} from './release-pair.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const spec = readPairSpec<{
  build: string[];
  base: string;
  head: string;
  lint: { args: string[]; setup: string[][]; invocations: string[][] };
}>(join(root, 'fixtures/foreign/gostock'));
const hasGo = spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0;
// CI installs Go (the corpus guides need it too) and sets this: there, a missing toolchain fails instead of skipping.
const required = process.env.AOI_TESTKIT_REQUIRE_GUIDES === '1';
const machineFlag =
  spec.contract.args[spec.contract.args.indexOf('--machine-flag') + 1]!.split(' ');
const kit = (args: string[]) => runKit(args, { timeoutMs: 180_000 });

const scratch = mkdtempSync(join(tmpdir(), 'aoi-gostock-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const bin = { base: join(scratch, 'gostock-base'), head: join(scratch, 'gostock-head') };

describe.skipIf(!hasGo && !required)('gostock 2.3.0 → 2.4.0 (Go)', () => {
  beforeAll(async () => {
    expect(hasGo, 'go is on PATH').toBe(true);
    // The standard library only: no module download. Go's own build cache, as `go build` uses it.
    const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off' };
    await Promise.all(
      (['base', 'head'] as const).map((side) =>
        promisify(execFile)(
          spec.build[0]!,
          spec.build.slice(1).map((a) => a.replace('{bin}', bin[side])),
          { cwd: join(root, spec[side]), env },
        ),
      ),
    );
  }, 600_000);

  const record = (side: 'base' | 'head', env: Record<string, string> = {}) =>
    recordContract(processTarget(bin[side], []), { machineFlag, env });

  it.each(['base', 'head'] as const)(
    'the %s release passes aoi-testkit lint (AOI and exec, its exec plan too) with no finding',
    async (side) => {
      // compat.json's lint options are typed from the package root (the exec plan's path).
      const linted = await lintCleanly(spec.lint, [bin[side]], root);
      const summary = linted.at(-1) as { specs: { spec: string; status: string }[] };
      expect(summary.specs.filter((s) => s.status === 'run').map((s) => s.spec)).toEqual([
        'aoi',
        'exec',
      ]);
      // The plan has mutating and _opts lines: --dry-run forwarding and per-line flags are judged, not skipped.
      const statusOf = (rule: string) =>
        linted.find((e) => e.type === 'aoi:check' && e.name === rule)?.status;
      expect([statusOf('EXEC-08'), statusOf('EXEC-09')]).toEqual(['pass', 'pass']);
    },
    300_000,
  );

  it('AOI-06 without -confirm: a wrapper that confirms every remove itself is still caught (the clean lint removes with -confirm)', async () => {
    const wrapper = join(scratch, 'remove-unconfirmed');
    writeFileSync(
      wrapper,
      `#!/bin/sh\n[ "$1" = remove ] && exec '${bin.head}' "$@" -confirm\nexec '${bin.head}' "$@"\n`,
      { mode: 0o755 },
    );
    const run = await runKit(
      [
        'lint',
        '--output',
        'jsonl',
        '--only',
        'AOI-06',
        ...spec.lint.args,
        ...spec.lint.setup.flatMap((words) => ['--setup', words.join(' ')]),
        ...spec.lint.invocations.flatMap((words) => ['--invoke', words.join(' ')]),
        '--',
        wrapper,
      ],
      { cwd: root, timeoutMs: 180_000 },
    );
    expect(findingsOf(run.stdout).map((f) => f.id)).toEqual(['AOI-06/unconfirmed-destructive']);
  }, 300_000);

  it.each(['base', 'head'] as const)(
    'the discovery documents of the %s release, saved, pass aoi-testkit check offline: each kind read from its content',
    async (side) => {
      const dir = mkdtempSync(join(scratch, 'documents-'));
      for (const [words, kind] of [
        [['capabilities', '-o', 'json'], 'capabilities'],
        [['schema', '-o', 'json'], 'schema'],
        [['manifest', '-o', 'json'], 'exec-manifest'],
      ] as const) {
        const printed = spawnSync(bin[side], words, { encoding: 'utf8' });
        expect(printed.status, printed.stderr).toBe(0);
        const file = join(dir, `${words[0]}.json`);
        writeFileSync(file, printed.stdout);
        const run = await kit(['check', file, '--output', 'jsonl']);
        expect(findingsOf(run.stdout)).toEqual([]);
        expect(run.exitCode, text(run.stderr)).toBe(0);
        expect((events(run.stdout).at(-1) as { document: unknown }).document).toEqual({
          kind,
          valid: true,
          findings: 0,
        });
      }
    },
    180_000,
  );

  it('records capabilities, the schema of its one version and the dispatch manifest, from discovery alone', async () => {
    const base = await record('base');
    expect(base.tool).toEqual({ name: 'gostock', version: '2.3.0' });
    expect(Object.keys(base.aoi!.schemas!['org.example.gostock.events']!)).toEqual(['1.2.0']);
    expect(base.exec!.manifestArgs).toEqual(['manifest', '--output', 'json']);
    expect(Object.keys(base.exec!.manifest.commands as object).sort()).toEqual([
      'exec',
      'get',
      'list',
      'receive',
      'remove',
    ]);
    expect(base.unrecorded).toBeUndefined();
  }, 120_000);

  describeInMemory(spec, record);
  describeThroughCli(spec, { base: () => [bin.base], head: () => [bin.head] });
});
