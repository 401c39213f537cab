import { constants, gunzipSync, inflateSync } from 'node:zlib';

/**
 * The one scanner for known secrets (canaries) in text a program printed or wrote. It finds every encoding
 * a program produces without effort, in time linear in the text: each needle is an `indexOf` over a few
 * views of the text, each built in one pass and mapped back to the original positions, so the masker hides
 * exactly what was found:
 *
 * - as is; JSON-unescaped; the concatenation of a JSON line's string values (a secret split across fields);
 * - plain: ANSI escape sequences, controls and invisible characters (soft hyphens, CGJ, variation selectors, tag
 *   characters, zero-width and bidi marks) removed, compatibility forms (fullwidth, mathematical letters) folded;
 * - percent-decoded, every `%XX` (a secret percent-encoded byte by byte);
 * - letters and digits only (spaced letters, hex with separators, a secret interleaved with punctuation);
 * - base64 runs that hold gzip, zlib or raw deflate data, inflated (bounded) and searched.
 *
 * Needles per secret: raw, URL-encoded once and twice, hex, reversed, rot13, base32 and base64 at each alignment,
 * base64 of base64. And since no list of encodings is ever complete, {@link CanaryScanner.maskRanges} also hides
 * whatever holds a fragment of a secret of 8 letters or digits or more: a miss in detection never becomes a print.
 * No regular expression runs over unbounded input here.
 */

/** How a canary appeared. */
export type CanaryEncoding =
  | 'raw'
  | 'case'
  | 'json-escaped'
  | 'url'
  | 'url2'
  | 'percent'
  | 'base64'
  | 'double-base64'
  | 'base32'
  | 'hex'
  | 'hex-separated'
  | 'reversed'
  | 'rot13'
  | 'gzip-base64'
  | 'deflate-base64'
  | 'invisible'
  | 'fullwidth'
  | 'ansi'
  | 'spaced'
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

type NeedleKind =
  | 'raw'
  | 'url'
  | 'url2'
  | 'base64'
  | 'double-base64'
  | 'base32'
  | 'hex'
  | 'reversed'
  | 'rot13'
  | 'compact';

interface Needle {
  readonly text: string;
  readonly secret: number;
  readonly kind: NeedleKind;
  /** Searched in the ASCII-lower-cased view (everything but base64, whose case is data). */
  readonly caseless: boolean;
}

/** A view of a text with, per view character, where it starts and ends in the original (null: identity). */
interface View {
  readonly text: string;
  readonly lower: string;
  readonly from: Int32Array | null;
  readonly to: Int32Array | null;
  readonly kind: 'raw' | 'unescaped' | 'values' | 'plain' | 'percent' | 'alnum';
  /** `[start, end)` of each string value (values view), else of the whole text: where a split can lie. */
  readonly pieces: Array<[number, number]>;
}

/** Work done by scanners since the process started (characters visited): for tests of linear time. */
export const scanWork = { chars: 0 };

const MIN_EDGE = 8;
const PIECES = 64;
/** Letters and digits of a secret in a row that count as a fragment of it: masked wherever they appear. */
const GRAM = MIN_EDGE;
const GRAM_BASE = 31;
/** GRAM_BASE ** (GRAM - 1), modulo 2^32: what the character leaving a rolling hash weighs. */
const GRAM_TOP = Array.from({ length: GRAM - 1 }).reduce<number>((h) => Math.imul(h, GRAM_BASE), 1);
/** A line longer than this is searched in windows of this size, overlapping by OVERLAP. */
const WINDOW = 1 << 20;
const OVERLAP = 4096;
/** base64 runs shorter than this hold no compressed secret (a deflated 16-byte secret is longer). */
const MIN_COMPRESSED = 24;
/** Characters of base64 per text tried as compressed data. */
const COMPRESSED_BUDGET = 1 << 20;
const INFLATED_MAX = 1 << 20;

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

/** The letters rotated by 13 (rot13): digits and everything else kept. */
export function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (no padding). */
function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out;
}

