import { constants, gunzipSync } from 'node:zlib';

/**
 * The one scanner for known secrets (canaries) in text a program printed or wrote. It finds every encoding
 * a program produces without effort, in time linear in the text: each needle is an `indexOf` over a few
 * views of the text (as is, JSON-unescaped, the concatenation of a JSON line's string values), each view
 * built in one pass and mapped back to the original positions, so the masker hides exactly what was found.
 * No regular expression runs over unbounded input here.
 */

/** How a canary appeared. */
export type CanaryEncoding =
  | 'raw'
  | 'case'
  | 'json-escaped'
  | 'url'
  | 'url2'
  | 'base64'
  | 'hex'
  | 'reversed'
  | 'gzip-base64'
  | 'split-fields'
  | 'split-lines';

/** One place a known secret appeared in a text: `[start, end)` in UTF-16 units of that text. */
export interface CanaryHit {
  /** Index of the secret in the list the scanner was made from. */
  readonly secret: number;
  readonly start: number;
  readonly end: number;
  readonly encoding: CanaryEncoding;
}

interface Needle {
  readonly text: string;
  readonly secret: number;
  readonly kind: 'raw' | 'url' | 'url2' | 'base64' | 'hex' | 'reversed';
  /** Searched in the ASCII-lower-cased view (everything but base64, whose case is data). */
  readonly caseless: boolean;
}

/** A view of a text with, per view character, where it starts and ends in the original (null: identity). */
interface View {
  readonly text: string;
  readonly lower: string;
  readonly from: Int32Array | null;
  readonly to: Int32Array | null;
  readonly kind: 'raw' | 'unescaped' | 'values';
  /** `[start, end)` of each string value (values view), else of the whole text: where a split can lie. */
  readonly pieces: Array<[number, number]>;
}

/** Work done by scanners since the process started (characters visited): for tests of linear time. */
export const scanWork = { chars: 0 };

const MIN_EDGE = 8;
const PIECES = 64;
const GZIP_MAX_RUNS = 16;
const GZIP_MAX_OUT = 1 << 20;

const BACKSLASH = 92;
// Every index must stay where it was: String#toLowerCase can change lengths (İ), then fold ASCII only.
const lowerAscii = (text: string) => {
  const lower = text.toLowerCase();
  return lower.length === text.length ? lower : text.replace(/[A-Z]+/g, (m) => m.toLowerCase());
};

/** base64 characters that encode only the secret's own bits, at each of the three alignments. */
export function base64Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const cores: string[] = [];
  for (let pad = 0; pad < 3; pad++) {
    const encoded = Buffer.concat([Buffer.alloc(pad), bytes]).toString('base64');
    // Character i covers bits [6i, 6i+6): keep those that fall wholly inside the secret's bytes.
    const core = encoded.slice(
      Math.ceil((8 * pad) / 6),
      Math.floor((8 * (pad + bytes.length)) / 6),
    );
    if (core.length >= 6) cores.push(core);
  }
  return cores;
}

