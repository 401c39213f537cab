import {
  advertisedDiscoveryFlags,
  DISCOVERY_FLAGS,
  judgeCapabilities,
  judgeDiscoveryFlag,
  judgeSchema,
  judgeSchemaDocument,
  parseDocument,
  type Capabilities,
} from '../../../checks/aoi/probe/discovery.js';
import { endOf } from '../../../checks/aoi/probe/types.js';
import { ruleIdsOf } from '../../../spec/rules.js';
import { CAPPED } from './help.js';
import { DEFAULT_SURFACE, discoveryFlag, type ToolSurface } from '../plan.js';
import type { LintContext } from '../context.js';
import type { RecordedProbe } from '../runner.js';
import type { ProbeModule, ProbeRequest } from './module.js';
import { negotiations } from './version.js';

/** `schema --output json`, or the tool's own spelling of it (`aoi-schema --format json`). */
const schemaArgs = (surface: ToolSurface): string[] => [
  ...surface.schemaCommand,
  ...discoveryFlag(surface.machineFlag),
];

/** The discovery probe of `capabilities`: no credentials (§3.2), the network tripped where the target can see it. */
export function capabilitiesProbe(
  seesNetwork: boolean,
  surface: ToolSurface = DEFAULT_SURFACE,
): ProbeRequest {
  return {
    key: 'capabilities',
    args: ['capabilities', ...discoveryFlag(surface.machineFlag)],
    settings: { clean: true, tripwire: seesNetwork },
  };
}

/**
 * AOI-01 (§3, §10, §17): `schema` and `capabilities`, run without credentials and with the network tripped.
 * Its answer, the manifest, plans every command's probes: it runs for every rule.
 */
export const discovery: ProbeModule<
  { readonly command: 'schema'; readonly seesNetwork: boolean },
  Capabilities | undefined
> = {
  rules: ruleIdsOf('AOI'),
  plan: ({ seesNetwork }, lint) => [
    {
      key: 'schema',
      args: schemaArgs(lint.surface),
      settings: { clean: true, tripwire: seesNetwork },
    },
    capabilitiesProbe(seesNetwork, lint.surface),
    // Where --help advertises the §3 flag forms, they are probed too.
    ...(lint.wants('AOI-01') ? [{ key: 'help', args: ['--help'], settings: { clean: true } }] : []),
  ],
  async judge({ seesNetwork }, runs, lint) {
    const schema = runs.get('schema')!;
    const capabilities = runs.get('capabilities')!;
    // Only a clean run that failed is asked again with credentials: success then means it needs them.
    const withCredentials =
      schema.run.exitCode !== 0 && !schema.run.timedOut && schema.run.outputCapped === undefined
        ? (await lint.runner.probe(schemaArgs(lint.surface))).run
        : undefined;
    const compiled = judgeSchema(
      schema.run,
      withCredentials,
      lint.reporter('schema', schema.label),
      lint.redact(schema.label),
    );
    if (compiled?.ok) lint.schemas.set('default', compiled.validate);
    if (schema.run.outputCapped !== undefined) lint.verdicts.skip('AOI-01', CAPPED, 'schema');
    else lint.verdicts.exercised('AOI-01', 'schema');
    // The verdict says which tripwire judged the network: a namespace sees every language, the proxy does not.
    for (const [command, probe] of [
      ['schema', schema],
      ['capabilities', capabilities],
    ] as const)
      if (probe.run.networkTripwire)
        lint.verdicts.note('AOI-01', `network watched by ${probe.run.networkTripwire}`, command);
    if (!seesNetwork)
      lint.verdicts.skip(
        'AOI-01',
        'the target cannot observe network access (in memory)',
        'schema',
      );

    const manifest = judgeCapabilities(
      capabilities.run,
      lint.reporter('capabilities', capabilities.label),
    );
    if (capabilities.run.outputCapped !== undefined)
      lint.verdicts.skip('AOI-01', CAPPED, 'capabilities');
    else if (capabilities.run.exitCode === 0) lint.verdicts.exercised('AOI-01', 'capabilities');
    else
      lint.verdicts.notApplicable(
        'AOI-01',
        `${lint.redact(capabilities.label)} is not offered (${endOf(capabilities.run)}); the plan comes from --invoke`,
        'capabilities',
      );
    const help = runs.get('help');
    if (help) await judgeFlagForms(help, { schema, capabilities }, lint);
    return manifest;
  },
};

/**
 * AOI-01 (§3): each flag form `--help` advertises (`--schema`, `--capabilities`) against its subcommand's
 * document. Asked bare first (`tool --schema`, as §3 shows it), then with the discovery flag when bare does not
 * print one JSON document (`tool --schema --format json`).
 */
async function judgeFlagForms(
  help: RecordedProbe,
  subcommands: Record<'schema' | 'capabilities', RecordedProbe>,
  lint: LintContext,
): Promise<void> {
  await Promise.all(
    advertisedDiscoveryFlags(help.run).map(async (flag) => {
      const command = DISCOVERY_FLAGS[flag];
      const subcommand = subcommands[command].run;
      const document = subcommand.exitCode === 0 ? parseDocument(subcommand.stdout) : undefined;
      let probe = await lint.runner.probe([flag], { clean: true });
      if (probe.run.exitCode !== 0 || !parseDocument(probe.run.stdout).ok)
        probe = await lint.runner.probe(lint.discovery([flag]), { clean: true });
      judgeDiscoveryFlag(
        flag,
        probe.run,
        document?.ok ? document.value : undefined,
        lint.reporter(command, probe.label),
      );
      lint.verdicts.exercised('AOI-01', command);
    }),
  );
}

/** AOI-04 per negotiated version: `schema --output json --schema-version N` (or `--accept-schema NAME@N`) for each advertised major. */
export const versionedSchemas: ProbeModule<{
  readonly command: 'schema';
  readonly capabilities: Capabilities | undefined;
}> = {
  rules: ['AOI-04', 'AOI-13'],
  plan: ({ capabilities }, lint) =>
    negotiations(capabilities, lint.negotiationForms).map(({ key, flag }) => ({
      key,
      args: [...schemaArgs(lint.surface), ...flag],
      settings: { clean: true },
    })),
  judge({ capabilities }, runs, lint) {
    const majors = new Map(
      negotiations(capabilities, lint.negotiationForms).map(({ key, major }) => [key, major]),
    );
    for (const [key, probe] of runs) {
      if (probe.run.exitCode !== 0) continue; // §10.1: MAY support --schema-version
      const compiled = judgeSchemaDocument(
        probe.run.stdout,
        `schema ${key}`,
        lint.reporter('schema', probe.label),
      );
      if (compiled?.ok && !lint.schemas.has(majors.get(key)!))
        lint.schemas.set(majors.get(key)!, compiled.validate);
    }
  },
};
