import { closeSync, openSync, readdirSync, readSync, type Dirent } from 'node:fs';
import { join, relative } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { canaryScanner, LineJoin, type CanaryEncoding } from '../secrets/canary-scan.js';
import { maskSecrets } from '../secrets/mask.js';
import type { Canaries, Canary, CanaryVia } from './canaries.js';
import type { Run } from './run-cli.js';
import { sanitise } from '../stream/sanitise.js';

/** How a leaked canary appeared (see `CanaryEncoding`: raw, JSON-escaped, URL, base64, hex, …). */
export type LeakForm = CanaryEncoding;

/** One place a canary appeared. Never contains the canary: the excerpt is masked. */
export interface Leak {
  /** The canary's label (`argv --token`, `env GITHUB_TOKEN`, …): where it was planted. */
  readonly canary: string;
  readonly via: CanaryVia;
  readonly stream: 'stdout' | 'stderr';
  /** 1-based line number in that stream. */
  readonly line: number;
  /** 1-based column (UTF-16 code units) where the form starts on that line. */
  readonly column: number;
  readonly form: LeakForm;
  /** The line with every canary form (and other secret-looking values) masked, truncated. */
  readonly excerpt: string;
}

const EXCERPT_MAX = 160;

/** A line made safe to show: every canary form and secret-looking value masked, truncated, controls made visible. */
function excerptOf(line: string, known: readonly string[]): string {
  const masked = maskSecrets(
    line.length > 4 * EXCERPT_MAX ? line.slice(0, 4 * EXCERPT_MAX) : line,
    known,
  );
  return sanitise(masked.length > EXCERPT_MAX ? `${masked.slice(0, EXCERPT_MAX - 1)}…` : masked);
}

/** What a leak says, whatever was searched: the stream or file is the caller's to add. */
type Found = Omit<Leak, 'stream'>;

/**
 * The lines of one text (a stream, a file), pushed in order, possibly in chunks: each line's hits, a secret split
 * across two JSON lines, one wrapped over several (each said once, on the line where it starts).
 */
class LineScan {
  readonly found: Found[] = [];
  private readonly scanner;
  private readonly join;
  private readonly known: readonly string[];
  private readonly said = new Map<number, Set<number>>();
  private previous: { text: string; line: number } | undefined;

  constructor(private readonly list: readonly Canary[]) {
    this.known = list.map((canary) => canary.value);
    this.scanner = canaryScanner(this.known);
    this.join = new LineJoin(this.scanner);
  }

  /** The next line (1-based number `line`). */
  push(text: string, line: number): void {
    const leak = (secret: number, column: number, form: LeakForm, at: number, on: string) => {
      const seen = this.said.get(at) ?? new Set<number>();
      if (form === 'split-lines' && seen.has(secret)) return;
      this.said.set(at, seen.add(secret));
      const canary = this.list[secret]!;
      this.found.push({
        canary: canary.label,
        via: canary.via,
        line: at,
        column,
        form,
        excerpt: excerptOf(on, this.known),
      });
    };
    for (const hit of this.scanner.hits(text))
      leak(hit.secret, hit.start + 1, hit.encoding, line, text);
    // A secret split across the line before and this one (JSON values): reported where it starts.
    const previous = this.previous;
    if (previous)
      for (const secret of this.scanner.acrossLines(previous.text, text))
        leak(secret, 1, 'split-lines', previous.line, previous.text);
    // One wrapped over any number of lines: reported on the line where it starts.
    for (const { secret, line: first } of this.join.push(text, line))
      leak(secret, 1, 'split-lines', first, first === previous?.line ? previous.text : text);
    // Only the last few lines' hits are looked up again (a split one is said once).
    this.said.delete(line - 8);
    this.previous = { text, line };
  }
}

