/**
 * The reporting flags of every verb that reports (`--reporter NAME[=PATH]`, repeatable, `--output text|jsonl` the
 * one on stdout; `--baseline`, `--write-baseline`), parsed: files checked writable and the baseline read before any
 * work. The delivery (each reporter to its file or stdout, the exit status) is verbs/deliver.ts.
 */
import { REPORTER_NAMES, type ReporterName } from '../report/names.js';
import {
  assertWritable,
  readBaseline,
  type ReporterTarget,
  type ReportingArgs,
} from '../verbs/deliver.js';
import { UsageError } from '../errors.js';

export {
  deliverCorpusRun,
  deliverReport,
  stdoutReporter,
  type ReporterTarget,
  type ReportingArgs,
} from '../verbs/deliver.js';

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
  // A file that cannot be written is said before the work, not after every probe ran.
  for (const target of reporters)
    if (target.path !== undefined)
      assertWritable(target.path, `--reporter ${target.name}=${target.path}: cannot write it`);
  if (write !== undefined)
    assertWritable(write, `--write-baseline ${write}: cannot write it`, 'BASELINE_NOT_WRITABLE');
  return {
    reporters,
    ...(baseline !== undefined
      ? { baseline: { file: baseline, data: readBaseline(baseline) } }
      : {}),
    ...(write !== undefined ? { writeBaseline: write } : {}),
  };
}
