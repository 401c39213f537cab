import { judgeReplay } from '../../../checks/aoi/probe/idempotency.js';
import { invisible, readableEvents, type LintContext } from '../context.js';
import { withFlag, type CommandPlan } from '../plan.js';
import type { AfterBaseSubject, ProbeModule } from './module.js';

/** The invocation with this lint's replay key for it: the same key for both runs of one request, no other request's. */
const keyed = (lint: LintContext, plan: CommandPlan, invocation: readonly string[]) =>
  lint.machine(
    withFlag(invocation, '--idempotency-key', lint.idempotencyKey(plan, invocation, 'replay')),
  );

/** AOI-07 (§14.4): the same mutation twice with one key, the second in the first one's state directory. */
export const replay: ProbeModule<AfterBaseSubject> = {
  rules: ['AOI-07'],
  plan({ plan, invocation, base }, lint) {
    if (!plan.idempotencyKey)
      return { notApplicable: `${plan.name} is not advertised with supports_idempotency_key` };
    if (!base.succeeded) return { skip: base.failed };
    return [
      { key: 'first', args: keyed(lint, plan, invocation), settings: { observe: base.observes } },
    ];
  },
  async judge({ command, plan, invocation, base }, runs, lint) {
    const first = runs.get('first')!;
    const firstJudged = lint.judgeStream(command, first);
    if (firstJudged === 'hang') return;
    const second = await lint.runner.probe(keyed(lint, plan, invocation), {
      dirs: first.dirs,
      observe: base.observes,
    });
    const secondJudged = lint.judgeStream(command, second);
    if (secondJudged === 'hang') return;
    lint.judgeEffects('AOI-07', command, second, (effects) =>
      judgeReplay(
        { run: first.run, events: readableEvents(firstJudged, first) },
        { run: second.run, events: readableEvents(secondJudged, second) },
        effects,
        lint.reporter(command, second.label),
      ),
    );
    if (base.observes) lint.noteObservers('AOI-07', command);
    // Positive control: "the replay changed nothing" means something only if the first run changed something visible.
    if (lint.effects(first).length > 0) lint.verdicts.exercised('AOI-07', command);
    else
      lint.verdicts.skip(
        'AOI-07',
        invisible(command, lint.runner.observers, lint.observersOutOfTime),
        command,
      );
  },
};