function needlesOf(secret: string, index: number): Needle[] {
  const out: Needle[] = [];
  const seen = new Set<string>();
  const add = (text: string, kind: Needle['kind'], caseless: boolean) => {
    const key = caseless ? lowerAscii(text) : text;
    if (seen.has(`${caseless}:${key}`)) return;
    seen.add(`${caseless}:${key}`);
    out.push({ text: key, secret: index, kind, caseless });
  };
  const url = encodeURIComponent(secret);
  add(secret, 'raw', true);
  add(url, 'url', true);
  add(encodeURIComponent(url), 'url2', true);
  add(Buffer.from(secret, 'utf8').toString('hex'), 'hex', true);
  add([...secret].reverse().join(''), 'reversed', true);
  for (const core of base64Cores(secret)) {
    add(core, 'base64', false);
    add(core.replace(/\+/g, '-').replace(/\//g, '_'), 'base64', false);
  }
  return out;
}

const HEX = /^[0-9a-fA-F]{4}$/;
const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Decode one JSON escape at `at` (a backslash): the UTF-16 code and the escape's length, or null. */
function escapeAt(text: string, at: number): [number, number] | null {
  const c = text[at + 1];
  if (c === undefined) return null;
  if (c === 'u') {
    const hex = text.slice(at + 2, at + 6);
    return HEX.test(hex) ? [parseInt(hex, 16), 6] : null;
  }
  const simple = SIMPLE_ESCAPES[c];
  return simple === undefined ? null : [simple.charCodeAt(0), 2];
}

/** Typed arrays, filled in one pass: a 1 MiB line makes three buffers, not a million small strings. */
class ViewBuilder {
  private readonly codes: Uint16Array;
  private readonly from: Int32Array;
  private readonly to: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.codes = new Uint16Array(capacity);
    this.from = new Int32Array(capacity);
    this.to = new Int32Array(capacity);
  }
  push(code: number, from: number, to: number) {
    this.codes[this.length] = code;
    this.from[this.length] = from;
    this.to[this.length] = to;
    this.length++;
  }
  truncate(length: number) {
    this.length = length;
  }
  build(kind: View['kind'], pieces?: Array<[number, number]>): View {
    const text = Buffer.from(this.codes.buffer, 0, this.length * 2).toString('utf16le');
    return {
      text,
      lower: lowerAscii(text),
      from: this.from.subarray(0, this.length),
      to: this.to.subarray(0, this.length),
      kind,
      pieces: pieces ?? [[0, text.length]],
    };
  }
}

/** The text with every JSON string escape decoded, so a `\u0061`-escaped secret in any line reads as itself. */
function unescapedView(text: string): View | null {
  if (!text.includes('\\')) return null;
  const b = new ViewBuilder(text.length);
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    const decoded = code === BACKSLASH ? escapeAt(text, i) : null;
    if (decoded) {
      b.push(decoded[0], i, i + decoded[1]);
      i += decoded[1];
    } else {
      b.push(code, i, i + 1);
      i++;
    }
  }
  scanWork.chars += text.length;
  return b.build('unescaped');
}

/** The decoded string values of a JSON line (keys left out), concatenated: a secret split across fields. */
function valuesView(text: string): View | null {
  let first = 0;
  while (first < text.length && (text[first] === ' ' || text[first] === '\t')) first++;
  if (text[first] !== '{' && text[first] !== '[') return null;
  const b = new ViewBuilder(text.length);
  const pieces: Array<[number, number]> = [];
  for (let i = first; i < text.length;) {
    if (text[i] !== '"') {
      i++;
      continue;
    }
    const start = b.length;
    i++;
    while (i < text.length && text[i] !== '"') {
      const decoded = text.charCodeAt(i) === BACKSLASH ? escapeAt(text, i) : null;
      const width = decoded ? decoded[1] : 1;
      b.push(decoded ? decoded[0] : text.charCodeAt(i), i, i + width);
      i += width;
    }
    i++;
    let next = i;
    while (next < text.length && (text[next] === ' ' || text[next] === '\t')) next++;
    if (text[next] === ':')
      b.truncate(start); // a key, not a value
    else if (b.length > start) pieces.push([start, b.length]);
  }
  scanWork.chars += text.length;
  return b.build('values', pieces);
}

const rawView = (text: string): View => ({
  text,
  lower: lowerAscii(text),
  from: null,
  to: null,
  kind: 'raw',
  pieces: [[0, text.length]],
});

/** Scan known secrets in every encoding; made once per list of secrets (see {@link canaryScanner}). */
export class CanaryScanner {
  private readonly needles: Needle[];
  /** Needles that can be split in two parts of at least 8 characters. */
  private readonly caselessLong: Needle[];

  constructor(readonly secrets: readonly string[]) {
    this.needles = secrets.flatMap((secret, index) =>
      secret.length >= 4 ? needlesOf(secret, index) : [],
    );
    this.caselessLong = this.needles.filter((n) => n.caseless && n.text.length >= 2 * MIN_EDGE);
  }

