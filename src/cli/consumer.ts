import { parseArgs } from 'node:util';
import { describeOutcome, type ConsumerReport } from '../checks/consumer/judge.js';
import { describeRuntimeOutcome, type RuntimeReport } from '../checks/consumer/judge-runtime.js';
import {
  ConsumerSetupError,
  ConsumerStartError,
  DEFAULT_CONSUMER_TIMEOUT_MS,
  consumerScenarios,
  lintConsumer,
  runtimeScenarios,
  type ConsumerMode,
} from '../lint/consumer/index.js';
import { sanitise } from '../stream/sanitise.js';
import { writeVerdicts } from './check.js';
import { GREEN, GREY, painter, RED, STATUS_COLOUR, wantsColour } from './colour.js';
import type { Emitter } from './emitter.js';
import { report as reportAll, type ReportingArgs } from './reporters/index.js';
import { parseReporting } from './reporters/options.js';
import { baselineText, findingLine, STATUS_LABELS, type ReportView } from './reporters/view.js';
import { seeRulePages } from '../report/rule-pages.js';
import { parseOptions } from './surface.js';
import { InputError, intFlag, UsageError } from './usage.js';

export interface ConsumerArgs {
  program: string;
  programArgs: string[];
  as: string | undefined;
  /** The consumer is an Agent Application runtime (RUNTIME-01…08). */
  appRuntime: boolean;
  /** The mode the stdin reader was run in (--continue-on-error, --unbounded). */
  mode: ConsumerMode;
  scenarios: string[];
  timeoutMs: number;
  reporting: ReportingArgs;
  color: boolean;
}

