/**
 * The project's description of its tool, written once: `aoi-testkit.config.{js,mjs,cjs,json}` or an `"aoi-testkit"`
 * key in package.json, found from the working directory upward (the nearest wins, as eslint and prettier find
 * theirs). `aoi-testkit lint` and `toPassAoiLint` both read it; their own flags and options override its keys.
 * Its keys are `lintProgram`'s options, plus `program`; command lines are a string split as a shell would (no
 * expansion) or a list of words. Relative paths (the program's script, `appDir`, `execPlan`) are the config file's.
 *
 * @example
 * // aoi-testkit.config.json
 * { "program": "node dist/cli.js", "setup": ["add 'first note'"], "invocations": ["search first"] }
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { shellWords } from '../shell-words.js';
import type { EnvelopeReading, FailureReading } from '../spec/exec/types.js';
import { isRuleId } from '../spec/rules.js';
import { LIVE_SPEC_IDS, liveSpecsOf, type LiveSpecId } from '../spec/specs.js';
import { anchorCommandLine } from '../run/anchor.js';
import { readExecPlan } from './exec-plan.js';
import { parseAnchorSpec } from '../report/anchor.js';
import type { ProgramOptions } from '../lint/program.js';

/** A command line in a config: one string, split into words as a shell would (no expansion), or the words. */
export type ConfigCommand = string | readonly string[];

/** What a config file holds (every key optional). */
export interface AoiConfig {
  /** The tool's command line, e.g. `"node dist/cli.js"` (`aoi-testkit lint` with no `--` lints it). */
  program?: ConfigCommand;
  /** Run once, in machine mode, into the state every probe starts a copy of (`--setup`). */
  setup?: readonly ConfigCommand[];
  /** Commands to probe besides those capabilities lists (`--invoke`). */
  invocations?: readonly ConfigCommand[];
  /** Read-only commands run before and after each mutating probe (`--observe`). */
  observe?: readonly ConfigCommand[];
  /** Set for every run (`--env NAME=VALUE`; values are never printed). */
  env?: Readonly<Record<string, string>>;
  /** Judge these specs (`--spec`; `all` for every one). */
  specs?: readonly (LiveSpecId | 'all')[];
  /** Judge only these rules (`--only`). */
  only?: readonly string[];
  /** Warnings fail their rule too (`--strict`). */
  strict?: boolean;
  /** Per run, in milliseconds (`--timeout-ms`). */
  timeoutMs?: number;
  /** Per run, stdout plus stderr (`--max-output-bytes`). */
  maxOutputBytes?: number;
  /** What selects machine mode (`--machine-flag`; `""` or `[]` for a JSONL-only tool). */
  machineFlag?: ConfigCommand;
  /** The discovery command (`--schema-command`). */
  schemaCommand?: ConfigCommand;
  /** `false`: probes keep the caller's HOME, XDG directories and TMPDIR (`--caller-home`). */
  sandboxHome?: boolean;
  /** Report writes outside the probe's sandbox (`--watch-outside`). */
  watchOutside?: boolean;
  /** A JSON exec plan file (`--exec-plan`), relative to the config file. */
  execPlan?: string;
  /** What prints the dispatch manifest (`--exec-manifest`). */
  execManifest?: ConfigCommand;
  /** `--exec-envelope`. */
  execEnvelope?: EnvelopeReading;
  /** `--exec-failure`. */
  execFailure?: FailureReading;
  /** The Agent Application package (`--app-dir`), relative to the config file. */
  appDir?: string;
  /** `--app-setup`. */
  appSetup?: readonly ConfigCommand[];
  /** `--app-read`. */
  appRead?: ConfigCommand;
  /** `--app-human` (`""` or `[]`: none). */
  appHuman?: ConfigCommand;
  /**
   * Where SARIF and annotations place findings with no file of their own (`--sarif-location FILE[:LINE]`), the file
   * relative to the config file.
   */
  sarifLocation?: string;
}

