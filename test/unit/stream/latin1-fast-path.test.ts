import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/stream/finding.js';
import { JsonlReader, type AoiEvent } from '../../../src/stream/jsonl-reader.js';

// The reader's fast path (`needsEvent` given, no `onLine`) parses lines from latin1 text and hands an event
// it need not decode as `{ type }`. Its oracle is the reader without `needsEvent`: the same findings, lines
// and event types, and every event needed whole equal to the one decoded as UTF-8.

interface Result {
  events: { event: AoiEvent; line: number }[];
  findings: Finding[];
  lines: number;
}

/** Events of these types are needed whole; every other one is only counted. */
const needsEvent = (type: string) => type.startsWith('aoi:') || type === 'whole';

function read(chunks: readonly Uint8Array[], fast: boolean, maxLineBytes?: number): Result {
  const events: Result['events'] = [];
  const findings: Finding[] = [];
  const reader = new JsonlReader(
    {
      onEvent: (event, line) => events.push({ event, line }),
      onFinding: (f) => findings.push(f),
      ...(fast ? { needsEvent } : {}),
    },
    maxLineBytes === undefined ? {} : { maxLineBytes },
  );
  for (const chunk of chunks) reader.write(chunk);
  reader.end();
  return { events, findings, lines: reader.lines };
}

function chunksOf(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/** The fast path reports what the UTF-8 path reports, for `bytes` cut in `size`-byte chunks. */
function expectSameAsUtf8Path(bytes: Buffer, size: number, maxLineBytes?: number): Result {
  const chunks = chunksOf(bytes, size);
  const utf8 = read(chunks, false, maxLineBytes);
  const fast = read(chunks, true, maxLineBytes);
  expect(fast.findings).toEqual(utf8.findings);
  expect(fast.lines).toBe(utf8.lines);
  expect(fast.events.map((e) => [e.line, e.event.type])).toEqual(
    utf8.events.map((e) => [e.line, e.event.type]),
  );
  // An event only counted may still come whole (a line carried across chunks is decoded as UTF-8).
  utf8.events.forEach(({ event }, i) =>
    expect(needsEvent(event.type) ? [event] : [event, { type: event.type }]).toContainEqual(
      fast.events[i]!.event,
    ),
  );
  return fast;
}

const SIZES = [1, 2, 3, 5, 7, 64 * 1024];

/** Lines that defeat a parser that joins lines or trusts the first and last character of a line. */
const ADVERSARIAL: [string, string | Buffer][] = [
  ['lines that join into one array', '[1\n2]\n3,4\n'],
  ['objects split across lines that join into valid JSON', '{"type":"hit","a":[{}\n{}]}\n{},{}\n'],
  ['two events on one line', '{"type":"hit"},{"type":"hit"}\n{"type":"hit"} {"type":"hit"}\n'],
  [
    'a comma and brackets inside strings',
    '{"type":"hit","s":"a,b]},{\\"type\\":\\"x\\"}"}\n{"type":"hit","s":"[1"}\n',
  ],
  [
    'escaped quotes and backslashes',
    '{"type":"hit","s":"\\"{\\\\"}\n{"type":"h\\"it"}\n{"type":"hit","s":"\\\\"}\n',
  ],
  ['a BOM before the first event', '\ufeff{"type":"hit"}\n{"type":"hit"}\n'],
  ['a BOM on a later line', '{"type":"hit"}\n\ufeff{"type":"hit"}\n'],
  ['CRLF line ends', '{"type":"hit"}\r\n{"type":"hit"}\r\n{"type":"aoi:summary","ok":true}\r\n'],
  ['a lone CR inside a line', '{"type":"hit"}\r{"type":"hit"}\n'],
  ['empty and blank lines', '\n{"type":"hit"}\n\n   \n\t\n{"type":"hit"}\n'],
  ['indented events', '  {"type":"hit"}\n\t{"type":"hit"}\n'],
  [
    'a pretty-printed object between events',
    '{"type":"hit"}\n{\n  "type": "hit",\n  "a": 1\n}\n{"type":"hit"}\n',
  ],
  [
    'a pretty-printed array whose members look like events',
    '[\n  {"type":"hit"},\n  {"type":"hit"}\n]\n{"type":"hit"}\n',
  ],
  ['a cut-off line that looks like a block start', '{"type":"hit",\n{"type":"hit"}\n'],
  [
    'types with non-ASCII text, raw and escaped',
    '{"type":"héllo"}\n{"type":"h\\u00e9llo"}\n{"type":"🤖"}\n{"type":"\\ud83e\\udd16"}\n{"type":"\\u0068it"}\n',
  ],
  [
    'types that are no string or empty',
    '{"type":""}\n{"type":1}\n{"type":null}\n{"type":["hit"]}\n{"hit":true}\n',
  ],
  [
    'duplicate type keys, the last one counts',
    '{"type":"hit","type":"é"}\n{"type":"é","type":"hit"}\n{"type":"hit","type":"aoi:meta"}\n',
  ],
  ['__proto__ keys', '{"__proto__":{"type":"hit"}}\n{"type":"hit","__proto__":{"type":"x"}}\n'],
  ['values that are no object', 'null\n1\n"hit"\n[{"type":"hit"}]\n[1,2]\ntrue\n'],
  [
    'events needed whole with non-ASCII fields',
    '{"type":"aoi:meta","note":"ünïcødé 🤖 \\u00e9"}\n{"type":"whole","s":"ß"}\n{"type":"hit","s":"ß"}\n',
  ],
  [
    'non-ASCII outside strings',
    '{"type":"hit"}é\n\u00a0{"type":"hit"}\n{"type":"hit"}\u2028\n{"type"\u3000:"hit"}\n',
  ],
  ['raw U+2028 and U+2029 inside strings', '{"type":"hit","s":"a\u2028b\u2029c"}\n'],
  [
    'ANSI escapes, control characters, prose and stack traces',
    '\u001b[31m{"type":"hit"}\u001b[0m\n{"type":"hit","s":"\u0001"}\nhello world\n    at foo (bar.js:1:2)\n',
  ],
  ['no newline at the end', '{"type":"hit"}\n{"type":"hit"}'],
  [
    'invalid UTF-8 between valid lines',
    Buffer.concat([
      Buffer.from('{"type":"hit"}\n{"type":"hit","s":"'),
      Buffer.from([0xc3, 0x28, 0xff]),
      Buffer.from('"}\n{"type":"hit"}\n'),
    ]),
  ],
  [
    'an overlong encoding and a surrogate in UTF-8',
    Buffer.concat([
      Buffer.from('{"type":"hit","s":"'),
      Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]),
      Buffer.from('"}\n{"type":"hit"}\n'),
    ]),
  ],
  [
    'a character cut at the end of the stream',
    Buffer.concat([Buffer.from('{"type":"hit"}\n{"type":"hit"}'), Buffer.from([0xe2, 0x82])]),
  ],
];

