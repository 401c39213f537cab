import type { CheckExecOptions, ExecReport } from '../lint/exec/index.js';
import type { MatcherResult, MatcherState } from './context.js';
import { formatFindings, hint } from './format.js';

/** What the matcher accepts: `[program, ...args]` or `{ command, args }`. */
export type ExecReceived = readonly string[] | { command: string; args?: readonly string[] };

type ExecModule = typeof import('../lint/exec/index.js');

/** The live checker, loaded on first use, so that registering the matchers stays cheap. */
const loadChecker = (): Promise<ExecModule> => import('../lint/exec/index.js');

function argvOf(received: unknown): { command: string; args: readonly string[] } {
  if (
    Array.isArray(received) &&
    received.length > 0 &&
    received.every((part) => typeof part === 'string')
  )
    return { command: received[0] as string, args: received.slice(1) as string[] };
  if (
    received &&
    typeof received === 'object' &&
    typeof (received as { command?: unknown }).command === 'string'
  ) {
    const { command, args = [] } = received as { command: string; args?: readonly string[] };
    return { command, args };
  }
  throw new TypeError('toSupportExecDispatch: expected [program, ...args] or { command, args }');
}

/**
 * The CLI's `exec` batch dispatch passes EXEC-01…11: one envelope per line with `_cmd` and `_line`, exit
 * 0/1/2, --ignore-errors, --dry-run forwarded (judged by the state), `_opts`, --input-file, no pipe
 * deadlock, no process per line. Async: it starts processes. `options.plan` says which lines to send
 * (default: a plan built from the manifest's safe commands, which leaves EXEC-08's state half and EXEC-09 skipped).
 *
 * @example await expect(['node', 'dist/cli.js']).toSupportExecDispatch({ plan: MY_EXEC_PLAN })
 */
export async function toSupportExecDispatch(
  this: MatcherState | void,
  received: unknown,
  options: CheckExecOptions = {},
): Promise<MatcherResult & { report?: ExecReport }> {
  const state = this || undefined;
  const { command, args } = argvOf(received);
  const { checkExec } = await loadChecker();
  const report = await checkExec(command, args, options);
  const failed = report.verdicts.filter((v) => v.status === 'fail');
  const judged = report.verdicts.filter((v) => v.status === 'pass' || v.status === 'fail');
  const skipped = report.verdicts
    .filter((v) => v.status === 'skip')
    .map((v) => `${v.rule} (${v.reason})`);
  const cli = [command, ...args].join(' ');
  return {
    pass: report.ok,
    report,
    message: () =>
      report.ok
        ? `${hint(state, 'toSupportExecDispatch', '{…}')}\n\nExpected ${cli} to break an EXEC rule, but all ${judged.length} judged rule(s) passed${skipped.length ? `; skipped: ${skipped.join(', ')}` : ''}.`
        : `${hint(state, 'toSupportExecDispatch', '{…}')}\n\nExpected ${cli} to support exec batch dispatch, but ${failed.length} rule(s) failed: ${failed.map((v) => v.rule).join(', ')}.\n\n${formatFindings(report.findings, report.verdicts)}`,
  };
}
