import { judgeMutationEvents } from '../../../checks/aoi/probe/audit.js';
import { endOf, succeeded } from '../../../checks/aoi/probe/types.js';
import { ruleIdsOf } from '../../../spec/rules.js';
import { unreadable } from '../context.js';
import type { RecordedProbe } from '../runner.js';
import type { InvocationSubject, ProbeModule } from './module.js';

/** How the base probe of a finite invocation went: the prerequisite of the probes that mutate or page. */
export interface BaseAnswer {
  readonly probe: RecordedProbe;
  /** Exit 0 with a readable stream and a summary ok:true. */
  readonly succeeded: boolean;
  /** Why the probes that need a success are skipped, when it did not succeed. */
  readonly failed: string;
  /**
   * The run whose side effects are the positive control of AOI-06, 07 and 12: the base probe, or, when that
   * changed nothing on disk, the same invocation again with the observation commands around it.
   */
  readonly evidence: RecordedProbe;
  /** The probes that need this one observe theirs too (the disk showed nothing, or --observe was given). */
  readonly observes: boolean;
}

/**
 * The invocation as given, in machine mode: its stream (AOI-02…05, 09, 11, 13 by the stream checker, AOI-04
 * against the declared schema) and, for a command that mutates, the events naming what changed (AOI-08). Its
 * outcome is every other probe's prerequisite: it runs whatever `--only` names. Undefined after a hang.
 */
export const base: ProbeModule<InvocationSubject, BaseAnswer | undefined> = {
  rules: ruleIdsOf('AOI'),
  // With --observe, a command that may mutate is observed from its first run.
  plan: ({ plan, invocation }, lint) => [
    {
      key: 'base',
      args: lint.machine(invocation),
      settings: { observe: lint.observeAlways && plan.readOnly !== true },
    },
  ],
  async judge({ command, plan, invocation }, runs, lint) {
    const probe = runs.get('base')!;
    const judged = lint.judgeStream(command, probe);
    if (judged === 'hang') return undefined;
    const ok = judged === 'readable' && succeeded(probe.run, probe.events);
    // Nothing changed on disk: maybe the state is elsewhere (a service). Run it again, observed through the tool.
    const observe =
      plan.readOnly !== true &&
      ok &&
      lint.wants('AOI-06', 'AOI-07', 'AOI-12') &&
      (lint.observeAlways || (probe.changed.length === 0 && (await lint.observers()).length > 0));
    const evidence =
      observe && !lint.observeAlways
        ? await lint.runner.probe(lint.machine(invocation), { observe: true })
        : probe;
    const answer: BaseAnswer = {
      probe,
      evidence,
      observes: observe,
      succeeded: judged === 'readable' && succeeded(probe.run, probe.events),
      failed:
        judged === 'unreadable'
          ? unreadable(lint.redact(probe.label))
          : `\`${lint.redact(probe.label)}\` did not succeed (${endOf(probe.run)}); give an invocation that does with --invoke`,
    };
    // §14.1: a read changes nothing (judged at the end, when the lint knows where the state shows).
    if (plan.read && answer.succeeded) lint.checkRead(command, probe);
    // AOI-08 (§14.5): only a command known to mutate owes events naming what it changed.
    if (plan.readOnly !== false) {
      lint.verdicts.notApplicable(
        'AOI-08',
        `${command} is ${plan.readOnly ? 'read-only' : 'not known to mutate (capabilities would say read_only: false)'}`,
        command,
      );
    } else if (!answer.succeeded) lint.verdicts.skip('AOI-08', answer.failed, command);
    else {
      judgeMutationEvents(probe.events, lint.reporter(command, probe.label), (event) =>
        lint.excerpt(event),
      );
      lint.verdicts.exercised('AOI-08', command);
    }
    return answer;
  },
};