describe('the reader fast path (latin1 parse, events only counted given as { type })', () => {
  for (const [label, input] of ADVERSARIAL) {
    it(`reports what the UTF-8 path reports: ${label}`, () => {
      const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
      for (const size of SIZES) expectSameAsUtf8Path(bytes, size);
    });
  }

  it('a line longer than maxLineBytes is skipped alike, whole or cut anywhere', () => {
    const bytes = Buffer.from(
      `{"type":"hit"}\n{"type":"hit","s":"${'é'.repeat(100)}"}\n{"type":"hit"}\n`,
      'utf8',
    );
    for (const size of SIZES)
      expect(expectSameAsUtf8Path(bytes, size, 64).findings.map((f) => f.id)).toEqual([
        'AOI-02/line-too-long',
      ]);
  });

  it('an event only counted is never decoded; one needed whole keeps its UTF-8 text', () => {
    const result = expectSameAsUtf8Path(
      Buffer.from('{"type":"hit","s":"é"}\n{"type":"whole","s":"é🤖"}\n', 'utf8'),
      64 * 1024,
    );
    expect(result.events.map((e) => e.event)).toEqual([
      { type: 'hit' },
      { type: 'whole', s: 'é🤖' },
    ]);
  });

  it('what needsEvent answers is asked per event, in stream order', () => {
    const asked: string[] = [];
    const events: AoiEvent[] = [];
    const reader = new JsonlReader({
      onEvent: (e) => events.push(e),
      onFinding: () => {},
      needsEvent: (type) => (asked.push(type), asked.length === 2),
    });
    reader.write('{"type":"a","n":1}\n{"type":"b","n":2}\n{"type":"c","n":3}\n');
    reader.end();
    expect(asked).toEqual(['a', 'b', 'c']);
    expect(events).toEqual([{ type: 'a' }, { type: 'b', n: 2 }, { type: 'c' }]);
  });

  it('with onLine given, every line is decoded and every event given whole', () => {
    const lines: string[] = [];
    const events: AoiEvent[] = [];
    const reader = new JsonlReader({
      onEvent: (e) => events.push(e),
      onFinding: () => {},
      onLine: (text) => lines.push(text),
      needsEvent: () => false,
    });
    reader.write('{"type":"hit","s":"é"}\n');
    reader.end();
    expect(lines).toEqual(['{"type":"hit","s":"é"}']);
    expect(events).toEqual([{ type: 'hit', s: 'é' }]);
  });

  it('text that nearly is JSONL, cut anywhere: the same as the UTF-8 path', () => {
    const fragment = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      '"',
      ',',
      ':',
      '\\',
      '\\"',
      '\\u00e9',
      '\\ud83e',
      '\n',
      '\r',
      '\r\n',
      ' ',
      '\ufeff',
      'é',
      '🤖',
      '\u2028',
      '\u0001',
      '\u001b[1m',
      '"type"',
      '"hit"',
      '"whole"',
      '"aoi:meta"',
      '"summary"',
      '"é"',
      'null',
      '1',
      '{"type":"hit"}',
      '{"type":"aoi:summary","ok":true}',
      '{"type":"whole","s":"é"}',
      '  "a": 1,',
    );
    fc.assert(
      fc.property(
        fc.array(fragment, { maxLength: 60 }),
        fc.constantFrom(...SIZES),
        (parts, size) => {
          expectSameAsUtf8Path(Buffer.from(parts.join(''), 'utf8'), size);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('arbitrary bytes, cut anywhere: the same as the UTF-8 path', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 256 }),
        fc.integer({ min: 1, max: 300 }),
        fc.constantFrom(undefined, 16),
        (bytes, size, max) => {
          expectSameAsUtf8Path(Buffer.from(bytes), size, max);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