/** base32 characters that encode only the secret's own bits, at each of the five alignments. */
function base32Cores(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const cores: string[] = [];
  for (let pad = 0; pad < 5; pad++) {
    const encoded = base32(Buffer.concat([Buffer.alloc(pad), bytes]));
    const core = encoded.slice(
      Math.ceil((8 * pad) / 5),
      Math.floor((8 * (pad + bytes.length)) / 5),
    );
    if (core.length >= 8) cores.push(core);
  }
  return cores;
}

/** The letters and digits of a text, lower-cased: what survives spacing, separators and wrapping. */
const compactOf = (text: string) => text.replace(/[^0-9a-z]/gi, '').toLowerCase();

function needlesOf(secret: string, index: number): Needle[] {
  const out: Needle[] = [];
  const seen = new Set<string>();
  const add = (text: string, kind: Needle['kind'], caseless: boolean) => {
    const key = caseless ? lowerAscii(text) : text;
    if (seen.has(`${kind}:${caseless}:${key}`)) return;
    seen.add(`${kind}:${caseless}:${key}`);
    out.push({ text: key, secret: index, kind, caseless });
  };
  const url = encodeURIComponent(secret);
  add(secret, 'raw', true);
  add(url, 'url', true);
  add(encodeURIComponent(url), 'url2', true);
  add(Buffer.from(secret, 'utf8').toString('hex'), 'hex', true);
  add([...secret].reverse().join(''), 'reversed', true);
  add(rot13(secret), 'rot13', true);
  for (const core of base32Cores(secret)) add(core, 'base32', true);
  for (const core of base64Cores(secret)) {
    add(core, 'base64', false);
    add(core.replace(/\+/g, '-').replace(/\//g, '_'), 'base64', false);
    // base64 of base64: the inner core, wherever it lies in the encoded text, encoded again.
    for (const outer of base64Cores(core)) add(outer, 'double-base64', false);
  }
  const compact = compactOf(secret);
  if (compact.length >= 2 * MIN_EDGE) add(compact, 'compact', true);
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

/** Where view character `i` starts and ends in the text the view was made from: composed through `base`. */
const startIn = (view: View, i: number) => (view.from ? view.from[i]! : i);
const endIn = (view: View, i: number) => (view.to ? view.to[i]! : i + 1);

/**
 * Characters that print as nothing (or nearly): soft hyphen, combining grapheme joiner, Arabic letter mark, Hangul
 * fillers, Khmer vowel inherents, Mongolian variation selectors, zero-width and bidi marks, word joiner and invisible
 * operators, variation selectors, BOM, shorthand format controls, musical formatting, tag characters and the
 * variation selectors supplement. A secret interleaved with them reads as itself.
 */
function invisible(cp: number): boolean {
  return (
    cp === 0xad ||
    cp === 0x34f ||
    cp === 0x61c ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    cp === 0x3164 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    cp === 0xffa0 ||
    (cp >= 0x1bca0 && cp <= 0x1bca3) ||
    (cp >= 0x1d173 && cp <= 0x1d17a) ||
    (cp >= 0xe0000 && cp <= 0xe0fff)
  );
}

/** NFKC of one code point when it is one printable ASCII character (fullwidth `ａ`, mathematical `𝐚`, circled `ⓐ`). */
const folded = new Map<number, number>();
function foldToAscii(cp: number): number {
  let ascii = folded.get(cp);
  if (ascii === undefined) {
    const nfkc = String.fromCodePoint(cp).normalize('NFKC');
    const code = nfkc.length === 1 ? nfkc.charCodeAt(0) : -1;
    ascii = code > 0x20 && code < 0x7f ? code : -1;
    if (folded.size < 4096) folded.set(cp, ascii);
  }
  return ascii;
}

const ESC = 0x1b;
const C1_CSI = 0x9b;
const C1_OSC = 0x9d;
const BEL = 0x07;
const C1_ST = 0x9c;

/**
 * The end of the terminal escape sequence at `at` (ESC or a C1 introducer): CSI to its final byte, OSC and the other
 * string sequences to BEL or ST, anything else ESC and one character. Bounded by the text.
 */
function escapeEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  let i = at + 1;
  let kind: 'csi' | 'string' | 'one';
  if (c === C1_CSI) kind = 'csi';
  else if (c === C1_OSC) kind = 'string';
  else {
    const next = text[i];
    if (next === '[') kind = 'csi';
    else if (next === ']' || next === 'P' || next === 'X' || next === '^' || next === '_')
      kind = 'string';
    else kind = 'one';
    i++;
  }
  if (kind === 'one') return Math.min(i, text.length);
  if (kind === 'csi') {
    while (i < text.length) {
      const b = text.charCodeAt(i++);
      if (b >= 0x40 && b <= 0x7e) break;
    }
    return i;
  }
  while (i < text.length) {
    const b = text.charCodeAt(i);
    if (b === BEL || b === C1_ST) return i + 1;
    if (b === ESC && text[i + 1] === '\\') return i + 2;
    i++;
  }
  return i;
}

/** Whether a text has anything the plain view removes or folds: a character outside printable ASCII. */
const NOT_PLAIN = /[^\x20-\x7e]/;

/**
 * `base` with terminal escape sequences, control characters and invisible characters removed and compatibility
 * forms folded to ASCII; null when there is nothing to remove or fold.
 */
function plainView(base: View): View | null {
  const text = base.text;
  if (!NOT_PLAIN.test(text)) return null;
  const b = new ViewBuilder(text.length);
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === ESC || c === C1_CSI || c === C1_OSC) {
      i = escapeEnd(text, i);
      continue;
    }
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
      i++;
      continue;
    }
    if (c < 0x80) {
      b.push(c, startIn(base, i), endIn(base, i));
      i++;
      continue;
    }
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (!invisible(cp)) {
      const ascii = foldToAscii(cp);
      const from = startIn(base, i);
      const to = endIn(base, i + width - 1);
      if (ascii > 0) b.push(ascii, from, to);
      else for (let k = 0; k < width; k++) b.push(text.charCodeAt(i + k), from, to);
    }
    i += width;
  }
  scanWork.chars += text.length;
  return b.build('plain');
}

