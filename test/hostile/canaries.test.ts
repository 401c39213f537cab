import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checksOf, makeCaller, PROGRAMS, runKit, type Caller, type KitRun } from './support.js';

// Issue 38, item 4: a tool that leaks the token it was given in the encodings the first scanner missed (leaky.py,
// standard-library Python: one command per encoding, each printing the token in a note event, on stderr and in a
// file under HOME). The lint reports every one under AOI-09, and nothing the kit writes — any reporter — holds the
// token in any of those forms, nor 8 letters or digits of it in a row.

const LEAKY = `${PROGRAMS}leaky.py`;
const ENCODINGS = [
  'ansi-inside',
  'base32',
  'cgj',
  'deflate-base64',
  'double-base64',
  'fullwidth',
  'hex-colons',
  'percent',
  'rot13',
  'soft-hyphens',
  'spaced',
  'tag-characters',
  'three-lines',
  'variation-selectors',
];
const REPORTERS = ['junit', 'sarif', 'github', 'markdown', 'html'] as const;

let caller: Caller;
let jsonl: KitRun;
let text: KitRun;
let token: string;

beforeAll(async () => {
  caller = makeCaller();
  const log = join(caller.root, 'tokens.log');
  const lint = (output: string[]) =>
    runKit(['lint', '--spec', 'aoi', ...output, '--', 'python3', LEAKY], caller, {
      LEAKY_LOG: log,
    });
  jsonl = await lint([
    '--output',
    'jsonl',
    ...REPORTERS.map((name) => `--reporter=${name}=${join(caller.root, `report.${name}`)}`),
  ]);
  text = await lint(['--output', 'text']);
  const tokens = new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean));
  // One lint's canaries are its own: each run planted a fresh GITHUB_TOKEN.
  expect(tokens.size).toBe(2);
  token = [...tokens][0]!;
}, 600_000);
afterAll(() => caller?.remove());

/** Every form leaky.py printed a token in, and what the kit must never show of it. */
function expectNothingOf(secret: string, output: string, where: string) {
  const bytes = Buffer.from(secret);
  const forms = [
    secret,
    bytes.toString('hex'),
    [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    Buffer.from(bytes.toString('base64')).toString('base64'),
    deflateSync(bytes).toString('base64'),
    secret.replace(/[a-z]/gi, (ch) => {
      const base = ch <= 'Z' ? 65 : 97;
      return String.fromCharCode(((ch.charCodeAt(0) - base + 13) % 26) + base);
    }),
  ];
  for (const form of forms) expect(output.toLowerCase(), where).not.toContain(form.toLowerCase());
  // 8 letters or digits of its random part in a row, however they are spaced, escaped or hidden.
  const letters = (t: string) =>
    [...t.normalize('NFKC')]
      .filter((ch) => /[0-9a-z]/i.test(ch))
      .join('')
      .toLowerCase();
  const random = letters(secret).slice('aoicanary'.length);
  const shown = letters(output);
  for (let k = 0; k + 8 <= random.length; k++)
    expect(shown, `${where}: ${random.slice(k, k + 8)}`).not.toContain(random.slice(k, k + 8));
}

describe('a tool that leaks its token in every encoding a first scanner missed', () => {
  test.each(ENCODINGS)('%s: AOI-09 on stdout and on stderr', (command) => {
    const findings = checksOf(jsonl.stdout)
      .filter((c) => c.name === 'AOI-09' && c.command === command)
      .flatMap((c) => c.findings.map((f) => f.id));
    expect(new Set(findings)).toEqual(new Set(['AOI-09/secret-echoed', 'AOI-09/secret-on-stderr']));
  });

  test('no other finding: the tool is otherwise well-behaved (the leaks are all it does wrong)', () => {
    const other = checksOf(jsonl.stdout)
      .flatMap((c) => c.findings.map((f) => f.id))
      .filter((id) => !id.startsWith('AOI-09/'));
    expect(other).toEqual([]);
  });

  test('nothing the kit wrote holds the token, in any form: JSONL, text, stderr and every reporter', () => {
    const outputs: Record<string, string> = {
      'jsonl stdout': jsonl.stdout,
      'jsonl stderr': jsonl.stderr,
      'text stdout': text.stdout,
      'text stderr': text.stderr,
      ...Object.fromEntries(
        REPORTERS.map((name) => [name, readFileSync(join(caller.root, `report.${name}`), 'utf8')]),
      ),
    };
    // Both lints' tokens: each run's output must hold neither.
    const tokens = new Set(
      readFileSync(join(caller.root, 'tokens.log'), 'utf8').split('\n').filter(Boolean),
    );
    for (const secret of tokens)
      for (const [where, output] of Object.entries(outputs)) expectNothingOf(secret, output, where);
    expect(text.stdout).toMatch(/AOI-09/);
    expect(token).toMatch(/^aoiCanary_/);
  });
});
