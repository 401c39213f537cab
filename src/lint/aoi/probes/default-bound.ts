import type { Capabilities } from '../../../checks/aoi/probe/discovery.js';
import { judgeDefaultBound } from '../../../checks/aoi/probe/surface.js';
import { withoutFlag } from '../plan.js';
import type { AfterBaseSubject, ProbeModule } from './module.js';

/** AOI-11 (§15): a command that takes --limit is bounded without it (declared, and as far as the data shows). */
export const defaultBound: ProbeModule<
  AfterBaseSubject & { readonly capabilities: Capabilities | undefined }
> = {
  rules: ['AOI-11'],
  leaf: true,
  plan({ plan, invocation, base }, lint) {
    if (!plan.paged) return [];
    if (!base.succeeded) return { skip: base.failed };
    return [
      {
        key: 'no limit',
        args: lint.machine(withoutFlag(withoutFlag(invocation, '--limit', true), '--cursor', true)),
      },
    ];
  },
  judge({ command, capabilities }, runs, lint) {
    const probe = runs.get('no limit')!;
    const declared = capabilities?.commands?.find((c) => c.name === command)?.bounded;
    const judged = lint.judgeStream(command, probe);
    if (judged === 'hang') return;
    judgeDefaultBound(
      declared,
      judged === 'readable' ? probe : undefined,
      lint.reporter(command, probe.label),
    );
    lint.verdicts.exercised('AOI-11', command);
  },
};
