import type { Capabilities } from '../../../checks/aoi/probe/discovery.js';
import { judgeStopped } from '../../../checks/aoi/probe/hang.js';
import { judgeUnsupportedVersion, UNSUPPORTED_SCHEMA_VERSION } from '../../../checks/aoi/probe/negotiation.js';
import { withFlag, type CommandPlan } from '../plan.js';
import type { AfterBaseSubject, InvocationSubject, ProbeModule } from './module.js';

/** The majors of every advertised schema version (`1.0.0`, `2.1.0` → `1`, `2`). */
export function advertisedMajors(capabilities: Capabilities | undefined): string[] {
  const versions = (capabilities?.schemas ?? []).flatMap((schema) => schema.versions);
  return [...new Set(versions.map((version) => version.replace(/^v/i, '').split('.')[0]!).filter((major) => /^\d+$/.test(major)))];
}

/** AOI-13 (§5.1): each advertised schema major, requested with --schema-version, is the one meta reports. */
export const versions: ProbeModule<AfterBaseSubject & { readonly capabilities: Capabilities | undefined }> = {
  rules: ['AOI-13'],
  plan({ plan, invocation, base, capabilities }, lint) {
    if (plan.readOnly !== true) return [];
    if (!base.succeeded) return { skip: base.failed };
    return advertisedMajors(capabilities).map((major) => ({ key: major, args: lint.machine(withFlag(invocation, '--schema-version', major)) }));
  },
  judge({ command }, runs, lint) {
    for (const [major, probe] of runs) lint.judgeStream(command, probe, { schemaVersion: major });
  },
};

/** The command the tool-wide negotiation probe asks: the first read-only command that ends and reads no input. */
export function negotiationSubject(plans: readonly CommandPlan[]): InvocationSubject | undefined {
  const plan = plans.find((p) => p.readOnly === true && !p.unbounded && !p.inputJsonl);
  return plan && { command: plan.name, plan, invocation: plan.invocations[0]! };
}

/** AOI-13 (§5.1), once per tool that advertises versions: an unsupported --schema-version must fail. */
export const negotiation: ProbeModule<InvocationSubject & { readonly capabilities: Capabilities | undefined }> = {
  rules: ['AOI-13'],
  plan: ({ invocation, capabilities }, lint) =>
    advertisedMajors(capabilities).length === 0 ? [] : [{ key: 'unsupported', args: lint.machine(withFlag(invocation, '--schema-version', UNSUPPORTED_SCHEMA_VERSION)) }],
  judge({ command }, runs, lint) {
    const probe = runs.get('unsupported')!;
    if (judgeStopped(probe.run, lint.timeoutMs, lint.reporter(command, probe.label), lint.secrets)) return;
    judgeUnsupportedVersion(probe.run, lint.reporter(command, probe.label));
    lint.verdicts.exercised('AOI-13', command);
  },
};
