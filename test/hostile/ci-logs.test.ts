import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeCaller, PROGRAMS, runKit, type Caller, type KitRun } from './support.js';

// Issue 38, item 2: a tool whose text carries what a CI log obeys — GitHub workflow commands at the start of a line
// (after spaces, which the runner trims), the legacy `##[…]` and Azure's `##vso[…]` anywhere, GitLab's section
// markers — linted with every reporter, and its recorded stream given to `check`. Each output is read as an Actions, Azure and GitLab log would read it: the
// only commands in it are the kit's own annotations, from the github reporter.

const HOSTILE = `${PROGRAMS}hostile.py`;
const FILE_REPORTERS = ['junit', 'sarif', 'github', 'markdown', 'html', 'badge'] as const;

/** What a CI log would obey in `text`: GitHub commands, legacy and Azure commands, GitLab sections. */
function commandsIn(text: string): string[] {
  const found: string[] = [];
  for (const raw of text.split(/\r?\n|\r/)) {
    const line = raw.trimStart();
    const github = /^::([A-Za-z-]+)/.exec(line);
    if (github) found.push(`::${github[1]}`);
    for (const m of line.matchAll(/##(vso)?\[([A-Za-z.-]+)/gi))
      found.push(`##${m[1] ?? ''}[${m[2]}`);
    if (/section_(start|end):/i.test(line)) found.push('section');
  }
  return found;
}

let caller: Caller;
const runs: Record<string, KitRun> = {};

beforeAll(async () => {
  caller = makeCaller();
  const lint = (output: string[]) =>
    runKit(
      [
        'lint',
        '--spec',
        'aoi',
        ...output,
        '--env',
        'HOSTILE_MODE=ci-commands',
        '--invoke',
        'dump',
        '--',
        'python3',
        HOSTILE,
      ],
      caller,
    );
  runs.text = await lint(['--output', 'text']);
  runs.jsonl = await lint([
    '--output',
    'jsonl',
    ...FILE_REPORTERS.map((name) => `--reporter=${name}=${join(caller.root, `report.${name}`)}`),
  ]);
  // The same stream, recorded and checked offline (the tool exits 1: execFileSync throws with its stdout).
  const stream = join(caller.root, 'stream.jsonl');
  try {
    execFileSync('python3', [HOSTILE, 'dump'], {
      env: { ...process.env, HOSTILE_MODE: 'ci-commands' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    writeFileSync(stream, (error as { stdout: Buffer }).stdout);
  }
  runs['check text'] = await runKit(['check', stream], caller);
  runs['check jsonl'] = await runKit(['check', '--output', 'jsonl', stream], caller);
}, 600_000);
afterAll(() => caller?.remove());

describe('tool text that a CI log would obey is never a command in what the kit prints', () => {
  test('the lint saw the text: it reports the tool (AOI-02) and shows the lines, made inert', () => {
    expect(runs.jsonl!.stdout).toMatch(/AOI-02/);
    expect(runs.text!.stdout).toContain('set-output name=owned');
  });

  test('check saw the stream: it reports AOI-02 too', () => {
    expect(runs['check jsonl']!.stdout).toMatch(/AOI-02/);
    expect(runs['check text']!.stdout).toContain('set-output name=owned');
  });

  test.each(['text', 'jsonl', 'check text', 'check jsonl'])(
    '%s: stdout and stderr hold no command',
    (output) => {
      expect(commandsIn(runs[output]!.stdout)).toEqual([]);
      expect(commandsIn(runs[output]!.stderr)).toEqual([]);
    },
  );

  test.each(FILE_REPORTERS)('--reporter %s: no command but the kit’s own annotations', (name) => {
    const report = readFileSync(join(caller.root, `report.${name}`), 'utf8');
    const own = name === 'github' ? ['::error', '::warning', '::notice'] : [];
    expect(commandsIn(report).filter((c) => !own.includes(c))).toEqual([]);
  });
});
