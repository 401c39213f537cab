import { access, constants, readFile, stat } from 'node:fs/promises';
import { validateAgentCliManifest } from '../checks/agentcli/manifest.js';
import type { RuleVerdict } from '../checks/verdict.js';
import { checkEvent, writeVerdicts } from './check.js';
import type { Emitter } from './emitter.js';
import type { Finding } from '../stream/finding.js';
import { report as reportAll, type ReportingArgs } from './reporters/index.js';
import { baselineText, statusLabel, type ReportView } from './reporters/view.js';
import { seeRulePages } from '../report/rule-pages.js';
import { InputError, ioReason, UsageError } from './usage.js';

export interface ManifestArgs {
  file: string | undefined;
  reporting: ReportingArgs;
  strict: boolean;
}

/** A manifest is a small file; anything past this is not one (and must not exhaust memory). */
const MAX_INPUT_BYTES = 16 << 20;

/** `aoi-testkit manifest [FILE|-]`: validate an AGENT-CLI.md (AIP-45); returns the exit status. */
export async function runManifest(args: ManifestArgs, emitter: Emitter): Promise<number> {
  const text = await readInput(args.file);
  const path = args.file === undefined || args.file === '-' ? undefined : args.file;
  const report = validateAgentCliManifest(text, {
    ...(path !== undefined ? { path } : { noDirectory: 'read from stdin' }),
    strict: args.strict,
  });
  const view = {
    verb: 'manifest' as const,
    target: path ?? '-',
    report,
    // Every finding with a line is a line of the manifest (AGENTCLI-01…12 judge the file itself).
    ...(path !== undefined
      ? {
          locate: (f: Finding) => ({
            uri: path,
            ...(f.line !== undefined ? { line: f.line } : {}),
          }),
        }
      : {}),
  };
  return reportAll(
    args.reporting,
    view,
    {
      text: (v) => renderText(report.verdicts, report.ok, path ?? '-', v),
      jsonl: (v, e) =>
        writeVerdicts(v, e, 'manifest', {
          manifest: { valid: report.ok, findings: report.findings.length },
        }),
    },
    { emitter, color: false },
  );
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
    await access(file, constants.R_OK);
    const info = await stat(file);
    if (info.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (info.size > MAX_INPUT_BYTES)
      throw new InputError(
        `${file} is larger than ${MAX_INPUT_BYTES >> 20} MiB: not a manifest`,
        'validation',
        'INPUT_TOO_LARGE',
        65,
      );
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new InputError(`cannot read ${file}: no such file`, 'not_found', 'FILE_NOT_FOUND');
    throw new InputError(`cannot read ${file}: ${ioReason(error)}`, 'io', 'FILE_NOT_READABLE');
  }
  return readFile(file, 'utf8');
}

function renderText(
  verdicts: readonly RuleVerdict[],
  valid: boolean,
  source: string,
  view: ReportView,
): string {
  const out = [`aoi-testkit manifest ${source}`];
  for (const verdict of verdicts) {
    const event = checkEvent(verdict);
    out.push(`  ${statusLabel(verdict)}  ${verdict.rule}  ${String(event.detail)}`);
    for (const f of verdict.findings.slice(0, 5))
      out.push(
        `          ${f.id}${f.line !== undefined ? ` line ${f.line}` : ''}${f.excerpt ? `: ${f.excerpt}` : ''}`,
      );
  }
  out.push(
    valid
      ? 'valid AGENT-CLI.md (AIP-45)'
      : `not a valid AGENT-CLI.md — ${seeRulePages(verdicts.filter((v) => v.status === 'fail').map((v) => v.rule))}`,
    ...baselineText(view),
  );
  return `${out.join('\n')}\n`;
}
