import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RuleVerdict } from '../checks/verdict.js';
import { lintCli, LintSetupError, type LintReport } from '../lint/aoi/lint.js';
import { processTarget, TargetError } from '../lint/aoi/target.js';
import { AOI_RULES } from '../spec/aoi/rules.js';
import { writeVerdicts } from './check.js';
import type { Emitter } from './emitter.js';
import { shellWords } from './shell-words.js';
import { InputError, UsageError } from './usage.js';

export interface LintArgs {
  program: string;
  programArgs: string[];
  invocations: string[][];
  setup: string[][];
  env: Record<string, string>;
  only: string[];
  output: 'text' | 'jsonl';
  strict: boolean;
  timeoutMs: number | undefined;
  color: boolean;
}

export function parseLintArgs(args: string[]): LintArgs {
  const dashes = args.indexOf('--');
  if (dashes === -1) throw new UsageError('lint needs the program after --: aoi-testkit lint [options] -- <program> [args...]');
  const [program, ...programArgs] = args.slice(dashes + 1);
  if (program === undefined) throw new UsageError('lint needs a program after --');
  let values;
  try {
    ({ values } = parseArgs({
      args: args.slice(0, dashes),
      strict: true,
      options: {
        invoke: { type: 'string', multiple: true },
        setup: { type: 'string', multiple: true },
        env: { type: 'string', multiple: true },
        only: { type: 'string', multiple: true },
        output: { type: 'string' },
        format: { type: 'string' },
        strict: { type: 'boolean' },
        'timeout-ms': { type: 'string' },
        'no-color': { type: 'boolean' },
        color: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const output = values.output ?? values.format ?? 'text';
  if (output !== 'text' && output !== 'jsonl') throw new UsageError(`--output must be text or jsonl, got "${output}"`);
  const known = new Set(AOI_RULES.map((rule) => rule.id));
  for (const rule of values.only ?? []) if (!known.has(rule)) throw new UsageError(`--only ${rule}: not a rule id (AOI-01 … AOI-13)`);
  const env: Record<string, string> = {};
  for (const pair of values.env ?? []) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`--env takes NAME=VALUE, got "${pair.split('=')[0]}…"`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  let timeoutMs: number | undefined;
  if (values['timeout-ms'] !== undefined) {
    timeoutMs = Number(values['timeout-ms']);
    if (!Number.isInteger(timeoutMs) || timeoutMs < 100) throw new UsageError(`--timeout-ms must be an integer ≥ 100, got "${values['timeout-ms']}"`);
  }
  const words = (lines: string[] | undefined, flag: string) =>
    (lines ?? []).map((line) => {
      const argv = shellWords(line);
      if (argv.length === 0) throw new UsageError(`${flag} needs a command, got an empty string`);
      return argv;
    });
  const noColor = values['no-color'] === true || (process.env.NO_COLOR ?? '') !== '';
  return {
    program,
    programArgs,
    invocations: words(values.invoke, '--invoke'),
    setup: words(values.setup, '--setup'),
    env,
    only: values.only ?? [],
    output,
    strict: values.strict ?? false,
    timeoutMs,
    color: !noColor && (values.color === true || process.stdout.isTTY === true),
  };
}

/** `aoi-testkit lint`: probe a live CLI; returns the exit status (0 conformant, 1 a rule failed). */
export async function runLint(args: LintArgs, emitter: Emitter): Promise<number> {
  const progress = args.output === 'text' ? progressLine() : undefined;
  let report: LintReport;
  try {
    report = await lintCli(processTarget(...anchored([args.program, ...args.programArgs])), {
      invocations: args.invocations,
      setup: args.setup,
      env: args.env,
      only: args.only,
      strict: args.strict,
      ...(args.timeoutMs !== undefined ? { timeoutMs: args.timeoutMs } : {}),
      ...(progress ? { onProgress: progress.update } : {}),
    });
  } catch (error) {
    if (error instanceof TargetError) throw new InputError(error.message, 'not_found', 'PROGRAM_NOT_FOUND');
    if (error instanceof LintSetupError) throw new InputError(error.message, 'validation', 'SETUP_FAILED', 65);
    throw error;
  } finally {
    progress?.done();
  }
  if (args.output === 'jsonl') writeJsonl(report, emitter);
  else process.stdout.write(renderText(report, args.color));
  return report.ok ? 0 : 1;
}

/**
 * Probes run in fresh working directories, so paths in the program's command line that exist here
 * (`node dist/cli.js`) are made absolute; everything else is passed as given.
 */
function anchored([program, ...rest]: string[]): [string, string[]] {
  const absolute = (arg: string) => (!isAbsolute(arg) && (arg.includes('/') || arg.includes('\\') || arg.includes('.')) && existsSync(arg) ? resolve(arg) : arg);
  return [program!.includes('/') ? absolute(program!) : program!, rest.map(absolute)];
}

/** Progress on stderr: one rewritten line on a terminal, a line a second otherwise. */
function progressLine() {
  const tty = process.stderr.isTTY === true;
  let last = 0;
  return {
    update({ done }: { done: number }) {
      const now = Date.now();
      if (tty) process.stderr.write(`\raoi-testkit lint: ${done} probe(s) done`);
      else if (now - last >= 1000) {
        process.stderr.write(`aoi-testkit lint: ${done} probe(s) done\n`);
        last = now;
      }
    },
    done() {
      if (tty) process.stderr.write('\r\u001b[K');
    },
  };
}

function writeJsonl(report: LintReport, emitter: Emitter): void {
  writeVerdicts(emitter, 'lint', report.ok, report.verdicts, { commands: report.commands, probes: report.probes, duration_ms: Math.round(report.durationMs) });
}

const MARK: Record<string, string> = { pass: 'ok', fail: 'FAIL', skip: 'skip', not_applicable: '-' };

/** One line per command (a cell per rule), then the failures, warnings and skips with their evidence. */
export function renderText(report: LintReport, color: boolean): string {
  const paint = (code: number, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const colour: Record<string, number> = { pass: 32, fail: 31, skip: 33, not_applicable: 90 };
  const commands = [...new Set(report.verdicts.map((v) => v.command ?? ''))];
  const width = Math.max(...commands.map((c) => c.length), 8);
  const cell = (v: RuleVerdict) => {
    const mark = v.status === 'pass' && v.warnings > 0 ? 'warn' : MARK[v.status]!;
    return paint(v.status === 'pass' && v.warnings > 0 ? 33 : colour[v.status]!, `${v.rule.slice(4)}:${mark}`.padEnd(7));
  };
  const out = [`aoi-testkit lint ${report.target}: ${report.commands.length} command(s), ${report.probes} probe(s), ${(report.durationMs / 1000).toFixed(1)} s${report.strict ? ', strict' : ''}`];
  for (const command of commands) out.push(`  ${command.padEnd(width)}  ${report.verdicts.filter((v) => v.command === command).map(cell).join(' ')}`);
  const notable = report.verdicts.filter((v) => v.status === 'fail' || v.status === 'skip' || v.warnings > 0);
  if (notable.length > 0) out.push('');
  for (const verdict of notable) {
    const label = verdict.status === 'fail' ? paint(31, 'FAIL') : verdict.status === 'skip' ? paint(33, 'SKIP') : paint(33, 'WARN');
    out.push(`  ${label}  ${verdict.rule} ${verdict.command}: ${verdict.status === 'skip' ? verdict.reason : verdict.title}`);
    for (const finding of verdict.findings.slice(0, 3)) {
      out.push(`          ${paint(90, finding.id)} ${finding.message}${finding.probe ? paint(90, `  [${finding.probe}]`) : ''}`);
      if (finding.excerpt) out.push(`            ${finding.excerpt}`);
    }
  }
  const failed = report.verdicts.filter((v) => v.status === 'fail');
  out.push(
    failed.length === 0
      ? paint(32, `conformant: ${report.verdicts.length} (rule × command) verdict(s), none failed`)
      : paint(31, `not conformant: ${failed.length} of ${report.verdicts.length} (rule × command) verdict(s) failed — see node_modules/aoi-testkit/docs/rules/<RULE-ID>.md`),
  );
  return `${out.join('\n')}\n`;
}
