import { judgePrompted } from '../../../checks/aoi/probe/hang.js';
import { judgeInteractive, type StdinGiven } from '../../../checks/aoi/probe/surface.js';
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

/** The same argv. */
const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((arg, i) => arg === b[i]);

/**
 * §1.3: machine mode never waits on a human. The one probe about stdin itself: the command's first invocation on a
 * stdin pipe nobody writes, as agent harnesses leave it. A run that hangs there with an unfinished prompt line
 * (`Password:`, `[y/N] `) waited for an answer: AOI-03/prompted. A run that hangs without one was reading its stdin
 * to EOF, as a Unix filter does: no finding (the spec does not say what stdin a tool gets). Where a prompt meets EOF
 * instead (that run ended by itself, or the run with stdin closed), it must have been an INTERACTIVE_REQUIRED
 * error, not a prompt: AOI-05. Every other probe gives the tool EOF (NO_INPUT).
 *
 * No open pipe where it could only cost a timeout: a command that reads input the kit feeds (a JSONL reader) is
 * asked with its input, then EOF, the run the base probe (or AOI-06's without --confirm) has already made; after
 * the base probe hung with stdin closed, a pipe nobody writes would hang too, and only the closed run is asked.
 */
export const interactive: ProbeModule<Subject> = {
  rules: ['AOI-05', 'AOI-03'],
  leaf: true,
  plan(subject, lint) {
    const args = asked(subject, lint);
    if (lint.runner.stdinByCommand.has(subject.plan.name)) return [{ key: 'input', args }];
    if (subject.base === undefined) return [{ key: 'closed', args, settings: CLOSED }];
    return [{ key: 'open', args, settings: { stdin: 'open', mayHang: true } }];
  },
  async judge(subject, runs, lint) {
    let probe = runs.get('open') ?? runs.get('closed') ?? runs.get('input')!;
    let stdin: StdinGiven = runs.has('open') ? 'open' : runs.has('closed') ? 'closed' : 'input';
    if (stdin === 'open' && probe.run.timedOut && !probe.run.graceExpired) {
      judgePrompted(
        probe.run,
        lint.timeoutMs,
        lint.reporter(subject.command, probe.label),
        lint.secrets,
      );
      // With stdin closed: the base probe's run when it asked the same (it is plain), else one in a fresh sandbox.
      const base = subject.base?.probe;
      const args = asked(subject, lint);
      probe =
        base && base.observed.length === 0 && same(args, lint.machine(subject.invocation))
          ? base
          : await lint.runner.probe(args, CLOSED);
      stdin = 'closed';
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
