/** The CLI's manners through the built CLI: --help on every verb, the nearest verb for a typo, colour switches, messages that say what happened. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { wantsColour } from '../../src/cli/colour.js';
import { VERBS } from '../../src/cli/surface.js';
import { prose } from '../unit/matchers/streams.js';

import { CLI, runKit } from '../support/kit-cli.js';
const dir = mkdtempSync(join(tmpdir(), 'aoi-manners-'));
const stream = join(dir, 'prose.jsonl');
writeFileSync(stream, prose);
const cli = (args: string[], env: Record<string, string> = {}) =>
  runKit([...args], { env, timeoutMs: 60_000 });
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('--help on every verb', () => {
  test(
    "<verb> --help and -h print that verb's help (help <verb>) and exit 0",
    { timeout: 120_000 },
    async () => {
      for (const verb of Object.keys(VERBS).filter((v) => v !== 'help')) {
        const [long, short, reference] = await Promise.all([
          cli([verb, '--help']),
          cli([verb, '-h']),
          cli(['help', verb]),
        ]);
        expect([verb, long.exitCode, short.exitCode]).toEqual([verb, 0, 0]);
        expect(text(long.stdout)).toMatch(new RegExp(`^aoi-testkit ${verb} — `));
        expect(text(long.stdout)).toBe(text(reference.stdout));
        expect(text(short.stdout)).toBe(text(reference.stdout));
      }
    },
  );

  test(
    "the help is the kit's only among its own flags: not a linted program's, not a fake's",
    { timeout: 60_000 },
    async () => {
      const lint = await cli(['lint', '--only', 'AOI-99', '--help', '--', 'prog']);
      expect(lint.exitCode).toBe(0);
      expect(text(lint.stdout)).toMatch(
        /--reporter .*text, jsonl, junit, github, markdown, sarif, html .*, badge .* or blob/,
      );
      const fake = await cli(['fake', 'well-behaved', '--help']);
      expect(fake.exitCode).toBe(0);
      expect(text(fake.stdout)).toMatch(/^notes — /);
    },
  );
});

describe('a wrong verb', () => {
  test('suggests the nearest verb, or none when nothing is near', async () => {
    const cases: [string, string][] = [
      [
        'lnt',
        'unknown command "lnt"; did you mean "lint"? (aoi-testkit --help lists the commands)',
      ],
      [
        'chekc',
        'unknown command "chekc"; did you mean "check"? (aoi-testkit --help lists the commands)',
      ],
      [
        'scen',
        'unknown command "scen"; did you mean "scenarios"? (aoi-testkit --help lists the commands)',
      ],
      ['frobnicate', 'unknown command "frobnicate" (aoi-testkit --help lists the commands)'],
    ];
    for (const [verb, message] of cases) {
      const run = await cli([verb]);
      expect(run.exitCode).toBe(64);
      expect(text(run.stderr)).toBe(`aoi-testkit: ${message}\n`);
    }
  });
});

describe('a wrong flag, -v', () => {
  test("an unknown flag names the nearest of the verb's own flags, or none; exit 64", async () => {
    const [near, far, version] = await Promise.all([
      cli(['lint', '--repoter', 'sarif', '--', 'prog']),
      cli(['check', '--frobnicate', stream]),
      cli(['-v']),
    ]);
    expect([near.exitCode, far.exitCode]).toEqual([64, 64]);
    expect(text(near.stderr)).toBe(
      "aoi-testkit: lint: unknown flag --repoter; did you mean --reporter? (aoi-testkit help lint lists its flags; the program's own arguments go after --)\n",
    );
    expect(text(far.stderr)).toBe(
      'aoi-testkit: check: unknown flag --frobnicate (aoi-testkit help check lists its flags)\n',
    );
    expect(version.exitCode).toBe(0);
    expect(text(version.stdout)).toMatch(/^aoi-testkit \d+\.\d+\.\d+\n$/);
  });
});

describe('--quiet', () => {
  test(
    'lint: progress on stderr without it, nothing there with it; the report the same',
    { timeout: 120_000 },
    async () => {
      const args = [
        '--only',
        'AOI-01',
        '--spec',
        'aoi',
        '--',
        process.execPath,
        CLI,
        'fake',
        'well-behaved',
      ];
      const [loud, quiet] = await Promise.all([
        cli(['lint', ...args]),
        cli(['lint', '--quiet', ...args]),
      ]);
      expect(text(loud.stderr)).toMatch(/^aoi-testkit lint: \d+\/\d+ probes · /m);
      expect(text(quiet.stderr)).toBe('');
      expect([loud.exitCode, quiet.exitCode]).toEqual([0, 0]);
      const verdicts = (out: Uint8Array) =>
        text(out)
          .split('\n')
          .filter((l) => /^ {2}\S+ +\d\d:/.test(l));
      expect(verdicts(loud.stdout).length).toBeGreaterThan(0);
      expect(verdicts(quiet.stdout)).toEqual(verdicts(loud.stdout));
    },
  );
});

describe('colour', () => {
  test('FORCE_COLOR wins over NO_COLOR (as in Node); --no-color and --color win over both', () => {
    const on = (values: Record<string, unknown>, env: Record<string, string>, tty = false) =>
      wantsColour(values, env, tty);
    expect(on({}, {}, true)).toBe(true);
    expect(on({}, {}, false)).toBe(false);
    expect(on({}, { NO_COLOR: '1' }, true)).toBe(false);
    expect(on({}, { NO_COLOR: '' }, true)).toBe(true); // NO_COLOR counts when non-empty
    expect(on({}, { FORCE_COLOR: '1' })).toBe(true);
    expect(on({}, { FORCE_COLOR: '' })).toBe(true);
    expect(on({}, { FORCE_COLOR: '0' }, true)).toBe(false);
    expect(on({}, { FORCE_COLOR: 'false' }, true)).toBe(false);
    expect(on({}, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
    expect(on({ 'no-color': true }, { FORCE_COLOR: '1' })).toBe(false);
    expect(on({ color: true }, { NO_COLOR: '1' })).toBe(true);
    // A terminal that cannot show colour says so with TERM=dumb; FORCE_COLOR and --color still win.
    expect(on({}, { TERM: 'dumb' }, true)).toBe(false);
    expect(on({}, { TERM: 'xterm-256color' }, true)).toBe(true);
    expect(on({}, { TERM: 'dumb', FORCE_COLOR: '1' }, true)).toBe(true);
    expect(on({ color: true }, { TERM: 'dumb' }, true)).toBe(true);
  });

  test('check and lint text honour FORCE_COLOR and NO_COLOR on a pipe', async () => {
    const [forced, plain, noColor] = await Promise.all([
      cli(['check', stream], { FORCE_COLOR: '1' }),
      cli(['check', stream]),
      cli(['check', stream], { FORCE_COLOR: '0', NO_COLOR: '1' }),
    ]);
    expect(text(forced.stdout)).toContain('\u001b[31mFAIL\u001b[0m');
    expect(text(plain.stdout)).not.toContain('\u001b[');
    expect(text(noColor.stdout)).not.toContain('\u001b[');
    // Reporter files are never coloured.
    const file = join(dir, 'forced.txt');
    await cli(['check', stream, '--reporter', `text=${file}`, '--reporter', 'markdown'], {
      FORCE_COLOR: '1',
    });
    expect(readFileSync(file, 'utf8')).not.toContain('\u001b[');
  });
});

describe('messages that say what happened', () => {
  test('a --reporter or --write-baseline file that cannot be written is exit 73 before any probe runs', async () => {
    // A tool of its own (shell): each run of it leaves a mark, so a probe that ran shows.
    const marks = join(dir, 'marks');
    const tool = join(dir, 'tool.sh');
    writeFileSync(
      tool,
      `#!/bin/sh\necho ran >> '${marks}'\necho '{"type":"aoi:summary","ok":true}'\n`,
      {
        mode: 0o755,
      },
    );
    const missing = join(dir, 'no', 'such', 'dir', 'r.xml');
    const [report, baseline, directory] = await Promise.all([
      cli(['lint', '--reporter', `junit=${missing}`, '--', tool]),
      cli(['lint', '--write-baseline', missing, '--', tool]),
      cli(['lint', '--reporter', `sarif=${dir}`, '--', tool]),
    ]);
    expect([report.exitCode, baseline.exitCode, directory.exitCode]).toEqual([73, 73, 73]);
    expect(text(report.stderr)).toBe(
      `aoi-testkit: --reporter junit=${missing}: cannot write it: no such directory\n`,
    );
    expect(text(baseline.stderr)).toBe(
      `aoi-testkit: --write-baseline ${missing}: cannot write it: no such directory\n`,
    );
    expect(text(directory.stderr)).toBe(
      `aoi-testkit: --reporter sarif=${dir}: cannot write it: is a directory\n`,
    );
    expect(existsSync(marks)).toBe(false);
  });

  test('a missing path is "no such file", a directory "is a directory": never a raw errno code', async () => {
    const missing = join(dir, 'missing.jsonl');
    const runs = await Promise.all([
      cli(['check', missing]),
      cli(['check', dir]),
      cli(['manifest', dir]),
      cli(['lint', '--app-dir', missing]),
      cli(['lint', '--exec-plan', dir, '--spec', 'exec', '--', 'prog']),
      cli(['exec', '--input-file', dir]),
      cli(['check', stream, '--baseline', missing]),
      cli(['check', stream, '--baseline', dir]),
    ]);
    expect(runs.map((r) => text(r.stderr).trim())).toEqual([
      `aoi-testkit: cannot read ${missing}: no such file`,
      `aoi-testkit: cannot read ${dir}: is a directory`,
      `aoi-testkit: cannot read ${dir}: is a directory`,
      `aoi-testkit: --app-dir ${missing}: no such file or directory`,
      `aoi-testkit: cannot read --exec-plan ${dir}: is a directory`,
      `aoi-testkit: exec: cannot read --input-file ${dir}: is a directory`,
      `aoi-testkit: --baseline ${missing}: no such file (write one with --write-baseline ${missing})`,
      `aoi-testkit: --baseline ${dir}: cannot read it: is a directory`,
    ]);
    expect(runs.map((r) => r.exitCode)).toEqual([66, 66, 66, 66, 66, 66, 66, 66]);
  });
});