const hexValue = (c: number) =>
  c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;

/** The text with every `%XX` decoded to the byte it names (a secret percent-encoded byte by byte); null without `%`. */
function percentView(text: string): View | null {
  if (!text.includes('%')) return null;
  const b = new ViewBuilder(text.length);
  for (let i = 0; i < text.length;) {
    if (text.charCodeAt(i) === 37 && i + 2 < text.length) {
      const hi = hexValue(text.charCodeAt(i + 1));
      const lo = hexValue(text.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        b.push(hi * 16 + lo, i, i + 3);
        i += 3;
        continue;
      }
    }
    b.push(text.charCodeAt(i), i, i + 1);
    i++;
  }
  scanWork.chars += text.length;
  return b.build('percent');
}

const isAlnum = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * The letters and digits of `base` alone: spaced letters, hex with separators (`0x` and `\x` prefixes dropped too),
 * a secret wrapped or interleaved with punctuation.
 */
function alnumView(base: View): View {
  const text = base.text;
  const b = new ViewBuilder(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isAlnum(c)) continue;
    const x = (at: number) => text[at] === 'x' || text[at] === 'X';
    const hexAt = (at: number) => hexValue(text.charCodeAt(at)) >= 0;
    if (c === 48 && x(i + 1) && hexAt(i + 2)) {
      i++; // 0x41
      continue;
    }
    if (x(i) && text[i - 1] === '\\' && hexAt(i + 1)) continue; // \x41
    b.push(c, startIn(base, i), endIn(base, i));
  }
  scanWork.chars += text.length;
  return b.build('alnum');
}

/** Scan known secrets in every encoding; made once per list of secrets (see {@link canaryScanner}). */
export class CanaryScanner {
  private readonly needles: Needle[];
  /** Needles that can be split in two parts of at least 8 characters. */
  private readonly caselessLong: Needle[];
  /** The needles searched among letters and digits alone (spaced, hex with separators). */
  private readonly compact: Needle[];
  /** Hashes of every fragment of GRAM letters and digits of a secret (see maskRanges), with the fragments. */
  private readonly grams = new Map<number, string[]>();
  /** One bit per value of a hash's low 16 bits that some fragment has: most positions are turned away by it. */
  private readonly gramBits = new Uint8Array(1 << 13);
  /** The split-able needles by the hash of their first 8 characters, and the longest of them. */
  private readonly openings = new Map<number, Needle[]>();
  private readonly longest: number;

