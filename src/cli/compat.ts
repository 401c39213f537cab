/**
 * `aoi-testkit contract` (record what a tool promises, from its discovery) and `aoi-testkit compat` (compare it
 * with a release before it). The recording is `recordContract`, the judgement `compareContracts`; this file parses
 * the verbs' arguments, reads and writes contract files; report/ renders the comparison.
 */
import { closeSync, existsSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readInputFile } from '../read-file.js';
import { anchorCommandLine } from '../run/anchor.js';
import { CONTRACT_SURFACES, type Contract, type ContractSurface } from '../spec/compat/contract.js';
import {
  compareContracts,
  ContractRecordError,
  formatContract,
  processTarget,
  readContract,
  recordContract,
  type RecordContractOptions,
} from '../lint/contract/index.js';
import { checkStart } from '../lint/start.js';
import { sanitise } from '../stream/sanitise.js';
import { wantsColour } from './colour.js';
import type { Emitter } from './emitter.js';
import { deliverReport, parseReporting, type ReportingArgs } from './reporting.js';
import { shellWords } from './shell-words.js';
import { parseOptions, type VerbName } from './surface.js';
import { InputError, intFlag, ioReason, UsageError } from './usage.js';

type Values = Record<string, string | string[] | boolean | undefined>;

/** A command line to record: the program and its arguments, anchored to the caller's directory. */
interface Program {
  readonly command: string;
  readonly args: readonly string[];
}

interface RecordingArgs {
  readonly options: RecordContractOptions;
}

export interface ContractArgs extends RecordingArgs {
  readonly program: Program;
}

export interface CompatArgs extends RecordingArgs {
  /** A contract file, or a command line recorded now. */
  readonly base: { file: string } | { program: Program };
  readonly head: { file: string } | { program: Program };
  readonly accept: boolean;
  readonly strict: boolean;
  readonly reporting: ReportingArgs;
  readonly color: boolean;
}

/** Flags whose value is itself a flag (`--machine-flag "--format jsonl"`), which parseArgs would take for a missing value. */
const DASH_VALUED = ['--machine-flag'];

function parseVerb(verb: VerbName, args: readonly string[]) {
  const dashes = args.indexOf('--');
  const own = dashes === -1 ? args : args.slice(0, dashes);
  const joined: string[] = [];
  for (let i = 0; i < own.length; i++)
    joined.push(
      DASH_VALUED.includes(own[i]!) && i + 1 < own.length ? `${own[i]}=${own[++i]}` : own[i]!,
    );
  let values: Values;
  try {
    ({ values } = parseArgs({ args: joined, strict: true, options: parseOptions(verb) }) as {
      values: Values;
    });
  } catch (error) {
    throw new UsageError(`${verb}: ${(error as Error).message}`);
  }
  const [command, ...rest] = dashes === -1 ? [] : args.slice(dashes + 1);
  return { values, program: command === undefined ? undefined : programOf(command, rest) };
}

/** A command line as the probes run it: paths in it anchored to the caller's directory. */
function programOf(command: string, args: readonly string[]): Program {
  const [anchored, anchoredArgs] = anchorCommandLine(command, args);
  return { command: anchored, args: anchoredArgs };
}

function recordingOptions(verb: VerbName, values: Values): RecordContractOptions {
  const text = (flag: string) => values[flag] as string | undefined;
  const list = (flag: string) => (values[flag] as string[] | undefined) ?? [];
  const env: Record<string, string> = {};
  for (const pair of list('env')) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`--env takes NAME=VALUE, got "${pair.split('=')[0]}…"`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const surfaces = list('surface').flatMap((s) => s.split(',').map((w) => w.trim()));
  for (const s of surfaces)
    if (!(CONTRACT_SURFACES as readonly string[]).includes(s))
      throw new UsageError(
        `--surface must be ${CONTRACT_SURFACES.join(', ')}, got "${s.slice(0, 64)}"`,
      );
  const words = (flag: string) => {
    const value = text(flag);
    if (value === undefined) return undefined;
    const argv = shellWords(value);
    if (argv.length === 0) throw new UsageError(`--${flag} needs words, got an empty string`);
    return argv;
  };
  const timeoutMs = intFlag(verb, 'timeout-ms', text('timeout-ms'));
  const maxOutputBytes = intFlag(verb, 'max-output-bytes', text('max-output-bytes'));
  const schemaCommand = words('schema-command');
  const execManifest = words('exec-manifest');
  return {
    ...(Object.keys(env).length > 0 ? { env } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxOutputBytes !== undefined ? { maxOutputBytes } : {}),
    // Empty is meaningful: an AOI-only tool needs no flag for machine mode.
    ...(text('machine-flag') !== undefined
      ? { machineFlag: shellWords(text('machine-flag')!) }
      : {}),
    ...(schemaCommand ? { schemaCommand } : {}),
    ...(execManifest ? { execManifest } : {}),
    ...(surfaces.length > 0 ? { surfaces: surfaces as ContractSurface[] } : {}),
    ...(values['caller-home'] === true ? { callerHome: true } : {}),
  };
}

/** `contract [options] -- <program> [args...]`. */
export function parseContractArgs(args: string[]): ContractArgs {
  const { values, program } = parseVerb('contract', args);
  if (program === undefined)
    throw new UsageError(
      'contract needs the program after --: aoi-testkit contract [options] -- <program> [args...]',
    );
  return { program, options: recordingOptions('contract', values) };
}

