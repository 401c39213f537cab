import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AOI_SUB_RULES } from '../../../src/spec/aoi/rules.js';
import type { Finding } from '../../../src/stream/finding.js';
import {
  JsonlReader,
  MAX_LINE_MEMBERS,
  type AoiEvent,
  type JsonlReaderOptions,
} from '../../../src/stream/jsonl-reader.js';

interface Result {
  events: { event: AoiEvent; line: number }[];
  findings: Finding[];
  lines: number;
}

/** Feed `input` in the given chunks (or whole) and collect everything the reader reports. */
function read(
  input: string | Uint8Array | (string | Uint8Array)[],
  options: JsonlReaderOptions = {},
): Result {
  const events: Result['events'] = [];
  const findings: Finding[] = [];
  const reader = new JsonlReader(
    { onEvent: (event, line) => events.push({ event, line }), onFinding: (f) => findings.push(f) },
    options,
  );
  for (const chunk of Array.isArray(input) ? input : [input]) reader.write(chunk);
  reader.end();
  return { events, findings, lines: reader.lines };
}

/** Split bytes into chunks of `size` (1 = byte by byte, across every UTF-8 character). */
function chunks(input: string | Uint8Array, size: number): Uint8Array[] {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

const ids = (r: Result) => r.findings.map((f) => [f.id, f.line] as const);
const only = (r: Result, id: string) => r.findings.filter((f) => f.id === id);

const EV = '{"type":"hit","id":"a"}';
const EV2 = '{"type":"hit","id":"b"}';

/** Every AOI-02 sub-rule: a minimal bad input (finding on line 2) and a near-miss that is fine. */
const SUB_RULE_CASES: { id: string; bad: string | Buffer; good: string; goodLabel: string }[] = [
  {
    id: 'AOI-02/not-utf8',
    bad: Buffer.concat([
      Buffer.from(`${EV}\n{"type":"hit","t":"`),
      Buffer.from([0xff]),
      Buffer.from('"}\n'),
    ]),
    good: `${EV}\n{"type":"hit","t":"é€😀"}\n`,
    goodLabel: 'multi-byte UTF-8',
  },
  {
    id: 'AOI-02/blank-line',
    bad: `${EV}\n\n${EV2}\n`,
    good: `${EV}\n${EV2}`,
    goodLabel: 'a final line without newline',
  },
  {
    id: 'AOI-02/crlf',
    bad: `${EV}\n${EV2}\r\n`,
    good: `${EV}\n{"type":"hit","t":"a\\r\\nb"}\n`,
    goodLabel: 'an escaped \\r\\n inside a string',
  },
  {
    id: 'AOI-02/ansi',
    bad: `${EV}\n\u001b[32m${EV2}\u001b[0m\n`,
    good: `${EV}\n{"type":"hit","t":"\\u001b[32mgreen\\u001b[0m"}\n`,
    goodLabel: 'an escaped \\u001b inside a JSON string',
  },
  {
    id: 'AOI-02/control',
    bad: `${EV}\nDownloading 10%\b\b\b20%\n`,
    good: `${EV}\n{"type":"hit",\t"t":"\\b"}\n`,
    goodLabel: 'a tab between tokens and an escaped \\b',
  },
  {
    id: 'AOI-02/prose',
    bad: `${EV}\nFound 2 results.\n`,
    good: `${EV}\n{"type":"hit","t":"Found 2 results."}\n`,
    goodLabel: 'the same text inside an event',
  },
  {
    id: 'AOI-02/stack-trace',
    bad: `${EV}\n    at foo (x.js:1:1)\n`,
    good: `${EV}\n{"type":"log","text":"    at foo (x.js:1:1)"}\n`,
    goodLabel: 'a string value containing "at foo (x.js:1:1)"',
  },
  {
    id: 'AOI-02/not-json',
    bad: `${EV}\n{"type":"hit","id":}\n`,
    good: `${EV}\n{"type":"hit","id":null}\n`,
    goodLabel: 'valid JSON',
  },
  {
    id: 'AOI-02/not-object',
    bad: `${EV}\n42\n`,
    good: `${EV}\n{"type":"n","value":42}\n`,
    goodLabel: 'a number inside an event',
  },
  {
    id: 'AOI-02/missing-type',
    bad: `${EV}\n{"id":"b"}\n`,
    good: `${EV}\n{"id":"b","type":"hit"}\n`,
    goodLabel: 'type after other fields',
  },
  {
    id: 'AOI-02/json-array',
    bad: `${EV}\n[{"type":"hit"},{"type":"hit"}]\n`,
    good: `${EV}\n{"type":"hit","items":[{"a":1},{"a":2}]}\n`,
    goodLabel: 'an array inside an event',
  },
  {
    id: 'AOI-02/pretty-printed',
    bad: `${EV}\n{\n  "type": "hit"\n}\n`,
    good: `${EV}\n   {"type":"hit","id":"c"}\n`,
    goodLabel: 'indented valid JSON',
  },
];

describe('JsonlReader — each AOI-02 sub-rule', () => {
  it.each(SUB_RULE_CASES)('$id fires on line 2 of a minimal input', ({ id, bad }) => {
    for (const size of [1e9, 1, 3]) {
      const r = read(chunks(bad, size));
      const hits = only(r, id);
      expect(hits, `chunk size ${size}`).toHaveLength(1);
      expect(hits[0]!.line).toBe(2);
      expect(hits[0]!.rule).toBe('AOI-02');
      expect(hits[0]!.docs).toBe('docs/rules/AOI-02.md');
      // The good first line is still an event on line 1.
      expect(r.events[0]).toMatchObject({ line: 1, event: { type: 'hit', id: 'a' } });
    }
  });

  it.each(SUB_RULE_CASES)('$id does not fire on a near miss ($goodLabel)', ({ good }) => {
    for (const size of [1e9, 1]) {
      const r = read(chunks(good, size));
      expect(r.findings, `chunk size ${size}`).toEqual([]);
      expect(r.events.map((e) => e.line)).toEqual([1, 2]);
    }
  });

  it('AOI-02/bom fires once on a BOM at the start and the first event is still read', () => {
    const r = read(`\uFEFF${EV}\n${EV2}\n`);
    expect(ids(r)).toEqual([['AOI-02/bom', 1]]);
    expect(r.events.map((e) => [e.event.id, e.line])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    // split inside the three BOM bytes
    expect(ids(read(chunks(`\uFEFF${EV}\n`, 1)))).toEqual([['AOI-02/bom', 1]]);
  });

  it('AOI-02/bom does not fire on U+FEFF inside a string', () => {
    const r = read(`{"type":"hit","t":"\uFEFF"}\n`);
    expect(r.findings).toEqual([]);
    expect(r.events).toHaveLength(1);
  });

  it('AOI-02/crlf is a warning, and the CRLF line is still parsed as an event', () => {
    const r = read(`${EV}\r\n${EV2}\r\n`);
    expect(ids(r)).toEqual([
      ['AOI-02/crlf', 1],
      ['AOI-02/crlf', 2],
    ]);
    expect(r.findings.every((f) => f.severity === 'warning')).toBe(true);
    expect(r.events.map((e) => e.line)).toEqual([1, 2]);
  });

  it('strict mode reports CRLF as an error', () => {
    expect(read(`${EV}\r\n`, { strict: true }).findings[0]).toMatchObject({
      id: 'AOI-02/crlf',
      severity: 'error',
    });
  });

  it('AOI-02/missing-type fires on an empty or non-string type', () => {
    const r = read(`{"type":""}\n{"type":5}\n{"type":null}\n{"type":"ok"}\n`);
    expect(ids(r)).toEqual([
      ['AOI-02/missing-type', 1],
      ['AOI-02/missing-type', 2],
      ['AOI-02/missing-type', 3],
    ]);
    expect(r.events.map((e) => e.line)).toEqual([4]);
  });

  it('AOI-02/not-object covers strings, null, booleans and arrays of scalars', () => {
    const r = read(`"hello"\nnull\ntrue\n[1,2]\n`);
    expect(ids(r)).toEqual([
      ['AOI-02/not-object', 1],
      ['AOI-02/not-object', 2],
      ['AOI-02/not-object', 3],
      ['AOI-02/not-object', 4],
    ]);
  });

  it('AOI-02/blank-line fires on whitespace-only lines too, but not on a single trailing newline', () => {
    expect(ids(read(`${EV}\n   \n${EV2}\n`))).toEqual([['AOI-02/blank-line', 2]]);
    expect(read(`${EV}\n`).findings).toEqual([]);
    expect(ids(read(`${EV}\n\n`))).toEqual([['AOI-02/blank-line', 2]]);
  });

  it('recognises the stack traces of common runtimes', () => {
    const traces = [
      'Traceback (most recent call last):',
      '  File "x.py", line 3, in <module>',
      'goroutine 1 [running]:',
      'panic: runtime error: index out of range',
      "thread 'main' panicked at src/main.rs:2:5:",
      'Exception in thread "main" java.lang.NullPointerException',
      '\tat com.example.Main.main(Main.java:5)',
    ];
    for (const trace of traces)
      expect(ids(read(`${EV}\n${trace}\n`)), trace).toEqual([['AOI-02/stack-trace', 2]]);
  });

  it('prose that merely starts with "at" is prose, not a stack trace', () => {
    expect(ids(read('at the end of the day\n'))).toEqual([['AOI-02/prose', 1]]);
  });

  it('ANSI wins over everything else on the line', () => {
    expect(ids(read('\u001b[1mResults\u001b[0m\n'))).toEqual([['AOI-02/ansi', 1]]);
  });

  it('raw escape characters inside a JSON string are ANSI pollution', () => {
    expect(ids(read('{"type":"hit","t":"\u001b[31mred"}\n'))).toEqual([['AOI-02/ansi', 1]]);
  });
});

describe('JsonlReader — pretty-printed blocks', () => {
  it('reports a pretty-printed object as one finding spanning line..endLine, then reads on', () => {
    const input = `${EV}\n{\n  "type": "hit",\n  "nested": {\n    "a": [1, 2]\n  }\n}\n${EV2}\n`;
    const r = read(input);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ id: 'AOI-02/pretty-printed', line: 2, endLine: 7 });
    expect(r.events.map((e) => [e.event.id, e.line])).toEqual([
      ['a', 1],
      ['b', 8],
    ]);
    expect(read(chunks(input, 1)).findings).toEqual(r.findings);
  });

  it('recognises a block that opens with its first member on the same line', () => {
    const r = read(`{"type": "hit",\n  "id": "x"\n}\n`);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ id: 'AOI-02/pretty-printed', line: 1, endLine: 3 });
  });

  it('reports a pretty-printed array as one json-array finding spanning the block', () => {
    const r = read(`[\n  {\n    "type": "hit"\n  },\n  {\n    "type": "hit"\n  }\n]\n${EV}\n`);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ id: 'AOI-02/json-array', line: 1, endLine: 8 });
    expect(r.events.map((e) => e.line)).toEqual([9]);
  });

  it('reports a block still open at EOF up to the last line', () => {
    const r = read(`${EV}\n{\n  "type": "hit",\n  "id": "x"`);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ id: 'AOI-02/pretty-printed', line: 2, endLine: 4 });
  });

  it('a single line cut off after a comma or an opening brace is not-json, not a pretty-printed block', () => {
    for (const cut of ['{"type":"hit","id":"a",', '{"type":"hit","data":{', '[{']) {
      expect(ids(read(`${cut}\n${EV2}\n`)), cut).toEqual([['AOI-02/not-json', 1]]);
      expect(ids(read(`${EV}\n${cut}`)), `${cut} at EOF`).toEqual([['AOI-02/not-json', 2]]);
    }
  });

  it('ends an unclosed block at the next unindented line, which is read on its own', () => {
    const r = read(`{\n  "type": "hit",\n${EV2}\n`);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ id: 'AOI-02/pretty-printed', line: 1, endLine: 2 });
    expect(r.events.map((e) => [e.event.id, e.line])).toEqual([['b', 3]]);
  });
});