  get empty(): boolean {
    return this.needles.length === 0;
  }

  /** Every place a secret appears whole in the text, once per secret and start. */
  hits(text: string): CanaryHit[] {
    if (this.empty) return [];
    const hits: CanaryHit[] = [];
    const seen = new Set<string>();
    const add = (hit: CanaryHit) => {
      const key = `${hit.secret}:${hit.start}`;
      if (seen.has(key)) return;
      seen.add(key);
      hits.push(hit);
    };
    const raw = rawView(text);
    const views = [raw, unescapedView(text), valuesView(text)].filter((v): v is View => v !== null);
    for (const view of views) this.searchView(view, text, add);
    this.searchGzip(raw.text, add);
    return hits;
  }

  private searchView(view: View, original: string, add: (hit: CanaryHit) => void) {
    for (const needle of this.needles) {
      const haystack = needle.caseless ? view.lower : view.text;
      scanWork.chars += haystack.length;
      for (
        let at = haystack.indexOf(needle.text);
        at !== -1;
        at = haystack.indexOf(needle.text, at + 1)
      ) {
        const end = at + needle.text.length;
        const start = view.from ? view.from[at]! : at;
        const stop = view.to ? view.to[end - 1]! : end;
        const slice = original.slice(start, stop);
        const exact = slice === view.text.slice(at, end);
        let encoding: CanaryEncoding;
        if (view.kind === 'values' && slice.includes('"')) encoding = 'split-fields';
        else if (!exact) encoding = 'json-escaped';
        else if (needle.kind === 'raw')
          encoding = slice === this.secrets[needle.secret] ? 'raw' : 'case';
        else encoding = needle.kind;
        add({ secret: needle.secret, start, end: stop, encoding });
      }
    }
  }

  /** base64 runs that start with gzip's magic (`H4sI`): gunzip (bounded) and search what they hold. */
  private searchGzip(text: string, add: (hit: CanaryHit) => void) {
    let runs = 0;
    for (
      let at = text.indexOf('H4sI');
      at !== -1 && runs < GZIP_MAX_RUNS;
      at = text.indexOf('H4sI', at + 1)
    ) {
      let end = at;
      while (end < text.length && isBase64Char(text.charCodeAt(end))) end++;
      scanWork.chars += end - at;
      runs++;
      let inner: string;
      try {
        const bytes = Buffer.from(
          text.slice(at, end).replace(/-/g, '+').replace(/_/g, '/'),
          'base64',
        );
        inner = gunzipSync(bytes, {
          maxOutputLength: GZIP_MAX_OUT,
          finishFlush: constants.Z_SYNC_FLUSH,
        }).toString('utf8');
      } catch {
        continue;
      }
      const found = new Set<number>();
      this.searchView(rawView(inner), inner, (hit) => found.add(hit.secret));
      for (const secret of found) add({ secret, start: at, end, encoding: 'gzip-base64' });
      at = end - 1;
    }
  }

  /**
   * Secrets split across two adjacent lines: some string value (JSON) or the text near the end of one line
   * ends with the secret's first part, and one near the start of the next begins with the rest (each part
   * at least 8 characters; at most 64 values per line are looked at, so the work per line is bounded).
   */
  acrossLines(previous: string, next: string): number[] {
    if (this.empty) return [];
    const before = joinView(previous);
    const after = joinView(next);
    const found = new Set<number>();
    for (const needle of this.caselessLong) {
      const cuts = new Set<number>();
      for (const [, end] of before.pieces.slice(-PIECES))
        for (const cut of this.prefixCuts(before.lower, end, needle)) cuts.add(cut);
      if (cuts.size === 0) continue;
      for (const [start] of after.pieces.slice(0, PIECES)) {
        if (this.suffixCuts(after.lower, start, needle).some((cut) => cuts.has(cut)))
          found.add(needle.secret);
      }
    }
    return [...found];
  }

