import { judgeInteractive } from '../../../checks/aoi/probe/surface.js';
import type { LintContext } from '../context.js';
import { withoutFlag } from '../plan.js';
import type { BaseAnswer } from './base.js';
import type { InvocationSubject, ProbeModule } from './module.js';

type Subject = InvocationSubject & { readonly base: BaseAnswer | undefined };

const CLOSED = { stdin: 'closed' } as const;

/** The invocation it asks, in machine mode: a destructive one without --confirm, where a tool is most tempted to ask. */
const asked = ({ plan, invocation }: Subject, lint: LintContext) =>
  lint.machine(
    plan.destructive
      ? withoutFlag(withoutFlag(invocation, '--confirm', false), '--confirm-count', true)
      : invocation,
  );

/**
 * Whether a run on the command's own stdin, a pipe nobody writes, is there to take: the base probe's (unless it
 * hung), or for a destructive command AOI-06's run without --confirm, if it asked for one.
 */
function openRunToTake(subject: Subject, lint: LintContext): boolean {
  if (lint.runner.stdinByCommand.get(subject.plan.name) !== 'open') return false;
  return subject.plan.destructive
    ? lint.runner.asked(asked(subject, lint), {})
    : subject.base !== undefined;
}

/**
 * AOI-05 (§1.3): where a command would prompt, machine mode emits INTERACTIVE_REQUIRED instead. Judged on the
 * command's first invocation run on a stdin nobody writes, when such a run is there to take (the base probe's, or
 * AOI-06's run of a destructive command without --confirm) and it ended by itself: it never waited at a prompt, and
 * with stdin closed it would have run the same. Otherwise, or when that run did not end, it runs with stdin
 * closed, where a prompt meets EOF and shows instead of hanging. Planned after AOI-06, whose run it takes.
 */
export const interactive: ProbeModule<Subject> = {
  rules: ['AOI-05'],
  leaf: true,
  plan(subject, lint) {
    const args = asked(subject, lint);
    return [
      openRunToTake(subject, lint)
        ? { key: 'open', args }
        : { key: 'closed', args, settings: CLOSED },
    ];
  },
  async judge(subject, runs, lint) {
    let probe = runs.get('open') ?? runs.get('closed')!;
    let stdin: 'open' | 'closed' = runs.has('open') ? 'open' : 'closed';
    // In a fresh sandbox: the run taken stays unprobed (it is the base probe's or AOI-06's).
    if (stdin === 'open' && probe.run.timedOut)
      [probe, stdin] = [await lint.runner.probe(asked(subject, lint), CLOSED), 'closed'];
    judgeInteractive(
      probe.run,
      probe.events,
      lint.reporter(subject.command, `${probe.label} (stdin ${stdin})`),
      lint.secrets,
      stdin,
    );
    lint.verdicts.exercised('AOI-05', subject.command);
  },
};