describe('JsonlReader — line numbers and chunking', () => {
  const mixed = [
    '{"type":"aoi:meta","schema_version":"1.0.0"}',
    'Loading…',
    '{"type":"hit","t":"日本語 — ✓"}',
    '',
    '{"type":"hit","id":"x"}\r',
    '[1]',
    '{',
    '  "type": "hit"',
    '}',
    '{"type":"aoi:summary","ok":true}',
  ].join('\n');

  it('gives 1-based line numbers to events and findings', () => {
    const r = read(mixed);
    expect(r.events.map((e) => e.line)).toEqual([1, 3, 5, 10]);
    expect(ids(r)).toEqual([
      ['AOI-02/prose', 2],
      ['AOI-02/blank-line', 4],
      ['AOI-02/crlf', 5],
      ['AOI-02/not-object', 6],
      ['AOI-02/pretty-printed', 7],
    ]);
    expect(r.lines).toBe(10);
  });

  it.each([1, 2, 3, 5, 7, 64])('gives the same result when fed in %i-byte chunks', (size) => {
    expect(read(chunks(mixed, size))).toEqual(read(mixed));
  });

  it('accepts string chunks and Uint8Array views into a larger buffer', () => {
    const big = Buffer.from(`xxxx${EV}\n${EV2}\nyyyy`, 'utf8');
    const view = new Uint8Array(big.buffer, big.byteOffset + 4, big.length - 8);
    expect(read(view).events.map((e) => e.event.id)).toEqual(['a', 'b']);
    expect(read([EV.slice(0, 5), `${EV.slice(5)}\n`, EV2]).events.map((e) => e.line)).toEqual([
      1, 2,
    ]);
  });

  it('is not affected when the caller reuses its chunk buffer', () => {
    const bytes = Buffer.from(`${EV}\n${EV2}\n`, 'utf8');
    const events: string[] = [];
    const findings: Finding[] = [];
    const reader = new JsonlReader({
      onEvent: (e) => events.push(String(e.id)),
      onFinding: (f) => findings.push(f),
    });
    const scratch = Buffer.alloc(4);
    for (let i = 0; i < bytes.length; i += 4) {
      const n = bytes.copy(scratch, 0, i, i + 4);
      reader.write(scratch.subarray(0, n));
      scratch.fill(0x21); // scribble over it after the write
    }
    reader.end();
    expect(findings).toEqual([]);
    expect(events).toEqual(['a', 'b']);
  });

  it('judges a final line without newline only at end()', () => {
    const events: number[] = [];
    const reader = new JsonlReader({
      onEvent: (_e, line) => events.push(line),
      onFinding: () => {},
    });
    reader.write(`${EV}\n${EV2}`);
    expect(events).toEqual([1]);
    expect(reader.lines).toBe(1);
    reader.end();
    expect(events).toEqual([1, 2]);
    expect(reader.lines).toBe(2);
  });

  it('counts bytes fed', () => {
    const reader = new JsonlReader({ onEvent: () => {}, onFinding: () => {} });
    reader.write('é\n');
    reader.write(new Uint8Array([0x7b, 0x7d]));
    expect(reader.bytes).toBe(5);
  });

  it('reports invalid UTF-8 per line, with the right line, even split across chunks', () => {
    const bytes = Buffer.concat([
      Buffer.from(`${EV}\n{"type":"hit","t":"`),
      Buffer.from([0xe2, 0x82]),
      Buffer.from(`"}\n${EV2}\n`),
    ]);
    for (const size of [bytes.length, 1, 2]) {
      const r = read(chunks(bytes, size));
      expect(ids(r), `chunk size ${size}`).toEqual([['AOI-02/not-utf8', 2]]);
      expect(r.events.map((e) => e.line)).toEqual([1, 3]);
    }
  });

  it('empty input has no lines and no findings', () => {
    expect(read('')).toEqual({ events: [], findings: [], lines: 0 });
  });

  it('end() is idempotent and write() after end() is refused', () => {
    const reader = new JsonlReader({ onEvent: () => {}, onFinding: () => {} });
    reader.write(EV);
    reader.end();
    reader.end();
    expect(reader.lines).toBe(1);
    expect(() => reader.write('x')).toThrow();
  });
});

