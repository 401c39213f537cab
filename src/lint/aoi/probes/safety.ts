import {
  judgeDryRun,
  judgeDryRunBehaviour,
  judgeUnconfirmed,
  judgeWrongConfirmCount,
} from '../../../checks/aoi/probe/safety.js';
import { sideEffects } from '../../../checks/aoi/probe/observe.js';
import { targetGone } from '../../../checks/aoi/probe/target-gone.js';
import type { Event, ProbeOutcome } from '../../../checks/aoi/probe/types.js';
import type { LintContext } from '../context.js';
import { invisible, readableEvents } from '../context.js';
import { flagValue, withFlag, withoutFlag } from '../plan.js';
import type { RecordedProbe } from '../runner.js';
import type { AfterBaseSubject, ProbeModule, ProbeRequest } from './module.js';

/** The --confirm-count one more than the invocation's, when it gives one. */
function wrongCount(invocation: readonly string[]): number | undefined {
  const count = Number(flagValue(invocation, '--confirm-count'));
  return Number.isInteger(count) ? count + 1 : undefined;
}

/**
 * AOI-06 (§14.2, §14.3): without --confirm (and with a wrong --confirm-count) it refuses; --dry-run plans and changes
 * nothing. Destructive means declared so, or named so (`remove`, `purge`: DESTRUCTIVE_COMMAND_WORDS).
 */
export const safety: ProbeModule<AfterBaseSubject> = {
  rules: ['AOI-06'],
  leaf: true,
  plan({ plan, invocation, base }, lint) {
    if (!plan.destructive && !plan.dryRun)
      return { notApplicable: `${plan.name} is not destructive and advertises no --dry-run` };
    if (!base.succeeded) return { skip: base.failed };
    const unconfirmed = unconfirmedOf(invocation);
    const wrong = wrongCount(invocation);
    const probes: ProbeRequest[] = [];
    const observe = { observe: base.observes };
    if (plan.destructive)
      probes.push({ key: 'unconfirmed', args: lint.machine(unconfirmed), settings: observe });
    if (plan.destructive && wrong !== undefined)
      probes.push({
        key: 'wrong-count',
        args: lint.machine(withFlag(invocation, '--confirm-count', String(wrong))),
        settings: observe,
      });
    if (plan.dryRun)
      probes.push({
        key: 'dry-run',
        args: lint.machine(withFlag(unconfirmed, '--dry-run')),
        settings: observe,
      });
    return probes;
  },
  judge({ command, plan, invocation, base }, runs, lint) {
    for (const [key, probe] of runs) {
      const judged = lint.judgeStream(command, probe);
      if (judged === 'hang') continue;
      const events = readableEvents(judged, probe);
      const reporter = lint.reporter(command, probe.label);
      // Say why a command capabilities do not call destructive was held to §14.3.
      const report: typeof reporter =
        plan.destructiveByName && key === 'unconfirmed'
          ? (id, message, evidence) =>
              reporter(
                id,
                `${message} (\`${plan.name}\` is destructive by its name; capabilities do not declare it destructive)`,
                evidence,
              )
          : reporter;
      const judge: Judge = (run, events, effects) => {
        if (key === 'unconfirmed') judgeUnconfirmed(run, events, effects, report);
        else if (key === 'wrong-count')
          judgeWrongConfirmCount(run, events, effects, wrongCount(invocation)!, report);
        else judgeDryRun(run, events, effects, report);
      };
      // Its target was gone (another run consumed it): judged on a lone run after the setup ran again, or not at all.
      const gone = targetGone(probe.run);
      if (gone !== undefined)
        lint.deferAlone(() => judgeRestored(command, probe, gone, judge, lint));
      else
        lint.judgeEffects('AOI-06', command, probe, (effects) => judge(probe.run, events, effects));
    }
    if (base.observes) lint.noteObservers('AOI-06', command);
    // Positive control: only if the real run changed something visible can "changed nothing" mean anything.
    if (lint.effects(base.evidence).length > 0) lint.verdicts.exercised('AOI-06', command);
    else {
      lint.verdicts.skip(
        'AOI-06',
        invisible(command, lint.runner.observers, lint.observersOutOfTime),
        command,
      );
      // Nothing to look through: the tool's own behaviour is the evidence, probed alone at the end.
      // Not when an observer candidate ran out of time: it might have shown the state (the skip says so).
      if (plan.dryRun && lint.runner.observers.length === 0 && lint.observersOutOfTime.length === 0)
        lint.deferAlone(() => dryRunBehaviour(command, invocation, lint));
    }
  },
};

