/**
 * A program that cannot start is one clear error from `aoi-testkit lint` (every --spec, detection, text and
 * JSONL): exit 66 (missing) or 69 (cannot run), `cannot start: …` with the program's own stderr line, never a
 * table of verdicts. Targets written the way outside authors write them: a missing Python script, a shell script
 * missing its dependency, a file without the execute bit, a name not on PATH. And a Python tool that prompts.
 */
import { build } from 'esbuild';
import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { lintCli } from '../../../src/lint/aoi/lint.js';
import { processTarget, TargetError } from '../../../src/lint/aoi/target.js';
import { runCli } from '../../../src/run/run-cli.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
let work = '';
let cli = '';

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'aoi-cannot-start-'));
  cli = join(work, 'main.mjs');
  symlinkSync(join(root, 'node_modules'), join(work, 'node_modules'), 'dir');
  await build({
    entryPoints: [join(root, 'src/cli/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: cli,
    packages: 'external',
    logLevel: 'silent',
    absWorkingDir: root,
  });
  // A wrapper whose dependency is gone: it says so, whatever it is asked.
  writeFileSync(
    join(work, 'wrapper.sh'),
    '#!/bin/sh\necho "wrapper: cannot load libnotes.so.2: version mismatch" >&2\nexit 127\n',
  );
  chmodSync(join(work, 'wrapper.sh'), 0o755);
  writeFileSync(join(work, 'plain.sh'), '#!/bin/sh\necho hi\n'); // no execute bit
  // A tool written elsewhere that asks before deleting, even when nobody is there (input() on a closed stdin: EOFError).
  writeFileSync(
    join(work, 'asker.py'),
    `import json, os, sys
args = sys.argv[1:]
if '--help' in args or not args:
    print('usage: asker.py {delete} [--output jsonl] [--confirm]'); sys.exit(0)
if args[0] in ('schema', 'capabilities'):
    print('asker: no discovery', file=sys.stderr); sys.exit(64)
if args[0] == 'delete':
    if '--confirm' not in args and os.environ.get('ASKER_FIXED'):
        print(json.dumps({'type': 'aoi:error', 'category': 'authn', 'code': 'INTERACTIVE_REQUIRED', 'message': 'confirm in a terminal, or pass --confirm', 'retryable': False}))
        print(json.dumps({'type': 'aoi:summary', 'ok': False})); sys.exit(64)
    if '--confirm' not in args:
        answer = input('Really delete everything? [y/N] ')
        if answer.strip().lower() != 'y':
            print(json.dumps({'type': 'aoi:summary', 'ok': False})); sys.exit(1)
    print(json.dumps({'type': 'aoi:meta', 'tool': 'asker', 'schema_version': '1.0.0'}))
    print(json.dumps({'type': 'deleted', 'id': 'all'}))
    print(json.dumps({'type': 'aoi:summary', 'ok': True, 'count': 1})); sys.exit(0)
print('asker: unknown command', file=sys.stderr); sys.exit(64)
`,
  );
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

const lint = (args: string[]) =>
  runCli(process.execPath, [cli, 'lint', ...args], { timeoutMs: 120_000, cwd: work });

const CASES: [string, string[], number, RegExp][] = [
  [
    'a name not on PATH',
    ['no-such-tool-aoi'],
    66,
    /^aoi-testkit: cannot start: no-such-tool-aoi: no such program \(ENOENT\)$/m,
  ],
  [
    'a file without the execute bit',
    ['./plain.sh'],
    69,
    /cannot start: .*plain\.sh: not executable \(EACCES\)/,
  ],
  [
    'a missing Python script',
    ['python3', 'missing.py'],
    66,
    /cannot start: python3 missing\.py: .*can't open file 'missing\.py': \[Errno 2\] No such file or directory \(exit 2 with nothing on stdout/,
  ],
  [
    'a wrapper missing its dependency',
    ['./wrapper.sh'],
    69,
    /cannot start: .*wrapper\.sh: wrapper: cannot load libnotes\.so\.2: version mismatch \(exit 127/,
  ],
];

describe.concurrent('a program that cannot start: one error, never a report', () => {
  for (const [name, program, exit, message] of CASES) {
    for (const spec of [
      [],
      ['--spec', 'aoi'],
      ['--spec', 'cmdhelp'],
      ['--spec', 'exec'],
      ['--only', 'AOI-06'],
    ]) {
      test(`${name}, lint ${spec.join(' ') || '(detection)'}`, { timeout: 180_000 }, async () => {
        const run = await lint([...spec, '--', ...program]);
        expect(run.exitCode).toBe(exit);
        expect(text(run.stderr)).toMatch(message);
        expect(text(run.stdout)).toBe('');
        expect(text(run.stderr)).not.toMatch(/\bpass\b|FAIL|conformant/);
      });
    }
    test(
      `${name}, lint --output jsonl: meta, one structured error, summary ok:false`,
      { timeout: 180_000 },
      async () => {
        const run = await lint(['--output', 'jsonl', '--', ...program]);
        expect(run.exitCode).toBe(exit);
        const events = text(run.stdout)
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        expect(events.map((e) => e.type)).toEqual(['aoi:meta', 'aoi:error', 'aoi:summary']);
        expect(events[1]).toMatchObject({
          code: exit === 66 ? 'PROGRAM_NOT_FOUND' : 'PROGRAM_CANNOT_START',
          message: expect.stringMatching(/^cannot start: /),
        });
        expect(events.some((e) => e.type === 'aoi:check')).toBe(false);
      },
    );
  }

  test(
    'lintCli (the API) throws a TargetError for a script that does not exist, with 66',
    { timeout: 180_000 },
    async () => {
      const lint = lintCli(processTarget('python3', [join(work, 'missing.py')]), {
        only: ['AOI-02'],
      });
      await expect(lint).rejects.toThrow(TargetError);
      await expect(lint).rejects.toMatchObject({
        exitCode: 66,
        message: expect.stringMatching(
          /^cannot start: python3 .*missing\.py: .*No such file or directory/,
        ),
      });
    },
  );

  test(
    'a Python tool that prompts on a closed stdin: AOI-05/interactive-required-missing; with INTERACTIVE_REQUIRED it would pass',
    { timeout: 180_000 },
    async () => {
      const report = await lintCli(processTarget('python3', [join(work, 'asker.py')]), {
        invocations: [['delete', '--confirm']],
        only: ['AOI-05'],
      });
      const verdict = report.verdicts.find((v) => v.rule === 'AOI-05' && v.command === 'delete')!;
      expect(verdict.status).toBe('fail');
      expect(verdict.findings.map((f) => f.id)).toContain('AOI-05/interactive-required-missing');
      expect(
        verdict.findings.find((f) => f.id === 'AOI-05/interactive-required-missing')!.excerpt,
      ).toBe('Really delete everything? [y/N]');
      const fixed = await lintCli(processTarget('python3', [join(work, 'asker.py')]), {
        invocations: [['delete', '--confirm']],
        only: ['AOI-05'],
        env: { ASKER_FIXED: '1' },
      });
      expect(fixed.findings.map((f) => f.id)).not.toContain('AOI-05/interactive-required-missing');
      expect(
        fixed.verdicts.find((v) => v.rule === 'AOI-05' && v.command === 'delete')!.status,
      ).toBe('pass');
    },
  );
});
