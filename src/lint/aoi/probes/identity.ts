import { judgeIdResolves, judgeIdsIdentify } from '../../../checks/aoi/probe/audit.js';
import { succeeded } from '../../../checks/aoi/probe/types.js';
import { hasFlag, withFlag, type CommandPlan } from '../plan.js';
import type { AfterBaseSubject, ProbeModule } from './module.js';

/**
 * AOI-08 (§14.5): an id identifies. A create (`add`, `create`, `import`, …) that succeeded runs once more, with
 * the same input, in the state the base probe left; the two runs must name different resources, and where the
 * tool has a get-like command, `get ID` must resolve the id the second run reported.
 */
export const identity: ProbeModule<AfterBaseSubject & { readonly get: CommandPlan | undefined }> = {
  rules: ['AOI-08'],
  plan({ plan, invocation, base }, lint) {
    // A create that did not succeed has its AOI-08 skipped by the base probe already.
    if (!plan.creates || !base.succeeded) return [];
    // A key the user gave would make the second run a replay (AOI-07's concern): the second request gets its own.
    const again = hasFlag(invocation, '--idempotency-key')
      ? withFlag(invocation, '--idempotency-key', lint.idempotencyKey(plan, invocation, 'identity'))
      : invocation;
    return [{ key: 'again', args: lint.machine(again), settings: { dirs: base.probe.dirs } }];
  },
  async judge({ command, base, get }, runs, lint) {
    const again = runs.get('again')!;
    if (lint.judgeStream(command, again) !== 'readable' || !succeeded(again.run, again.events))
      return;
    const id = judgeIdsIdentify(base.probe, again, lint.reporter(command, again.label));
    if (id === undefined || get === undefined) return;
    const lookup = await lint.runner.probe(lint.machine([get.name, id]), { dirs: base.probe.dirs });
    if (lookup.run.timedOut) return; // a hang is the get command's base probe's to report
    judgeIdResolves(id, get.name, lookup.run, lookup.events, lint.reporter(command, lookup.label));
  },
};
