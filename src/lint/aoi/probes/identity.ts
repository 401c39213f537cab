import {
  compareCreateIds,
  judgeIdResolves,
  judgeRepeatedId,
  type CreateIds,
  type ResourceCount,
} from '../../../checks/aoi/probe/audit.js';
import { observedItems } from '../../../checks/aoi/probe/observe.js';
import { succeeded } from '../../../checks/aoi/probe/types.js';
import type { LintContext } from '../context.js';
import { hasFlag, withFlag, type CommandPlan } from '../plan.js';
import type { AfterBaseSubject, ProbeModule } from './module.js';

type Subject = AfterBaseSubject & {
  readonly get: CommandPlan | undefined;
  readonly list: CommandPlan | undefined;
};

/**
 * AOI-08 (§14.5): an id identifies. A create (`add`, `create`, `import`, …) that succeeded runs once more, with
 * the same input, in the state the base probe left; the two runs must name different resources, unless the
 * second updated the one the first made (an `add` of an existing key): where it repeats an id, it runs a third
 * time between two counts of the resources, and only more resources after it is a finding. Where the tool has a
 * get-like command, `get ID` must resolve the id the second run reported.
 */
export const identity: ProbeModule<Subject> = {
  rules: ['AOI-08'],
  plan(subject, lint) {
    // A create that did not succeed has its AOI-08 skipped by the base probe already.
    if (!subject.plan.creates || !subject.base.succeeded) return [];
    return [
      {
        key: 'again',
        args: againArgs(subject, lint, 'identity'),
        settings: { dirs: subject.base.probe.dirs },
      },
    ];
  },
  async judge(subject, runs, lint) {
    const { command, base, get } = subject;
    const again = runs.get('again')!;
    if (lint.judgeStream(command, again) !== 'readable' || !succeeded(again.run, again.events))
      return;
    const { id, repeated } = compareCreateIds(base.probe, again);
    if (repeated) await judgeRepeat(subject, repeated, lint);
    if (id === undefined || get === undefined) return;
    const lookup = await lint.runner.probe(lint.machine([get.name, id]), { dirs: base.probe.dirs });
    if (lookup.run.timedOut) return; // a hang is the get command's base probe's to report
    judgeIdResolves(id, get.name, lookup.run, lookup.events, lint.reporter(command, lookup.label));
  },
};

/**
 * The create once more, as given. A user's `--idempotency-key` would make it a replay (AOI-07's concern): each
 * run gets a key of its own.
 */
function againArgs({ plan, invocation }: Subject, lint: LintContext, probe: string): string[] {
  const again = hasFlag(invocation, '--idempotency-key')
    ? withFlag(invocation, '--idempotency-key', lint.idempotencyKey(plan, invocation, probe))
    : invocation;
  return lint.machine(again);
}

/**
 * A repeated id is a finding only where the resources are counted: the create runs a third time in the same
 * state, between two runs of the tool's list command (a finite read, not truncated). Without a count, AOI-08 keeps
 * what the other probes judged and says in a note that this was not judged.
 */
async function judgeRepeat(
  subject: Subject,
  repeated: NonNullable<CreateIds['repeated']>,
  lint: LintContext,
): Promise<void> {
  const { command, base, list } = subject;
  const undecided = (why: string) =>
    lint.verdicts.note(
      'AOI-08',
      `whether ${command} run again makes a second resource under ${repeated.field} ${JSON.stringify(repeated.value)} or updates the first was not judged: ${why}`,
      command,
    );
  if (list === undefined)
    return undecided('the tool has no list command to count its resources with');
  const settings = { dirs: base.probe.dirs };
  const count = async () => {
    const read = await lint.runner.probe(lint.machine([list.name]), settings);
    return { label: read.label, items: observedItems(read.run, read.events) };
  };
  const before = await count();
  const third = await lint.runner.probe(againArgs(subject, lint, 'identity-count'), settings);
  const after = await count();
  if (!succeeded(third.run, third.events))
    return undecided(`the run that was to be counted (${third.label}) did not succeed`);
  if (!before.items || !after.items)
    return undecided(
      `\`${before.label}\` did not list every resource (it failed, or its summary was not ok or was truncated)`,
    );
  const counts: ResourceCount[] = [
    { label: before.label, before: before.items.length, after: after.items.length },
  ];
  judgeRepeatedId(repeated, counts, lint.reporter(command, third.label));
}
