import type { LintOptions, LintReport } from '../lint/aoi/lint.js';
import type { LintTarget } from '../lint/aoi/target.js';
import type { RuleVerdict } from '../checks/verdict.js';
import type { MatcherResult, MatcherState } from './context.js';
import { hint } from './format.js';
import { rulePage } from '../report/rule-pages.js';
import { sanitise } from '../stream/sanitise.js'; // command names come from the program's capabilities

/** What the lint matchers accept: a target, `[program, ...args]`, or `{ command, args }`. */
export type LintReceived =
  LintTarget | readonly string[] | { command: string; args?: readonly string[] };

type LintModule = typeof import('../lint/index.js');

/**
 * The linter, loaded when a lint matcher first runs, so that registering the matchers stays cheap. Its ESM-only
 * process runner (execa) is bundled into both builds, so this loads under jest's CommonJS runtime too.
 */
const loadLinter = (): Promise<LintModule> => import('../lint/index.js');

function targetOf(received: unknown, { processTarget }: LintModule): LintTarget {
  if (
    received &&
    typeof received === 'object' &&
    typeof (received as LintTarget).run === 'function'
  )
    return received as LintTarget;
  if (
    Array.isArray(received) &&
    received.length > 0 &&
    received.every((part) => typeof part === 'string')
  )
    return processTarget(received[0] as string, received.slice(1) as string[]);
  if (
    received &&
    typeof received === 'object' &&
    typeof (received as { command?: unknown }).command === 'string'
  ) {
    const { command, args = [] } = received as { command: string; args?: readonly string[] };
    return processTarget(command, args);
  }
  throw new TypeError(
    'toPassAoiLint: expected a lint target, [program, ...args] or { command, args }',
  );
}

const SHOWN = 5;

/** Each failed (rule × command): the first error finding with its evidence, fix and docs. */
function formatFailures(failed: readonly RuleVerdict[]): string {
  const shown = failed.slice(0, SHOWN).map((verdict) => {
    const finding = verdict.findings.find((f) => f.severity === 'error') ?? verdict.findings[0];
    const lines = [
      `${verdict.rule} ${sanitise(`${verdict.command}`)}: ${finding ? `${finding.id}: ${finding.message}` : verdict.title}`,
    ];
    if (finding?.probe) lines.push(`  probe: ${finding.probe}`);
    if (finding?.excerpt)
      lines.push(
        `  ${finding.line !== undefined ? `line ${finding.line}: ` : ''}${finding.excerpt}`,
      );
    if (finding) lines.push(`  fix: ${finding.fix}`);
    lines.push(`  see ${rulePage(verdict.docs)}`);
    return lines.join('\n');
  });
  if (failed.length > SHOWN)
    shown.push(`… and ${failed.length - SHOWN} more failed (rule × command) verdict(s)`);
  return shown.join('\n\n');
}

async function lintMatcher(
  state: MatcherState | undefined,
  name: string,
  received: unknown,
  options: LintOptions,
  args: string,
): Promise<MatcherResult & { report: LintReport }> {
  const linter = await loadLinter();
  const report = await linter.lintCli(targetOf(received, linter), options);
  const failed = report.verdicts.filter((v) => v.status === 'fail');
  const judged = report.verdicts.filter((v) => v.status === 'pass' || v.status === 'fail').length;
  return {
    pass: report.ok,
    report,
    message: () =>
      report.ok
        ? `${hint(state, name, args)}\n\nExpected ${report.target} to fail the AOI lint, but all ${judged} judged (rule × command) verdict(s) passed (${report.probes} probes).`
        : `${hint(state, name, args)}\n\nExpected ${report.target} to pass the AOI lint, but ${failed.length} (rule × command) verdict(s) failed: ${[...new Set(failed.map((v) => v.rule))].join(', ')}.\n\n${formatFailures(failed)}`,
  };
}

/**
 * The CLI passes every AOI-CLI v0.2 lint check (§18.2) for every command it advertises or is invoked
 * with. Async: it starts processes. Options are `lintCli`'s.
 *
 * @example await expect(['node', 'dist/cli.js']).toPassAoiLint({ invocations: [['search', 'x']] })
 */
export async function toPassAoiLint(
  this: MatcherState | void,
  received: unknown,
  options: LintOptions = {},
): Promise<MatcherResult> {
  const { pass, message } = await lintMatcher(
    this || undefined,
    'toPassAoiLint',
    received,
    options,
    Object.keys(options).length > 0 ? '{…}' : '',
  );
  return { pass, message };
}

/**
 * The CLI passes one lint rule (e.g. `'AOI-06'`) for every command; only that rule's probes run.
 *
 * @example await expect(['mytool']).toPassAoiRule('AOI-10', { invocations: [['watch']] })
 */
export async function toPassAoiRule(
  this: MatcherState | void,
  received: unknown,
  rule: string,
  options: LintOptions = {},
): Promise<MatcherResult> {
  const { pass, message } = await lintMatcher(
    this || undefined,
    'toPassAoiRule',
    received,
    { ...options, only: [rule] },
    JSON.stringify(rule),
  );
  return { pass, message };
}
