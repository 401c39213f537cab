import { constants as os } from 'node:os';
import { DOCUMENT_KINDS } from '../spec/document-kinds.js';
import { checkRecorded, type CheckOptions } from '../verbs/check.js';
import { wantsColour } from './colour.js';
import type { Emitter } from './emitter.js';
import { deliverReport, parseReporting, type ReportingArgs } from './reporting.js';
import { intFlag, parseFileArgs, UsageError } from './usage.js';

export interface CheckArgs extends CheckOptions {
  reporting: ReportingArgs;
  color: boolean;
}

/** `check [FILE|-]` and its flags (the table's); a bad value is a usage error, a secret never echoed in one. */
export function parseCheckArgs(args: string[]): CheckArgs {
  const { values, file } = parseFileArgs('check', args);
  const reporting = parseReporting(values);
  const text = (key: string): string | undefined =>
    typeof values[key] === 'string' ? (values[key] as string) : undefined;
  const signal = text('signal');
  if (signal !== undefined && !Object.hasOwn(os.signals, signal))
    throw new UsageError(
      `--signal must be a signal name, one of ${Object.keys(os.signals).join(', ')}; got "${signal.slice(0, 64)}"`,
    );
  // Never echoed in an error: a secret is a secret even when it is a bad one.
  const secrets = (values.secret as string[] | undefined) ?? [];
  if (secrets.some((s) => s === '')) throw new UsageError('--secret needs a non-empty value');
  const kind = text('kind');
  if (
    kind !== undefined &&
    kind !== 'stream' &&
    !(DOCUMENT_KINDS as readonly string[]).includes(kind)
  )
    throw new UsageError(
      `--kind must be stream or one of ${DOCUMENT_KINDS.join(', ')}; got "${kind.slice(0, 64)}"`,
    );
  return {
    file,
    kind: kind as CheckArgs['kind'],
    reporting,
    unbounded: values.unbounded === true,
    strict: values.strict === true,
    exitCode: intFlag('check', 'exit-code', text('exit-code')),
    signal,
    schemaVersion: text('expect-schema-version'),
    maxLineBytes: intFlag('check', 'max-line-bytes', text('max-line-bytes')),
    secrets,
    color: wantsColour(values),
  };
}

/** `aoi-testkit check`: judge a recorded stream, or a recorded discovery document; returns the exit status. */
export async function runCheck(args: CheckArgs, emitter: Emitter): Promise<number> {
  return deliverReport(args.reporting, await checkRecorded(args), { emitter, color: args.color });
}
