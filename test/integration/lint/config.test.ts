/**
 * The config file as `aoi-testkit lint` and `toPassAoiLint` read it: a project that describes its tool once
 * (aoi-testkit.config.json) lints it with no flags, flags override the config's keys, and a bad config is a
 * structured error naming the file and the key (exit 65), never a stack trace.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { aoiMatchers } from '../../../src/matchers/index.js';
import { loadConfig } from '../../../src/config/index.js';
import { lintProgram } from '../../../src/lint/program.js';
import { runKit, jsonlEvents as events, utf8 as text } from '../../support/kit-cli.js';

expect.extend(aoiMatchers);

const NOTES = new URL('../../../fixtures/bin/notes', import.meta.url).pathname;
const ROOT = mkdtempSync(join(tmpdir(), 'aoi-config-lint-'));
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

/** A project holding its tool (a copy of the reference tool's script) and a config; its `sub/` directory too. */
function project(config: unknown): string {
  const dir = mkdtempSync(join(ROOT, 'p'));
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'aoi-testkit.config.json'), JSON.stringify(config));
  return dir;
}

// AOI-06 on `delete n_0001 --confirm` passes only when the setup created n_0001 first: the config's setup ran.
const CONFIG = {
  program: ['node', NOTES],
  specs: ['aoi'],
  only: ['AOI-06'],
  setup: ["create --title 'First note'"],
  invocations: ['delete n_0001 --confirm'],
};
const verdict = (stdout: Uint8Array, rule: string, command: string) =>
  events(stdout).find((e) => e.type === 'aoi:check' && e.name === rule && e.command === command);

describe('aoi-testkit.config.json', () => {
  test(
    'lint with no flags lints the config’s program with its options, from a subdirectory too; flags override keys',
    { timeout: 300_000 },
    async () => {
      const dir = project(CONFIG);
      const run = await runKit(['lint'], { cwd: join(dir, 'sub'), timeoutMs: 200_000 });
      expect(text(run.stderr)).toMatch(
        /^aoi-testkit lint: config \.\.\/aoi-testkit\.config\.json$/m,
      );
      expect(text(run.stdout)).toMatch(/AOI-06/);
      expect(run.exitCode).toBe(0);

      const jsonl = await runKit(['lint', '--output', 'jsonl'], { cwd: dir, timeoutMs: 200_000 });
      expect(jsonl.exitCode).toBe(0);
      expect(verdict(jsonl.stdout, 'AOI-06', 'delete')).toMatchObject({ ok: true });
      // --only replaces the config's `only`; --setup its setup: without n_0001, delete's AOI-06 cannot pass.
      const flags = await runKit(
        ['lint', '--output', 'jsonl', '--only', 'AOI-02', '--setup', 'list'],
        { cwd: dir, timeoutMs: 200_000 },
      );
      const checks = events(flags.stdout).filter((e) => e.type === 'aoi:check');
      expect(new Set(checks.map((e) => e.name))).toEqual(new Set(['AOI-02']));
      // `-- program` replaces the config's program.
      const other = await runKit(['lint', '--output', 'jsonl', '--', '/no/such/tool'], {
        cwd: dir,
      });
      expect(other.exitCode).toBe(66);
    },
  );

  test(
    'toPassAoiLint reads the same config and agrees with the CLI; a matcher option overrides a key',
    { timeout: 300_000 },
    async () => {
      const dir = project(CONFIG);
      const file = join(dir, 'aoi-testkit.config.json');
      const cli = await runKit(['lint', '--output', 'jsonl'], { cwd: dir, timeoutMs: 200_000 });
      const config = await loadConfig({ file });
      const report = await lintProgram(config!.program!, config!.options);
      const statuses = events(cli.stdout)
        .filter((e) => e.type === 'aoi:check')
        .map((e) => `${String(e.name)} ${String(e.command)} ${String(e.status)}`);
      expect(statuses).toContain('AOI-06 delete pass');
      expect(report.verdicts.map((v) => `${v.rule} ${v.command} ${v.status}`)).toEqual(statuses);
      expect(cli.exitCode).toBe(0);
      await expect(config!.program).toPassAoiLint({ config: file });

      // A setup that fails: the CLI says so (65), the matcher too; the matcher's own setup replaces it.
      const broken = project({ ...CONFIG, setup: ['no-such-command'] });
      const brokenFile = join(broken, 'aoi-testkit.config.json');
      const failed = await runKit(['lint'], { cwd: broken, timeoutMs: 200_000 });
      expect(failed.exitCode).toBe(65);
      expect(text(failed.stderr)).toMatch(/setup `no-such-command --output jsonl` ended with exit/);
      await expect(
        aoiMatchers.toPassAoiLint.call(undefined, config!.program, { config: brokenFile }),
      ).rejects.toThrow(/no-such-command/);
      await expect(config!.program).toPassAoiLint({
        config: brokenFile,
        setup: [['create', '--title', 'First note']],
      });
    },
  );

  test('a bad config is exit 65 naming the file and the key, one line, structured in machine mode', async () => {
    const dir = project({ ...CONFIG, timeoutMs: 'slow' });
    const run = await runKit(['lint'], { cwd: dir });
    expect(run.exitCode).toBe(65);
    expect(text(run.stderr)).toBe(
      `aoi-testkit: ${join(dir, 'aoi-testkit.config.json')}: timeoutMs: expected an integer from 100 to 3600000, got "slow"\n`,
    );
    const jsonl = await runKit(['lint', '--output', 'jsonl'], { cwd: dir });
    expect(jsonl.exitCode).toBe(65);
    expect(jsonl).toBeAoiConformant({ strict: true });
    expect(events(jsonl.stdout)).toContainEqual(
      expect.objectContaining({ type: 'aoi:error', category: 'config', code: 'CONFIG_INVALID' }),
    );
    const missing = await runKit(['lint', '--config', 'none.json', '--', 'x'], { cwd: dir });
    expect(missing.exitCode).toBe(66);
    expect(text(missing.stderr)).toBe('aoi-testkit: --config none.json: no such file\n');
  });
});