describe('JsonlReader — overlong lines', () => {
  const max = 64;
  const long = `{"type":"hit","t":"${'x'.repeat(200)}"}`; // 220 bytes
  const input = `${EV}\n${long}\n${EV2}\n`;

  it.each([
    ['one chunk', [input]],
    ['byte by byte', chunks(input, 1)],
    ['16-byte chunks', chunks(input, 16)],
    ['the long line alone in many chunks', [`${EV}\n`, ...chunks(long, 50), `\n${EV2}\n`]],
    [
      'the long line ending in the same chunk as the next line',
      [`${EV}\n${long.slice(0, 100)}`, `${long.slice(100)}\n${EV2}\n`],
    ],
  ] as const)('reports the line once and reads the next line normally (%s)', (_label, parts) => {
    const r = read([...parts], { maxLineBytes: max });
    expect(ids(r)).toEqual([['AOI-02/line-too-long', 2]]);
    expect(r.findings[0]!.message).toContain(String(max));
    expect(r.events.map((e) => [e.event.id, e.line])).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
    expect(r.lines).toBe(3);
  });

  it('accepts a line of exactly maxLineBytes', () => {
    const exact = `{"type":"hit","t":"${'x'.repeat(max - 21)}"}`;
    expect(Buffer.byteLength(exact)).toBe(max);
    for (const parts of [[`${exact}\n`], chunks(`${exact}\n`, 7)]) {
      const r = read(parts, { maxLineBytes: max });
      expect(r.findings).toEqual([]);
      expect(r.events).toHaveLength(1);
    }
  });

  it('reports an overlong final line without newline', () => {
    for (const parts of [[`${EV}\n${long}`], chunks(`${EV}\n${long}`, 10)]) {
      expect(ids(read(parts, { maxLineBytes: max }))).toEqual([['AOI-02/line-too-long', 2]]);
    }
  });

  it('reports two overlong lines in a row separately', () => {
    const r = read(chunks(`${long}\n${long}\n${EV}\n`, 33), { maxLineBytes: max });
    expect(ids(r)).toEqual([
      ['AOI-02/line-too-long', 1],
      ['AOI-02/line-too-long', 2],
    ]);
    expect(r.events.map((e) => e.line)).toEqual([3]);
  });

  it('keeps a short excerpt of the overlong line', () => {
    const r = read(input, { maxLineBytes: max });
    expect(r.findings[0]!.excerpt!.length).toBeLessThanOrEqual(121);
    expect(r.findings[0]!.excerpt).toMatch(/^\{"type":"hit"/);
  });

  it('memory stays bounded on a 200 MB line fed in 64 KiB chunks', () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    const chunk = Buffer.alloc(64 * 1024, 0x61); // 'a', reused for every write
    const findings: Finding[] = [];
    const events: number[] = [];
    const reader = new JsonlReader(
      { onEvent: (_e, line) => events.push(line), onFinding: (f) => findings.push(f) },
      { maxLineBytes: 1024 * 1024 },
    );
    gc?.();
    const before = process.memoryUsage();
    let peakArrayBuffers = 0;
    let peakHeap = 0;
    const total = 200 * 1024 * 1024;
    for (let fed = 0, i = 0; fed < total; fed += chunk.length, i++) {
      reader.write(chunk);
      if (i % 16 === 0) {
        const now = process.memoryUsage();
        peakArrayBuffers = Math.max(peakArrayBuffers, now.arrayBuffers - before.arrayBuffers);
        peakHeap = Math.max(peakHeap, now.heapUsed - before.heapUsed);
      }
    }
    reader.write(`\n${EV}\n`);
    reader.end();
    expect(findings.map((f) => [f.id, f.line])).toEqual([['AOI-02/line-too-long', 1]]);
    expect(events).toEqual([2]);
    expect(reader.bytes).toBe(total + EV.length + 2);
    const MiB = 1024 * 1024;
    // The line is 200 MiB; the reader may hold at most maxLineBytes (1 MiB) of it plus overhead.
    expect(peakArrayBuffers).toBeLessThan(8 * MiB);
    expect(peakHeap).toBeLessThan(16 * MiB);
  });
});