  constructor(readonly secrets: readonly string[]) {
    this.needles = secrets.flatMap((secret, index) =>
      secret.length >= 4 ? needlesOf(secret, index) : [],
    );
    this.caselessLong = this.needles.filter(
      (n) => n.caseless && n.kind !== 'compact' && n.text.length >= 2 * MIN_EDGE,
    );
    this.compact = this.needles.filter((n) => n.kind === 'compact' || n.kind === 'hex');
    for (const needle of this.caselessLong) {
      const hash = gramHash(needle.text, 0, MIN_EDGE);
      this.openings.set(hash, [...(this.openings.get(hash) ?? []), needle]);
    }
    this.longest = Math.max(0, ...this.caselessLong.map((n) => n.text.length));
    // Fragments that every secret shares (the canaries' fixed `aoiCanary_`) reveal nothing and would mask the word.
    const compacts = secrets.filter((secret) => secret.length >= 4).map(compactOf);
    let shared = 0;
    if (compacts.length > 1)
      while (
        shared < compacts[0]!.length &&
        compacts.every((c) => c[shared] === compacts[0]![shared])
      )
        shared++;
    for (const compact of compacts) {
      for (let k = Math.max(0, shared - GRAM + 1); k + GRAM <= compact.length; k++) {
        const gram = compact.slice(k, k + GRAM);
        const hash = gramHash(gram, 0, GRAM);
        const known = this.grams.get(hash) ?? [];
        if (!known.includes(gram)) this.grams.set(hash, [...known, gram]);
        this.gramBits[(hash & 0xffff) >>> 3]! |= 1 << (hash & 7);
      }
    }
  }

  get empty(): boolean {
    return this.needles.length === 0;
  }

  /** @internal The needles a {@link LineJoin} looks for across lines: a secret's letters and digits, and its hex. */
  get compactNeedles(): readonly Needle[] {
    return this.compact;
  }

  /**
   * @internal A line as pieces of letters and digits, lower-cased, as the scanner reads them (escapes and invisible
   * characters gone): the string values of a JSON line (at most 64 of them, the last), else the whole line.
   */
  piecesOf(text: string): string[] {
    const line = text.length > WINDOW ? text.slice(-WINDOW) : text;
    const values = valuesView(line);
    const letters = (piece: string) => {
      const views = viewsOf(piece);
      return views[views.length - 1]!.lower;
    };
    if (!values) return [letters(line)];
    return values.pieces.slice(-PIECES).map(([a, b]) => letters(values.text.slice(a, b)));
  }

  /** @internal Lengths k (8 or more) such that `piece` ends with the needle's first k characters. */
  cutsAtEnd(piece: string, needle: Needle): number[] {
    return this.prefixCuts(piece, piece.length, needle);
  }

  /** Every place a secret appears whole in the text, once per secret and start. */
  hits(text: string): CanaryHit[] {
    if (this.empty) return [];
    // A long line is searched in overlapping windows, so that the views stay a few MiB whatever the line.
    if (text.length > WINDOW + OVERLAP) {
      const found = new Map<string, CanaryHit>();
      for (let at = 0; at < text.length; at += WINDOW) {
        for (const hit of this.hitsIn(text.slice(at, at + WINDOW + OVERLAP))) {
          const moved = { ...hit, start: hit.start + at, end: hit.end + at };
          found.set(`${moved.secret}:${moved.start}`, moved);
        }
      }
      return [...found.values()];
    }
    return this.hitsIn(text);
  }

  private hitsIn(text: string): CanaryHit[] {
    const hits: CanaryHit[] = [];
    const seen = new Set<string>();
    const add = (hit: CanaryHit) => {
      const key = `${hit.secret}:${hit.start}`;
      if (seen.has(key)) return;
      seen.add(key);
      hits.push(hit);
    };
    for (const view of viewsOf(text)) this.searchView(view, text, add);
    this.searchCompressed(text, add);
    return hits;
  }

