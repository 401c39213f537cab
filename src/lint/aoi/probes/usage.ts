import { judgeUsage } from '../../../checks/aoi/probe/usage.js';
import type { CommandSubject, ProbeModule } from './module.js';

const UNKNOWN_FLAG = '--aoi-lint-no-such-flag';

/** AOI-05 (§6): an unknown flag is a usage error. */
export const usage: ProbeModule<CommandSubject> = {
  rules: ['AOI-05'],
  leaf: true,
  plan: ({ command }, lint) => [{ key: 'usage', args: lint.machine([command, UNKNOWN_FLAG]) }],
  judge({ command, plan }, runs, lint) {
    const probe = runs.get('usage')!;
    if (lint.judgeStream(command, probe, { unbounded: plan.unbounded }) === 'hang') return;
    judgeUsage(probe.run, lint.reporter(command, probe.label));
    lint.verdicts.exercised('AOI-05', command);
  },
};
