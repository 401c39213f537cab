import { judgePrompted } from '../../../checks/aoi/probe/hang.js';
import { judgeInteractive } from '../../../checks/aoi/probe/surface.js';
import type { LintContext } from '../context.js';
import { withoutFlag } from '../plan.js';
import type { BaseAnswer } from './base.js';
import type { InvocationSubject, ProbeModule } from './module.js';

type Subject = InvocationSubject & { readonly base: BaseAnswer | undefined };

/** The invocation it asks, in machine mode: a destructive one without --confirm, where a tool is most tempted to ask. */
const asked = ({ plan, invocation }: Subject, lint: LintContext) =>
  lint.machine(
    plan.destructive
      ? withoutFlag(withoutFlag(invocation, '--confirm', false), '--confirm-count', true)
      : invocation,
  );

/**
 * §1.3: machine mode never waits on a human. The one probe about stdin itself: the command's first invocation on a
 * stdin pipe nobody writes, as agent harnesses leave it. A run that hangs there with an unfinished prompt line
 * (`Password:`, `[y/N] `) waited for an answer: AOI-03/prompted. A run that hangs without one was reading its stdin
 * to EOF, as a Unix filter does: no finding (the spec does not say what stdin a tool gets). Where a prompt meets EOF
 * instead (that run ended by itself, or a second run with stdin closed), it must have been an INTERACTIVE_REQUIRED
 * error, not a prompt: AOI-05. Every other probe gives the tool EOF (NO_INPUT).
 */
export const interactive: ProbeModule<Subject> = {
  rules: ['AOI-05', 'AOI-03'],
  leaf: true,
  plan(subject, lint) {
    return [
      { key: 'open', args: asked(subject, lint), settings: { stdin: 'open', mayHang: true } },
    ];
  },
  async judge(subject, runs, lint) {
    let probe = runs.get('open')!;
    let stdin: 'open' | 'closed' = 'open';
    if (probe.run.timedOut && !probe.run.graceExpired) {
      judgePrompted(
        probe.run,
        lint.timeoutMs,
        lint.reporter(subject.command, probe.label),
        lint.secrets,
      );
      // In a fresh sandbox: the open run's own stays unprobed.
      [probe, stdin] = [
        await lint.runner.probe(asked(subject, lint), { stdin: 'closed' }),
        'closed',
      ];
    }
    if (lint.wants('AOI-05')) {
      judgeInteractive(
        probe.run,
        probe.events,
        lint.reporter(subject.command, `${probe.label} (stdin ${stdin})`),
        lint.secrets,
        stdin,
      );
      lint.verdicts.exercised('AOI-05', subject.command);
    }
  },
};