  private searchView(view: View, original: string, add: (hit: CanaryHit) => void) {
    const needles =
      view.kind === 'alnum' ? this.compact : this.needles.filter((n) => n.kind !== 'compact');
    for (const needle of needles) {
      const haystack = needle.caseless ? view.lower : view.text;
      scanWork.chars += haystack.length;
      for (
        let at = haystack.indexOf(needle.text);
        at !== -1;
        at = haystack.indexOf(needle.text, at + 1)
      ) {
        const end = at + needle.text.length;
        const start = startIn(view, at);
        const stop = endIn(view, end - 1);
        const slice = original.slice(start, stop);
        add({
          secret: needle.secret,
          start,
          end: stop,
          encoding: this.encoding(view, needle, slice),
        });
      }
    }
  }

  /** How a secret found by `needle` in `view` was printed, from what the view removed or decoded. */
  private encoding(view: View, needle: Needle, slice: string): CanaryEncoding {
    switch (view.kind) {
      case 'values':
        if (slice.includes('"')) return 'split-fields';
        break;
      case 'plain':
        if (/[\u001b\u009b\u009d]/.test(slice)) return 'ansi';
        if ([...slice].some((ch) => ch.charCodeAt(0) > 0x7f && foldToAscii(ch.codePointAt(0)!) > 0))
          return 'fullwidth';
        return 'invisible';
      case 'percent':
        return 'percent';
      case 'alnum':
        return needle.kind === 'hex' ? 'hex-separated' : 'spaced';
      default:
        break;
    }
    if (view.kind === 'unescaped' && slice.includes('\\')) return 'json-escaped';
    if (needle.kind === 'raw') return slice === this.secrets[needle.secret] ? 'raw' : 'case';
    if (needle.kind === 'compact') return 'spaced';
    return needle.kind;
  }

  /**
   * base64 runs that hold compressed data: gzip (`H4sI`…) or zlib (a valid two-byte header). Each is inflated (at most
   * 1 MiB out, and 1 MiB of base64 per text tried) and what it holds is searched.
   */
  private searchCompressed(text: string, add: (hit: CanaryHit) => void) {
    let budget = COMPRESSED_BUDGET;
    for (let at = 0; at < text.length && budget > 0;) {
      if (!isBase64Char(text.charCodeAt(at))) {
        at++;
        continue;
      }
      let end = at;
      while (end < text.length && isBase64Char(text.charCodeAt(end))) end++;
      scanWork.chars += end - at;
      const kind = end - at >= MIN_COMPRESSED ? packing(text, at) : undefined;
      if (kind) {
        budget -= end - at;
        const inner = inflated(text.slice(at, end), kind);
        if (inner) {
          const found = new Set<number>();
          this.searchView(rawView(inner), inner, (hit) => found.add(hit.secret));
          const encoding = kind === 'gzip' ? 'gzip-base64' : 'deflate-base64';
          for (const secret of found) add({ secret, start: at, end, encoding });
        }
      }
      at = end;
    }
  }

  /**
   * Secrets split across two adjacent lines: some string value (JSON) or the text near the end of one line
   * ends with the secret's first part, and one near the start of the next begins with the rest (each part
   * at least 8 characters; at most 64 values per line are looked at, so the work per line is bounded).
   */
  acrossLines(previous: string, next: string): number[] {
    if (this.empty) return [];
    // Only the end of one line and the start of the next can hold the halves.
    const before = joinView(previous.length > WINDOW ? previous.slice(-WINDOW) : previous);
    const after = joinView(next.length > WINDOW ? next.slice(0, WINDOW) : next);
    const starts = after.pieces.slice(0, PIECES);
    const found = new Set<number>();
    for (const [, end] of before.pieces.slice(-PIECES)) {
      // Only the needles whose first 8 characters appear near the piece's end can begin there.
      for (const needle of this.openingsNear(before.lower, end)) {
        const cuts = this.prefixCuts(before.lower, end, needle);
        if (cuts.length === 0) continue;
        for (const [start] of starts)
          if (this.suffixCuts(after.lower, start, needle).some((cut) => cuts.includes(cut)))
            found.add(needle.secret);
      }
    }
    return [...found];
  }