/** `compat --base FILE|"PROGRAM ARGS" [--head FILE] [--accept] [options] -- <program> [args...]`. */
export function parseCompatArgs(args: string[]): CompatArgs {
  const { values, program } = parseVerb('compat', args);
  const base = values.base as string | undefined;
  if (base === undefined || base.trim() === '')
    throw new UsageError(
      'compat needs --base: the last release’s contract file, or its command line',
    );
  const headFile = values.head as string | undefined;
  if (headFile !== undefined && program !== undefined)
    throw new UsageError('compat takes --head FILE or a program after --, not both');
  if (headFile === undefined && program === undefined)
    throw new UsageError(
      'compat needs the tool now: a program after -- (or a recorded contract, --head FILE)',
    );
  const accept = values.accept === true;
  // A path that exists is a contract file, unless it is a program (a release built to a binary of its own); anything
  // else, a command line.
  const baseIsFile = /\.json$/i.test(base) || (existsSync(base) && !isProgramFile(base));
  if (accept && !baseIsFile)
    throw new UsageError('--accept writes the --base contract file: give --base a FILE');
  return {
    base: baseIsFile ? { file: base } : { program: programOf(...splitProgram(base)) },
    head: headFile !== undefined ? { file: headFile } : { program: program! },
    accept,
    strict: values.strict === true,
    reporting: parseReporting(values),
    color: wantsColour(values),
    options: recordingOptions('compat', values),
  };
}

/** An executable file that does not hold JSON: `gostock-2.3.0`, `./release/tool`; a contract file is JSON. */
function isProgramFile(path: string): boolean {
  try {
    const stat = statSync(path);
    if (!stat.isFile() || (stat.mode & 0o111) === 0) return false;
    const head = Buffer.alloc(64);
    const fd = openSync(path, 'r');
    try {
      const read = readSync(fd, head, 0, head.length, 0);
      return !head.subarray(0, read).toString('utf8').trimStart().startsWith('{');
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

function splitProgram(line: string): [string, string[]] {
  const [command, ...args] = shellWords(line);
  if (command === undefined) throw new UsageError('--base needs a file or a command line');
  return [command, args];
}

/** A contract file: read and checked, or one clear error (66 missing, 65 not a contract). */
function readContractFile(file: string, flag: string): Contract {
  let text: string;
  try {
    text = readInputFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(
      `${flag} ${file}: ${code === 'ENOENT' ? 'no such file' : ioReason(error)}`,
      code === 'ENOENT' ? 'not_found' : 'io',
      code === 'ENOENT' ? 'FILE_NOT_FOUND' : 'FILE_NOT_READABLE',
    );
  }
  const read = readContract(text);
  if (!read.ok)
    throw new InputError(
      `${flag} ${file} is not a contract (aoi-testkit contract writes one): ${read.problems.join('; ')}`,
      'validation',
      'NOT_A_CONTRACT',
      65,
    );
  return read.contract;
}

/** Record a program's contract: a program that cannot start, or offers nothing to record, is one error (66/69). */
async function recordProgram(program: Program, options: RecordContractOptions): Promise<Contract> {
  const cannot = await checkStart(program.command, program.args, {
    ...(options.env ? { env: options.env } : {}),
    ...(options.callerHome ? { callerHome: true } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
  });
  if (cannot)
    throw new InputError(
      cannot.message,
      cannot.exitCode === 66 ? 'not_found' : 'config',
      cannot.exitCode === 66 ? 'PROGRAM_NOT_FOUND' : 'PROGRAM_CANNOT_START',
      cannot.exitCode,
    );
  try {
    return await recordContract(processTarget(program.command, program.args), options);
  } catch (error) {
    if (error instanceof ContractRecordError)
      throw new InputError(error.message, 'config', 'NO_CONTRACT', 69);
    throw error;
  }
}

const label = (program: Program) => sanitise([program.command, ...program.args].join(' '));

/** `aoi-testkit contract`: the contract on stdout; returns the exit status. */
export async function runContract(args: ContractArgs): Promise<number> {
  const contract = await recordProgram(args.program, args.options);
  process.stdout.write(formatContract(contract));
  for (const line of contract.unrecorded ?? [])
    process.stderr.write(`aoi-testkit contract: not recorded: ${sanitise(line)}\n`);
  return 0;
}

/** `aoi-testkit compat`: compare, report, and with --accept write the new contract over the base file. */
export async function runCompat(args: CompatArgs, emitter: Emitter): Promise<number> {
  const load = (side: CompatArgs['base'], flag: string) =>
    'file' in side ? readContractFile(side.file, flag) : recordProgram(side.program, args.options);
  const [base, head] = await Promise.all([load(args.base, '--base'), load(args.head, '--head')]);
  const report = compareContracts(base, head, { strict: args.strict });
  const names = {
    base: 'file' in args.base ? args.base.file : label(args.base.program),
    head: 'file' in args.head ? args.head.file : label(args.head.program),
  };
  const status = deliverReport(
    args.reporting,
    { verb: 'compat', target: `${names.base} → ${names.head}`, report, compared: names },
    { emitter, color: args.color },
  );
  if (!args.accept || !('file' in args.base)) return status;
  if (status !== 0) {
    process.stderr.write(
      `aoi-testkit compat: not accepted: ${args.base.file} is left as it was (undo the break, or bump the major version that announces it)\n`,
    );
    return status;
  }
  try {
    writeFileSync(args.base.file, formatContract(head));
  } catch (error) {
    throw new InputError(
      `--accept: cannot write ${args.base.file}: ${ioReason(error)}`,
      'io',
      'CONTRACT_NOT_WRITTEN',
      73,
    );
  }
  process.stderr.write(
    `aoi-testkit compat: accepted: ${sanitise(args.base.file)} is now the contract of ${sanitise(names.head)}\n`,
  );
  return status;
}
