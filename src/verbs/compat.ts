/**
 * `contract` and `compat` as library calls: a contract read from a file or recorded from a program now (a program
 * that cannot start, or offers nothing to record, is one error), two of them compared, and the new one accepted
 * over the base file.
 */
import { closeSync, existsSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { InputError, ioReason } from '../errors.js';
import { readInputFile } from '../read-file.js';
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
import { timedView, type ReportView } from '../report/view.js';
import type { Contract } from '../spec/compat/contract.js';
import { sanitise } from '../stream/sanitise.js';

/** A command line to record: the program and its arguments, anchored to the caller's directory. */
export interface Program {
  readonly command: string;
  readonly args: readonly string[];
}

/** One side of a comparison: a contract file, or a command line recorded now. */
export type ContractSide = { readonly file: string } | { readonly program: Program };

/** Whether `--base PATH` names a contract file: a `.json` name, or a file that exists and is not a program. */
export const isContractPath = (path: string): boolean =>
  /\.json$/i.test(path) || (existsSync(path) && !isProgramFile(path));

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

/** A contract file: read and checked, or one clear error (66 missing, 65 not a contract). */
export function readContractFile(file: string, flag: string): Contract {
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
export async function recordProgram(
  program: Program,
  options: RecordContractOptions,
): Promise<Contract> {
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

/** Both sides read or recorded (side by side), and compared: the report's view, and the head's contract. */
export async function compareSides(
  base: ContractSide,
  head: ContractSide,
  options: { strict: boolean; recording: RecordContractOptions },
): Promise<{ view: Extract<ReportView, { verb: 'compat' }>; head: Contract }> {
  const started = performance.now();
  const load = (side: ContractSide, flag: string) =>
    'file' in side
      ? readContractFile(side.file, flag)
      : recordProgram(side.program, options.recording);
  const [before, now] = await Promise.all([load(base, '--base'), load(head, '--head')]);
  const report = compareContracts(before, now, { strict: options.strict });
  const names = {
    base: 'file' in base ? base.file : label(base.program),
    head: 'file' in head ? head.file : label(head.program),
  };
  return {
    // Every verdict rests on both sides: each judged one has the time it took to read or record them and compare.
    view: timedView(
      { verb: 'compat', target: `${names.base} → ${names.head}`, report, compared: names },
      performance.now() - started,
    ),
    head: now,
  };
}

/** `--accept`: the head's contract written over the base file (73 when it cannot be). */
export function acceptContract(file: string, head: Contract): void {
  try {
    writeFileSync(file, formatContract(head));
  } catch (error) {
    throw new InputError(
      `--accept: cannot write ${file}: ${ioReason(error)}`,
      'io',
      'CONTRACT_NOT_WRITTEN',
      73,
    );
  }
}