  /** Cuts k (8 ≤ k < length) such that `lower` just before `end` reads the needle's first k characters. */
  private prefixCuts(lower: string, end: number, needle: Needle): number[] {
    const from = Math.max(0, end - needle.text.length + 1);
    const tail = lower.slice(from, end);
    scanWork.chars += tail.length;
    const cuts: number[] = [];
    const opening = needle.text.slice(0, MIN_EDGE);
    for (let at = tail.indexOf(opening); at !== -1; at = tail.indexOf(opening, at + 1)) {
      if (needle.text.startsWith(tail.slice(at))) cuts.push(tail.length - at);
    }
    return cuts;
  }

  /** Cuts k (the needle's length minus 8 or less) such that `lower` from `start` reads the needle from k on. */
  private suffixCuts(lower: string, start: number, needle: Needle): number[] {
    const head = lower.slice(start, start + needle.text.length - 1);
    scanWork.chars += head.length;
    const cuts: number[] = [];
    const closing = needle.text.slice(-MIN_EDGE);
    for (let at = head.indexOf(closing); at !== -1; at = head.indexOf(closing, at + 1)) {
      const end = at + MIN_EDGE;
      if (needle.text.endsWith(head.slice(0, end))) cuts.push(needle.text.length - end);
    }
    return cuts;
  }

  /**
   * Ranges of the text to mask: every hit, plus the end of a value (or line) that begins a secret and the
   * start of one that ends it (at least 8 characters), so half of a secret split across lines is hidden too.
   */
  maskRanges(text: string): Array<[number, number]> {
    if (this.empty) return [];
    const ranges: Array<[number, number]> = this.hits(text).map((hit) => [hit.start, hit.end]);
    const view = joinView(text);
    const toRange = (a: number, b: number): [number, number] => [
      view.from ? view.from[a]! : a,
      view.to ? view.to[b - 1]! : b,
    ];
    const pieces =
      view.pieces.length <= 2 * PIECES
        ? view.pieces
        : [...view.pieces.slice(0, PIECES), ...view.pieces.slice(-PIECES)];
    for (const needle of this.caselessLong) {
      for (const [start, end] of pieces) {
        for (const cut of this.prefixCuts(view.lower, end, needle))
          if (end - cut >= start) ranges.push(toRange(end - cut, end));
        for (const cut of this.suffixCuts(view.lower, start, needle)) {
          const stop = start + needle.text.length - cut;
          if (stop <= end) ranges.push(toRange(start, stop));
        }
      }
    }
    return ranges;
  }
}

/** The view in which a line's end meets the next line's start: string values for JSON, else decoded text. */
function joinView(text: string): View {
  return valuesView(text) ?? unescapedView(text) ?? rawView(text);
}

function isBase64Char(c: number): boolean {
  return (
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    (c >= 48 && c <= 57) ||
    c === 43 ||
    c === 47 ||
    c === 61 ||
    c === 45 ||
    c === 95
  );
}

let cached: CanaryScanner | undefined;
let cachedKey = '';

/** The scanner for these secrets (the last one is kept: callers pass the same list line after line). */
export function canaryScanner(secrets: readonly string[]): CanaryScanner {
  const key = secrets.join('\0');
  if (!cached || key !== cachedKey) {
    cached = new CanaryScanner(secrets);
    cachedKey = key;
  }
  return cached;
}

/** Replace the given ranges (overlapping or not) of the text with the mask. */
export function replaceRanges(text: string, ranges: Array<[number, number]>, mask: string): string {
  if (ranges.length === 0) return text;
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  let out = '';
  let cursor = 0;
  let open = -1;
  let close = -1;
  for (const [start, end] of sorted) {
    if (start > close) {
      if (open !== -1) out += text.slice(cursor, open) + mask;
      if (open !== -1) cursor = close;
      open = start;
      close = end;
    } else if (end > close) close = end;
  }
  out += text.slice(cursor, open) + mask + text.slice(close);
  return out;
}
