import type { AppCheckOptions } from '../lint/app/application.js';
import type { MatcherResult, MatcherState } from './context.js';
import { formatFindings, hint } from './format.js';

type AppModule = typeof import('../lint/app/application.js');

/** The live checker, loaded on first use, so that registering the matchers stays cheap. */
const loadChecker = (): Promise<AppModule> => import('../lint/app/application.js');

/**
 * The directory is a conforming Agent Application (rules APP-01…15): a valid APP.md and a CLI that keeps the
 * JSON contract when run from the package root in a fresh state directory (`APP_STATE_DIR`). Async.
 *
 * @example await expect('fixtures/apps/todo').toBeAgentApplication({ setup: [['add', 'Probe item']] })
 */
export async function toBeAgentApplication(
  this: MatcherState | void,
  received: unknown,
  options: AppCheckOptions = {},
): Promise<MatcherResult> {
  const matcher = 'toBeAgentApplication';
  if (typeof received !== 'string') {
    return {
      pass: false,
      message: () =>
        `${hint(this || undefined, matcher)}\n\nExpected the path of an application package directory, received ${typeof received}.`,
    };
  }
  const { checkAgentApplication } = await loadChecker();
  const report = await checkAgentApplication(received, options);
  const pass = report.ok;
  const warnings = report.findings.filter((f) => f.severity === 'warning');
  const skipped = report.skipped ? `\n\n(${report.skipped}.)` : '';
  return {
    pass,
    message: () =>
      pass
        ? `${hint(this || undefined, matcher)}\n\nExpected ${received} not to be a conforming Agent Application, but it is (APP-01…15).${
            warnings.length > 0 ? `\n\nIts warnings:\n\n${formatFindings(warnings)}` : ''
          }`
        : `${hint(this || undefined, matcher)}\n\nExpected ${received} to be a conforming Agent Application.\n\n${formatFindings(
            report.findings.filter((f) => f.severity === 'error' || options.strict),
          )}${skipped}`,
  };
}
