import fc from 'fast-check';
import { aoiText } from './values.js';

/**
 * How a line of input JSONL stands (§12.2, §13, §19.4). Input JSONL is an AOI stream, so §2 applies: UTF-8,
 * one complete JSON object per line. See docs/spec-notes.md, note 32.
 * - `record`: a JSON object on its own line, LF-terminated.
 * - `tolerated`: a valid record in a form a sink must still accept: CRLF-terminated (the CR is JSON
 *   whitespace), or longer than 64 KiB (the spec sets no limit; Go's bufio.Scanner stops at 64 KiB).
 * - `malformed`: a line a sink must reject, with `line_number` (§19.4): not JSON, valid JSON that is
 *   not an object (`[]`, `42`, `"x"`, `null`), not UTF-8, starting with a byte order mark, or blank.
 */
export type InputLineKind = 'record' | 'tolerated' | 'malformed';
export type ToleratedLine = 'crlf' | 'long-line';
export type MalformedLine = 'not-json' | 'not-an-object' | 'not-utf8' | 'bom' | 'blank';

export const TOLERATED_LINES: readonly ToleratedLine[] = ['crlf', 'long-line'];
export const MALFORMED_LINES: readonly MalformedLine[] = [
  'not-json',
  'not-an-object',
  'not-utf8',
  'bom',
  'blank',
];

/** Lines that do not parse as JSON at all. */
const NOT_JSON = [
  '{"title":"cut off',
  '{"title":"trailing comma",}',
  "{'title':'single quotes'}",
  '{title:"unquoted key"}',
  '{"title":"bad escape \\x41"}',
  'plain text, not JSON',
  '{"title":"two objects"}{"title":"on one line"}',
  'NaN',
] as const;

/** Valid JSON, and yet no record: §2 wants one JSON object per line. */
const NOT_AN_OBJECT = [
  '[]',
  '42',
  '"x"',
  'null',
  'true',
  '[{"title":"a note in an array"}]',
  '"{\\"title\\":\\"a note in a string\\"}"',
] as const;

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const around = (bytes: readonly number[]) =>
  Buffer.concat([utf8('{"title":"caf'), Buffer.from(bytes), utf8('"}')]);
/** Objects whose bytes are not UTF-8: Latin-1 é, a cut sequence, a lone continuation byte, an encoded surrogate (CESU-8), an overlong slash. */
const NOT_UTF8 = [
  around([0xe9]),
  around([0xc3]),
  around([0x80]),
  around([0xed, 0xa0, 0x80]),
  around([0xc0, 0xaf]),
];

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Longer than 64 KiB: the line limit of Go's bufio.Scanner and of many a fixed buffer. */
const LONG_LINE_BYTES = 64 * 1024 + 1;

/** One line of generated input, with its answer. */
export interface InputLine {
  /** The line's bytes, without its LF (a CRLF line keeps its CR). */
  readonly bytes: Uint8Array;
  /** The same as text (bytes that are not UTF-8 become U+FFFD). */
  readonly text: string;
  readonly kind: InputLineKind;
  /** `record`, or what makes the line tolerated or malformed: `crlf`, `long-line`, `not-json`, `not-an-object`, `not-utf8`, `bom`, `blank`. */
  readonly label: 'record' | ToleratedLine | MalformedLine;
  /** The record a sink must import from the line (record and tolerated lines). */
  readonly record?: object;
}

/** Input JSONL for a sink (`--input-jsonl -`), with the answer key. */
export interface GeneratedInput {
  /** The bytes to write to the sink's stdin: one line each, LF-terminated. */
  readonly bytes: Uint8Array;
  /** Every line, in order, as text (without its LF). */
  readonly lines: readonly string[];
  /** Every line with its kind, label and record. */
  readonly entries: readonly InputLine[];
  /** The records a sink must import: those of the record and tolerated lines, in order. */
  readonly records: readonly object[];
  /** 1-based numbers of the malformed lines: where `line_number` must point (§19.4). */
  readonly malformedLines: readonly number[];
  /** 1-based numbers of the tolerated lines (CRLF, over 64 KiB): a sink must import them all the same. */
  readonly toleratedLines: readonly number[];
}