  /** The needles (split-able ones) whose first 8 characters occur in `lower` within a needle's length before `end`. */
  private openingsNear(lower: string, end: number): Needle[] {
    const from = Math.max(0, end - this.longest + 1);
    if (end - from < MIN_EDGE) return [];
    scanWork.chars += end - from;
    const found = new Set<Needle>();
    let hash = gramHash(lower, from, MIN_EDGE);
    for (let k = from; ; k++) {
      for (const needle of this.openings.get(hash) ?? [])
        if (lower.startsWith(needle.text.slice(0, MIN_EDGE), k)) found.add(needle);
      if (k + MIN_EDGE >= end) break;
      hash =
        (Math.imul(hash - Math.imul(lower.charCodeAt(k), GRAM_TOP), GRAM_BASE) +
          lower.charCodeAt(k + MIN_EDGE)) >>>
        0;
    }
    return [...found];
  }

  /** Cuts k (8 ≤ k < length) such that `lower` just before `end` reads the needle's first k characters. */
  private prefixCuts(lower: string, end: number, needle: Needle): number[] {
    // Sliced first: an indexOf from `from` would run on to the end of the text, for every piece.
    const tail = lower.slice(Math.max(0, end - needle.text.length + 1), end);
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
    if (text.length <= WINDOW + OVERLAP) return this.maskRangesIn(text);
    const ranges: Array<[number, number]> = [];
    for (let at = 0; at < text.length; at += WINDOW)
      for (const [a, b] of this.maskRangesIn(text.slice(at, at + WINDOW + OVERLAP)))
        ranges.push([a + at, b + at]);
    return ranges;
  }

  private maskRangesIn(text: string): Array<[number, number]> {
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
    ranges.push(...this.fragments(text));
    return ranges;
  }

  /**
   * Whatever holds GRAM or more letters and digits of a secret in a row (its fixed shared prefix aside), however
   * they are spaced, escaped or hidden: a fragment the encodings above missed (the middle of a secret split over three
   * lines) is masked all the same. A rolling hash over the letters and digits, checked on each hit.
   */
  private fragments(text: string): Array<[number, number]> {
    if (this.grams.size === 0) return [];
    const views = viewsOf(text);
    const alnum = views[views.length - 1]!;
    const lower = alnum.lower;
    scanWork.chars += lower.length;
    const ranges: Array<[number, number]> = [];
    if (lower.length < GRAM) return ranges;
    let hash = gramHash(lower, 0, GRAM);
    const bits = this.gramBits;
    for (let k = 0; ; k++) {
      const known =
        (bits[(hash & 0xffff) >>> 3]! & (1 << (hash & 7))) === 0 ? undefined : this.grams.get(hash);
      if (known?.includes(lower.slice(k, k + GRAM)))
        ranges.push([startIn(alnum, k), endIn(alnum, k + GRAM - 1)]);
      if (k + GRAM >= lower.length) break;
      hash =
        (Math.imul(hash - Math.imul(lower.charCodeAt(k), GRAM_TOP), GRAM_BASE) +
          lower.charCodeAt(k + GRAM)) >>>
        0;
    }
    return ranges;
  }
}

/** The view in which a line's end meets the next line's start: string values for JSON, else decoded text. */
/**
 * Every view a text is searched in, the letters-and-digits view last: as is, JSON-unescaped, JSON values, plain
 * (over the unescaped view), percent-decoded, and the letters and digits of the plain view.
 */
/** The views of the last two texts: the same text is asked for again (its hits, its pieces, the line after it). */
let recentViews: Array<{ text: string; views: View[] }> = [];

function viewsOf(text: string): View[] {
  const known = recentViews.find((entry) => entry.text === text);
  if (known) return known.views;
  const views = makeViews(text);
  recentViews = [{ text, views }, ...recentViews.slice(0, 1)];
  return views;
}

function makeViews(text: string): View[] {
  const raw = rawView(text);
  const unescaped = unescapedView(text);
  const plain = plainView(unescaped ?? raw);
  const views = [raw, unescaped, valuesView(text), plain, percentView(text)].filter(
    (v): v is View => v !== null,
  );
  views.push(alnumView(plain ?? unescaped ?? raw));
  return views;
}

