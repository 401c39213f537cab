import type { Capabilities } from '../../../checks/aoi/probe/discovery.js';
import { judgeStopped } from '../../../checks/aoi/probe/hang.js';
import {
  judgeUnsupportedVersion,
  negotiationFlag,
  UNSUPPORTED_SCHEMA_VERSION,
  type NegotiationForm,
} from '../../../checks/aoi/probe/negotiation.js';
import { withFlag, type CommandPlan } from '../plan.js';
import type { AfterBaseSubject, InvocationSubject, ProbeModule } from './module.js';

const majorOf = (version: string): string => version.replace(/^v/i, '').split('.')[0]!;

/** Every advertised schema major with the name of its schema (`1.0.0`, `2.1.0` → `1`, `2`). */
function advertisedVersions(
  capabilities: Capabilities | undefined,
): { name: string; major: string }[] {
  const pairs = (capabilities?.schemas ?? []).flatMap((schema) =>
    schema.versions.map((version) => ({ name: schema.name, major: majorOf(version) })),
  );
  return pairs.filter(
    (pair, i) =>
      /^\d+$/.test(pair.major) &&
      pairs.findIndex((p) => p.name === pair.name && p.major === pair.major) === i,
  );
}

/** The majors of every advertised schema version. */
function advertisedMajors(capabilities: Capabilities | undefined): string[] {
  return [...new Set(advertisedVersions(capabilities).map((version) => version.major))];
}

/**
 * Each way to ask for an advertised major in the forms the tool offers (see advertisedNegotiation): a
 * `--schema-version` per major, an `--accept-schema NAME@MAJOR` per schema and major.
 */
export function negotiations(
  capabilities: Capabilities | undefined,
  forms: readonly NegotiationForm[],
): { key: string; major: string; flag: [string, string] }[] {
  const versions = advertisedVersions(capabilities);
  return forms.flatMap((form) => {
    const asked =
      form === 'schema-version'
        ? advertisedMajors(capabilities).map((major) => ({ name: '', major }))
        : versions;
    return asked.map(({ name, major }) => {
      const flag = negotiationFlag(form, name, major);
      return { key: flag.join(' '), major, flag };
    });
  });
}

/** AOI-13 (§5.1): each advertised schema major, asked for in each form the tool offers, is the one meta reports. */
export const versions: ProbeModule<
  AfterBaseSubject & { readonly capabilities: Capabilities | undefined }
> = {
  rules: ['AOI-13'],
  leaf: true,
  plan({ plan, invocation, base, capabilities }, lint) {
    if (plan.readOnly !== true) return [];
    if (!base.succeeded) return { skip: base.failed };
    return negotiations(capabilities, lint.negotiationForms).map(({ key, flag }) => ({
      key,
      args: lint.machine(withFlag(invocation, ...flag)),
    }));
  },
  judge({ command, capabilities }, runs, lint) {
    const majors = new Map(
      negotiations(capabilities, lint.negotiationForms).map(({ key, major }) => [key, major]),
    );
    for (const [key, probe] of runs) {
      // A refusal shows nothing about honouring that version (the tool may not take the flag at all): its stream
      // is judged as any other, and the verdict says what was not judged.
      const refused = probe.run.exitCode !== 0;
      if (refused) lint.verdicts.note('AOI-13', refusedNote(key, probe.run.exitCode), command);
      lint.judgeStream(command, probe, refused ? {} : { schemaVersion: majors.get(key)! });
    }
  },
};

const refusedNote = (asked: string, exitCode: number | null) =>
  `\`${asked}\` (a version capabilities advertise) was refused (exit ${exitCode ?? 'by signal'}): not judged whether it is honoured`;

/** The command the tool-wide negotiation probe asks: the first read-only command that ends and reads no input. */
export function negotiationSubject(plans: readonly CommandPlan[]): InvocationSubject | undefined {
  const plan = plans.find((p) => p.readOnly === true && !p.unbounded && !p.inputJsonl);
  return plan && { command: plan.name, plan, invocation: plan.invocations[0]! };
}

/** AOI-13 (§5.1), once per tool that advertises versions, in each form it offers: an unsupported version must fail. */
export const negotiation: ProbeModule<
  InvocationSubject & { readonly capabilities: Capabilities | undefined }
> = {
  rules: ['AOI-13'],
  leaf: true,
  plan({ invocation, capabilities }, lint) {
    const [first] = advertisedVersions(capabilities);
    if (!first) return [];
    // Each unsupported ask with its control: the same form asking an advertised version.
    return lint.negotiationForms.flatMap((form) =>
      [UNSUPPORTED_SCHEMA_VERSION, first.major].map((major) => {
        const flag = negotiationFlag(form, first.name, major);
        return { key: flag.join(' '), args: lint.machine(withFlag(invocation, ...flag)) };
      }),
    );
  },
  judge({ command, capabilities }, runs, lint) {
    const [first] = advertisedVersions(capabilities);
    for (const form of lint.negotiationForms) {
      const asked = negotiationFlag(form, first!.name, UNSUPPORTED_SCHEMA_VERSION).join(' ');
      const control = negotiationFlag(form, first!.name, first!.major).join(' ');
      const probe = runs.get(asked)!;
      if (
        judgeStopped(probe.run, lint.timeoutMs, lint.reporter(command, probe.label), lint.secrets)
      )
        continue;
      judgeUnsupportedVersion(probe.run, lint.reporter(command, probe.label), asked);
      // Refusing an unsupported version proves something only where an advertised one is taken in that form.
      const controlRun = runs.get(control)!.run;
      if (probe.run.exitCode === 0 || controlRun.exitCode === 0)
        lint.verdicts.exercised('AOI-13', command);
      else
        lint.verdicts.note(
          'AOI-13',
          `${refusedNote(control, controlRun.exitCode)}; so the refusal of \`${asked}\` proves nothing`,
          command,
        );
    }
  },
};