export interface AoiInputJsonlOptions {
  /** Most malformed lines (default 0: none). */
  maxMalformed?: number;
  /** Fewest malformed lines (default 0; 1 forces at least one). */
  minMalformed?: number;
  /** Which malformed lines to draw (default: all of MALFORMED_LINES). */
  malformed?: readonly MalformedLine[];
  /** Most tolerated lines (default 0: none). */
  maxTolerated?: number;
  /** Fewest tolerated lines (default 0). */
  minTolerated?: number;
  /** Which tolerated lines to draw (default: both of TOLERATED_LINES). */
  tolerated?: readonly ToleratedLine[];
  /** Most plain valid records (default 10). */
  maxRecords?: number;
  /** The records (default: notes with a non-empty title, sometimes a body and tags). */
  record?: fc.Arbitrary<object>;
}

const note = fc.record(
  {
    title: aoiText().map((title) => title || 'untitled'),
    body: aoiText({ maxLength: 200 }),
    tags: fc.array(aoiText({ maxLength: 12 }), { maxLength: 3 }),
  },
  { requiredKeys: ['title'] },
);

const lineOf = (
  bytes: Uint8Array,
  kind: InputLineKind,
  label: InputLine['label'],
  record?: object,
): InputLine => ({
  bytes,
  text: Buffer.from(bytes).toString('utf8'),
  kind,
  label,
  ...(record ? { record } : {}),
});

/** A record padded past 64 KiB: its `body` (or its first string field, or a new `_padding`) grows. */
function longLine(record: object): InputLine {
  const fields = record as Record<string, unknown>;
  const key =
    typeof fields.body === 'string'
      ? 'body'
      : (Object.keys(fields).find((k) => typeof fields[k] === 'string') ?? '_padding');
  const grow = LONG_LINE_BYTES - Buffer.byteLength(JSON.stringify(record));
  const padded = {
    ...fields,
    [key]: `${typeof fields[key] === 'string' ? fields[key] : ''}${'x'.repeat(Math.max(0, grow))}`,
  };
  return lineOf(utf8(JSON.stringify(padded)), 'tolerated', 'long-line', padded);
}

function toleratedLine(
  label: ToleratedLine,
  record: fc.Arbitrary<object>,
): fc.Arbitrary<InputLine> {
  if (label === 'crlf')
    return record.map((r) => lineOf(utf8(`${JSON.stringify(r)}\r`), 'tolerated', 'crlf', r));
  return record.map(longLine);
}

function malformedLine(
  label: MalformedLine,
  record: fc.Arbitrary<object>,
): fc.Arbitrary<InputLine> {
  switch (label) {
    case 'not-json':
      return fc.constantFrom(...NOT_JSON).map((text) => lineOf(utf8(text), 'malformed', label));
    case 'not-an-object':
      return fc
        .constantFrom(...NOT_AN_OBJECT)
        .map((text) => lineOf(utf8(text), 'malformed', label));
    case 'not-utf8':
      return fc.constantFrom(...NOT_UTF8).map((bytes) => lineOf(bytes, 'malformed', label));
    case 'bom':
      return record.map((r) =>
        lineOf(Buffer.concat([BOM, utf8(JSON.stringify(r))]), 'malformed', label),
      );
    case 'blank':
      return fc
        .constantFrom('', ' ', '\t', '\r')
        .map((text) => lineOf(utf8(text), 'malformed', label));
  }
}

function checkedKinds<T extends string>(
  given: readonly T[] | undefined,
  all: readonly T[],
  option: string,
): readonly T[] {
  const kinds = given ?? all;
  const unknown = kinds.filter((kind) => !all.includes(kind));
  if (unknown.length > 0)
    throw new RangeError(
      `aoiInputJsonl: unknown ${option} line "${unknown[0]}"; known: ${all.join(', ')}`,
    );
  return kinds;
}

