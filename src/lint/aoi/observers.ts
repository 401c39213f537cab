import type { Capabilities } from '../../checks/aoi/probe/discovery.js';
import { observedChange, observedItems } from '../../checks/aoi/probe/observe.js';
import type { LintContext } from './context.js';

/** Discovery commands print one JSON document, not the state: never observers. */
const DISCOVERY = new Set(['schema', 'capabilities', 'input-schema', 'doctor']);

/**
 * The commands that show a probe's side effects through the tool itself, chosen the same way for every tool: those
 * given with `--observe`, then every command capabilities declare `read_only: true` that is finite, not declared
 * `bounded: false` (a page that cuts the list could hide a change) and reads no input. A command qualifies
 * only if it takes no required argument, which the kit learns the one way that holds for any tool: run as
 * given, in a fresh copy of the setup's state, it succeeds (exit 0, summary ok:true, not truncated). And only
 * if it is stable: run twice in a row it shows the same (a clock or a counter in its items would be noise).
 * Every command given qualifies this way; of those the tool declares, the first that qualifies is the observer (every
 * probe observed runs each observer before and after it: one is evidence enough, and their cost adds up).
 * A candidate that ran out of time (a busy machine) is named in `outOfTime`: then no observer is no evidence.
 */
export async function chooseObservers(
  capabilities: Capabilities | undefined,
  given: readonly (readonly string[])[],
  lint: LintContext,
): Promise<{ observers: string[][]; outOfTime: string[][] }> {
  const declared = (capabilities?.commands ?? [])
    .filter(
      (command) =>
        command.read_only === true &&
        command.unbounded !== true &&
        command.bounded !== false &&
        (command.input_modes?.length ?? 0) === 0 &&
        !DISCOVERY.has(command.name),
    )
    .map((command) => [command.name]);
  const candidates = new Map(
    [...given, ...declared].map((args) => [lint.machine(args).join('\0'), lint.machine(args)]),
  );
  const givenKeys = new Set(given.map((args) => lint.machine(args).join('\0')));
  const outOfTime: string[][] = [];
  const tried = await Promise.all(
    [...candidates].map(async ([key, args]) => {
      const stable = await isStable(args, lint);
      if (stable === 'out-of-time') outOfTime.push(args);
      return { key, args, qualifies: stable === true };
    }),
  );
  const qualified = tried.filter((t) => t.qualifies);
  const firstDeclared = qualified.find((t) => !givenKeys.has(t.key));
  const observers = qualified
    .filter((t) => givenKeys.has(t.key) || t === firstDeclared)
    .map((t) => t.args);
  return { observers, outOfTime };
}

/** Run twice in a row in one fresh state, it succeeds and shows the same; or it ran out of time (no answer). */
async function isStable(args: string[], lint: LintContext): Promise<boolean | 'out-of-time'> {
  const outOfTime = (run: { timedOut: boolean; graceExpired: boolean }) =>
    run.timedOut || run.graceExpired;
  const first = await lint.runner.probe(args, { stdin: 'closed' });
  if (outOfTime(first.run)) return 'out-of-time';
  const before = observedItems(first.run, first.events);
  if (!before) return false;
  const second = await lint.runner.probe(args, { stdin: 'closed', dirs: first.dirs });
  if (outOfTime(second.run)) return 'out-of-time';
  const change = observedChange({
    label: '',
    before,
    after: observedItems(second.run, second.events),
  });
  return (
    change !== undefined &&
    change.added.length + change.removed.length + change.changed.length === 0
  );
}
