import { readInputFile } from '../read-file.js';
import { validateAgentCliManifest } from '../agents.js';
import { locateFindings, type ReportView } from '../report/view.js';
import type { Emitter } from './emitter.js';
import { deliverReport, parseReporting, type ReportingArgs } from './reporting.js';
import { InputError, ioReason, parseFileArgs, UsageError } from './usage.js';

export interface ManifestArgs {
  file: string | undefined;
  reporting: ReportingArgs;
  strict: boolean;
}

/** A manifest is a small file; anything past this is not one (and must not exhaust memory). */
const MAX_INPUT_BYTES = 16 << 20;

/** `manifest [FILE|-] [--strict] [--output text|jsonl]`. */
export function parseManifestArgs(args: string[]): ManifestArgs {
  const { values, file } = parseFileArgs('manifest', args);
  return { file, reporting: parseReporting(values), strict: values.strict === true };
}

/** `aoi-testkit manifest [FILE|-]`: validate an AGENT-CLI.md (AIP-45); returns the exit status. */
export async function runManifest(args: ManifestArgs, emitter: Emitter): Promise<number> {
  const text = await readInput(args.file);
  const path = args.file === undefined || args.file === '-' ? undefined : args.file;
  const report = validateAgentCliManifest(text, {
    ...(path !== undefined ? { path } : { noDirectory: 'read from stdin' }),
    strict: args.strict,
  });
  const view: ReportView = {
    verb: 'manifest',
    target: path ?? '-',
    report,
    // Every finding with a line is a line of the manifest (AGENTCLI-01…12 judge the file itself).
    ...(path !== undefined
      ? {
          locations: locateFindings(report, (f) => ({
            uri: path,
            ...(f.line !== undefined ? { line: f.line } : {}),
          })),
        }
      : {}),
  };
  return deliverReport(args.reporting, view, { emitter, color: false });
}

async function readInput(file: string | undefined): Promise<string> {
  if (file === undefined || file === '-') {
    if (process.stdin.isTTY)
      throw new UsageError(
        'no manifest given: pass a FILE (an AGENT-CLI.md), or pipe one into `aoi-testkit manifest -`',
      );
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_INPUT_BYTES)
        throw new InputError(
          `the manifest on stdin is larger than ${MAX_INPUT_BYTES >> 20} MiB`,
          'validation',
          'INPUT_TOO_LARGE',
          65,
        );
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return readInputFile(file, MAX_INPUT_BYTES);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EFBIG')
      throw new InputError(
        `${file} is larger than ${MAX_INPUT_BYTES >> 20} MiB: not a manifest`,
        'validation',
        'INPUT_TOO_LARGE',
        65,
      );
    if (code === 'ENOENT')
      throw new InputError(`cannot read ${file}: no such file`, 'not_found', 'FILE_NOT_FOUND');
    throw new InputError(`cannot read ${file}: ${ioReason(error)}`, 'io', 'FILE_NOT_READABLE');
  }
}
