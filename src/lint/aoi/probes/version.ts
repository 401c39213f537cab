import type { Capabilities } from '../../../checks/aoi/probe/discovery.js';
import { judgeStopped } from '../../../checks/aoi/probe/hang.js';
import { judgeUnsupportedVersion, negotiationFlag, UNSUPPORTED_SCHEMA_VERSION, type NegotiationForm } from '../../../checks/aoi/probe/negotiation.js';
import { withFlag, type CommandPlan } from '../plan.js';
import type { AfterBaseSubject, InvocationSubject, ProbeModule } from './module.js';

const majorOf = (version: string): string => version.replace(/^v/i, '').split('.')[0]!;

/** Every advertised schema major with the name of its schema (`1.0.0`, `2.1.0` → `1`, `2`). */
function advertisedVersions(capabilities: Capabilities | undefined): { name: string; major: string }[] {
  const pairs = (capabilities?.schemas ?? []).flatMap((schema) => schema.versions.map((version) => ({ name: schema.name, major: majorOf(version) })));
  return pairs.filter((pair, i) => /^\d+$/.test(pair.major) && pairs.findIndex((p) => p.name === pair.name && p.major === pair.major) === i);
}

/** The majors of every advertised schema version. */
function advertisedMajors(capabilities: Capabilities | undefined): string[] {
  return [...new Set(advertisedVersions(capabilities).map((version) => version.major))];
}

/**
 * Each way to ask for an advertised major in the forms the tool offers (see advertisedNegotiation): a
 * `--schema-version` per major, an `--accept-schema NAME@MAJOR` per schema and major.
 */
export function negotiations(capabilities: Capabilities | undefined, forms: readonly NegotiationForm[]): { key: string; major: string; flag: [string, string] }[] {
  const versions = advertisedVersions(capabilities);
  return forms.flatMap((form) => {
    const asked = form === 'schema-version' ? advertisedMajors(capabilities).map((major) => ({ name: '', major })) : versions;
    return asked.map(({ name, major }) => {
      const flag = negotiationFlag(form, name, major);
      return { key: flag.join(' '), major, flag };
    });
  });
}

/** AOI-13 (§5.1): each advertised schema major, asked for in each form the tool offers, is the one meta reports. */
export const versions: ProbeModule<AfterBaseSubject & { readonly capabilities: Capabilities | undefined }> = {
  rules: ['AOI-13'],
  plan({ plan, invocation, base, capabilities }, lint) {
    if (plan.readOnly !== true) return [];
    if (!base.succeeded) return { skip: base.failed };
    return negotiations(capabilities, lint.negotiationForms).map(({ key, flag }) => ({ key, args: lint.machine(withFlag(invocation, ...flag)) }));
  },
  judge({ command, capabilities }, runs, lint) {
    const majors = new Map(negotiations(capabilities, lint.negotiationForms).map(({ key, major }) => [key, major]));
    for (const [key, probe] of runs) lint.judgeStream(command, probe, { schemaVersion: majors.get(key)! });
  },
};

/** The command the tool-wide negotiation probe asks: the first read-only command that ends and reads no input. */
export function negotiationSubject(plans: readonly CommandPlan[]): InvocationSubject | undefined {
  const plan = plans.find((p) => p.readOnly === true && !p.unbounded && !p.inputJsonl);
  return plan && { command: plan.name, plan, invocation: plan.invocations[0]! };
}

/** AOI-13 (§5.1), once per tool that advertises versions, in each form it offers: an unsupported version must fail. */
export const negotiation: ProbeModule<InvocationSubject & { readonly capabilities: Capabilities | undefined }> = {
  rules: ['AOI-13'],
  plan({ invocation, capabilities }, lint) {
    const [first] = advertisedVersions(capabilities);
    if (!first) return [];
    return lint.negotiationForms.map((form) => {
      const flag = negotiationFlag(form, first.name, UNSUPPORTED_SCHEMA_VERSION);
      return { key: flag.join(' '), args: lint.machine(withFlag(invocation, ...flag)) };
    });
  },
  judge({ command }, runs, lint) {
    for (const [asked, probe] of runs) {
      if (judgeStopped(probe.run, lint.timeoutMs, lint.reporter(command, probe.label), lint.secrets)) continue;
      judgeUnsupportedVersion(probe.run, lint.reporter(command, probe.label), asked);
      lint.verdicts.exercised('AOI-13', command);
    }
  },
};
