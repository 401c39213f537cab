import { isUtf8 } from 'node:buffer';
import { redactValue } from '../secrets/mask.js';
import { makeFinding, toExcerpt, type Finding } from './finding.js';

/** A parsed machine-mode event: a JSON object with a non-empty string `type`. */
export type AoiEvent = { type: string } & Record<string, unknown>;

export interface JsonlReaderOptions {
  /** Longest line accepted, in bytes. Longer lines are reported and skipped, never buffered whole. Default 16 MiB. */
  maxLineBytes?: number;
  /** Report every warning as an error. */
  strict?: boolean;
  /** Known secrets (e.g. canaries) to mask in excerpts, in addition to secret-looking values. */
  secrets?: readonly string[];
}

export interface JsonlReaderHandlers {
  onEvent(event: AoiEvent, line: number): void;
  onFinding(finding: Finding): void;
  /** Every decoded line as text, event or not (for searches over the raw output, e.g. leaked canaries). */
  onLine?(text: string, line: number): void;
  /**
   * Whether `onEvent` needs the fields of an event of this type beyond `type`. Given, and answering false,
   * `onEvent` gets `{ type }` alone and the line is never decoded as UTF-8: the fast path for the bulk of a
   * stream that a checker only counts. Not consulted when `onLine` is given (that needs every line's text).
   */
  needsEvent?(type: string): boolean;
}

export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
/**
 * Most object members (keys, nested ones included) one line may hold before it is skipped unparsed: a 16 MiB line of
 * 1.2 million keys parsed into about 1 GB of objects. An event has tens of keys; a line past this is reported.
 */
export const MAX_LINE_MEMBERS = 100_000;
/** A member takes at least 4 characters (`"":0`): a shorter line cannot hold MAX_LINE_MEMBERS, so it is not counted. */
const MEMBERS_COUNTED_FROM = 4 * MAX_LINE_MEMBERS;
const NEWLINE = 0x0a;

