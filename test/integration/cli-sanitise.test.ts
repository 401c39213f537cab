import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../../src/run/run-cli.js';

/**
 * A program that prints terminal escapes, C1 controls and bidi/invisible characters everywhere it can: a
 * not-JSON line, raw inside a JSON string (so V8's JSON.parse message quotes it), JSON-escaped inside valid
 * events (an item, an aoi:error's category, code and message), on stderr, and in the name of the command its
 * capabilities declare. The kit must print none of them raw, in text or in JSONL.
 */
import { CLI } from '../support/kit-cli.js';
const HOSTILE = [
  '\u001b[31mred\u001b[0m',
  '\u001b]8;;http://x\u0007link\u001b]8;;\u0007',
  '\u001b]52;c;cm0gLXJmIH4=\u0007',
  '\u009b2J',
  'txt.\u202Eexe',
  '\u2066admin\u2069',
  'pay\u200Bpal',
  'one\u2028two',
  'nul\u0000',
];
const COMMAND = 'ev\u202Eil\u001b[2J';

const dir = mkdtempSync(join(tmpdir(), 'aoi-sanitise-'));
const stream = [
  `not json: ${HOSTILE.join(' ')}`,
  // Raw control characters inside a JSON string: invalid JSON, and V8's message quotes the line.
  `{"type":"item","text":"${HOSTILE.join(' ')}"}`,
  '{"type":"item","v":\u009b}',
  JSON.stringify({ type: 'item', text: HOSTILE.join(' '), lone: '\ud800' }),
  JSON.stringify({
    type: 'aoi:error',
    category: HOSTILE[4],
    code: HOSTILE[0],
    message: HOSTILE.join(' '),
    retryable: false,
  }),
  JSON.stringify({ type: 'aoi:summary', ok: false, count: 3, category: '\ud800\u202E' }),
].join('\n');
const script = join(dir, 'hostile.mjs');
writeFileSync(
  script,
  `const args = process.argv.slice(2);
process.stderr.write(${JSON.stringify(`${HOSTILE.join('\n')}\n`)});
if (args[0] === 'schema') {
  // Exit 0 with not one JSON document: the kit's message quotes V8's JSON.parse snippet of it.
  process.stdout.write(${JSON.stringify(`${HOSTILE[3]} ${HOSTILE[0]} ${HOSTILE[4]}\n`)});
  process.exit(0);
}
if (args[0] === 'capabilities') {
  process.stdout.write(JSON.stringify({ tool: 'hostile', commands: [{ name: ${JSON.stringify(COMMAND)}, read_only: true }] }) + '\\n');
  process.exit(0);
}
process.stdout.write(${JSON.stringify(`${stream}\n`)});
process.exit(1);
`,
);

/** Control, bidi and invisible format characters; \n is the only one the kit's own output may hold. */

const RAW =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/u;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const rawIn = (output: string) =>
  [...output]
    .filter((c) => RAW.test(c))
    .map((c) => `U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);

describe('the CLI prints no escape, C1 or bidi character from the program under test', () => {
  test('check -: text and JSONL', async () => {
    for (const output of ['text', 'jsonl']) {
      const run = await runCli(
        process.execPath,
        [CLI, 'check', '-', '--output', output, '--no-color'],
        { stdin: `${stream}\n` },
      );
      expect(run.exitCode).toBe(1);
      const out = text(run.stdout);
      expect(rawIn(out)).toEqual([]);
      expect(rawIn(text(run.stderr))).toEqual([]);
      // What was hostile is still shown, visibly.
      expect(out).toContain('\\u001b');
      if (output === 'jsonl') {
        const events = out
          .trim()
          .split('\n')
          .map(
            (line) =>
              JSON.parse(line) as {
                type: string;
                findings?: { message: string; excerpt?: string }[];
              },
          );
        const said = events
          .flatMap((e) => e.findings ?? [])
          .map((f) => `${f.message} ${f.excerpt ?? ''}`)
          .join('\n');
        expect(said).toMatch(/\\u009b/);
        expect(rawIn(said)).toEqual([]);
      }
    }
  });

  test('lint: a hostile command name and hostile output, text and JSONL', async () => {
    const lint = (output: string) =>
      runCli(
        process.execPath,
        [
          CLI,
          'lint',
          '--spec',
          'aoi',
          '--output',
          output,
          '--no-color',
          '--timeout-ms',
          '5000',
          '--',
          process.execPath,
          script,
        ],
        { timeoutMs: 120_000 },
      );
    const [textRun, jsonlRun] = await Promise.all([lint('text'), lint('jsonl')]);
    for (const run of [textRun, jsonlRun]) {
      expect(run.exitCode).toBe(1);
      expect(rawIn(text(run.stdout))).toEqual([]);
      expect(rawIn(text(run.stderr))).toEqual([]);
    }
    expect(text(textRun.stdout)).toContain('ev\\u202eil\\u001b[2J');
    // JSONL: a command name is sanitised as a value (issue 38, item 8), so that a consumer that decodes the line and
    // prints the name gets no raw escape or bidi character; before, only its bytes were escaped and it decoded raw.
    const SANITISED = 'ev\\u202eil\\u001b[2J';
    const events = text(jsonlRun.stdout)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.at(-1)).toMatchObject({ type: 'aoi:summary', commands: [SANITISED] });
    const commands = events.filter((e) => e.type === 'aoi:check').map((e) => e.command);
    expect(commands).toContain(SANITISED);
    expect(commands).not.toContain(COMMAND);
    // V8's JSON.parse message, quoting the raw ESC of the schema document, is in a finding: escaped.
    const messages = events
      .flatMap((e) => (e.findings as { message: string }[] | undefined) ?? [])
      .map((f) => f.message);
    const parseError = messages.find(
      (m) => m.startsWith('schema') && m.includes('not one JSON document'),
    );
    expect(parseError).toContain("Unexpected token '\\u009b'");
    expect(parseError).toContain('\\u001b[31m');
    expect(text(jsonlRun.stdout)).toContain(JSON.stringify(SANITISED).slice(1, -1));
  });

  test('an error message naming a hostile program goes out escaped; its JSONL value is kept', async () => {
    const program = join(dir, 'no\u202Esuch\u009b');
    for (const output of ['text', 'jsonl']) {
      const run = await runCli(
        process.execPath,
        [CLI, 'lint', '--spec', 'aoi', '--output', output, '--', program],
        { timeoutMs: 60_000 },
      );
      expect(run.exitCode).not.toBe(0);
      expect(rawIn(text(run.stderr))).toEqual([]);
      expect(rawIn(text(run.stdout))).toEqual([]);
      if (output === 'jsonl') {
        const error = text(run.stdout)
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .find((e) => e.type === 'aoi:error');
        expect(String(error?.message)).toContain(program);
      } else expect(text(run.stderr)).toContain('no\\u202esuch\\u009b');
    }
  });
});
