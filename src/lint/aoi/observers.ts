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
 */
export async function chooseObservers(
  capabilities: Capabilities | undefined,
  given: readonly (readonly string[])[],
  lint: LintContext,
): Promise<string[][]> {
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
  const tried = await Promise.all(
    [...candidates.values()].map(async (args) => {
      const first = await lint.runner.probe(args, { stdin: 'closed' });
      const before = observedItems(first.run, first.events);
      if (!before) return undefined;
      const second = await lint.runner.probe(args, { stdin: 'closed', dirs: first.dirs });
      const change = observedChange({
        label: '',
        before,
        after: observedItems(second.run, second.events),
      });
      return change && change.added.length + change.removed.length + change.changed.length === 0
        ? args
        : undefined;
    }),
  );
  return tried.filter((args): args is string[] => args !== undefined);
}
