import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { base64Cores, rot13, type CanaryEncoding } from '../../../src/secrets/canary-scan.js';
import { checkStream } from '../../../src/checks/aoi/stream.js';
import { maskSecrets } from '../../../src/secrets/mask.js';
import { findFileLeaks, findLeaks, makeCanaries, runCli } from '../../../src/run/index.js';

// One canary, printed by a program in each encoding it can produce without effort. For each: the scanner
// detects it (findLeaks on stdout and stderr, the AOI-09 stream judge, a file in HOME), and nothing the
// kit returns holds the canary in any form it detects.
const canaries = makeCanaries('encodings');
const canary = canaries.byLabel('env GITHUB_TOKEN');
const c = canary.value;
const b64 = (s: string) => Buffer.from(s).toString('base64');
/** Every third character `\uXXXX`-escaped, as some JSON encoders do for `+` and non-ASCII. */
const escapeSome = (s: string) =>
  [...s]
    .map((ch, i) => (i % 3 === 0 ? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}` : ch))
    .join('');
const half = 14;
/** Every character of the canary followed by `mark`. */
const interleave = (s: string, mark: string) => [...s].map((ch) => ch + mark).join('');
const fullwidth = (s: string) =>
  [...s].map((ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).join('');
const percentAll = (s: string) =>
  [...Buffer.from(s)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
/** RFC 4648 base32, as `base32` (coreutils) and Python's base64.b32encode print it. */
function base32(s: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const byte of Buffer.from(s)) bits += byte.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i < bits.length; i += 5)
    out += alphabet[parseInt(bits.slice(i, i + 5).padEnd(5, '0'), 2)];
  return out.padEnd(Math.ceil(out.length / 8) * 8, '=');
}
const third = Math.ceil(c.length / 3);

const ROWS: Array<{ name: string; lines: string[]; form: CanaryEncoding }> = [
  { name: 'raw', lines: [`request failed with ${c}`], form: 'raw' },
  {
    name: 'raw in JSON',
    lines: [JSON.stringify({ type: 'item', token: 'x', note: c })],
    form: 'raw',
  },
  { name: 'upper-case', lines: [`TOKEN ${c.toUpperCase()}`], form: 'case' },
  {
    name: 'JSON-escaped in valid JSON',
    lines: [`{"type":"item","note":"${escapeSome(c)}"}`],
    form: 'json-escaped',
  },
  {
    name: 'JSON-escaped in a not-JSON line',
    lines: [`oops: ${escapeSome(c)}`],
    form: 'json-escaped',
  },
  { name: 'URL-encoded', lines: [`GET /cb?t=${encodeURIComponent(c)}`], form: 'url' },
  {
    name: 'URL-encoded twice',
    lines: [`GET /cb?next=${encodeURIComponent(encodeURIComponent(c))}`],
    form: 'url2',
  },
  { name: 'base64, alignment 0', lines: [`Authorization: Basic ${b64(c)}`], form: 'base64' },
  { name: 'base64, alignment 1', lines: [`Authorization: Basic ${b64(`:${c}`)}`], form: 'base64' },
  { name: 'base64, alignment 2', lines: [`Authorization: Basic ${b64(`u:${c}`)}`], form: 'base64' },
  {
    name: 'base64url',
    lines: [`blob ${Buffer.from(`~~${c}??`).toString('base64url')}`],
    form: 'base64',
  },
  { name: 'hex', lines: [`dump ${Buffer.from(c).toString('hex')}`], form: 'hex' },
  { name: 'HEX', lines: [`dump ${Buffer.from(c).toString('hex').toUpperCase()}`], form: 'hex' },
  { name: 'reversed', lines: [`rev ${[...c].reverse().join('')}`], form: 'reversed' },
  {
    name: 'gzip+base64',
    lines: [`state ${gzipSync(JSON.stringify({ token: c })).toString('base64')}`],
    form: 'gzip-base64',
  },
  {
    name: 'split across fields',
    lines: [JSON.stringify({ type: 'item', a: c.slice(0, half), b: c.slice(half) })],
    form: 'split-fields',
  },
  {
    name: 'split across lines',
    lines: [
      JSON.stringify({ type: 'item', part: c.slice(0, half) }),
      JSON.stringify({ type: 'item', part: c.slice(half) }),
    ],
    form: 'split-lines',
  },
  // Issue 38: encodings a hostile program printed and the first scanner missed.
  {
    name: 'percent-encoding of every byte',
    lines: [`GET /cb?t=${percentAll(c)}`],
    form: 'percent',
  },
  { name: 'double base64', lines: [`blob ${b64(b64(c))}`], form: 'double-base64' },
  {
    name: 'hex with colons',
    lines: [`key ${Buffer.from(c).toString('hex').match(/../g)!.join(':')}`],
    form: 'hex-separated',
  },
  {
    name: 'hex as \\x escapes',
    lines: [`bytes ${[...Buffer.from(c)].map((b) => `\\x${b.toString(16)}`).join('')}`],
    form: 'hex-separated',
  },
  {
    name: 'hex as 0x bytes, spaced',
    lines: [`[${[...Buffer.from(c)].map((b) => `0x${b.toString(16)}`).join(', ')}]`],
    form: 'hex-separated',
  },
  {
    name: 'deflate (zlib) + base64',
    lines: [`state ${deflateSync(c).toString('base64')}`],
    form: 'deflate-base64',
  },
  { name: 'base32', lines: [`otp ${base32(c)}`], form: 'base32' },
  { name: 'base32, lower-case', lines: [`otp ${base32(`:${c}`).toLowerCase()}`], form: 'base32' },
  { name: 'rot13', lines: [`obfuscated ${rot13(c)}`], form: 'rot13' },
  {
    name: 'soft hyphens interleaved',
    lines: [`token ${interleave(c, '\u00ad')}`],
    form: 'invisible',
  },
  {
    name: 'combining grapheme joiners interleaved',
    lines: [`token ${interleave(c, '\u034f')}`],
    form: 'invisible',
  },
  {
    name: 'variation selectors interleaved',
    lines: [`token ${interleave(c, '\ufe0f')}`],
    form: 'invisible',
  },
  {
    name: 'tag characters interleaved',
    lines: [`token ${interleave(c, '\u{e0041}')}`],
    form: 'invisible',
  },
  { name: 'fullwidth forms', lines: [`token ${fullwidth(c)}`], form: 'fullwidth' },
  { name: 'spaced letters', lines: [`token ${[...c].join(' ')}`], form: 'spaced' },
  {
    name: 'an ANSI colour code inside',
    lines: [`token ${c.slice(0, 12)}\u001b[31m${c.slice(12)}\u001b[0m`],
    form: 'ansi',
  },
  {
    name: 'split over three lines',
    lines: [c.slice(0, third), c.slice(third, 2 * third), c.slice(2 * third)],
    form: 'split-lines',
  },
];

/** What must never appear in anything the kit returns: the canary in every encoding, and its halves. */
function expectNoForm(text: string) {
  const lower = text.toLowerCase();
  const caseless = [
    c,
    encodeURIComponent(c),
    encodeURIComponent(encodeURIComponent(c)),
    Buffer.from(c).toString('hex'),
    [...c].reverse().join(''),
    c.slice(0, half),
    c.slice(half),
  ];
  for (const form of caseless) expect(lower).not.toContain(form.toLowerCase());
  for (const core of base64Cores(c)) {
    expect(text).not.toContain(core);
    expect(text).not.toContain(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  expect(lower).not.toContain(escapeSome(c).toLowerCase());
  // No fragment of its random part either, however it was spaced or hidden: 8 letters or digits in a row.
  const letters = (t: string) =>
    [...t.normalize('NFKC')]
      .filter((ch) => /[0-9a-z]/i.test(ch))
      .join('')
      .toLowerCase();
  const secret = letters(c).slice('aoicanary'.length);
  const shown = letters(text);
  for (let k = 0; k + 8 <= secret.length; k++) expect(shown).not.toContain(secret.slice(k, k + 8));
}

const work = mkdtempSync(join(tmpdir(), 'aoi-canary-enc-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The program: writes the lines it is given to stdout, stderr and a file under its HOME.
const PROGRAM = `
const fs = require('node:fs'), path = require('node:path');
const lines = JSON.parse(Buffer.from(process.env.PAYLOAD, 'base64').toString());
const text = lines.join('\\n') + '\\n';
process.stdout.write(text);
process.stderr.write(text);
const dir = path.join(process.env.HOME, '.cache', 'tool');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'session.log'), text);
`;

describe.each(ROWS)('canary $name', ({ name, lines, form }) => {
  const text = `${lines.join('\n')}\n`;

  it('is detected by findLeaks on stdout and on stderr, masked in the excerpt', () => {
    for (const stream of ['stdout', 'stderr'] as const) {
      const run = {
        stdout: new Uint8Array(),
        stderr: new Uint8Array(),
        [stream]: Buffer.from(text),
      };
      const leaks = findLeaks(run, canaries);
      expect(leaks.map((leak) => [leak.stream, leak.line, leak.canary, leak.form])).toContainEqual([
        stream,
        1,
        canary.label,
        form,
      ]);
      expectNoForm(JSON.stringify(leaks));
    }
  });

  it('is judged by AOI-09 on the stream, and no finding shows it', () => {
    const stream = [
      JSON.stringify({ type: 'aoi:meta', schema_version: '1', aoi_version: '0.2' }),
      ...lines,
      JSON.stringify({ type: 'aoi:summary', ok: true, count: lines.length }),
    ].join('\n');
    const report = checkStream(`${stream}\n`, { secrets: canaries.values, exitCode: 0 });
    expect(report.findings.map((f) => f.id)).toContain('AOI-09/secret-echoed');
    expectNoForm(JSON.stringify(report));
  });

  it('is masked by maskSecrets with the known canaries', () => {
    for (const line of lines) {
      if (form === 'split-lines') continue; // each line holds half; covered by expectNoForm on findings
      const masked = maskSecrets(line, canaries.values);
      expect(masked).toContain('***');
      expectNoForm(masked);
    }
    for (const line of lines) expectNoForm(maskSecrets(line, canaries.values));
  });

  it('is found when a real process writes it to stdout, stderr and a file in its HOME', async () => {
    const home = mkdtempSync(join(work, 'home-'));
    const run = await runCli(process.execPath, ['-e', PROGRAM], {
      env: { HOME: home, PAYLOAD: Buffer.from(JSON.stringify(lines)).toString('base64') },
    });
    expect(run.exitCode, name).toBe(0);
    const leaks = findLeaks(run, canaries);
    expect(
      leaks
        .filter((l) => l.form === form)
        .map((l) => l.stream)
        .sort(),
    ).toEqual(['stderr', 'stdout']);
    const inFiles = findFileLeaks(home, canaries);
    expect(inFiles.map((l) => [l.file, l.line, l.form])).toContainEqual([
      join('.cache', 'tool', 'session.log'),
      1,
      form,
    ]);
    expectNoForm(JSON.stringify(leaks) + JSON.stringify(inFiles));
  });
});

describe('clean text', () => {
  it('carries no leak and is not changed by the masker', () => {
    const other = makeCanaries('other').byLabel('env GITHUB_TOKEN').value;
    const text = `{"type":"item","id":"doc_123","note":"nothing here ${b64('hello world')} 616263 H4sIAAAA"}\n`;
    expect(findLeaks({ stdout: Buffer.from(text), stderr: new Uint8Array() }, canaries)).toEqual(
      [],
    );
    expect(maskSecrets(text, canaries.values)).toBe(text);
    expect(maskSecrets(`x ${other} y`, canaries.values)).toBe(`x ${other} y`);
  });
});

describe('files: past the first MiB, and in a name', () => {
  it('a canary 3 MiB into a file is found, on its line', () => {
    const dir = mkdtempSync(join(work, 'big-'));
    const lines = Math.ceil((3 << 20) / 100);
    const filler = `${'x'.repeat(99)}\n`.repeat(lines);
    writeFileSync(join(dir, 'big.log'), `${filler}token=${c}\n`);
    const leaks = findFileLeaks(dir, canaries);
    expect(leaks.map((l) => [l.file, l.line, l.form])).toEqual([['big.log', lines + 1, 'raw']]);
    expectNoForm(JSON.stringify(leaks));
  });

  it('a canary in the middle of a 3 MiB line is found', () => {
    const dir = mkdtempSync(join(work, 'long-'));
    writeFileSync(join(dir, 'one.line'), `${'y'.repeat(3 << 20)}${b64(c)}${'y'.repeat(1 << 20)}`);
    expect(findFileLeaks(dir, canaries).map((l) => [l.line, l.form])).toContainEqual([1, 'base64']);
  });

  it('a canary in a file or directory name is found, and the path reported masked', () => {
    const dir = mkdtempSync(join(work, 'names-'));
    mkdirSync(join(dir, `cache-${c}`));
    writeFileSync(join(dir, `cache-${c}`, 'clean.txt'), 'nothing here\n');
    writeFileSync(join(dir, `${Buffer.from(c).toString('hex')}.json`), '{}\n');
    const leaks = findFileLeaks(dir, canaries);
    expect(leaks.map((l) => [l.inName, l.form]).sort()).toEqual([
      [true, 'hex'],
      [true, 'raw'],
    ]);
    expect(leaks.map((l) => l.file).sort()).toEqual(['***.json', 'cache-***']);
    expectNoForm(JSON.stringify(leaks));
  });
});

describe('the lint judges files in the canary probe sandbox', () => {
  it('reports a canary written (hex) to a file under the probe HOME, under AOI-09/secret-echoed, masked', async () => {
    const { LintContext } = await import('../../../src/lint/aoi/context.js');
    const base = mkdtempSync(join(work, 'sandbox-'));
    const dirs = {
      stateDir: join(base, 'state'),
      cwd: join(base, 'cwd'),
      home: join(base, 'home'),
      tmp: join(base, 'tmp'),
    };
    const lines = [`cache ${Buffer.from(c).toString('hex')}`];
    const run = await runCli(process.execPath, ['-e', PROGRAM], {
      env: { HOME: dirs.home, PAYLOAD: Buffer.from(JSON.stringify(lines)).toString('base64') },
    });
    expect(run.exitCode).toBe(0);
    const reported: Array<[string, string, { excerpt?: string }]> = [];
    LintContext.prototype.judgeFileLeaks.call(
      { canaries } as never,
      (id: string, message: string, evidence?: { excerpt?: string }) =>
        reported.push([id, message, evidence ?? {}]),
      dirs,
    );
    expect(reported.map(([id, message]) => [id, message])).toEqual([
      [
        'AOI-09/secret-echoed',
        `the canary planted as ${canary.label} was written to home/.cache/tool/session.log line 1 (hex)`,
      ],
    ]);
    expectNoForm(JSON.stringify(reported));
  });
});
