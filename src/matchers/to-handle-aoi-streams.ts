import type { LintAppRuntimeOptions, LintConsumerOptions } from '../lint/consumer/index.js';
import type { MatcherResult, MatcherState } from './context.js';
import { hint } from './format.js';
import { formatScenarioFailures, programOf, type ProgramReceived } from './program.js';

/** What toHandleAoiStreams accepts: `[program, ...args]` or `{ command, args }`. */
export type ConsumerReceived = ProgramReceived;

/** The consumer linter, loaded when the matcher first runs (registering the matchers stays cheap). */
const loadLinter = (): Promise<typeof import('../lint/index.js')> => import('../lint/index.js');

/**
 * The program handles AOI streams as a consumer (CONSUMER-01…08): run once per consumer scenario, it fails
 * closed on every bad or incomplete upstream, succeeds on every good one, never counts more items than it
 * received, ends on its own and (with `as`) leaves no tool running. Async: it starts processes. Options are
 * `lintConsumer`'s: `as` (the tool name a wrapper runs), `mode` (a stdin reader run `continue-on-error` or `unbounded`), `scenarios`, `timeoutMs`, `cwd`, `env`;
 * with `appRuntime: true` the program is an Agent Application runtime, judged by RUNTIME-01…08 instead.
 *
 * @example await expect(['python3', 'wrapper.py']).toHandleAoiStreams({ as: 'notes' })
 * @example await expect(['node', 'runtime.mjs']).toHandleAoiStreams({ appRuntime: true })
 */
export async function toHandleAoiStreams(
  this: MatcherState | void,
  received: unknown,
  options: LintConsumerOptions | LintAppRuntimeOptions = {},
): Promise<MatcherResult> {
  const command = programOf('toHandleAoiStreams', received);
  const { lintConsumer } = await loadLinter();
  const report =
    options.appRuntime === true
      ? await lintConsumer(command, options)
      : await lintConsumer(command, options);
  const duty =
    options.appRuntime === true
      ? ['do its runtime duties', 'miss some runtime duty']
      : ['handle AOI streams', 'mishandle some AOI stream'];
  const failed = report.verdicts.filter((v) => v.status === 'fail');
  const name = command.join(' ');
  const args = Object.keys(options).length > 0 ? '{…}' : '';
  return {
    pass: report.ok,
    message: () =>
      report.ok
        ? `${hint(this || undefined, 'toHandleAoiStreams', args)}\n\nExpected ${name} to ${duty[1]}, but all ${report.verdicts.length} (rule × scenario) verdict(s) over ${report.scenarios.length} scenario(s) held.`
        : `${hint(this || undefined, 'toHandleAoiStreams', args)}\n\nExpected ${name} to ${duty[0]}, but ${failed.length} (rule × scenario) verdict(s) failed: ${[...new Set(failed.map((v) => v.rule))].sort().join(', ')}.\n\n${formatScenarioFailures(failed, 'consumer')}`,
  };
}
