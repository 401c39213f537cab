/**
 * Where a program lint's findings are placed in reports that need a file (SARIF for code scanning, GitHub
 * annotations): a finding about a live command has no file of its own, and code scanning drops a result without
 * a physical location. The anchor is, in this order, the file the user names (`--sarif-location FILE[:LINE]`),
 * the manifest entry that declares the command (package.json `bin`, pyproject.toml `[project.scripts]`), the
 * program's own script when it lies in the working directory, the project's manifest, and at last the program as
 * it was named. Every one is the same from run to run of the same command in the same checkout.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, isAbsolute, relative, resolve } from 'node:path';
import type { FileLocation } from './view.js';

/** Where the anchor came from (the CLI says so when it is not a file of the checkout). */
export type AnchorSource = 'given' | 'declaration' | 'script' | 'manifest' | 'program';

export interface Anchor extends FileLocation {
  readonly source: AnchorSource;
}

/** Manifests a project of some language keeps at its root, in the order they are preferred. */
const MANIFESTS = ['package.json', 'pyproject.toml', 'Cargo.toml', 'go.mod', 'setup.py', 'Gemfile'];

/** `FILE` or `FILE:LINE` as `--sarif-location` takes it (a path containing `:` keeps it when no line follows). */
export function parseAnchorSpec(spec: string): { file: string; line: number } {
  const m = /^(.+):(\d+)$/.exec(spec);
  return m ? { file: m[1]!, line: Math.max(1, Number(m[2])) } : { file: spec, line: 1 };
}

/** The anchor of a program lint: `argv` the program and its arguments, `given` the user's `--sarif-location`. */
export function findAnchor(
  argv: readonly string[],
  cwd: string = process.cwd(),
  given?: string,
): Anchor | undefined {
  if (given !== undefined) {
    const { file, line } = parseAnchorSpec(given);
    return { uri: fromCwd(resolve(cwd, file), cwd), line, source: 'given' };
  }
  const [program, ...args] = argv;
  if (program === undefined || program === '') return undefined;
  const scripts = [program, ...args.filter((a) => !a.startsWith('-'))]
    .map((word) => resolve(cwd, word))
    .filter((path) => isFile(path) && below(path, cwd));
  // `npx tool`, `tool`, `node dist/cli.js`: the command's name, and the script it runs.
  const names = [basename(program), ...args.slice(0, 1).map((a) => basename(a))];
  const declared = declaration(cwd, names, scripts);
  if (declared) return declared;
  // The script an interpreter runs (`python3 tool.py`), else the program itself (`./tool.sh`).
  const script = scripts.find((p) => p !== resolve(cwd, program)) ?? scripts[0];
  if (script !== undefined) return { uri: fromCwd(script, cwd), line: 1, source: 'script' };
  const manifest = MANIFESTS.map((m) => resolve(cwd, m)).find(isFile);
  if (manifest !== undefined) return { uri: fromCwd(manifest, cwd), line: 1, source: 'manifest' };
  return { uri: program.replaceAll('\\', '/'), source: 'program' };
}

/** The line of a manifest that declares one of `names` as a command, or maps a command to one of `scripts`. */
function declaration(
  cwd: string,
  names: readonly string[],
  scripts: readonly string[],
): Anchor | undefined {
  const pkg = resolve(cwd, 'package.json');
  if (isFile(pkg)) {
    const text = readFileSync(pkg, 'utf8');
    let json: { bin?: unknown; name?: unknown } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // Not JSON: no declaration to find in it.
    }
    // `"bin": "cli.js"` declares the package's name (without its scope) as the command.
    const entries: [string, unknown][] =
      typeof json.bin === 'string'
        ? [[typeof json.name === 'string' ? json.name.replace(/^@[^/]+\//, '') : '', json.bin]]
        : json.bin !== null && typeof json.bin === 'object'
          ? Object.entries(json.bin)
          : [];
    const hit = entries.find(
      ([name, path]) =>
        (name !== '' && names.includes(name)) ||
        (typeof path === 'string' && scripts.includes(resolve(cwd, path))),
    );
    if (hit) {
      const key = /"bin"\s*:/;
      const line =
        typeof json.bin === 'string'
          ? lineOf(text, key)
          : (lineOf(text, key, new RegExp(`"${escape(hit[0])}"\\s*:`)) ?? lineOf(text, key));
      return { uri: fromCwd(pkg, cwd), line: line ?? 1, source: 'declaration' };
    }
  }
  const pyproject = resolve(cwd, 'pyproject.toml');
  if (isFile(pyproject)) {
    const text = readFileSync(pyproject, 'utf8');
    for (const name of names) {
      const line = lineOf(
        text,
        /^\[project\.scripts\]\s*$/m,
        new RegExp(`^\\s*"?${escape(name)}"?\\s*=`, 'm'),
      );
      if (line !== undefined) return { uri: fromCwd(pyproject, cwd), line, source: 'declaration' };
    }
  }
  return undefined;
}

/** The 1-based line of the first match of `then` at or after the first match of `first` (or of `first` alone). */
function lineOf(text: string, first: RegExp, then?: RegExp): number | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => first.test(l));
  if (start === -1) return undefined;
  if (then === undefined) return start + 1;
  const at = lines.findIndex((l, i) => i >= start && then.test(l));
  return at === -1 ? undefined : at + 1;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function below(path: string, cwd: string): boolean {
  const rel = relative(cwd, path);
  return (
    rel !== '' &&
    !rel.startsWith('..') &&
    !isAbsolute(rel) &&
    !rel.split(/[\\/]/).includes('node_modules')
  );
}

/** A path relative to the working directory when it lies below it (code scanning wants paths from the checkout's root). */
export function fromCwd(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path).replaceAll(
    '\\',
    '/',
  );
}
