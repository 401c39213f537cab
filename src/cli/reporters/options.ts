/** The reporting flags of lint, check and manifest, parsed (light: the CLI's entry imports it before any verb runs). */
import { readBaseline, type BaselineFile } from '../baseline.js';
import { UsageError } from '../usage.js';

export const REPORTER_NAMES = [
  'text',
  'jsonl',
  'junit',
  'github',
  'markdown',
  'sarif',
  'html',
  'badge',
] as const;
export type ReporterName = (typeof REPORTER_NAMES)[number];

export interface ReporterTarget {
  readonly name: ReporterName;
  /** The file to write; undefined: stdout. */
  readonly path?: string;
}

/** `--output`/`--format` and every `--reporter NAME[=PATH]`: at most one on stdout (text when none is). */
export function parseReporters(
  output: string | undefined,
  reporters: readonly string[] = [],
): ReporterTarget[] {
  const targets: ReporterTarget[] = [];
  if (output !== undefined) {
    if (output !== 'text' && output !== 'jsonl')
      throw new UsageError(
        `--output must be text or jsonl, got "${output}" (other formats: --reporter ${REPORTER_NAMES.join('|')})`,
      );
    targets.push({ name: output });
  }
  for (const value of reporters) {
    const [name, path] = value.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!(REPORTER_NAMES as readonly string[]).includes(name))
      throw new UsageError(
        `--reporter must be ${REPORTER_NAMES.join(', ')} (with =PATH to write a file), got "${name}"`,
      );
    if (path === '') throw new UsageError(`--reporter ${name}= needs a file after the =`);
    targets.push({ name: name as ReporterName, ...(path !== undefined ? { path } : {}) });
  }
  const onStdout = targets.filter((t) => t.path === undefined);
  if (onStdout.length > 1)
    throw new UsageError(
      `only one reporter can write to stdout, got ${onStdout.map((t) => t.name).join(' and ')}; give the others a file: --reporter ${onStdout[1]!.name}=PATH`,
    );
  const paths = targets.flatMap((t) => (t.path === undefined ? [] : [t.path]));
  const twice = paths.find((p, i) => paths.indexOf(p) !== i);
  if (twice !== undefined) throw new UsageError(`two reporters write to ${twice}`);
  if (onStdout.length === 0) targets.unshift({ name: 'text' });
  return targets;
}

/** The reporter on stdout (there is always one). */
export const stdoutReporter = (targets: readonly ReporterTarget[]): ReporterName =>
  targets.find((t) => t.path === undefined)!.name;

/** The reporting flags of a verb, parsed (the baseline read now: a bad file is an error before any work). */
export interface ReportingArgs {
  readonly reporters: readonly ReporterTarget[];
  readonly baseline?: { readonly file: string; readonly data: BaselineFile };
  readonly writeBaseline?: string;
}

export function parseReporting(values: Readonly<Record<string, unknown>>): ReportingArgs {
  const text = (key: string) =>
    typeof values[key] === 'string' ? (values[key] as string) : undefined;
  const reporters = parseReporters(
    text('output') ?? text('format'),
    (values.reporter as string[] | undefined) ?? [],
  );
  const baseline = text('baseline');
  const write = text('write-baseline');
  if (write !== undefined && reporters.some((t) => t.path === write))
    throw new UsageError(`--write-baseline ${write} is also a --reporter file`);
  return {
    reporters,
    ...(baseline !== undefined
      ? { baseline: { file: baseline, data: readBaseline(baseline) } }
      : {}),
    ...(write !== undefined ? { writeBaseline: write } : {}),
  };
}
