import { judgeMachineModeSelectable } from '../../../checks/aoi/probe/surface.js';
import { withoutFlag } from '../plan.js';
import type { AfterBaseSubject, ProbeModule } from './module.js';

/** The invocation as a person types it: no machine-mode flag. */
const human = (invocation: readonly string[]) =>
  withoutFlag(withoutFlag(invocation, '--output', true), '--format', true);

/**
 * AOI-02 (§1, §16.1): machine mode is selectable. Only when the machine-mode base run failed with nothing on
 * stdout is the invocation run without the flag: if that succeeds, the flag itself was refused.
 */
export const machineMode: ProbeModule<AfterBaseSubject> = {
  rules: ['AOI-02'],
  leaf: true,
  plan({ invocation, base }) {
    const run = base.probe.run;
    if (run.exitCode === 0 || run.stdout.length > 0 || run.timedOut) return [];
    return [{ key: 'human', args: human(invocation) }];
  },
  judge({ command, invocation, base }, runs, lint) {
    const flag = lint.machine(human(invocation)).slice(human(invocation).length).join(' ');
    judgeMachineModeSelectable(
      base.probe.run,
      runs.get('human')!.run,
      flag,
      lint.reporter(command, base.probe.label),
      lint.secrets,
    );
  },
};
