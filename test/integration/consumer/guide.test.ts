import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { CLI, PROCESS_TEST_MS } from './support.js';

/**
 * docs/guides/linting-a-consumer.md runs as written: its sink.py in a scratch project whose
 * `node_modules/.bin/aoi-testkit` is this build, its sh block line by line, and the two ways it says to
 * break the sink named by exactly the rules it says.
 */
const guide = readFileSync(
  new URL('../../../docs/guides/linting-a-consumer.md', import.meta.url),
  'utf8',
);
const blocksOf = (language: string): string[] =>
  [...guide.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);

const dir = mkdtempSync(join(tmpdir(), 'aoi-consumer-guide-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bin = join(dir, 'node_modules', '.bin');
mkdirSync(bin, { recursive: true });
writeFileSync(
  join(bin, 'aoi-testkit'),
  `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`,
);
chmodSync(join(bin, 'aoi-testkit'), 0o755);
const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, NO_COLOR: '1' };
// `npx aoi-testkit` finds the project's own bin; here it is called directly (no registry is ever asked).
const sh = (line: string) =>
  spawnSync('sh', ['-c', line.replace(/^npx aoi-testkit /, 'aoi-testkit ')], {
    cwd: dir,
    env,
    encoding: 'utf8',
    timeout: PROCESS_TEST_MS - 20_000,
  });
const hasPython = spawnSync('python3', ['--version']).status === 0;

describe('the guide "linting a consumer" runs as written', () => {
  test.skipIf(!hasPython)(
    'sink.py passes every stdin scenario; the sh block runs; each way of breaking it is named as the guide says',
    () => {
      const [sink] = blocksOf('python');
      writeFileSync(join(dir, 'sink.py'), sink!);
      const [all, one, runtime] = blocksOf('sh')
        .join('\n')
        .split('\n')
        .filter((line) => line.startsWith('npx aoi-testkit consumer'));
      const first = sh(all!);
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toMatch(
        /handles AOI streams: 30 verdict\(s\) over 10 scenario\(s\), none failed/,
      );
      expect(runtime).toMatch(/--app-runtime/);
      const second = sh(one!);
      expect(second.status).toBe(0);
      expect(JSON.parse(second.stdout.trim().split('\n').at(-1)!)).toMatchObject({
        type: 'aoi:summary',
        ok: true,
        count: 3,
      });

      const broken = (name: string, from: string, to: string) => {
        expect(sink).toContain(from);
        writeFileSync(join(dir, name), sink!.replace(from, to));
        const run = sh(`aoi-testkit consumer --output jsonl -- python3 ${name}`);
        expect(run.status).toBe(1);
        return run.stdout
          .trim()
          .split('\n')
          .map(
            (line) =>
              JSON.parse(line) as {
                type: string;
                status?: string;
                command?: string;
                findings?: { id: string }[];
              },
          )
          .filter((e) => e.type === 'aoi:check' && e.status === 'fail')
          .flatMap((e) => e.findings!.map((f) => `${f.id} ${e.command}`))
          .sort();
      };
      expect(broken('drops.py', 'sys.exit(65)', 'continue')).toEqual(
        ['ansi-line', 'array-line', 'pretty-printed', 'prose-line'].map(
          (s) => `CONSUMER-03/malformed-dropped consumer.stdin.${s}`,
        ),
      );
      expect(
        broken(
          'accepts.py',
          'if summary is None or summary.get("ok") is not True or errors:',
          'if errors:',
        ),
      ).toEqual(
        ['empty', 'eof-without-summary'].map(
          (s) => `CONSUMER-01/incomplete-accepted consumer.stdin.${s}`,
        ),
      );
    },
    PROCESS_TEST_MS,
  );

  test.skipIf(!hasPython)(
    'runtime.py does every runtime duty; skipping its confirmation is named RUNTIME-06 on exactly the two confirmation scenarios',
    () => {
      const [, runtime, ...others] = blocksOf('python');
      expect(others).toEqual([]);
      writeFileSync(join(dir, 'runtime.py'), runtime!);
      const line = blocksOf('sh')
        .join('\n')
        .split('\n')
        .find((l) => l.startsWith('npx aoi-testkit consumer --app-runtime'))!;
      const run = sh(line);
      expect(run.status, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(
        /does its runtime duties: 40 verdict\(s\) over 12 scenario\(s\), none failed/,
      );

      const from = 'if command in needs_confirmation:';
      expect(runtime).toContain(from);
      writeFileSync(join(dir, 'no-confirm.py'), runtime!.replace(from, 'if False:'));
      const broken = sh(
        'aoi-testkit consumer --app-runtime --output jsonl -- python3 no-confirm.py',
      );
      expect(broken.status).toBe(1);
      const failed = broken.stdout
        .trim()
        .split('\n')
        .map(
          (l) =>
            JSON.parse(l) as {
              type: string;
              status?: string;
              command?: string;
              findings?: { id: string }[];
            },
        )
        .filter((e) => e.type === 'aoi:check' && e.status === 'fail')
        .flatMap((e) => e.findings!.map((f) => `${f.id} ${e.command}`))
        .sort();
      expect(failed).toEqual([
        'RUNTIME-06/not-asked consumer.runtime.confirm-approved',
        'RUNTIME-06/not-asked consumer.runtime.confirm-denied',
      ]);
    },
    PROCESS_TEST_MS,
  );
});
