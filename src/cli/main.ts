import { parseArgs } from 'node:util';
import { SCHEMA_VERSION, TOOL_VERSION } from '../report/meta.js';
import type { Emitter } from './emitter.js';
import { exitWith, runVerb } from './entry.js';
import { parseOptions, VERBS, type VerbName } from './surface.js';
import { HELP, UsageError } from './usage.js';
import { nearestOf } from '../nearest.js';

/** The kit's CLI: human text by default, AOI JSONL with --output jsonl. Returns the exit status. */
export async function main(argv: string[]): Promise<number> {
  return runVerb(argv, async (emitter, machine) => {
    const [verb, ...rest] = argv;
    if (verb === undefined) {
      process.stderr.write(HELP);
      return 64;
    }
    if (verb === '--help' || verb === '-h') {
      process.stdout.write(HELP);
      return 0;
    }
    // A fake's arguments are the fake's: its own --schema-version is its business, not the kit's. Every other
    // verb, help included, refuses a version of the kit's events that does not exist.
    if (verb !== 'fake') negotiateSchemaVersion(rest);
    // cmdhelp v0.1: `help …`, the capability bit, and `<verb> --help --format F` (help.ts).
    if (verb === 'help' || verb === '--cmdhelp-capabilities' || asksFormattedHelp(verb, rest)) {
      const words = asksFormattedHelp(verb, rest)
        ? [verb, ...rest]
        : verb === 'help'
          ? rest
          : ['--capabilities'];
      try {
        return (await import('./help.js')).runHelp(words);
      } catch (error) {
        throw withFlagHint('help', error);
      }
    }
    // `<verb> --help` / `-h`: that verb's help, exit 0 (the kit's own flags only: not a linted program's, not a fake's after its preset).
    if (asksVerbHelp(verb, rest)) return (await import('./help.js')).runHelp([verb]);
    if (verb === '--version' || verb === '-v') {
      process.stdout.write(`aoi-testkit ${TOOL_VERSION}\n`);
      return 0;
    }
    if (verb === 'fake') return await (await import('./fake.js')).runFake(rest);
    if (!Object.hasOwn(RUN, verb)) {
      const nearest = nearestOf(verb, Object.keys(VERBS));
      throw new UsageError(
        `unknown command "${verb}"${nearest ? `; did you mean "${nearest}"?` : ''} (aoi-testkit --help lists the commands)`,
      );
    }
    const name = verb as RunVerb;
    // One handler for every verb that runs: end the processes and temp dirs the kit started, exit 130/143.
    // scenarios --run lints the corpus's fakes in memory, in temp dirs of its own.
    if (CLEANS_UP.has(name) || (name === 'scenarios' && rest.includes('--run'))) {
      const { onInterrupt } = await import('../run/interrupt.js');
      const { partialReport } = await import('./partial.js');
      // exec's stdout is its envelopes, one per line as they happen: no AOI stream is appended to it.
      onInterrupt((signal) =>
        partialReport(verb, signal, machine && verb !== 'exec' ? emitter : undefined),
      );
    }
    try {
      return await RUN[name](rest, emitter);
    } catch (error) {
      throw withFlagHint(name, error);
    }
  });
}

/** parseArgs' `Unknown option '--repoter'. To specify a positional…` as the kit says it, with the nearest flag. */
function withFlagHint(verb: VerbName, error: unknown): unknown {
  const unknown = error instanceof UsageError && /Unknown option '([^']+)'/.exec(error.message);
  if (!unknown) return error;
  const flag = unknown[1]!;
  const flags = Object.keys(parseOptions(verb)).map((name) => `--${name}`);
  const nearest = flag.startsWith('--')
    ? nearestOf(
        flag.slice(2),
        flags.map((f) => f.slice(2)),
      )
    : undefined;
  return new UsageError(
    `${verb}: unknown flag ${flag}${nearest ? `; did you mean --${nearest}?` : ''} (aoi-testkit help ${verb} lists its flags${verb === 'lint' ? "; the program's own arguments go after --" : ''})`,
  );
}

/** The verbs main() runs through RUN (help and fake are answered before: their words are their own). */
type RunVerb = Exclude<VerbName, 'help' | 'fake'>;

/**
 * How each verb runs: its module loaded on demand (--help and --version must not pay for the checker and ajv),
 * its arguments parsed there, the library called, the report rendered. A verb of the table without an entry here
 * does not compile.
 */
