/**
 * `aoi-testkit contract` (record what a tool promises, from its discovery) and `aoi-testkit compat` (compare it
 * with a release before it). This file parses the verbs' arguments and says what was (not) recorded or accepted;
 * verbs/compat.ts reads, records, compares and accepts; report/ renders the comparison.
 */
import { anchorCommandLine } from '../run/anchor.js';
import { CONTRACT_SURFACES, type ContractSurface } from '../spec/compat/contract.js';
import { formatContract, type RecordContractOptions } from '../lint/contract/index.js';
import {
  acceptContract,
  compareSides,
  isContractPath,
  recordProgram,
  type ContractSide,
  type Program,
} from '../verbs/compat.js';
import { sanitise } from '../stream/sanitise.js';
import { wantsColour } from './colour.js';
import type { Emitter } from './emitter.js';
import { deliverReport, parseReporting, type ReportingArgs } from './reporting.js';
import { shellWords } from '../shell-words.js';
import type { VerbName } from './surface.js';
import { parseProgramVerb, programFlags, UsageError, type FlagValues } from './usage.js';

interface RecordingArgs {
  readonly options: RecordContractOptions;
}

export interface ContractArgs extends RecordingArgs {
  readonly program: Program;
}

export interface CompatArgs extends RecordingArgs {
  /** A contract file, or a command line recorded now. */
  readonly base: ContractSide;
  readonly head: ContractSide;
  readonly accept: boolean;
  readonly strict: boolean;
  readonly reporting: ReportingArgs;
  readonly color: boolean;
}

function parseVerb(verb: VerbName, args: readonly string[]) {
  const { values, program } = parseProgramVerb(verb, args, true);
  const [command, ...rest] = program ?? [];
  return { values, program: command === undefined ? undefined : programOf(command, rest) };
}

/** A command line as the probes run it: paths in it anchored to the caller's directory. */
function programOf(command: string, args: readonly string[]): Program {
  const [anchored, anchoredArgs] = anchorCommandLine(command, args);
  return { command: anchored, args: anchoredArgs };
}

function recordingOptions(verb: VerbName, values: FlagValues): RecordContractOptions {
  const surfaces = ((values.surface as string[] | undefined) ?? []).flatMap((s) =>
    s.split(',').map((w) => w.trim()),
  );
  for (const s of surfaces)
    if (!(CONTRACT_SURFACES as readonly string[]).includes(s))
      throw new UsageError(
        `--surface must be ${CONTRACT_SURFACES.join(', ')}, got "${s.slice(0, 64)}"`,
      );
  return {
    ...programFlags(verb, values),
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
  const baseIsFile = isContractPath(base);
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

function splitProgram(line: string): [string, string[]] {
  const [command, ...args] = shellWords(line);
  if (command === undefined) throw new UsageError('--base needs a file or a command line');
  return [command, args];
}

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
  const { view, head } = await compareSides(args.base, args.head, {
    strict: args.strict,
    recording: args.options,
  });
  const status = deliverReport(args.reporting, view, { emitter, color: args.color });
  if (!args.accept || !('file' in args.base)) return status;
  if (status !== 0) {
    process.stderr.write(
      `aoi-testkit compat: not accepted: ${args.base.file} is left as it was (undo the break, or bump the major version that announces it)\n`,
    );
    return status;
  }
  acceptContract(args.base.file, head);
  process.stderr.write(
    `aoi-testkit compat: accepted: ${sanitise(args.base.file)} is now the contract of ${sanitise(view.compared.head)}\n`,
  );
  return status;
}
