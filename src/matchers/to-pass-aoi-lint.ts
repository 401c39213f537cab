import type { LintTarget } from '../lint/aoi/target.js';
import type { ProgramOptions, ProgramReport, ProgramTarget } from '../lint/program.js';
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
 * The lint matchers' options: `lintProgram`'s, over the project's config file (aoi-testkit.config.*, or the
 * package.json key, found from the working directory upward, as `aoi-testkit lint` finds it): each option given
 * here replaces that key of the config. `config`: a config file to read instead, or `false` to read none.
 */
export type LintMatcherOptions = ProgramOptions & { config?: string | false };

/**
 * The linter, loaded when a lint matcher first runs, so that registering the matchers stays cheap. Its ESM-only
 * process runner (execa) is bundled into both builds, so this loads under jest's CommonJS runtime too.
 */
const loadLinter = (): Promise<LintModule> => import('../lint/index.js');

function targetOf(received: unknown): ProgramTarget {
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
    return received as string[];
  if (
    received &&
    typeof received === 'object' &&
    typeof (received as { command?: unknown }).command === 'string'
  )
    return received as { command: string; args?: readonly string[] };
  throw new TypeError(
    'toPassAoiLint: expected a lint target, [program, ...args] or { command, args }',
  );
}

/** The command line of a target given as words (an in-memory target has none: undefined). */
function commandLineOf(target: ProgramTarget): readonly string[] | undefined {
  if (Array.isArray(target)) return target as readonly string[];
  const { command, args } = target as { command?: unknown; args?: readonly string[] };
  return typeof command === 'string' ? [command, ...(args ?? [])] : undefined;
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
  { config: file, ...options }: LintMatcherOptions,
  args: string,
): Promise<MatcherResult & { report: ProgramReport }> {
  const target = targetOf(received);
  const { lintProgram, loadConfig, configAppliesTo } = await loadLinter();
  const found = file === false ? undefined : await loadConfig(file === undefined ? {} : { file });
  // A config found by searching is its own program's: a test that lints another program does not take its keys.
  const config =
    found && (file !== undefined || configAppliesTo(found, commandLineOf(target) ?? []))
      ? found
      : undefined;
  const report = await lintProgram(target, { ...config?.options, ...options });
  const failed = report.verdicts.filter((v) => v.status === 'fail');
  const judged = report.verdicts.filter((v) => v.status === 'pass' || v.status === 'fail').length;
  // What was judged, as `aoi-testkit lint` says it: the specs run, and the AOI lint's probes.
  const specs = report.specs.filter((s) => s.status === 'run').map((s) => s.spec);
  const lint = `the lint (${specs.join(', ')})`;
  const probes = report.aoi ? ` (${report.aoi.probes} probes)` : '';
  return {
    pass: report.ok,
    report,
    message: () =>
      report.ok
        ? `${hint(state, name, args)}\n\nExpected ${report.aoi?.target ?? report.target} to fail ${lint}, but all ${judged} judged (rule × command) verdict(s) passed${probes}.`
        : `${hint(state, name, args)}\n\nExpected ${report.aoi?.target ?? report.target} to pass ${lint}, but ${failed.length} (rule × command) verdict(s) failed: ${[...new Set(failed.map((v) => v.rule))].join(', ')}.\n\n${formatFailures(failed)}`,
  };
}

/**
 * The CLI passes `aoi-testkit lint`: what `lintProgram` judges with these options, the CLI's verb alike (by default
 * the specs the program offers; `{ specs: ['aoi'] }` for the AOI lint alone, every AOI-CLI v0.2 check of §18.2 for
 * every command it advertises or is invoked with). Async: it starts processes. Options are `lintProgram`'s, over
 * the project's aoi-testkit.config.* (LintMatcherOptions).
 *
 * @example await expect(['node', 'dist/cli.js']).toPassAoiLint({ invocations: [['search', 'x']] })
 */
export async function toPassAoiLint(
  this: MatcherState | void,
  received: unknown,
  options: LintMatcherOptions = {},
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
 * The CLI passes one lint rule (e.g. `'AOI-06'`, `'EXEC-03'`) for every command; only that rule's spec is judged,
 * and of the AOI lint only that rule's probes run.
 *
 * @example await expect(['mytool']).toPassAoiRule('AOI-10', { invocations: [['watch']] })
 */
export async function toPassAoiRule(
  this: MatcherState | void,
  received: unknown,
  rule: string,
  options: LintMatcherOptions = {},
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
