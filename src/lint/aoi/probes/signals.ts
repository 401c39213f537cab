import { judgeStopped } from '../../../checks/aoi/probe/hang.js';
import { judgeSignal, judgeSignalTrace, signalReach } from '../../../checks/aoi/probe/pipes.js';
import { targetGone } from '../../../checks/aoi/probe/target-gone.js';
import { endOf } from '../../../checks/aoi/probe/types.js';
import { ruleIdsOf } from '../../../spec/rules.js';
import type { LintContext } from '../context.js';
import type { AfterBaseSubject, InvocationSubject, ProbeModule } from './module.js';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
/** Lines a command prints before the signal probes send their signal: it has started its work by then. */
export const SIGNAL_AFTER_LINES = 2;

/** A signal probe: the invocation in machine mode, the signal after two lines. */
const signalProbe = (
  lint: LintContext,
  invocation: readonly string[],
  signal: (typeof SIGNALS)[number],
) =>
  ({
    key: signal,
    args: lint.machine(invocation),
    settings: { signalAfterLines: { lines: SIGNAL_AFTER_LINES, signal } },
  }) as const;

/**
 * The base probes of an unbounded invocation: SIGINT, then SIGTERM, after two lines. The streams are judged as
 * unbounded (every stream rule), and the ending as AOI-10 (§7). It runs whatever `--only` names.
 */
export const signals: ProbeModule<InvocationSubject> = {
  rules: ruleIdsOf('AOI'),
  leaf: true,
  plan: ({ invocation }, lint) => SIGNALS.map((signal) => signalProbe(lint, invocation, signal)),
  judge({ command }, runs, lint) {
    for (const signal of SIGNALS) {
      const probe = runs.get(signal)!;
      const report = lint.reporter(command, probe.label);
      if (!probe.run.signalSent) {
        if (!judgeStopped(probe.run, lint.timeoutMs, report, lint.secrets))
          lint.verdicts.skip(
            'AOI-10',
            `ended before printing 2 lines (${endOf(probe.run)})`,
            command,
          );
        continue;
      }
      const readable =
        !probe.run.graceExpired &&
        lint.judgeStream(command, probe, { unbounded: true }) === 'readable';
      if (lint.wants('AOI-10') && notJudged(lint, command, probe, signal)) continue;
      if (lint.wants('AOI-10')) {
        judgeSignal(probe.run, signal, readable ? probe.events : undefined, report, lint.secrets);
        lint.verdicts.exercised('AOI-10', command);
      }
    }
  },
};

/**
 * AOI-10 (§7) for a finite invocation (issue: every long command, not only unbounded ones): SIGINT once it has
 * printed two lines, and SIGTERM in a second run when SIGINT found it still working (a command too short for
 * one is too short for the other: no probe is spent on it). Its prerequisite is a plain run that succeeded:
 * only then is a missing interrupted summary the signal's doing, not the way the invocation always ends. Only
 * a run the signal reached while it worked is judged; one that ended sooner or had already succeeded is not
 * blamed, but for a stack trace. The base probe judged the stream: here only the ending. The verdict's notes
 * say which invocations were long enough to be signalled.
 */
export const interrupts: ProbeModule<AfterBaseSubject> = {
  rules: ['AOI-10'],
  plan({ command, invocation, base }, lint) {
    if (!base.succeeded) {
      lint.verdicts.note(
        'AOI-10',
        `\`${lint.redact(invocation.join(' '))}\` was not signalled: its plain run did not succeed`,
        command,
      );
      return [];
    }
    return [signalProbe(lint, invocation, 'SIGINT')];
  },
  async judge({ command, invocation }, runs, lint) {
    const reached: string[] = [];
    let gone = false;
    let probe = runs.get('SIGINT')!;
    for (const signal of SIGNALS) {
      if (signal !== 'SIGINT') {
        const next = signalProbe(lint, invocation, signal);
        probe = await lint.runner.probe(next.args, next.settings);
      }
      const reach = signalReach(probe.run, probe.events);
      const report = lint.reporter(command, probe.label);
      if (reach === 'finished') judgeSignalTrace(probe.run, signal, report, lint.secrets);
      if (reach !== 'interrupted') break;
      if (notJudged(lint, command, probe, signal)) {
        gone = true;
        break;
      }
      judgeSignal(probe.run, signal, probe.events, report, lint.secrets);
      reached.push(signal);
    }
    const label = lint.redact(invocation.join(' '));
    if (reached.length === 0 && gone) return;
    if (reached.length > 0) {
      lint.verdicts.note(
        'AOI-10',
        `\`${label}\` was still running after ${SIGNAL_AFTER_LINES} lines: ${reached.join(' and ')} judged`,
        command,
      );
      lint.verdicts.exercised('AOI-10', command);
    } else {
      lint.verdicts.note(
        'AOI-10',
        `\`${label}\` ended or succeeded before SIGINT could interrupt it: not signalled mid-run`,
        command,
      );
    }
  },
};

/**
 * A signal probe whose own run shows its target was gone before the signal (targetGone: another run consumed it, on
 * state every invocation shares) tested nothing: AOI-10 is not judged on it, but for a stack trace or a run that
 * outlived the signal, which no missing target explains. The verdict's note says why; true when it was not judged.
 */
function notJudged(
  lint: LintContext,
  command: string,
  probe: { readonly run: Parameters<typeof targetGone>[0]; readonly label: string },
  signal: (typeof SIGNALS)[number],
): boolean {
  const gone = probe.run.graceExpired ? undefined : targetGone(probe.run, lint.notFoundExits);
  if (gone === undefined) return false;
  judgeSignalTrace(probe.run, signal, lint.reporter(command, probe.label), lint.secrets);
  const reason = `\`${lint.redact(probe.label)}\` was not judged on ${signal}: its target was not there (another run consumed it?): ${gone}`;
  lint.verdicts.note('AOI-10', reason, command);
  lint.verdicts.skip('AOI-10', reason, command);
  return true;
}
