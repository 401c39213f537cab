/** `manifest` as a library call: an AGENT-CLI.md (AIP-45) from a file or stdin, validated into the report's view. */
import { validateAgentCliManifest } from '../agents.js';
import { InputError, ioReason, UsageError } from '../errors.js';
import { readInputFile } from '../read-file.js';
import { locateFindings, timedView, type ReportView } from '../report/view.js';

export interface ManifestOptions {
  /** The AGENT-CLI.md to read; undefined or `-`: stdin. */
  readonly file: string | undefined;
  readonly strict: boolean;
}

/** A manifest is a small file; anything past this is not one (and must not exhaust memory). */
const MAX_INPUT_BYTES = 16 << 20;

/** Validate an AGENT-CLI.md: its report's view, each finding with a line placed in the file. */
export async function validateManifest(
  options: ManifestOptions,
  stdin: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
): Promise<ReportView> {
  const started = performance.now();
  const text = await readInput(options.file, stdin);
  const path = options.file === undefined || options.file === '-' ? undefined : options.file;
  const report = validateAgentCliManifest(text, {
    ...(path !== undefined ? { path } : { noDirectory: 'read from stdin' }),
    strict: options.strict,
  });
  return timedView(
    {
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
    },
    performance.now() - started,
  );
}

async function readInput(
  file: string | undefined,
  stdin: NodeJS.ReadableStream & { isTTY?: boolean },
): Promise<string> {
  if (file === undefined || file === '-') {
    if (stdin.isTTY)
      throw new UsageError(
        'no manifest given: pass a FILE (an AGENT-CLI.md), or pipe one into `aoi-testkit manifest -`',
      );
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stdin as AsyncIterable<Buffer>) {
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
