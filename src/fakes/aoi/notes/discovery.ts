import { FRAMEWORK_EVENT_TYPES } from '../../../spec/aoi/constants.js';
import { WELL_BEHAVED } from '../engine/behaviour.js';
import {
  FIRST_SCHEMA_VERSION,
  SCHEMA_NAME,
  TOOL,
  TOOL_VERSION,
  type SchemaVersion,
} from './out.js';

const ID = { type: 'string', pattern: '^n_[0-9]{4,}$' };
const BASE = 'https://unpkg.com/aoi-testkit/fixtures/schemas/notes';

/** The domain events of each schema version. Version 2 is a breaking change: `rank` became `score`. */
function domainEvents(version: SchemaVersion): Record<string, object> {
  const hit =
    version === FIRST_SCHEMA_VERSION
      ? {
          required: ['id', 'title', 'rank'],
          properties: {
            id: ID,
            title: { type: 'string' },
            rank: { type: 'integer', minimum: 1 },
            snippet: { type: 'string' },
          },
        }
      : {
          required: ['id', 'title', 'score'],
          properties: {
            id: ID,
            title: { type: 'string' },
            score: { type: 'number', minimum: 0, maximum: 1 },
            snippet: { type: 'string' },
          },
        };
  const entry = {
    required: ['id', 'title'],
    properties: {
      id: ID,
      title: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  };
  const mutation = { required: ['id'], properties: { id: ID, replayed: { type: 'boolean' } } };
  return { hit, entry, created: mutation, updated: mutation, deleted: mutation };
}

/** `notes schema --output json`: the event schema, discriminated on `type` with if/then (§10.4). */
export function eventSchema(version: SchemaVersion): object {
  const domain = domainEvents(version);
  const known = [...FRAMEWORK_EVENT_TYPES, ...Object.keys(domain)];
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${BASE}/events/${version}/schema.json`,
    title: `${SCHEMA_NAME}@${version}`,
    type: 'object',
    required: ['type'],
    properties: { type: { enum: known } },
    allOf: Object.entries(domain).map(([type, shape]) => ({
      if: { properties: { type: { const: type } }, required: ['type'] },
      then: { type: 'object', ...shape },
    })),
  };
}

/** `notes input-schema --command import --output json`: strict, to catch agents' typos (§10.3). */
export function importInputSchema(): object {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${BASE}/input/import/1.0.0/schema.json`,
    title: 'notes import --input-jsonl line',
    type: 'object',
    required: ['title'],
    properties: {
      title: { type: 'string', minLength: 1 },
      body: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
    },
    additionalProperties: false,
  };
}

/** `notes capabilities --output json` (§17), offering `versions` of its schema (the first is the default). */
export function capabilities(versions: readonly string[] = WELL_BEHAVED.schemaVersions): object {
  const ev = (...types: string[]) => [
    'aoi:meta',
    ...types,
    'aoi:warning',
    'aoi:error',
    'aoi:summary',
  ];
  return {
    tool: TOOL,
    tool_version: TOOL_VERSION,
    aoi_versions: ['0.2'],
    outputs: ['jsonl'],
    schemas: [{ name: SCHEMA_NAME, versions: [...versions], default: versions[0] }],
    commands: [
      {
        name: 'search',
        read_only: true,
        bounded: true,
        supports_cursor: true,
        event_types: ev('hit'),
      },
      {
        name: 'list',
        read_only: true,
        bounded: true,
        supports_cursor: true,
        event_types: ev('entry'),
      },
      { name: 'get', read_only: true, bounded: true, event_types: ev('entry') },
      {
        name: 'create',
        read_only: false,
        supports_dry_run: true,
        supports_idempotency_key: true,
        event_types: ev('created', 'aoi:plan'),
      },
      {
        name: 'update',
        read_only: false,
        supports_dry_run: true,
        supports_idempotency_key: true,
        event_types: ev('updated', 'aoi:plan'),
      },
      {
        name: 'delete',
        read_only: false,
        destructive: true,
        requires_confirm: true,
        supports_dry_run: true,
        event_types: ev('deleted', 'aoi:plan'),
      },
      { name: 'import', read_only: false, input_modes: ['jsonl'], event_types: ev('created') },
      { name: 'doctor', read_only: true, event_types: ev('aoi:check') },
      { name: 'watch', read_only: true, unbounded: true, event_types: ev('aoi:heartbeat') },
      {
        name: 'sync',
        read_only: false,
        supports_dry_run: true,
        event_types: ev('created', 'aoi:plan'),
      },
    ],
  };
}

export const HELP = `notes — a small notes store (the aoi-testkit reference AOI-CLI tool)

Usage: notes <command> [options] [--output jsonl]

Commands:
  search <query> [--limit N] [--cursor C]     find notes (bounded; default limit 10)
  list [--limit N] [--cursor C]               list notes
  get <id>                                    one note
  create --title T [--body B] [--tag X]...    create (--dry-run, --idempotency-key K)
  update <id> [--title T] [--body B]          update (--dry-run, --idempotency-key K)
  delete <id>... --confirm [--confirm-count N]  delete (destructive; --dry-run)
  import --input-jsonl -                      create notes from JSONL on stdin (--fail-fast | --continue-on-error)
  doctor                                      readiness checks
  watch [--interval-ms N]                     heartbeats until interrupted (unbounded)
  sync [--timeout SECONDS]                    pull notes from the backend, create new ones (--dry-run; $NOTES_API_TOKEN)
  schema --output json [--schema-version 1|2] event schema (no network, no credentials)
  input-schema --command import --output json input schema
  capabilities --output json                  supported commands (AOI-CLI §17)
  login                                       interactive sign-in (human mode only)

Machine mode: --output jsonl (or --format jsonl). State: --state-dir DIR, else $AOI_TESTKIT_STATE_DIR.
Exit status: 0 ok, 1 failed, 64 usage, 65 bad input data, 70 bad backend response, 75 retry may succeed
(rate limited, unavailable, timeout), 77 needs login or not allowed, 78 bad configuration, 130 interrupted.
`;