/** One of the judgements below, on a run, its events (undefined when unreadable) and its side effects. */
type Judge = (run: ProbeOutcome, events: readonly Event[] | undefined, effects: string[]) => void;

/**
 * A safety probe whose own run found no target (targetGone): on state every invocation shares, another run (the real
 * command, most often) consumed it, and refusing or planning nothing proves nothing. Once every probe is done, the
 * setup runs again (it may make the target anew) and the probe runs alone between two observations, with a control
 * window (as confirmObserved does); judged on that run when it finds its target, else skipped with the reason.
 */
async function judgeRestored(
  command: string,
  probe: RecordedProbe,
  gone: string,
  judge: Judge,
  lint: LintContext,
): Promise<void> {
  const label = lint.redact(probe.label);
  const setUp = await lint.setUpAgain();
  const lone = await lint.runner.observedAlone(probe);
  const stillGone = targetGone(lone.run);
  const again = setUp ? 'run alone after the setup ran again' : 'run alone';
  if (stillGone !== undefined) {
    const reason = `\`${label}\` was not judged: its target was not there (another run consumed it?): ${gone}; ${again}, ${stillGone} again`;
    lint.verdicts.note('AOI-06', reason, command);
    lint.verdicts.skip('AOI-06', reason, command);
    return;
  }
  const seen = sideEffects([], lone.alone).map((effect) => lint.redact(effect));
  const meanwhile = sideEffects([], lone.control);
  judge(lone.run, lone.events, meanwhile.length === 0 ? seen : []);
  lint.verdicts.note(
    'AOI-06',
    `\`${label}\` found no target while other probes ran (${gone}), so it was judged on a ${again}${meanwhile.length > 0 && seen.length > 0 ? '; what it changed there was not blamed: the observation commands showed changes with nothing of the lint running too' : ''}`,
    command,
  );
}

/** The invocation without --confirm and --confirm-count. */
const unconfirmedOf = (invocation: readonly string[]) =>
  withoutFlag(withoutFlag(invocation, '--confirm', false), '--confirm-count', true);

/**
 * AOI-06 for a tool whose state the kit cannot see: two dry runs and the real command after them in one fresh
 * state, a dry run and the real command each in a fresh state of their own (judgeDryRunBehaviour). Run alone, at the
 * end: a state every invocation shares would otherwise change under them.
 */
async function dryRunBehaviour(
  command: string,
  invocation: readonly string[],
  lint: LintContext,
): Promise<void> {
  const real = lint.machine(invocation);
  const dry = lint.machine(withFlag(unconfirmedOf(invocation), '--dry-run'));
  const first = await lint.runner.probe(dry);
  const second = await lint.runner.probe(dry, { dirs: first.dirs });
  const after = await lint.runner.probe(real, { dirs: first.dirs });
  const independent = await lint.runner.probe(dry);
  const control = await lint.runner.probe(real);
  const judged = judgeDryRunBehaviour(
    { first, second, after, independent, control },
    lint.reporter(command, first.label),
  );
  if (judged) {
    lint.verdicts.exercised('AOI-06', command);
    lint.verdicts.note(
      'AOI-06',
      "no observation command and no file show its state: judged by the tool's own behaviour (a second dry run plans the same; the real command after a dry run still succeeds)",
      command,
    );
  }
}
