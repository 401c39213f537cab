import type { CmdhelpReport } from '../checks/cmdhelp/judge.js';
import type { CmdhelpCheckOptions } from '../lint/cmdhelp/check.js';
import type { MatcherResult, MatcherState } from './context.js';
import { hint } from './format.js';
import { rulePage } from '../report/rule-pages.js';

/** What toBeCmdhelpConformant accepts: `[program, ...args]` or `{ command, args }`. */
export type CmdhelpReceived = readonly string[] | { command: string; args?: readonly string[] };

const SHOWN = 5;

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
  throw new TypeError('toBeCmdhelpConformant: expected [program, ...args] or { command, args }');
}

/**
 * The CLI conforms to cmdhelp v0.1 (CMDHELP-01…08): the matcher runs it (capability line, help at every scope,
 * every format), so it is async. The live checker is loaded on first use (registration stays cheap).
 *
 * @example await expect(['node', 'dist/cli.js']).toBeCmdhelpConformant()
 */
export async function toBeCmdhelpConformant(
  this: MatcherState | void,
  received: unknown,
  options: CmdhelpCheckOptions = {},
): Promise<MatcherResult & { report: CmdhelpReport }> {
  const matcher = 'toBeCmdhelpConformant';
  const { command, args } = argvOf(received);
  const { checkCmdhelp } = await import('../lint/cmdhelp/check.js');
  const report = await checkCmdhelp(command, args, options);
  const failed = report.verdicts.filter((v) => v.status === 'fail');
  const cli = [command, ...args].join(' ');
  return {
    pass: report.ok,
    report,
    message: () => {
      const head = hint(this || undefined, matcher);
      if (report.ok)
        return `${head}\n\nExpected ${cli} to break a CMDHELP rule, but it passes: ${report.verdicts.map((v) => `${v.rule} ${v.status}`).join(' · ')}.`;
      const shown = failed.slice(0, SHOWN).map((verdict) => {
        const finding = verdict.findings.find((f) => f.severity === 'error') ?? verdict.findings[0];
        // The sub-rule id names its rule: `CMDHELP-03/x: …`, not `CMDHELP-03: CMDHELP-03/x: …`.
        const lines = [
          finding
            ? `${finding.id}${finding.severity === 'warning' ? ' (warning)' : ''}: ${finding.message}`
            : `${verdict.rule}: ${verdict.title}`,
        ];
        if (finding?.probe) lines.push(`  probe: ${finding.probe}`);
        if (finding?.excerpt)
          lines.push(
            `  ${finding.line !== undefined ? `line ${finding.line}: ` : ''}${finding.excerpt}`,
          );
        if (finding) lines.push(`  fix: ${finding.fix}`);
        if (verdict.errors + verdict.warnings > 1)
          lines.push(`  (${verdict.errors + verdict.warnings} findings for this rule)`);
        lines.push(`  see ${rulePage(verdict.docs)}`);
        return lines.join('\n');
      });
      if (failed.length > SHOWN) shown.push(`… and ${failed.length - SHOWN} more failed rule(s)`);
      return `${head}\n\nExpected ${cli} to conform to cmdhelp v0.1.\n\n${shown.join('\n\n')}`;
    },
  };
}