/** A config as read: the file it came from, the program (anchored at the file's directory) and lintProgram's options. */
export interface LoadedConfig {
  /** The file (for a package.json key, the package.json). */
  readonly file: string;
  /** The program's command line, its relative paths made absolute from the config's directory. */
  readonly program: readonly string[] | undefined;
  /** `lintProgram`'s options the config sets (only those). */
  readonly options: ProgramOptions;
  /** `sarifLocation`, its file made absolute (`/repo/package.json:3`): a reporting option, not the lint's. */
  readonly sarifLocation?: string;
}

/** A config that cannot be used: which file, which key (absent when the file as a whole is at fault), and why. */
export class ConfigError extends Error {
  /** 66: the file named by `--config` does not exist; 65: it exists and is not a valid config. */
  readonly exitCode: 65 | 66;
  constructor(
    readonly file: string,
    readonly key: string | undefined,
    readonly reason: string,
    exitCode: 65 | 66 = 65,
  ) {
    super(`${file}${key === undefined ? '' : `: ${key}`}: ${reason}`);
    this.name = 'ConfigError';
    this.exitCode = exitCode;
  }
}

/**
 * Whether a config found by searching applies to the program being linted: a config describes its own program (its
 * setup, invocations and plans are that tool's), so it applies when it names no program, when no program is given
 * (the config's is linted), or when the program given is its own, word by word, a word that names a path compared
 * as resolved from `cwd`. A test that lints some other program (a fake, a fixture) gets none of it. A config chosen
 * explicitly (`--config`, `{ config: FILE }`) always applies.
 */
export function configAppliesTo(
  config: LoadedConfig,
  program: readonly string[] | undefined,
  cwd: string = process.cwd(),
): boolean {
  const own = config.program;
  if (own === undefined || program === undefined) return true;
  return (
    own.length === program.length &&
    own.every((word, i) => word === program[i] || word === resolve(cwd, program[i]!))
  );
}

/** The config file names, in the order each directory is searched; then package.json's `"aoi-testkit"` key. */
export const CONFIG_FILES = [
  'aoi-testkit.config.js',
  'aoi-testkit.config.mjs',
  'aoi-testkit.config.cjs',
  'aoi-testkit.config.json',
] as const;

/** The package.json key that may hold the config. */
export const PACKAGE_JSON_KEY = 'aoi-testkit';

/** A typed config for `aoi-testkit.config.js` (it returns its argument). */
export function defineConfig(config: AoiConfig): AoiConfig {
  return config;
}

/** The config file that applies in `cwd`: the nearest directory upward with a config file or a package.json key. */
export function findConfigFile(cwd: string = process.cwd()): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    for (const name of CONFIG_FILES) if (isFile(join(dir, name))) return join(dir, name);
    const pkg = join(dir, 'package.json');
    if (isFile(pkg) && packageKey(pkg) !== undefined) return pkg;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Read the config: `file` when given (it must exist), else the one findConfigFile finds from `cwd` (none:
 * undefined). Throws a ConfigError naming the file and the key at fault.
 */
export async function loadConfig(
  options: { cwd?: string; file?: string } = {},
): Promise<LoadedConfig | undefined> {
  const cwd = options.cwd ?? process.cwd();
  const file = options.file === undefined ? findConfigFile(cwd) : resolve(cwd, options.file);
  if (file === undefined) return undefined;
  if (options.file !== undefined && !isFile(file))
    throw new ConfigError(
      options.file,
      undefined,
      existsSync(file) ? 'not a file' : 'no such file',
      66,
    );
  const raw = await readConfig(file);
  return { file, ...normalise(file, raw) };
}

async function readConfig(file: string): Promise<unknown> {
  const name = basename(file);
  if (name === 'package.json') return packageKey(file, true);
  if (name.endsWith('.json')) return parseJson(file);
  let module: { default?: unknown };
  try {
    module = await importFile(file);
  } catch (error) {
    throw new ConfigError(file, undefined, `cannot be loaded: ${firstLine(error)}`);
  }
  const value = await module.default;
  if (value === undefined)
    throw new ConfigError(file, undefined, 'has no default export (export default { … })');
  return value;
}

