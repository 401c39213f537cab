import { judgeCapabilities, judgeSchema, judgeSchemaDocument, type Capabilities } from '../../../checks/aoi/probe/discovery.js';
import { endOf } from '../../../checks/aoi/probe/types.js';
import { ruleIdsOf } from '../../../spec/rules.js';
import type { ProbeModule, ProbeRequest } from './module.js';
import { advertisedMajors } from './version.js';

const SCHEMA = ['schema', '--output', 'json'];

/** The discovery probe of `capabilities`: no credentials (§3.2), the network tripped where the target can see it. */
export function capabilitiesProbe(seesNetwork: boolean): ProbeRequest {
  return { key: 'capabilities', args: ['capabilities', '--output', 'json'], settings: { clean: true, tripwire: seesNetwork } };
}

/**
 * AOI-01 (§3, §10, §17): `schema` and `capabilities`, run without credentials and with the network tripped.
 * Its answer, the manifest, plans every command's probes: it runs for every rule.
 */
export const discovery: ProbeModule<{ readonly command: 'schema'; readonly seesNetwork: boolean }, Capabilities | undefined> = {
  rules: ruleIdsOf('AOI'),
  plan: ({ seesNetwork }) => [{ key: 'schema', args: SCHEMA, settings: { clean: true, tripwire: seesNetwork } }, capabilitiesProbe(seesNetwork)],
  async judge({ seesNetwork }, runs, lint) {
    const schema = runs.get('schema')!;
    const capabilities = runs.get('capabilities')!;
    // Only a clean run that failed is asked again with credentials: success then means it needs them.
    const withCredentials = schema.run.exitCode !== 0 && !schema.run.timedOut ? (await lint.runner.probe(SCHEMA)).run : undefined;
    const compiled = judgeSchema(schema.run, withCredentials, lint.reporter('schema', schema.label));
    if (compiled?.ok) lint.schemas.set('default', compiled.validate);
    lint.verdicts.exercised('AOI-01', 'schema');
    if (!seesNetwork) lint.verdicts.skip('AOI-01', 'the target cannot observe network access (in memory)', 'schema');

    const manifest = judgeCapabilities(capabilities.run, lint.reporter('capabilities', capabilities.label));
    if (capabilities.run.exitCode === 0) lint.verdicts.exercised('AOI-01', 'capabilities');
    else lint.verdicts.notApplicable('AOI-01', `capabilities --output json is not offered (${endOf(capabilities.run)}); the plan comes from --invoke`, 'capabilities');
    return manifest;
  },
};

/** AOI-04 per negotiated version: `schema --output json --schema-version N` for each advertised major. */
export const versionedSchemas: ProbeModule<{ readonly command: 'schema'; readonly capabilities: Capabilities | undefined }> = {
  rules: ['AOI-04', 'AOI-13'],
  plan: ({ capabilities }) => advertisedMajors(capabilities).map((major) => ({ key: major, args: [...SCHEMA, '--schema-version', major], settings: { clean: true } })),
  judge(_subject, runs, lint) {
    for (const [major, probe] of runs) {
      if (probe.run.exitCode !== 0) continue; // §10.1: MAY support --schema-version
      const compiled = judgeSchemaDocument(probe.run.stdout, `schema --schema-version ${major}`, lint.reporter('schema', probe.label));
      if (compiled?.ok) lint.schemas.set(major, compiled.validate);
    }
  },
};
