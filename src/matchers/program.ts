import type { RuleVerdict } from '../checks/verdict.js';
import { rulePage } from '../report/rule-pages.js';

/** What the matchers that run a program under test accept: `[program, ...args]` or `{ command, args }`. */
export type ProgramReceived = readonly string[] | { command: string; args?: readonly string[] };

/** The command line a matcher was given; a TypeError naming the matcher otherwise. */
export function programOf(matcher: string, received: unknown): string[] {
  if (
    Array.isArray(received) &&
    received.length > 0 &&
    received.every((part) => typeof part === 'string')
  )
    return [...(received as string[])];
  if (
    received &&
    typeof received === 'object' &&
    typeof (received as { command?: unknown }).command === 'string'
  ) {
    const { command, args = [] } = received as { command: string; args?: readonly string[] };
    return [command, ...args];
  }
  throw new TypeError(`${matcher}: expected [program, ...args] or { command, args }`);
}

const SHOWN = 5;

/**
 * Each failed (rule × scenario): its first finding (already sanitised and masked), what the program printed, the
 * fix and the page; the first five, and how many more.
 */
export function formatScenarioFailures(failed: readonly RuleVerdict[], who: string): string {
  const shown = failed.slice(0, SHOWN).map((verdict) => {
    const finding = verdict.findings[0];
    const lines = [
      `${verdict.rule} ${verdict.command ?? ''}: ${finding ? `${finding.id}: ${finding.message}` : verdict.title}`,
    ];
    if (finding?.excerpt) lines.push(`  ${who} printed: ${finding.excerpt}`);
    if (finding) lines.push(`  fix: ${finding.fix}`);
    lines.push(`  see ${rulePage(verdict.docs)}`);
    return lines.join('\n');
  });
  if (failed.length > SHOWN)
    shown.push(`… and ${failed.length - SHOWN} more failed (rule × scenario) verdict(s)`);
  return shown.join('\n\n');
}
