import type { FakeContext } from '../engine/types.js';
import { capabilities, eventSchema } from './discovery.js';
import type { SchemaVersion } from './out.js';

/**
 * Where the `schema-needs-network` fault "checks for a newer schema": an address of TEST-NET-3
 * (RFC 5737), reserved for documentation and never routed, so the attempt reaches nobody.
 */
export const SCHEMA_UPDATE_HOST = '203.0.113.7';

/**
 * `notes schema --output json`: the event schema of discovery.ts (§3, §10), printed — no network, no
 * credentials, no state. The faults of the schema act here, and nowhere else.
 */
export async function printSchema(ctx: FakeContext, version: SchemaVersion): Promise<number> {
  const b = ctx.behaviour;
  // The answer is not even used: the attempt is the fault.
  if (b.schemaNetwork) await ctx.connect(SCHEMA_UPDATE_HOST, 443);
  if (b.schemaCredentials && !b.schemaCredentials.some((name) => ctx.env[name])) {
    const message = `not signed in: set ${b.schemaCredentials.join(' or ')}, or run \`notes login\``;
    await ctx.print(
      `${JSON.stringify({ type: 'aoi:error', category: 'authn', code: 'AUTH_REQUIRED', message, retryable: false })}\n`,
    );
    await ctx.stderr(`notes: ${message}\n`);
    return 77;
  }
  if (b.schemaBroken === 'fails') {
    await ctx.print(
      `${JSON.stringify({ type: 'aoi:error', category: 'internal', code: 'SCHEMA_NOT_BUNDLED', message: 'the event schema is missing from this build', retryable: false })}\n`,
    );
    await ctx.stderr('notes: the event schema is missing from this build\n');
    return 70;
  }
  let schema = eventSchema(version) as Record<string, unknown>;
  if (b.schemaId !== null) schema = { ...schema, $id: b.schemaId };
  // "objekt" is no JSON Schema type: no validator can compile the document.
  if (b.schemaBroken === 'not-a-schema')
    schema = {
      ...schema,
      properties: { ...(schema.properties as object), data: { type: 'objekt' } },
    };
  if (b.schemaBroken === 'not-json') await ctx.print(`notes event schema ${String(schema.$id)}\n`);
  await ctx.print(`${JSON.stringify(schema)}\n`);
  return 0;
}

/** `notes capabilities --output json` (§17); the `capabilities-invalid` fault keys the commands by name instead of listing them. */
export async function printCapabilities(ctx: FakeContext): Promise<number> {
  let manifest = capabilities(ctx.behaviour.schemaVersions) as {
    commands: { name: string }[];
  } & Record<string, unknown>;
  if (ctx.behaviour.declaresUnbounded) {
    manifest = {
      ...manifest,
      commands: manifest.commands.map((c) =>
        'supports_cursor' in c ? { ...c, bounded: false } : c,
      ),
    };
  }
  if (ctx.behaviour.capabilitiesInvalid) {
    manifest = {
      ...manifest,
      commands: Object.fromEntries(
        manifest.commands.map(({ name, ...rest }) => [name, rest]),
      ) as never,
    };
  }
  await ctx.print(`${JSON.stringify(manifest)}\n`);
  return 0;
}