/** A polynomial hash of `text[from, from + length)`, modulo 2^32. */
function gramHash(text: string, from: number, length: number): number {
  let hash = 0;
  for (let i = from; i < from + length; i++)
    hash = (Math.imul(hash, GRAM_BASE) + text.charCodeAt(i)) >>> 0;
  return hash;
}

const BASE64_VALUES = (() => {
  const values = new Int8Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < 64; i++) values[alphabet.charCodeAt(i)] = i;
  values[45] = 62; // -, base64url
  values[95] = 63; // _
  return values;
})();

/**
 * What a base64 run may hold, from its first characters alone (no decoding, no zlib error to pay for): gzip, zlib
 * (a valid two-byte header), or nothing worth inflating. Raw deflate has no header to tell it by: every run of base64
 * would have to be tried, and a failed inflate costs a thrown error; it is left to the fragment masking.
 */
function packing(text: string, at: number): 'gzip' | 'zlib' | undefined {
  if (text.startsWith('H4sI', at)) return 'gzip';
  const v = [0, 1, 2].map((i) => BASE64_VALUES[text.charCodeAt(at + i)] ?? -1);
  if (v.some((x) => x < 0)) return undefined;
  const first = (v[0]! << 2) | (v[1]! >> 4);
  const second = ((v[1]! & 15) << 4) | (v[2]! >> 2);
  // zlib: deflate with a window of at most 32 KiB, and a check that makes the first two bytes a multiple of 31.
  return (first & 15) === 8 && first >> 4 <= 7 && (first * 256 + second) % 31 === 0
    ? 'zlib'
    : undefined;
}

/** A base64 run inflated as `kind` says: the text it holds, or undefined when it does not inflate. */
function inflated(run: string, kind: 'gzip' | 'zlib'): string | undefined {
  const bytes = Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const options = { maxOutputLength: INFLATED_MAX, finishFlush: constants.Z_SYNC_FLUSH };
  try {
    const out = kind === 'gzip' ? gunzipSync(bytes, options) : inflateSync(bytes, options);
    scanWork.chars += out.length;
    return out.toString('utf8');
  } catch {
    return undefined;
  }
}

function joinView(text: string): View {
  const views = viewsOf(text);
  return (
    views.find((view) => view.kind === 'values') ??
    views.find((view) => view.kind === 'unescaped') ??
    views[0]!
  );
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

/**
 * Secrets split over several lines (a canary wrapped at a fixed width, or printed a piece per event): each line is read
 * as pieces of letters and digits (the string values of a JSON line, else the whole line), and a secret is found when
 * the end of one piece begins it (8 or more), whole pieces on the lines after carry it on, and the start of a later
 * piece ends it. Other pieces may come between (a JSON event's type and id). Partial matches live for 4 lines, at
 * most 256 at once. Push every line in order.
 */
export class LineJoin {
  private partials: Array<{ needle: Needle; consumed: number; line: number }> = [];

  constructor(private readonly scanner: CanaryScanner) {}

  /** The secrets that end on this line and began on an earlier one, with the line each began on. */
  push(text: string, line: number): Array<{ secret: number; line: number }> {
    if (this.scanner.empty) return [];
    const found = new Map<number, number>();
    const fresh: typeof this.partials = [];
    for (const piece of this.scanner.piecesOf(text)) {
      for (const partial of this.partials) {
        const rest = partial.needle.text.slice(partial.consumed);
        if (piece.startsWith(rest)) {
          if (!found.has(partial.needle.secret)) found.set(partial.needle.secret, partial.line);
        } else if (piece.length >= 4 && rest.startsWith(piece))
          fresh.push({ ...partial, consumed: partial.consumed + piece.length });
      }
      for (const needle of this.scanner.compactNeedles)
        for (const cut of this.scanner.cutsAtEnd(piece, needle))
          fresh.push({ needle, consumed: cut, line });
    }
    this.partials = [...this.partials.filter((p) => line - p.line < JOIN_LINES), ...fresh].slice(
      -JOIN_PARTIALS,
    );
    return [...found].map(([secret, first]) => ({ secret, line: first }));
  }
}

/** How many lines a secret split over lines may span, and how many partial matches are kept. */
const JOIN_LINES = 4;
const JOIN_PARTIALS = 256;

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
