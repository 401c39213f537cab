import {
  judgeDryRun,
  judgeUnconfirmed,
  judgeWrongConfirmCount,
} from '../../../checks/aoi/probe/safety.js';
import { invisible, readableEvents } from '../context.js';
import { flagValue, withFlag, withoutFlag } from '../plan.js';
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
    const unconfirmed = withoutFlag(
      withoutFlag(invocation, '--confirm', false),
      '--confirm-count',
      true,
    );
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
      const effects = lint.effects(probe);
      if (key === 'unconfirmed') judgeUnconfirmed(probe.run, events, effects, report);
      else if (key === 'wrong-count')
        judgeWrongConfirmCount(probe.run, events, effects, wrongCount(invocation)!, report);
      else judgeDryRun(events, effects, report);
    }
    // Positive control: only if the real run changed something visible can "changed nothing" mean anything.
    if (lint.effects(base.evidence).length > 0) lint.verdicts.exercised('AOI-06', command);
    else lint.verdicts.skip('AOI-06', invisible(command, lint.runner.observers), command);
  },
};
