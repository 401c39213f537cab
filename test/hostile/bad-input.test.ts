import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { GLOBAL_FLAGS, VERBS } from '../../src/cli/surface.js';
import { CLI, makeCaller, type Caller } from './support.js';

// Issue 38's proof: bad input to every verb and every flag of the CLI's one surface table, counted. Each run gets
// one flag with a value of the wrong kind (or no value), nothing else; it must end with a clear error or a normal
// result — no crash (exit 70 or a signal), no stack trace, no hang, and none of the value's control characters
// printed raw. Values of a typed flag (int, enum, bool) must be refused as usage errors (exit 64).

type Case = { verb: string; flag: string; type: string; label: string; args: string[] };

const ESCAPES = '\u001b]8;;https://x.example\u0007link\u001b]8;;\u0007\u009b31m\u202e';
let caller: Caller;

/** The wrong values of each flag type, as the arguments after the verb. */
function badValues(flag: string, type: string, dir: string): [label: string, args: string[]][] {
  const name = `--${flag}`;
  const missing: [string, string[]] = ['no value', [name]];
  switch (type) {
    case 'bool':
      return [['=maybe', [`${name}=maybe`]]];
    case 'int':
      return [['many', [name, 'many']], ['-1', [name, '-1']], ['1e999', [name, '1e999']], missing];
    case 'enum':
      return [['no-such-value', [name, 'no-such-value']], [`escapes`, [name, ESCAPES]], missing];
    case 'path':
      return [
        ['/dev/zero', [name, '/dev/zero']],
        ['a directory', [name, dir]],
        ['missing', [name, join(dir, 'missing', 'file')]],
        missing,
      ];
    default:
      return [[`escapes`, [name, ESCAPES]], missing];
  }
}

const DIR = '<dir>';
const CASES: Case[] = Object.entries(VERBS).flatMap(([verb, v]) =>
  Object.entries({ ...GLOBAL_FLAGS, ...((v as { flags?: object }).flags ?? {}) }).flatMap(
    ([flag, spec]) =>
      badValues(flag, (spec as { type: string }).type, DIR).map(([label, args]) => ({
        verb,
        flag,
        type: (spec as { type: string }).type,
        label,
        args: [verb, ...args],
      })),
  ),
);

beforeAll(() => {
  caller = makeCaller();
  mkdirSync(join(caller.root, 'dir'));
});
afterAll(() => caller?.remove());

/** One run of the kit, ended after `ms` (a hang is a finding, not a stuck suite). */
function run(args: string[], ms: number) {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: caller.cwd,
    env: { ...process.env, HOME: caller.home, TMPDIR: caller.tmp, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  let hung = false;
  const timer = setTimeout(() => {
    hung = true;
    child.kill('SIGKILL');
  }, ms);
  return new Promise<{ code: number | null; out: string; hung: boolean }>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out, hung });
    }),
  );
}

/** What is wrong with one run, or [] when it is clean. */
function defects(c: Case, r: { code: number | null; out: string; hung: boolean }): string[] {
  const wrong: string[] = [];
  if (r.hung) wrong.push('hung');
  else if (r.code === null || r.code === 70) wrong.push(`exit ${r.code ?? 'by a signal'}`);
  if (/\n\s+at \S.*:\d+:\d+\)?\s*$/m.test(r.out) || /internal error/i.test(r.out))
    wrong.push('a stack trace or an internal error');
  if (/[\u001b\u0007\u009b\u202e]/.test(r.out)) wrong.push('raw control characters printed');
  if (['int', 'enum', 'bool'].includes(c.type) || c.label === 'no value')
    if (!r.hung && r.code !== 64) wrong.push(`exit ${r.code}, not 64 (a usage error)`);
  return wrong;
}

test(
  `bad input to every verb and flag: ${CASES.length} runs, every one clean`,
  { timeout: 1_800_000 },
  async () => {
    const dir = join(caller.root, 'dir');
    const found: string[] = [];
    const queue = [...CASES];
    // Two at a time: the machine has two cores, and each run is a whole kit process.
    await Promise.all(
      [0, 1].map(async () => {
        for (let c = queue.shift(); c; c = queue.shift()) {
          const args = c.args.map((arg) => arg.replace(DIR, dir));
          const wrong = defects(c, await run(args, 120_000));
          if (wrong.length > 0) found.push(`${c.verb} --${c.flag} ${c.label}: ${wrong.join('; ')}`);
        }
      }),
    );
    // Every verb and every flag of the table was tried.
    expect(new Set(CASES.map((c) => c.verb))).toEqual(new Set(Object.keys(VERBS)));
    expect(found).toEqual([]);
  },
);
