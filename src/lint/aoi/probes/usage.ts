import { judgeUsage, refusedAsUsage } from '../../../checks/aoi/probe/usage.js';
import { canaryProbe } from './canary.js';
import type { CommandSubject, ProbeModule } from './module.js';

const UNKNOWN_FLAG = '--aoi-lint-no-such-flag';

/**
 * AOI-05 (§6): an unknown flag is a usage error. Most tools take no `--token` or `--api-key`, so the canary probe of
 * the command's first invocation (AOI-09's, shared) is a command line with unknown flags already: when the tool
 * refused it as a usage error, that run is judged here as the usage error it is (AOI-09 judges its leaks), and
 * only otherwise is the command run with an unknown flag of the kit's own.
 */
export const usage: ProbeModule<CommandSubject> = {
  rules: ['AOI-05'],
  leaf: true,
  plan: ({ command, plan }, lint) => [
    plan.invocations[0]
      ? canaryProbe(plan, plan.invocations[0], lint)
      : { key: 'usage', args: lint.machine([command, UNKNOWN_FLAG]) },
  ],
  async judge({ command, plan }, runs, lint) {
    const canary = runs.get('canary');
    const refused = canary && refusedAsUsage(canary.run, canary.events) ? canary : undefined;
    const probe =
      refused ??
      runs.get('usage') ??
      (await lint.runner.probe(lint.machine([command, UNKNOWN_FLAG])));
    if (
      lint.judgeStream(command, probe, {
        unbounded: plan.unbounded,
        leaks: refused === undefined,
      }) === 'hang'
    )
      return;
    judgeUsage(probe.run, lint.reporter(command, probe.label));
    lint.verdicts.exercised('AOI-05', command);
  },
};