/**
 * Search a run's stdout and stderr for every canary in every form a program can print it in (raw, escaped, URL- and
 * percent-encoded, base64, base32, hex, reversed, rot13, compressed, hidden among invisible characters, spaced, split
 * across fields and lines; see `canary-scan.ts`). Returns where each appeared — never the canary itself. An empty
 * array means no canary leaked.
 *
 * @example
 * for (const leak of findLeaks(run, canaries)) console.log(`${leak.canary} leaked on ${leak.stream}:${leak.line} (${leak.form})`);
 */
export function findLeaks(
  run: Pick<Run, 'stdout' | 'stderr'>,
  canaries: Canaries | readonly Canary[],
): Leak[] {
  const list: readonly Canary[] = 'all' in canaries ? canaries.all : canaries;
  const leaks: Leak[] = [];
  for (const stream of ['stdout', 'stderr'] as const) {
    const scan = new LineScan(list);
    Buffer.from(run[stream])
      .toString('utf8')
      .split('\n')
      .forEach((line, index) => scan.push(line, index + 1));
    leaks.push(...scan.found.map((found) => ({ ...found, stream })));
  }
  return leaks;
}

/** One file in a sandbox that holds a canary, in its contents or its name. Never contains the canary. */
export interface FileLeak extends Omit<Leak, 'stream'> {
  /** Path relative to the directory searched, canaries masked. */
  readonly file: string;
  /** Set when the canary is in the file's name (or a directory's): then `line` is 0 and the excerpt is the path. */
  readonly inName?: true;
}

/** Read this much of a file at a time. */
const CHUNK_BYTES = 1 << 20;
/** At most this much of one file (the default output cap), and this many files. */
const FILE_MAX_BYTES = 64 << 20;
const FILES_MAX = 2000;

/**
 * Search every entry under `root` (a probe's sandbox: state dir, cwd, HOME, …) for canaries: the name of each file and
 * directory, and the contents of each regular file, line by line, in every encoding `findLeaks` knows. Bounded: at
 * most 2,000 files and 64 MiB of each, read 1 MiB at a time; symbolic links are not followed (a link out of the
 * sandbox is not the program's writing).
 */
export function findFileLeaks(root: string, canaries: Canaries | readonly Canary[]): FileLeak[] {
  const list: readonly Canary[] = 'all' in canaries ? canaries.all : canaries;
  const known = list.map((canary) => canary.value);
  const scanner = canaryScanner(known);
  const leaks: FileLeak[] = [];
  let files = 0;
  const visit = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      const file = maskSecrets(relative(root, path), known);
      for (const hit of scanner.hits(entry.name)) {
        const canary = list[hit.secret]!;
        leaks.push({
          canary: canary.label,
          via: canary.via,
          line: 0,
          column: hit.start + 1,
          form: hit.encoding,
          excerpt: sanitise(file),
          file,
          inName: true,
        });
      }
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && files++ < FILES_MAX)
        for (const found of fileLeaks(path, list)) leaks.push({ ...found, file });
    }
  };
  visit(root);
  return leaks;
}

/** A file's contents, 1 MiB at a time, as lines (a line longer than a chunk is searched as it is cut). */
function fileLeaks(path: string, list: readonly Canary[]): Found[] {
  const scan = new LineScan(list);
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.alloc(CHUNK_BYTES);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return [];
  }
  try {
    let carry = '';
    let line = 0;
    for (let read = 0; read < FILE_MAX_BYTES;) {
      const size = readSync(fd, buffer, 0, CHUNK_BYTES, read);
      if (size === 0) break;
      read += size;
      const lines = (carry + decoder.write(buffer.subarray(0, size))).split('\n');
      carry = lines.pop()!;
      for (const text of lines) scan.push(text, ++line);
      // A line longer than a chunk is searched in pieces as it comes, overlapping by 4 KiB (more than any form).
      if (carry.length > CHUNK_BYTES) {
        scan.push(carry, line + 1);
        carry = carry.slice(-4096);
      }
    }
    scan.push(carry + decoder.end(), ++line);
  } catch {
    // Unreadable from here on: what was read is judged.
  } finally {
    closeSync(fd);
  }
  return scan.found;
}
