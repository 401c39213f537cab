import { judgeInteractive } from '../../../checks/aoi/probe/surface.js';
import { withoutFlag } from '../plan.js';
import type { CommandSubject, ProbeModule } from './module.js';

/**
 * AOI-05 (§1.3): where a command would prompt, machine mode emits INTERACTIVE_REQUIRED instead. Its first
 * invocation runs with stdin closed (a prompt meets EOF and shows instead of hanging); a destructive command
 * runs without --confirm, where a tool is most tempted to ask.
 */
export const interactive: ProbeModule<CommandSubject> = {
  rules: ['AOI-05'],
  leaf: true,
  plan({ plan }, lint) {
    const first = plan.invocations[0];
    if (plan.unbounded || first === undefined) return [];
    const args = plan.destructive ? withoutFlag(withoutFlag(first, '--confirm', false), '--confirm-count', true) : first;
    return [{ key: 'closed stdin', args: lint.machine(args), settings: { stdin: 'closed' } }];
  },
  judge({ command }, runs, lint) {
    const probe = runs.get('closed stdin')!;
    judgeInteractive(probe.run, probe.events, lint.reporter(command, `${probe.label} (stdin closed)`), lint.secrets);
    lint.verdicts.exercised('AOI-05', command);
  },
};