/** `consumer [--as NAME] [--scenario ID]... [--timeout-ms N] [--output text|jsonl] -- <command> [args...]`. */
export function parseConsumerArgs(args: string[]): ConsumerArgs {
  const dashes = args.indexOf('--');
  if (dashes === -1)
    throw new UsageError(
      'consumer needs the consumer after --: aoi-testkit consumer [--as NAME] [options] -- <command> [args...]',
    );
  const [program, ...programArgs] = args.slice(dashes + 1);
  if (program === undefined) throw new UsageError('consumer needs a command after --');
  let parsed;
  try {
    parsed = parseArgs({
      args: args.slice(0, dashes),
      strict: true,
      options: parseOptions('consumer'),
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const as = values.as as string | undefined;
  if (as !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(as))
    throw new UsageError(
      `--as must be a command name (letters, digits, ".", "_", "-"), got "${as.slice(0, 64)}"`,
    );
  const scenarios = (values.scenario as string[] | undefined) ?? [];
  const appRuntime = values['app-runtime'] === true;
  if (appRuntime && as !== undefined)
    throw new UsageError('--app-runtime and --as are two shapes: give one');
  if (values['continue-on-error'] === true && values.unbounded === true)
    throw new UsageError(
      '--continue-on-error and --unbounded are two modes: judge each in its own run',
    );
  const mode: ConsumerMode =
    values['continue-on-error'] === true
      ? 'continue-on-error'
      : values.unbounded === true
        ? 'unbounded'
        : 'default';
  if (appRuntime && mode !== 'default')
    throw new UsageError(
      '--continue-on-error and --unbounded are for stdin readers, not --app-runtime',
    );
  try {
    if (appRuntime) runtimeScenarios(scenarios);
    else consumerScenarios(as !== undefined ? 'spawn' : 'stdin', scenarios, mode);
  } catch (error) {
    throw new UsageError(`--scenario: ${(error as Error).message}`);
  }
  const timeoutMs =
    intFlag('consumer', 'timeout-ms', values['timeout-ms'] as string | undefined) ??
    DEFAULT_CONSUMER_TIMEOUT_MS;
  return {
    program,
    programArgs,
    as,
    appRuntime,
    mode,
    scenarios,
    timeoutMs,
    reporting: parseReporting(values),
    color: wantsColour(values),
  };
}

/** `aoi-testkit consumer`: run the consumer once per scenario and report CONSUMER-01…08 (RUNTIME-01…08 with --app-runtime); returns the exit status. */
export async function runConsumer(args: ConsumerArgs, emitter: Emitter): Promise<number> {
  const started = performance.now();
  let report: ConsumerReport | RuntimeReport;
  try {
    const command = [args.program, ...args.programArgs];
    report = args.appRuntime
      ? await lintConsumer(command, {
          appRuntime: true,
          scenarios: args.scenarios,
          timeoutMs: args.timeoutMs,
        })
      : await lintConsumer(command, {
          scenarios: args.scenarios,
          timeoutMs: args.timeoutMs,
          mode: args.mode,
          ...(args.as !== undefined ? { as: args.as } : {}),
        });
  } catch (error) {
    if (error instanceof ConsumerStartError) {
      if (error.code === 'ENOENT')
        throw new InputError(`${error.message}`, 'not_found', 'PROGRAM_NOT_FOUND');
      throw new InputError(error.message, 'config', 'PROGRAM_CANNOT_START', 69);
    }
    if (error instanceof ConsumerSetupError)
      throw new InputError(error.message, 'config', 'TOOL_NOT_RUN', 65);
    throw error;
  }
  const target = [args.program, ...args.programArgs].join(' ');
  const view: Omit<ReportView, 'baseline'> = {
    verb: 'consumer',
    target,
    report,
    durationMs: performance.now() - started,
  };
  const shape = args.appRuntime
    ? 'app-runtime'
    : args.as !== undefined
      ? `spawn (as ${args.as})`
      : args.mode === 'default'
        ? 'stdin'
        : `stdin, ${args.mode}`;
  return reportAll(
    args.reporting,
    view,
    {
      text: (v, color) => renderText(report, v, shape, color),
      jsonl: (v, e) =>
        writeVerdicts(v, e, 'consumer', {
          consumer: {
            shape: args.appRuntime ? 'app-runtime' : args.as !== undefined ? 'spawn' : 'stdin',
            ...(args.mode !== 'default' ? { mode: args.mode } : {}),
            ...(args.as !== undefined ? { as: args.as } : {}),
            scenarios: report.scenarios.length,
            elapsed_ms: Math.round(v.durationMs ?? 0),
          },
        }),
    },
    { emitter, color: args.color },
  );
}

/**
 * For people: a line per scenario (its status, what it must do, what the consumer did, the rules that held), then
 * each rule that failed or was skipped, with its findings.
 */
function renderText(
  report: ConsumerReport | RuntimeReport,
  view: ReportView,
  shape: string,
  color: boolean,
): string {
  const paint = painter(color);
  const out = [
    `aoi-testkit consumer ${sanitise(view.target)}: ${report.scenarios.length} scenario(s), ${shape}`,
  ];
  for (const scenario of report.scenarios) {
    const verdicts = report.verdicts.filter((v) => v.command === scenario.id);
    const status = verdicts.some((v) => v.status === 'fail')
      ? 'fail'
      : verdicts.some((v) => v.status === 'skip')
        ? 'skip'
        : 'pass';
    // The summary's `ok` is the consumer's own value: made safe to print.
    const did =
      scenario.outcome === null
        ? 'did not end (killed by the kit)'
        : sanitise(
            'must' in scenario
              ? describeOutcome(scenario.outcome)
              : describeRuntimeOutcome(
                  scenario.outcome as RuntimeReport['scenarios'][number]['outcome'] & object,
                ),
          );
    const held = verdicts.filter((v) => v.status === 'pass').map((v) => v.rule);
    const must =
      'must' in scenario
        ? `must ${scenario.must === 'succeed' ? 'succeed' : scenario.must === 'fail-closed' ? 'fail closed' : 'report and continue'}`
        : `${scenario.calls.length} call(s)${scenario.calls.length > 0 ? `: ${sanitise(scenario.calls.map((argv) => argv.join(' ')).join(' | ')).slice(0, 120)}` : ''}`;
    const facts = `${must}; did: ${did}; ${(scenario.durationMs / 1000).toFixed(1)} s${held.length > 0 ? `; held: ${held.join(', ')}` : ''}`;
    out.push(
      `  ${paint(STATUS_COLOUR[status] ?? 0, STATUS_LABELS[status])}  ${scenario.id}  ${paint(GREY, facts)}`,
    );
    for (const verdict of verdicts.filter((v) => v.status === 'fail' || v.status === 'skip')) {
      const detail = verdict.status === 'skip' ? (verdict.reason ?? '') : verdict.title;
      out.push(
        `        ${paint(STATUS_COLOUR[verdict.status] ?? 0, STATUS_LABELS[verdict.status])}  ${verdict.rule}  ${paint(GREY, detail)}`,
      );
      for (const finding of verdict.findings.slice(0, 2))
        out.push(`              ${findingLine(finding)}`);
    }
  }
  const what = shape === 'app-runtime' ? 'does its runtime duties' : 'handles AOI streams';
  const failed = [
    ...new Set(report.verdicts.filter((v) => v.status === 'fail').map((v) => v.rule)),
  ].sort();
  const seconds = ((view.durationMs ?? 0) / 1000).toFixed(1);
  out.push(
    failed.length === 0
      ? paint(
          GREEN,
          `${what}: ${report.verdicts.length} verdict(s) over ${report.scenarios.length} scenario(s), none failed (${seconds} s)`,
        )
      : paint(
          RED,
          `${what.startsWith('handles') ? 'does not handle' : 'does not do'}${what.slice(what.indexOf(' '))}: ${failed.join(', ')} failed (${seconds} s) — ${seeRulePages(failed)}`,
        ),
  );
  out.push(...baselineText(view));
  return `${out.join('\n')}\n`;
}