/**
 * Node's own import(), out of the bundler's reach: in the CommonJS build the bundler turns a written import() into a
 * require() of the URL, which cannot load an ES module config.
 */
const nativeImport = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<{ default?: unknown }>;

/**
 * A JavaScript config, loaded by Node itself: import(); where the host gives no import() (jest's CommonJS sandbox),
 * Node's own require, which loads ES modules too since Node 20.19.
 */
async function importFile(file: string): Promise<{ default?: unknown }> {
  try {
    return await nativeImport(pathToFileURL(file).href);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING') throw error;
  }
  const loaded = createRequire(file)(file) as Record<string | symbol, unknown>;
  // An ES module's namespace has its default export; a CommonJS config's exports are the config (module.exports = {…}).
  return loaded[Symbol.toStringTag] === 'Module' || loaded.__esModule === true
    ? loaded
    : { default: loaded };
}

function parseJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(file, undefined, `cannot be read: ${firstLine(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ConfigError(file, undefined, `is not JSON: ${firstLine(error)}`);
  }
}

/** package.json's `"aoi-testkit"` value (undefined when absent; `strict`: a broken package.json is an error). */
function packageKey(file: string, strict = false): unknown {
  try {
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> | null;
    return pkg !== null && typeof pkg === 'object' ? pkg[PACKAGE_JSON_KEY] : undefined;
  } catch (error) {
    if (strict) throw new ConfigError(file, undefined, `is not JSON: ${firstLine(error)}`);
    return undefined;
  }
}

const KEYS: ReadonlySet<string> = new Set<keyof AoiConfig>([
  'program',
  'setup',
  'invocations',
  'observe',
  'env',
  'specs',
  'only',
  'strict',
  'timeoutMs',
  'maxOutputBytes',
  'machineFlag',
  'schemaCommand',
  'sandboxHome',
  'watchOutside',
  'execPlan',
  'execManifest',
  'execEnvelope',
  'execFailure',
  'appDir',
  'appSetup',
  'appRead',
  'appHuman',
  'sarifLocation',
]);

/** Checks every key of a raw config and turns it into lintProgram's options. */
function normalise(
  file: string,
  raw: unknown,
): {
  program: readonly string[] | undefined;
  options: ProgramOptions;
  sarifLocation?: string;
} {
  const where = file.endsWith('package.json') ? `"${PACKAGE_JSON_KEY}"` : undefined;
  const fail = (key: string | undefined, reason: string): never => {
    throw new ConfigError(
      file,
      where === undefined ? key : key === undefined ? where : `${where}.${key}`,
      reason,
    );
  };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    fail(undefined, `must be an object of options, got ${describe(raw)}`);
  const config = raw as Record<string, unknown>;
  for (const key of Object.keys(config))
    if (!KEYS.has(key))
      fail(key, `unknown key (the keys: ${[...KEYS].join(', ')}; see docs/guides/config.md)`);
  const dir = dirname(file);

  const words = (key: string, value: unknown, allowEmpty = false): string[] => {
    let argv: string[] | undefined;
    if (typeof value === 'string') {
      try {
        argv = shellWords(value);
      } catch (error) {
        fail(key, (error as Error).message);
      }
    } else if (Array.isArray(value) && value.every((w) => typeof w === 'string'))
      argv = [...(value as string[])];
    else
      fail(key, `expected a command line (a string, or a list of words), got ${describe(value)}`);
    if (argv!.length === 0 && !allowEmpty) fail(key, 'is an empty command line');
    return argv!;
  };
  const lines = (key: string, value: unknown): string[][] => {
    if (!Array.isArray(value))
      fail(key, `expected a list of command lines, got ${describe(value)}`);
    return (value as unknown[]).map((line, i) => words(`${key}[${i}]`, line));
  };
  const bool = (key: string, value: unknown): boolean =>
    typeof value === 'boolean'
      ? value
      : fail(key, `expected true or false, got ${describe(value)}`);
  const int = (key: string, value: unknown, [min, max]: [number, number]): number =>
    Number.isInteger(value) && (value as number) >= min && (value as number) <= max
      ? (value as number)
      : fail(key, `expected an integer from ${min} to ${max}, got ${describe(value)}`);
  const oneOf = <T extends string>(key: string, value: unknown, allowed: readonly T[]): T =>
    allowed.includes(value as T)
      ? (value as T)
      : fail(key, `expected one of ${allowed.join(', ')}, got ${describe(value)}`);
  const text = (key: string, value: unknown): string =>
    typeof value === 'string' && value !== ''
      ? value
      : fail(key, `expected a path, got ${describe(value)}`);

  const options: Record<string, unknown> = {};
  let program: string[] | undefined;
  let sarifLocation: string | undefined;
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    switch (key as keyof AoiConfig) {
      case 'program': {
        const [first, ...rest] = words(key, value);
        program = anchorCommandLine(first!, rest, dir).flat();
        break;
      }
      case 'setup':
      case 'invocations':
      case 'observe':
      case 'appSetup':
        options[key] = lines(key, value);
        break;
      case 'machineFlag':
      case 'appHuman':
        options[key] = words(key, value, true);
        break;
      case 'schemaCommand':
      case 'execManifest':
      case 'appRead':
        options[key] = words(key, value);
        break;
      case 'env': {
        if (value === null || typeof value !== 'object' || Array.isArray(value))
          fail(key, `expected an object of NAME: value, got ${describe(value)}`);
        for (const [name, v] of Object.entries(value as Record<string, unknown>))
          if (typeof v !== 'string')
            fail(`${key}.${name}`, `expected a string, got ${describe(v)}`);
        options.env = { ...(value as Record<string, string>) };
        break;
      }
      case 'specs': {
        if (!Array.isArray(value)) fail(key, `expected a list of specs, got ${describe(value)}`);
        options.specs = liveSpecsOf(
          (value as unknown[]).map((spec, i) =>
            oneOf(`${key}[${i}]`, spec, [...LIVE_SPEC_IDS, 'all'] as const),
          ),
        );
        break;
      }
      case 'only': {
        if (!Array.isArray(value)) fail(key, `expected a list of rule ids, got ${describe(value)}`);
        (value as unknown[]).forEach((id, i) => {
          if (typeof id !== 'string' || !isRuleId(id))
            fail(
              `${key}[${i}]`,
              `not a rule id (AOI-nn, CMDHELP-nn, EXEC-nn, APP-nn): ${describe(id)}`,
            );
        });
        options.only = [...(value as string[])];
        break;
      }
      case 'strict':
      case 'watchOutside':
      case 'sandboxHome':
        options[key] = bool(key, value);
        break;
      case 'timeoutMs':
        options[key] = int(key, value, [100, 3_600_000]);
        break;
      case 'maxOutputBytes':
        options[key] = int(key, value, [1024, 1_073_741_824]);
        break;
      case 'execEnvelope':
        options[key] = oneOf(key, value, ['either', 'meta', 'top-level'] as const);
        break;
      case 'execFailure':
        options[key] = oneOf(key, value, ['either', 'stops', 'one-in-one-out'] as const);
        break;
      case 'appDir': {
        const path = resolve(dir, text(key, value));
        if (!isDirectory(path)) fail(key, `${String(value)}: not a directory`);
        options.appDir = path;
        break;
      }
      case 'execPlan':
        try {
          options.execPlan = readExecPlan(resolve(dir, text(key, value)));
        } catch (error) {
          if (error instanceof ConfigError) throw error;
          fail(key, (error as Error).message.replace('--exec-plan ', ''));
        }
        break;
      case 'sarifLocation': {
        const { file: path, line } = parseAnchorSpec(text(key, value));
        if (!isFile(resolve(dir, path)))
          fail(
            key,
            `${String(value)}: no such file (name a file of the checkout, e.g. package.json or README.md:12)`,
          );
        sarifLocation = `${resolve(dir, path)}:${line}`;
        break;
      }
    }
  }
  return {
    program,
    options: options as ProgramOptions,
    ...(sarifLocation !== undefined ? { sarifLocation } : {}),
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 60));
  return String(value);
}

/** An error's first line, no stack. */
function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!;
}