const RUN: Readonly<Record<RunVerb, (args: string[], emitter: Emitter) => Promise<number>>> = {
  check: async (args, emitter) => {
    const check = await import('./check.js');
    return check.runCheck(check.parseCheckArgs(args), emitter);
  },
  lint: async (args, emitter) => {
    const lint = await import('./lint.js');
    return lint.runLint(lint.parseLintArgs(args), emitter);
  },
  consumer: async (args, emitter) => {
    const consumer = await import('./consumer.js');
    return consumer.runConsumer(consumer.parseConsumerArgs(args), emitter);
  },
  runner: async (args, emitter) => {
    const runner = await import('./runner.js');
    return runner.runRunner(runner.parseRunnerArgs(args), emitter);
  },
  scenarios: async (args, emitter) => (await import('./scenarios.js')).runScenarios(args, emitter),
  manifest: async (args, emitter) => {
    const manifest = await import('./manifest.js');
    return manifest.runManifest(manifest.parseManifestArgs(args), emitter);
  },
  schema: (args) => discovery('schema', args),
  capabilities: (args) => discovery('capabilities', args),
  exec: async (args) => (await import('./exec.js')).runExec(args),
  contract: async (args) => {
    const compat = await import('./compat.js');
    return compat.runContract(compat.parseContractArgs(args));
  },
  compat: async (args, emitter) => {
    const compat = await import('./compat.js');
    return compat.runCompat(compat.parseCompatArgs(args), emitter);
  },
  'merge-reports': async (args, emitter) =>
    (await import('./merge-reports.js')).runMergeReports(args, emitter),
};

/** The verbs that start processes or temp dirs, which an interrupt must end (scenarios only with --run). */
const CLEANS_UP: ReadonlySet<RunVerb> = new Set([
  'check',
  'lint',
  'exec',
  'consumer',
  'contract',
  'compat',
  'runner',
]);

/**
 * `--schema-version V` selects the version of the kit's own output (AOI-CLI §5.1): only 1 exists, so
 * anything else is a usage error. Removed from the verb's arguments (never from a linted program's).
 */
function negotiateSchemaVersion(args: string[]): void {
  const end = args.includes('--') ? args.indexOf('--') : args.length;
  for (let i = 0; i < end; i++) {
    const [flag, inline] = args[i]!.split(/=(.*)/s, 2);
    if (flag !== '--schema-version') continue;
    const value = inline ?? args[i + 1];
    if (
      value === undefined ||
      value.replace(/^v/i, '').split('.')[0] !== SCHEMA_VERSION.split('.')[0]
    ) {
      throw new UsageError(
        `--schema-version ${value ?? '(missing)'} is not supported (supported: ${SCHEMA_VERSION})`,
      );
    }
    args.splice(i, inline === undefined ? 2 : 1);
    return negotiateSchemaVersion(args);
  }
}

/** `schema --output json` and `capabilities --output json`: one JSON document, no network, no state (§3, §17). */
async function discovery(verb: 'schema' | 'capabilities', args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, strict: true, options: parseOptions(verb) }));
  } catch (error) {
    throw new UsageError(`${verb}: ${(error as Error).message}`);
  }
  const format = values.output ?? values.format ?? 'json';
  if (format !== 'json')
    throw new UsageError(`${verb} prints one JSON document: --output json, got "${format}"`);
  const { capabilities, eventSchema } = await import('./discovery.js');
  process.stdout.write(`${JSON.stringify(verb === 'schema' ? eventSchema() : capabilities())}\n`);
  return 0;
}

/** `<verb> --help --format F` (cmdhelp §3 parity): --help and --format before any `--` (for fake and help: --help first). */
function asksFormattedHelp(verb: string, rest: readonly string[]): boolean {
  const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  const help =
    verb === 'fake' || verb === 'help'
      ? rest[0] === '--help' || rest[0] === '-h'
      : own.includes('--help') || own.includes('-h');
  return help && own.some((a) => a === '--format' || a.startsWith('--format='));
}

const isHelpFlag = (arg: string | undefined) => arg === '--help' || arg === '-h';

/** `--help`/`-h` among a verb's own arguments: before `--` (lint), or first (fake, whose later words are the fake's; help, whose words are commands). */
function asksVerbHelp(verb: string, rest: readonly string[]): boolean {
  if (!Object.hasOwn(VERBS, verb)) return false;
  if (verb === 'fake' || verb === 'help')
    return isHelpFlag(rest[0]) && (verb === 'fake' || rest.length === 1);
  const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  return own.some(isHelpFlag);
}

exitWith(main(process.argv.slice(2)));