function bounds(min: number | undefined, max: number | undefined, what: string): [number, number] {
  const lo = min ?? 0;
  const hi = Math.max(lo, max ?? lo);
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || lo < 0)
    throw new RangeError(
      `aoiInputJsonl: min${what} and max${what} must be non-negative integers, got ${min} and ${max}`,
    );
  return [lo, hi];
}

/**
 * Input JSONL for sinks (§12.2, §19.4): valid records, and when asked, tolerated lines (CRLF, over
 * 64 KiB) a sink must import all the same, and malformed lines a sink must reject (not JSON, JSON that
 * is not an object, not UTF-8, a byte order mark, blank), each at an arbitrary place, with the 1-based
 * line numbers a sink's `INPUT_JSONL_PARSE_ERROR` must report. Every line is labelled in `entries`.
 *
 * @example
 * await fc.assert(
 *   fc.asyncProperty(aoiInputJsonl({ minMalformed: 1, maxMalformed: 3, maxTolerated: 1 }), async (input) => {
 *     const run = await runInMemory(notes, { argv: ['import', '--input-jsonl', '-', '--continue-on-error', '--output', 'jsonl'], stdin: input.bytes });
 *     const events = Buffer.from(run.stdout).toString('utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
 *     expect(events.filter((e) => e.type === 'aoi:error').map((e) => e.line_number)).toEqual(input.malformedLines);
 *     expect(events.filter((e) => e.type === 'created')).toHaveLength(input.records.length);
 *   }),
 *   { numRuns: 30 },
 * );
 */
export function aoiInputJsonl(options: AoiInputJsonlOptions = {}): fc.Arbitrary<GeneratedInput> {
  const [minMalformed, maxMalformed] = bounds(
    options.minMalformed,
    options.maxMalformed,
    'Malformed',
  );
  const [minTolerated, maxTolerated] = bounds(
    options.minTolerated,
    options.maxTolerated,
    'Tolerated',
  );
  const record = options.record ?? note;
  const malformedKinds = checkedKinds(options.malformed, MALFORMED_LINES, 'malformed');
  const toleratedKinds = checkedKinds(options.tolerated, TOLERATED_LINES, 'tolerated');
  if (maxMalformed > 0 && malformedKinds.length === 0)
    throw new RangeError(
      'aoiInputJsonl: maxMalformed > 0 needs at least one kind of malformed line',
    );
  if (maxTolerated > 0 && toleratedKinds.length === 0)
    throw new RangeError(
      'aoiInputJsonl: maxTolerated > 0 needs at least one kind of tolerated line',
    );
  const placed = (
    kinds: readonly string[],
    make: (kind: never) => fc.Arbitrary<InputLine>,
    min: number,
    max: number,
  ) =>
    max === 0
      ? fc.constant([])
      : fc.array(fc.tuple(fc.oneof(...kinds.map((kind) => make(kind as never))), fc.nat()), {
          minLength: min,
          maxLength: max,
        });
  const valid = fc.array(record, { maxLength: options.maxRecords ?? 10 });
  const tolerated = placed(
    toleratedKinds,
    (kind: ToleratedLine) => toleratedLine(kind, record),
    minTolerated,
    maxTolerated,
  );
  const malformed = placed(
    malformedKinds,
    (kind: MalformedLine) => malformedLine(kind, record),
    minMalformed,
    maxMalformed,
  );
  return fc.tuple(valid, tolerated, malformed).map(([records, extra, bad]) => {
    const entries: InputLine[] = records.map((r) =>
      lineOf(utf8(JSON.stringify(r)), 'record', 'record', r),
    );
    for (const [line, at] of [...extra, ...bad]) entries.splice(at % (entries.length + 1), 0, line);
    const numbersOf = (kind: InputLineKind) =>
      entries.flatMap((line, i) => (line.kind === kind ? [i + 1] : []));
    return {
      bytes: Buffer.concat(entries.flatMap((line) => [line.bytes, Buffer.from('\n')])),
      lines: entries.map((line) => line.text),
      entries,
      records: entries.flatMap((line) => (line.record ? [line.record] : [])),
      malformedLines: numbersOf('malformed'),
      toleratedLines: numbersOf('tolerated'),
    };
  });
}
