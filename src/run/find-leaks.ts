import { closeSync, openSync, readdirSync, readSync, type Dirent } from 'node:fs';
import { join, relative } from 'node:path';
import { canaryScanner, type CanaryEncoding } from '../secrets/canary-scan.js';
import { maskSecrets } from '../secrets/mask.js';
import type { Canaries, Canary, CanaryVia } from './canaries.js';
import type { Run } from './run-cli.js';

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

function excerptOf(line: string, known: readonly string[]): string {
  const masked = maskSecrets(line, known);
  return masked.length > EXCERPT_MAX ? `${masked.slice(0, EXCERPT_MAX - 1)}…` : masked;
}

/**
 * Search a run's stdout and stderr for every canary in every form a secret takes on the wire (raw,
 * URL-encoded, base64 at each alignment; see `secretForms`). Returns where each appeared — never the
 * canary itself. An empty array means no canary leaked.
 *
 * @example
 * for (const leak of findLeaks(run, canaries)) console.log(`${leak.canary} leaked on ${leak.stream}:${leak.line} (${leak.form})`);
 */
export function findLeaks(
  run: Pick<Run, 'stdout' | 'stderr'>,
  canaries: Canaries | readonly Canary[],
): Leak[] {
  const list: readonly Canary[] = 'all' in canaries ? canaries.all : canaries;
  const known = list.map((canary) => canary.value);
  const scanner = canaryScanner(known);
  const leaks: Leak[] = [];
  for (const stream of ['stdout', 'stderr'] as const) {
    const lines = Buffer.from(run[stream]).toString('utf8').split('\n');
    lines.forEach((line, index) => {
      let excerpt: string | undefined;
      const leak = (secret: number, column: number, form: LeakForm) => {
        const canary = list[secret]!;
        leaks.push({
          canary: canary.label,
          via: canary.via,
          stream,
          line: index + 1,
          column,
          form,
          excerpt: (excerpt ??= excerptOf(line, known)),
        });
      };
      for (const hit of scanner.hits(line)) leak(hit.secret, hit.start + 1, hit.encoding);
      // A secret split across this line and the next: reported on this line, where it starts.
      const next = lines[index + 1];
      if (next !== undefined)
        for (const secret of scanner.acrossLines(line, next)) leak(secret, 1, 'split-lines');
    });
  }
  return leaks;
}

/** One file in a sandbox that holds a canary. Never contains the canary: the excerpt is masked. */
export interface FileLeak extends Omit<Leak, 'stream'> {
  /** Path relative to the directory searched. */
  readonly file: string;
}

const FILE_MAX_BYTES = 1 << 20;
const FILES_MAX = 2000;

/**
 * Search every regular file under `root` (a probe's sandbox: state dir, cwd, HOME, …) for canaries in every
 * encoding `findLeaks` knows, line by line. Bounded: at most 2,000 files and the first 1 MiB of each;
 * symbolic links are not followed (a link out of the sandbox is not the program's writing).
 */
export function findFileLeaks(root: string, canaries: Canaries | readonly Canary[]): FileLeak[] {
  const list: readonly Canary[] = 'all' in canaries ? canaries.all : canaries;
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
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && files++ < FILES_MAX) {
        let text: string;
        try {
          const fd = openSync(path, 'r');
          const buffer = Buffer.alloc(FILE_MAX_BYTES);
          const size = readSync(fd, buffer, 0, FILE_MAX_BYTES, 0);
          closeSync(fd);
          text = buffer.subarray(0, size).toString('utf8');
        } catch {
          continue;
        }
        const file = relative(root, path);
        for (const leak of findLeaks(
          { stdout: Buffer.from(text), stderr: new Uint8Array() },
          list,
        )) {
          const { stream: _stream, ...rest } = leak;
          leaks.push({ ...rest, file });
        }
      }
    }
  };
  visit(root);
  return leaks;
}