// Stack trace shapes of the common runtimes (Node/Java `at`, Python, Go, Rust, JVM).
const STACK_TRACE =
  /^(?:\s+at\s\S|Traceback \(most recent call last\)|\s+File ".*", line \d+|goroutine \d+ \[|panic: |thread '.*' panicked at|Exception in thread "|\s+\.\.\. \d+ more\b|Caused by: )/;

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
// The first line of a pretty-printed value: `{`, `[`, `[{`, `{"data": {`, `{"type": "hit",`.
const BLOCK_OPEN = /^(?:[[{]|[[{].*[[{]|\{\s*"(?:[^"\\]|\\.)*"\s*:.*,)\s*$/;
const BLOCK_CLOSE = /^[\]}]/;
const NON_ASCII = /[^\u0000-\u007f]/;
// Broken JSON rather than a log line such as `[WARN] …` or `[2026-01-01 10:00] …`.
const JSON_LIKE =
  /^\s*(?:\{\s*(?:["'}]|[A-Za-z_$][\w$]*\s*:)|\[\s*(?:[[{"\]]|-?\d+(?:\.\d+)?\s*[,\]]|true|false|null))/;

interface OpenBlock {
  startLine: number;
  array: boolean;
  excerpt: string;
}

/**
 * Incremental JSONL reader: feed byte chunks split anywhere (inside a line, inside a UTF-8
 * character), get events and AOI-02 findings with 1-based line numbers. Never throws on input;
 * memory is bounded by `maxLineBytes` (an overlong line is reported and skipped up to its newline).
 */
export class JsonlReader {
  private readonly maxLineBytes: number;
  private readonly strict: boolean;
  private readonly secrets: readonly string[];
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private skippingOverlong: { excerpt: string } | null = null;
  private block: OpenBlock | null = null;
  private lineNo = 0;
  private ended = false;
  /** Bytes fed so far. */
  bytes = 0;

  constructor(
    private readonly handlers: JsonlReaderHandlers,
    options: JsonlReaderOptions = {},
  ) {
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.strict = options.strict ?? false;
    this.secrets = options.secrets ?? [];
  }

  /** Lines seen so far (a final line without newline counts once the reader has ended). */
  get lines(): number {
    return this.lineNo;
  }

  write(chunk: Uint8Array | string): void {
    if (this.ended) throw new Error('JsonlReader: write after end');
    const buf =
      typeof chunk === 'string'
        ? Buffer.from(chunk, 'utf8')
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.bytes += buf.length;
    let start = 0;
    let nl = buf.indexOf(NEWLINE, start);
    // Finish the line carried over from earlier chunks.
    if ((this.pendingBytes > 0 || this.skippingOverlong) && nl !== -1) {
      this.appendPending(buf.subarray(0, nl));
      this.flushPendingLine();
      start = nl + 1;
      nl = buf.indexOf(NEWLINE, start);
    }
    if (nl !== -1) {
      const lastNl = buf.lastIndexOf(NEWLINE);
      this.completeLines(buf.subarray(start, lastNl));
      start = lastNl + 1;
    }
    if (start < buf.length) this.appendPending(buf.subarray(start));
  }

  /** Signal EOF: the last unterminated line is judged, an open pretty-printed block is reported. */
  end(): void {
    if (this.ended) return;
    if (this.pendingBytes > 0 || this.skippingOverlong) this.flushPendingLine();
    this.ended = true;
    this.closeBlock(this.lineNo);
  }

  /** A region of whole lines, newline-separated, without the final newline. */
  private completeLines(region: Buffer): void {
    if (region.length > this.maxLineBytes || !isUtf8(region)) {
      // Rare path: judge each line on its own (invalid UTF-8 somewhere, or a huge region).
      let from = 0;
      for (;;) {
        const nl = region.indexOf(NEWLINE, from);
        const end = nl === -1 ? region.length : nl;
        this.byteLine(region.subarray(from, end));
        if (nl === -1) return;
        from = nl + 1;
      }
    }
    if (this.handlers.needsEvent && !this.handlers.onLine) {
      this.latin1Lines(region);
      return;
    }
    // Decode the whole region once and split it.
    const text = region.toString('utf8');
    let from = 0;
    for (;;) {
      const nl = text.indexOf('\n', from);
      if (nl === -1) {
        this.textLine(text.slice(from));
        return;
      }
      this.textLine(text.slice(from, nl));
      from = nl + 1;
    }
  }

  /**
   * The fast path over a region of valid UTF-8: each byte read as one character (latin1), a copy where UTF-8
   * decoding is a transcode, and one-byte strings for JSON.parse. It is sound because JSON's syntax is ASCII
   * and a UTF-8 sequence is bytes >= 0x80 only, which JSON allows inside strings alone, however decoded: a line
   * parses as latin1 exactly when it parses as UTF-8, to the same structure, and a string that is all ASCII
   * here (the type) is the same string either way. One JSON.parse per line, so each line is one value. Any
   * line that is not a plain event whose fields are not needed goes to `textLine`, decoded as UTF-8: the
   * findings come from one place.
   */
  private latin1Lines(region: Buffer): void {
    const text = region.toString('latin1');
    for (let from = 0; from <= text.length;) {
      let nl = text.indexOf('\n', from);
      if (nl === -1) nl = text.length;
      const type = this.block ? undefined : unneededEventType(text.slice(from, nl), this.handlers);
      if (typeof type === 'string') this.handlers.onEvent({ type }, ++this.lineNo);
      else this.textLine(region.toString('utf8', from, nl), type === UNPARSABLE);
      from = nl + 1;
    }
  }

  private appendPending(part: Buffer): void {
    if (part.length === 0) return;
    if (this.skippingOverlong) return;
    if (this.pendingBytes + part.length > this.maxLineBytes) {
      const head = Buffer.concat([...this.pending, part.subarray(0, 256)]).subarray(0, 256);
      this.skippingOverlong = { excerpt: head.toString('utf8') };
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    // Copy: the caller may reuse its chunk buffer.
    this.pending.push(Buffer.from(part));
    this.pendingBytes += part.length;
  }

  private flushPendingLine(): void {
    if (this.skippingOverlong) {
      this.skippedOverlong(++this.lineNo, this.skippingOverlong.excerpt);
      this.skippingOverlong = null;
      return;
    }
    const bytes = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    this.byteLine(bytes);
  }

  /** A line too long (in bytes, or in members) to check: reported once and skipped. */
  private skippedOverlong(
    line: number,
    start: string,
    why = `is longer than ${this.maxLineBytes} bytes`,
  ): void {
    this.finding('AOI-02/line-too-long', `line ${line} ${why}; it was skipped unchecked`, {
      line,
      excerpt: toExcerpt(start, this.secrets),
    });
  }

  private byteLine(bytes: Buffer): void {
    if (bytes.length > this.maxLineBytes) {
      this.skippedOverlong(++this.lineNo, bytes.subarray(0, 256).toString('utf8'));
      return;
    }
    if (!isUtf8(bytes)) {
      const line = ++this.lineNo;
      const text = bytes.toString('utf8');
      this.handlers.onLine?.(text, line);
      this.finding('AOI-02/not-utf8', `line ${line} is not valid UTF-8`, {
        line,
        excerpt: toExcerpt(text, this.secrets),
      });
      return;
    }
    this.textLine(bytes.toString('utf8'));
  }

  /** `unparsable`: the fast path already saw JSON.parse fail on this line (as it would here: see latin1Lines). */
  private textLine(raw: string, unparsable = false): void {
    const line = ++this.lineNo;
    let text = raw;
    if (line === 1 && text.charCodeAt(0) === 0xfeff) {
      this.finding('AOI-02/bom', 'the stream starts with a UTF-8 byte order mark', { line });
      text = text.slice(1);
    }
    if (text.charCodeAt(text.length - 1) === 13) {
      this.finding('AOI-02/crlf', `line ${line} ends in CRLF`, { line });
      text = text.slice(0, -1);
    }
    this.handlers.onLine?.(text, line);
    if (this.block) {
      if (BLOCK_CLOSE.test(text)) {
        this.closeBlock(line);
        return;
      }
      // Pretty-printed members are indented; an unindented line ends the block and stands alone.
      if (text === '' || text.charCodeAt(0) === 32 || text.charCodeAt(0) === 9) return;
      this.closeBlock(line - 1);
    }
    // A JSON line starts with `{`; only a line starting otherwise can be blank (no trim per line).
    if (text.charCodeAt(0) !== 123 && text.trim() === '') {
      this.finding('AOI-02/blank-line', `line ${line} is blank`, { line });
      return;
    }
    if (text.length >= MEMBERS_COUNTED_FROM && objectMembers(text) > MAX_LINE_MEMBERS) {
      this.skippedOverlong(
        line,
        text.slice(0, 256),
        `has more than ${MAX_LINE_MEMBERS} object members`,
      );
      return;
    }
    // A line that cannot be JSON is not handed to JSON.parse: a thrown SyntaxError per line cost most of the time
    // of a stream of 2 million bad lines.
    let value: unknown;
    let parsed = false;
    if (!unparsable && mayBeJson(text))
      try {
        value = JSON.parse(text);
        parsed = true;
      } catch {
        // Not JSON: judged below.
      }
    if (!parsed) {
      this.unparsedLine(text, line);
      return;
    }
    this.parsedLine(value, line);
  }

  private parsedLine(value: unknown, line: number): void {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const type = (value as { type?: unknown }).type;
      if (typeof type === 'string' && type.length > 0) {
        this.handlers.onEvent(value as AoiEvent, line);
        return;
      }
      const why =
        type === undefined
          ? 'has no "type"'
          : `has a "type" that is ${typeof type === 'string' ? 'empty' : `a ${jsonKind(type)}, not a string`}`;
      this.finding('AOI-02/missing-type', `the event on line ${line} ${why}`, {
        line,
        excerpt: this.valueExcerpt(value),
      });
      return;
    }
    if (Array.isArray(value) && value.some((v) => v !== null && typeof v === 'object')) {
      this.finding(
        'AOI-02/json-array',
        `line ${line} is a JSON array of ${value.length} items instead of one event per line`,
        {
          line,
          excerpt: this.valueExcerpt(value),
        },
      );
      return;
    }
    this.finding(
      'AOI-02/not-object',
      `line ${line} is a JSON ${jsonKind(value)}, not an event object`,
      { line, excerpt: this.valueExcerpt(value) },
    );
  }

  private unparsedLine(text: string, line: number): void {
    const excerpt = this.excerpt(text);
    if (text.includes('\u001b')) {
      this.finding('AOI-02/ansi', `line ${line} contains ANSI escape codes`, { line, excerpt });
    } else if (BLOCK_OPEN.test(text)) {
      this.block = { startLine: line, array: text.startsWith('['), excerpt };
    } else if (STACK_TRACE.test(text)) {
      this.finding('AOI-02/stack-trace', `line ${line} looks like a stack trace`, {
        line,
        excerpt,
      });
    } else if (CONTROL.test(text)) {
      this.finding('AOI-02/control', `line ${line} contains raw control characters`, {
        line,
        excerpt,
      });
    } else if (JSON_LIKE.test(text)) {
      this.finding('AOI-02/not-json', `line ${line} is not valid JSON`, { line, excerpt });
    } else {
      this.finding('AOI-02/prose', `line ${line} is plain text, not a JSON event`, {
        line,
        excerpt,
      });
    }
  }

  private closeBlock(endLine: number): void {
    const block = this.block;
    if (!block) return;
    this.block = null;
    if (endLine === block.startLine) {
      // One line that merely looked like the start of a pretty-printed value: a cut-off line.
      this.finding('AOI-02/not-json', `line ${endLine} is not valid JSON`, {
        line: endLine,
        excerpt: block.excerpt,
      });
      return;
    }
    const where = `lines ${block.startLine}–${endLine}`;
    if (block.array) {
      this.finding(
        'AOI-02/json-array',
        `${where} are one pretty-printed JSON array instead of one event per line`,
        {
          line: block.startLine,
          endLine,
          excerpt: block.excerpt,
        },
      );
    } else {
      this.finding(
        'AOI-02/pretty-printed',
        `${where} are one JSON object printed across several lines`,
        {
          line: block.startLine,
          endLine,
          excerpt: block.excerpt,
        },
      );
    }
  }

  /** Evidence for a parsed value: redacted structurally, then masked as text (failure paths only). */
  private valueExcerpt(value: unknown): string {
    return this.excerpt(JSON.stringify(redactValue(value, this.secrets)));
  }

  private excerpt(text: string): string {
    return toExcerpt(text, this.secrets);
  }

  private finding(
    id: string,
    message: string,
    evidence: { line?: number; endLine?: number; excerpt?: string },
  ): void {
    this.handlers.onFinding(makeFinding(id, message, evidence, this.strict));
  }
}

/**
 * The type of an event on a latin1-decoded line whose fields `needsEvent` says are not needed; undefined for
 * any other line. A line ending in CR parses (CR is JSON whitespace) but owes a finding, so it is left out; a
 * BOM (line 1) never parses here.
 */
function unneededEventType(
  line: string,
  handlers: JsonlReaderHandlers,
): string | typeof UNPARSABLE | undefined {
  if (line.charCodeAt(line.length - 1) === 13) return undefined;
  // Only an object can be an event; a line too big to parse safely gets its finding in textLine.
  if (line.charCodeAt(0) !== 123 || line.length >= MEMBERS_COUNTED_FROM) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return UNPARSABLE;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const type = (value as { type?: unknown }).type;
  if (
    typeof type !== 'string' ||
    type.length === 0 ||
    NON_ASCII.test(type) ||
    handlers.needsEvent!(type)
  )
    return undefined;
  return type;
}

const UNPARSABLE = Symbol('unparsable');

/** Whether JSON.parse could accept `text`: its first character may start a JSON value (or is whitespace). */
function mayBeJson(text: string): boolean {
  const c = text.charCodeAt(0);
  if (c === 123 || c === 91 || c === 34 || c === 45 || (c >= 48 && c <= 57)) return true;
  if (c === 32 || c === 9 || c === 10 || c === 13) return true;
  return text.startsWith('true') || text.startsWith('false') || text.startsWith('null');
}

/** The `:` outside strings in `text`: the object members of a JSON line, counted without parsing it. */
function objectMembers(text: string): number {
  let members = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 58) members++;
  }
  return members;
}

function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
