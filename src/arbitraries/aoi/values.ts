import fc from 'fast-check';
import { matching, text } from './shared.js';

/** Strings where readers and writers of JSONL go wrong: astral planes, combining marks, RTL, escapes, separators. */
const TRICKY_TEXT = [
  '',
  'café', // precomposed
  'cafe\u0301', // the same, with a combining acute accent
  'Z\u0351\u0360a\u036blgo', // stacked combining marks
  '👩‍💻 🏳️‍🌈 🇯🇵', // ZWJ sequences and flags: several code points per grapheme
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𐍈', // astral letters (surrogate pairs in UTF-16)
  '機械学習', // CJK: three UTF-8 bytes per character
  'مرحبا بالعالم', // right to left
  'a\u2028b\u2029c', // separators JSON allows raw but JavaScript once did not
  'line one\nline two\r\nline three', // newlines, escaped on the wire
  'tab\there "quoted" back\\slash',
  '\u0000\u0007\u001b[31m', // control characters and an ANSI escape, escaped on the wire
  '{"type":"aoi:summary","ok":true}', // JSON inside a string is still just a string
] as const;

/**
 * Text as real tools print it: any Unicode (astral characters, combining marks, right-to-left), the
 * strings that break naive readers, now and then a long one. Always valid to `JSON.stringify`.
 *
 * @example
 * fc.assert(fc.property(aoiText(), (text) => JSON.parse(JSON.stringify(text)) === text));
 */
export function aoiText(options: { maxLength?: number } = {}): fc.Arbitrary<string> {
  const maxLength = options.maxLength ?? 40;
  // Cross-shrinking: any text shrinks towards the plain branch, and from there to ''.
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: text('unicode', 0, maxLength), weight: 5 },
    { arbitrary: fc.constantFrom(...TRICKY_TEXT), weight: 3 },
    { arbitrary: text('binary', 0, maxLength), weight: 1 },
    // Long strings (up to 40× maxLength): a reader that assumes one chunk per line meets them.
    {
      arbitrary: fc
        .tuple(text('unicode', 1, 8), fc.integer({ min: 1, max: Math.max(1, maxLength * 5) }))
        .map(([unit, times]) => unit.repeat(times)),
      weight: 1,
    },
  );
}

/**
 * Numbers at the edges of what JSON carries: zero and negative zero, the safe-integer limits,
 * the largest and smallest doubles, fractions; never NaN or Infinity (JSON has neither).
 *
 * @example
 * fc.assert(fc.property(aoiNumber(), (n) => Number.isFinite(JSON.parse(JSON.stringify(n)))));
 */
export function aoiNumber(): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer(),
    fc.constantFrom(
      0,
      -0,
      1,
      -1,
      Number.MAX_SAFE_INTEGER,
      Number.MIN_SAFE_INTEGER,
      2 ** 53 + 2,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      0.1 + 0.2,
    ),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
}

/** Field names real payloads use (cheaper to draw than a pattern, and realistic). */
const COMMON_FIELDS = [
  'id',
  'title',
  'name',
  'path',
  'url',
  'body',
  'snippet',
  'text',
  'tags',
  'labels',
  'rank',
  'score',
  'size',
  'count',
  'status',
  'owner',
  'created_at',
  'updated_at',
  'line',
  'column',
  'value',
  'items',
  'parent_id',
  'ratio',
] as const;

/**
 * A field name of a domain payload: snake_case, never `type` (the one field the envelope owns).
 *
 * @example
 * fc.assert(fc.property(aoiFieldName(), (name) => name !== 'type'));
 */
export function aoiFieldName(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...COMMON_FIELDS), weight: 4 },
    { arbitrary: matching(/^[a-z][a-z0-9_]{0,15}$/).filter((name) => name !== 'type'), weight: 1 },
  );
}

/**
 * Any JSON value a domain event may carry: text, edge numbers, booleans, null, and arrays and
 * objects nested a few levels deep. Built with `letrec`, so failures shrink towards flat values.
 *
 * @example
 * fc.assert(fc.property(aoiJsonValue(), (value) => JSON.stringify(value) !== undefined));
 */
export function aoiJsonValue(options: { maxDepth?: number } = {}): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(aoiText(), aoiNumber(), fc.boolean(), fc.constant(null));
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: options.maxDepth ?? 3 },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      fc
        .array(fc.tuple(aoiFieldName(), tie('value')), { maxLength: 4 })
        .map((pairs) => Object.fromEntries(pairs)),
    ),
  })).value;
}

/**
 * An ISO 8601 timestamp (§8.1), as `format: date-time` accepts it.
 *
 * @example
 * fc.assert(fc.property(aoiTimestamp(), (ts) => !Number.isNaN(Date.parse(ts))));
 */
export function aoiTimestamp(): fc.Arbitrary<string> {
  return fc
    .integer({ min: 0, max: Date.UTC(2999, 11, 31, 23, 59, 59) })
    .map((ms) => new Date(ms).toISOString());
}

/**
 * A stable id as tools print them: a short prefix and a number (`n_0042`, `td_0001`).
 *
 * @example
 * fc.assert(fc.property(aoiId(), (id) => /^[a-z]+_\d{4,}$/.test(id)));
 */
export function aoiId(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('n', 'td', 'doc', 'usr', 'evt', 'x'),
      fc.integer({ min: 0, max: 99_999 }),
    )
    .map(([prefix, n]) => `${prefix}_${String(n).padStart(4, '0')}`);
}

/**
 * An opaque pagination cursor (§15): non-empty, URL-safe.
 *
 * @example
 * fc.assert(fc.property(aoiCursor(), (cursor) => encodeURIComponent(cursor) === cursor));
 */
export function aoiCursor(): fc.Arbitrary<string> {
  return matching(/^[A-Za-z0-9_-]{1,24}$/).map((cursor) => `c_${cursor}`);
}

const hex8 = fc.integer({ min: 0, max: 0xffffffff }).map((n) => n.toString(16).padStart(8, '0'));

/**
 * A trace id (§8.1): 32 hex digits, as W3C trace context writes them.
 *
 * @example
 * fc.assert(fc.property(aoiTraceId(), (id) => /^[0-9a-f]{32}$/.test(id)));
 */
export function aoiTraceId(): fc.Arbitrary<string> {
  return fc.tuple(hex8, hex8, hex8, hex8).map((parts) => parts.join(''));
}
