import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  ConfigError,
  configAppliesTo,
  findConfigFile,
  loadConfig,
} from '../../../src/config/index.js';

const ROOT = mkdtempSync(join(tmpdir(), 'aoi-config-'));
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));
let n = 0;
/** A fresh project directory holding `files` (name → text). */
function project(files: Record<string, string>): string {
  const dir = join(ROOT, `p${n++}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}
const json = (value: unknown) => JSON.stringify(value);

async function configError(
  cwd: string,
  file?: string,
): Promise<{ key: string | undefined; message: string; exitCode: number }> {
  try {
    await loadConfig(file === undefined ? { cwd } : { cwd, file });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const e = error as ConfigError;
    return { key: e.key, message: e.message, exitCode: e.exitCode };
  }
  throw new Error('expected a ConfigError');
}

describe('finding the config', () => {
  test('the nearest directory upward wins, as eslint and prettier find theirs', async () => {
    const dir = project({
      'aoi-testkit.config.json': json({ program: 'outer' }),
      'pkg/package.json': json({ name: 'x', 'aoi-testkit': { program: 'inner' } }),
      'pkg/src/deep/.keep': '',
    });
    expect(findConfigFile(join(dir, 'pkg/src/deep'))).toBe(join(dir, 'pkg/package.json'));
    expect((await loadConfig({ cwd: join(dir, 'pkg/src/deep') }))?.program).toEqual(['inner']);
    expect((await loadConfig({ cwd: dir }))?.program).toEqual(['outer']);
  });

  test('a package.json without the key is passed over; none anywhere gives undefined', async () => {
    const dir = project({
      'aoi-testkit.config.json': json({ strict: true }),
      'pkg/package.json': json({ name: 'x' }),
    });
    expect(findConfigFile(join(dir, 'pkg'))).toBe(join(dir, 'aoi-testkit.config.json'));
    const bare = project({ 'package.json': json({ name: 'y' }) });
    // The temp dir's ancestors hold no config (the search goes up to the root).
    expect(findConfigFile(bare)).toBeUndefined();
    expect(await loadConfig({ cwd: bare })).toBeUndefined();
  });

  test('in one directory, a config file comes before the package.json key (.js, .mjs, .cjs, .json in that order)', () => {
    const dir = project({
      'package.json': json({ 'aoi-testkit': {} }),
      'aoi-testkit.config.json': '{}',
      'aoi-testkit.config.mjs': 'export default {};',
    });
    expect(findConfigFile(dir)).toBe(join(dir, 'aoi-testkit.config.mjs'));
  });

  test('every format reads alike: .js (ESM package), .mjs, .cjs, .json and the package.json key', async () => {
    const options = { setup: ["create --title 'First note'"], invocations: [['get', 'n_0001']] };
    const expected = {
      setup: [['create', '--title', 'First note']],
      invocations: [['get', 'n_0001']],
    };
    const dirs = [
      project({
        'package.json': json({ type: 'module' }),
        'aoi-testkit.config.js': `export default ${json(options)};`,
      }),
      project({ 'aoi-testkit.config.mjs': `export default Promise.resolve(${json(options)});` }),
      project({ 'aoi-testkit.config.cjs': `module.exports = ${json(options)};` }),
      project({ 'aoi-testkit.config.json': json(options) }),
      project({ 'package.json': json({ name: 'z', 'aoi-testkit': options }) }),
    ];
    for (const dir of dirs) expect((await loadConfig({ cwd: dir }))?.options).toEqual(expected);
  });

  test('--config FILE is read instead, relative to the cwd; a missing one is exit 66', async () => {
    const dir = project({
      'aoi-testkit.config.json': json({ strict: true }),
      'ci/lint.json': json({ strict: false }),
    });
    const loaded = await loadConfig({ cwd: dir, file: 'ci/lint.json' });
    expect(loaded).toMatchObject({ file: join(dir, 'ci/lint.json'), options: { strict: false } });
    expect(await configError(dir, 'ci/none.json')).toEqual({
      key: undefined,
      message: 'ci/none.json: no such file',
      exitCode: 66,
    });
  });
});

describe('reading it', () => {
  test('relative paths are the config file’s: the program’s script, appDir and execPlan', async () => {
    const dir = project({
      'aoi-testkit.config.json': json({
        program: 'node bin/tool.js --flag',
        appDir: 'app',
        execPlan: 'plan.json',
      }),
      'bin/tool.js': '',
      'app/APP.md': '',
      'plan.json': readFileSync(
        new URL('../../../fixtures/foreign/gostock/exec-plan.json', import.meta.url),
        'utf8',
      ),
      'sub/.keep': '',
    });
    const loaded = await loadConfig({ cwd: join(dir, 'sub') });
    expect(loaded?.program).toEqual(['node', join(dir, 'bin/tool.js'), '--flag']);
    expect(loaded?.options.appDir).toBe(join(dir, 'app'));
    expect(loaded?.options.execPlan).toMatchObject({ ok: expect.any(Array) });
  });

  test('every key is turned into lintProgram’s option of the same name', async () => {
    const dir = project({
      'aoi-testkit.config.json': json({
        env: { TOOL_HOME: '{stateDir}' },
        specs: ['all'],
        only: ['AOI-06'],
        timeoutMs: 20000,
        maxOutputBytes: 4096,
        machineFlag: '',
        schemaCommand: 'aoi-schema',
        sandboxHome: false,
        watchOutside: true,
        execManifest: ['manifest', '--output', 'json'],
        execEnvelope: 'meta',
        execFailure: 'stops',
        appSetup: ['add "Probe item"'],
        appRead: 'items list',
        appHuman: '--human',
        observe: ['list'],
      }),
    });
    expect((await loadConfig({ cwd: dir }))?.options).toEqual({
      env: { TOOL_HOME: '{stateDir}' },
      specs: ['aoi', 'cmdhelp', 'exec', 'app'],
      only: ['AOI-06'],
      timeoutMs: 20000,
      maxOutputBytes: 4096,
      machineFlag: [],
      schemaCommand: ['aoi-schema'],
      sandboxHome: false,
      watchOutside: true,
      execManifest: ['manifest', '--output', 'json'],
      execEnvelope: 'meta',
      execFailure: 'stops',
      appSetup: [['add', 'Probe item']],
      appRead: ['items', 'list'],
      appHuman: ['--human'],
      observe: [['list']],
    });
  });

  test.each([
    [{ setupp: [] }, 'setupp', /unknown key \(the keys: program, setup,/],
    [{ setup: 'create x' }, 'setup', /expected a list of command lines, got "create x"/],
    [{ setup: ['ok', 42] }, 'setup[1]', /expected a command line .*got 42/],
    [{ invocations: ["search 'open"] }, 'invocations[0]', /unterminated '/],
    [{ program: '' }, 'program', /an empty command line/],
    [{ only: ['AOI-99'] }, 'only[0]', /not a rule id/],
    [
      { specs: ['aoi', 'bogus'] },
      'specs[1]',
      /expected one of aoi, cmdhelp, exec, app, all, got "bogus"/,
    ],
    [{ strict: 'yes' }, 'strict', /expected true or false, got "yes"/],
    [{ timeoutMs: 50 }, 'timeoutMs', /an integer from 100 to 3600000, got 50/],
    [{ env: { A: 1 } }, 'env.A', /expected a string, got 1/],
    [{ execEnvelope: 'inside' }, 'execEnvelope', /one of either, meta, top-level/],
    [{ appDir: 'nowhere' }, 'appDir', /nowhere: not a directory/],
    [{ execPlan: 'none.json' }, 'execPlan', /cannot read .*none\.json: no such file/],
  ])('a bad value names the file and the key: %j → %s', async (config, key, reason) => {
    const dir = project({ 'aoi-testkit.config.json': json(config) });
    const error = await configError(dir);
    expect(error).toMatchObject({ key, exitCode: 65 });
    expect(error.message.startsWith(`${join(dir, 'aoi-testkit.config.json')}: ${key}: `)).toBe(
      true,
    );
    expect(error.message).toMatch(reason);
  });

  test('a broken file is named, with the first line of why (no stack)', async () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ 'aoi-testkit.config.json': '{ "setup": [' }, 'aoi-testkit.config.json', /is not JSON/],
      [{ 'aoi-testkit.config.json': '[]' }, 'aoi-testkit.config.json', /must be an object/],
      [
        { 'aoi-testkit.config.mjs': 'throw new Error("boom");' },
        'aoi-testkit.config.mjs',
        /cannot be loaded: boom$/,
      ],
      [
        { 'aoi-testkit.config.mjs': 'export const setup = [];' },
        'aoi-testkit.config.mjs',
        /has no default export/,
      ],
      [{ 'package.json': json({ 'aoi-testkit': 'node x' }) }, 'package.json', /must be an object/],
    ];
    for (const [files, name, reason] of cases) {
      const dir = project(files);
      const error = await configError(dir);
      expect(error.message.startsWith(join(dir, name))).toBe(true);
      expect(error.message).toMatch(reason);
      expect(error.message).not.toMatch(/\n\s+at /);
    }
    // In package.json the key is named under "aoi-testkit".
    const dir = project({ 'package.json': json({ 'aoi-testkit': { strict: 1 } }) });
    expect((await configError(dir)).key).toBe('"aoi-testkit".strict');
  });
});

describe('which program a config found by searching applies to', () => {
  test('its own program (paths resolved from the working directory), or any when it names none', async () => {
    const dir = project({
      'aoi-testkit.config.json': json({ program: 'node bin/tool.js --flag', setup: ['add x'] }),
      'bin/tool.js': '',
    });
    const config = (await loadConfig({ cwd: dir }))!;
    // The config's own program: as written from its directory, as an absolute path, or none given (the config's).
    expect(configAppliesTo(config, ['node', 'bin/tool.js', '--flag'], dir)).toBe(true);
    expect(configAppliesTo(config, ['node', join(dir, 'bin/tool.js'), '--flag'], dir)).toBe(true);
    expect(configAppliesTo(config, undefined, dir)).toBe(true);
    // Another program, the same program with other arguments, or an in-memory target (no words): not its setup.
    expect(configAppliesTo(config, ['node', 'fixtures/bin/notes'], dir)).toBe(false);
    expect(configAppliesTo(config, ['node', 'bin/tool.js'], dir)).toBe(false);
    expect(configAppliesTo(config, ['node', 'bin/tool.js', '--other'], dir)).toBe(false);
    expect(configAppliesTo(config, [], dir)).toBe(false);
    // A config that names no program describes no one tool: it applies to whatever is linted.
    const open = (await loadConfig({
      cwd: project({ 'aoi-testkit.config.json': json({ strict: true }) }),
    }))!;
    expect(configAppliesTo(open, ['node', 'fixtures/bin/notes'], dir)).toBe(true);
    expect(configAppliesTo(open, [], dir)).toBe(true);
  });
});

describe('sarifLocation', () => {
  test("the file (and line) SARIF and annotations place findings at, relative to the config file; a missing file is the key's error", async () => {
    const dir = project({
      'tool/aoi-testkit.config.json': json({ sarifLocation: '../README.md:12' }),
      'README.md': '# tool\n',
    });
    expect((await loadConfig({ cwd: join(dir, 'tool') }))?.sarifLocation).toBe(
      `${join(dir, 'README.md')}:12`,
    );
    const plain = project({
      'aoi-testkit.config.json': json({ sarifLocation: 'package.json' }),
      'package.json': '{}',
    });
    expect((await loadConfig({ cwd: plain }))?.sarifLocation).toBe(
      `${join(plain, 'package.json')}:1`,
    );
    const missing = project({ 'aoi-testkit.config.json': json({ sarifLocation: 'nope.md:3' }) });
    expect(await configError(missing)).toMatchObject({ key: 'sarifLocation', exitCode: 65 });
    const wrong = project({ 'aoi-testkit.config.json': json({ sarifLocation: 3 }) });
    expect((await configError(wrong)).key).toBe('sarifLocation');
  });
});