describe('JsonlReader — robustness', () => {
  const registered = new Set(AOI_SUB_RULES.map((s) => s.id));

  const noisyBytes = fc.array(
    fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc.constantFrom(
        ...[
          '\n',
          '\r\n',
          '{',
          '}',
          '[',
          ']',
          '"',
          ':',
          ',',
          '\u001b[',
          '\uFEFF',
          '  ',
          'at ',
          '{"type":"x"}',
          '{"type":',
          'é',
          '\t',
        ].map((s) => Buffer.from(s)),
      ),
      fc.constant(new Uint8Array([0xff])),
      fc.constant(new Uint8Array([0xe2, 0x82])),
    ),
    { maxLength: 60 },
  );

  it('never throws on random bytes in random chunks, and reports only registered AOI-02 sub-rules', () => {
    fc.assert(
      fc.property(
        noisyBytes,
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 8, max: 200 }),
        (parts, sizes, max) => {
          const bytes = Buffer.concat(parts);
          const split: Uint8Array[] = [];
          for (let i = 0, k = 0; i < bytes.length; k++) {
            const n = sizes[k % sizes.length]!;
            split.push(bytes.subarray(i, i + n));
            i += n;
          }
          const r = read(split, { maxLineBytes: max });
          for (const f of r.findings) {
            expect(registered.has(f.id)).toBe(true);
            expect(f.rule).toBe('AOI-02');
            expect(f.line).toBeGreaterThanOrEqual(1);
            expect(f.line).toBeLessThanOrEqual(r.lines);
          }
          for (const e of r.events) expect(typeof e.event.type).toBe('string');
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives the same findings and events however the bytes are split', () => {
    // The excerpt of an overlong line is whatever head was buffered when the limit was crossed, which
    // depends on the split when maxLineBytes is below the excerpt size; everything else must not.
    const normalise = (r: Result) => ({
      ...r,
      findings: r.findings.map((f) =>
        f.id === 'AOI-02/line-too-long' ? { ...f, excerpt: undefined } : f,
      ),
    });
    fc.assert(
      fc.property(
        noisyBytes,
        fc.integer({ min: 1, max: 17 }),
        fc.integer({ min: 8, max: 200 }),
        (parts, size, max) => {
          const bytes = Buffer.concat(parts);
          expect(normalise(read(chunks(bytes, size), { maxLineBytes: max }))).toEqual(
            normalise(read(bytes, { maxLineBytes: max })),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('never throws on deeply nested JSON (arrays)', () => {
    const depth = 100_000;
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    let r: Result | undefined;
    expect(() => {
      r = read(`${deep}\n${EV}\n`);
    }).not.toThrow();
    expect(r!.findings.map((f) => f.line)).toEqual([1]);
    expect(r!.events.map((e) => e.line)).toEqual([2]);
  });

  it('never throws on deeply nested JSON (objects without a type)', () => {
    const depth = 50_000;
    const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    let r: Result | undefined;
    expect(() => {
      r = read(`${deep}\n${EV}\n`);
    }).not.toThrow();
    expect(r!.findings.map((f) => [f.id, f.line])).toEqual([['AOI-02/missing-type', 1]]);
    expect(r!.events.map((e) => e.line)).toEqual([2]);
  });
});

// Issue 38, item 7: a line's size in bytes is bounded, and so is what parsing it builds. A 16 MiB meta line of
// 1.2 million keys parsed into about 1 GB of objects; lines that cannot be JSON cost a thrown SyntaxError each.
describe('JsonlReader — lines that would cost more than their bytes', () => {
  const keys = (n: number) =>
    `{"type":"aoi:meta",${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;
  const SUMMARY = '{"type":"aoi:summary","ok":true,"count":0}';

  it.each([
    ['as the first line', (line: string) => `${line}\n${SUMMARY}\n`, 1],
    ['after an event', (line: string) => `${SUMMARY}\n${line}\n${SUMMARY}\n`, 2],
  ])(
    'a line of more than MAX_LINE_MEMBERS keys is reported and skipped unparsed (%s); the next is read',
    (_label, stream, at) => {
      const r = read(stream(keys(MAX_LINE_MEMBERS + 1)));
      expect(ids(r)).toEqual([['AOI-02/line-too-long', at]]);
      expect(r.findings[0]!.message).toContain(`more than ${MAX_LINE_MEMBERS} object members`);
      expect(r.events.map((e) => e.event.type).at(-1)).toBe('aoi:summary');
    },
  );

  it('the fast path (needsEvent) reports the same line the same way', () => {
    const findings: Finding[] = [];
    const types: string[] = [];
    const reader = new JsonlReader(
      {
        onEvent: (e) => types.push(e.type),
        onFinding: (f) => findings.push(f),
        needsEvent: () => false,
      },
      {},
    );
    reader.write(`${keys(MAX_LINE_MEMBERS + 1)}\n${SUMMARY}\n`);
    reader.end();
    expect(findings.map((f) => [f.id, f.line])).toEqual([['AOI-02/line-too-long', 1]]);
    expect(types).toEqual(['aoi:summary']);
  });

  it('MAX_LINE_MEMBERS keys, or any number of colons inside strings, still parse', () => {
    const r = read(
      `${keys(MAX_LINE_MEMBERS - 1)}\n{"type":"row","t":"${':'.repeat(5 * MAX_LINE_MEMBERS)}"}\n`,
    );
    expect(r.findings).toEqual([]);
    expect(r.events).toHaveLength(2);
  });

  it('a line that cannot start a JSON value is judged without being parsed, as before', () => {
    const r = read('not json\nnul\ntrue or false\n-x\n{"type":"row"}\n');
    expect(ids(r)).toEqual([
      ['AOI-02/prose', 1],
      ['AOI-02/prose', 2],
      ['AOI-02/prose', 3],
      ['AOI-02/prose', 4],
    ]);
    expect(r.events).toHaveLength(1);
  });

  it('property: skipping JSON.parse never turns a JSON line into a finding', () => {
    fc.assert(
      fc.property(fc.json(), fc.constantFrom('', ' ', '\t'), (json, pad) => {
        const r = read(`${pad}${json}\n`);
        expect(r.findings.map((f) => f.id)).not.toContain('AOI-02/prose');
        expect(r.findings.map((f) => f.id)).not.toContain('AOI-02/not-json');
      }),
      { numRuns: 300 },
    );
  });
});
