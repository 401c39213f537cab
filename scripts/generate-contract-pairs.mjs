// Writes fixtures/contracts/: pairs of contracts (base.json, the last release; head.json, the tool now), one pair
// per class of difference, breaking and compatible, and expected.json, the verdict a conforming compatibility
// checker gives on each. The pairs are small edits of one contract, a tool `outline` with all three surfaces (AOI
// capabilities and event schema, cmdhelp help, an exec dispatch manifest); the expected verdicts are written here
// by hand, beside each edit, never computed by the kit's checker (test/unit/compat/corpus.test.ts holds the kit
// to them).
//
//   node scripts/generate-contract-pairs.mjs           write the files
//   node scripts/generate-contract-pairs.mjs --check   exit 1 when a file is not what this script gives
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../fixtures/contracts/', import.meta.url));
const SCHEMA = 'https://unpkg.com/aoi-testkit/dist/schemas/compat/contract.schema.json';
const NAME = 'com.example.outline.events';

const clone = (v) => structuredClone(v);
const sortKeys = (v) =>
  Array.isArray(v)
    ? v.map(sortKeys)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sortKeys(v[k])]),
        )
      : v;
const json = (v) => {
  const { $schema: _s, ...rest } = v;
  return `${JSON.stringify({ $schema: SCHEMA, ...sortKeys(rest) }, null, 2)}\n`;
};

/** The event schema of one version: `hit` (id, title, rank, kind, source) and `created` (id), §10.4's if/then form. */
function eventSchema(version, edit = (d) => d) {
  const domain = edit({
    hit: {
      required: ['id', 'title', 'rank'],
      properties: {
        id: { type: 'string' },
        title: { type: 'string' },
        rank: { type: 'integer', minimum: 1 },
        kind: { enum: ['doc', 'note'] },
        source: { type: 'object', properties: { url: { type: 'string' } } },
      },
    },
    created: { required: ['id'], properties: { id: { type: 'string' } } },
  });
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://schemas.example.com/outline/events/${version}/schema.json`,
    type: 'object',
    required: ['type'],
    properties: {
      type: {
        enum: ['aoi:meta', 'aoi:summary', 'aoi:error', 'aoi:warning', ...Object.keys(domain)],
      },
    },
    allOf: Object.entries(domain).map(([type, shape]) => ({
      if: { properties: { type: { const: type } }, required: ['type'] },
      then: { type: 'object', ...shape },
    })),
  };
}

const ev = (...types) => ['aoi:meta', ...types, 'aoi:warning', 'aoi:error', 'aoi:summary'];

/** The last release: outline 1.8.2, schema 1.0.0. */
function base() {
  return {
    contract: '1',
    tool: { name: 'outline', version: '1.8.2' },
    aoi: {
      capabilities: {
        tool: 'outline',
        tool_version: '1.8.2',
        aoi_versions: ['0.2'],
        outputs: ['jsonl'],
        schemas: [{ name: NAME, versions: ['1.0.0'], default: '1.0.0' }],
        commands: [
          {
            name: 'search',
            read_only: true,
            bounded: true,
            supports_cursor: true,
            event_types: ev('hit'),
          },
          {
            name: 'create',
            read_only: false,
            supports_dry_run: true,
            supports_idempotency_key: true,
            event_types: ev('created', 'aoi:plan'),
          },
          {
            name: 'delete',
            read_only: false,
            destructive: true,
            requires_confirm: true,
            supports_dry_run: true,
            event_types: ev('aoi:plan'),
          },
        ],
      },
      schema: eventSchema('1.0.0'),
      schemas: { [NAME]: { '1.0.0': eventSchema('1.0.0') } },
    },
    cmdhelp: {
      capability: 'cmdhelp/0.1: text, md, json, llm',
      document: {
        cmdhelp_version: '0.1',
        binary: 'outline',
        version: '1.8.2',
        global_flags: { verbose: { type: 'bool', description: 'Say more on stderr' } },
        commands: {
          search: {
            summary: 'Search documents.',
            args: [{ name: 'query', type: 'string', required: true }],
            flags: {
              limit: { type: 'int', description: 'At most N hits' },
              sort: { type: 'enum', enum: ['rank', 'date'], description: 'Order of the hits' },
              tag: {
                type: 'string',
                repeatable: true,
                description: 'Only documents with this tag',
              },
            },
            stdin: { accepted: false },
            exit_codes: {
              0: 'ok',
              4: { when: 'not authenticated', recovery: 'Run outline auth login' },
            },
          },
          create: {
            summary: 'Create a document.',
            args: [{ name: 'title', type: 'string', required: true }],
            flags: { 'dry-run': { type: 'bool', description: 'Plan, change nothing' } },
            stdin: { accepted: true, format: 'text/markdown' },
            exit_codes: { 0: 'ok' },
          },
        },
      },
    },
    exec: {
      manifestArgs: ['manifest', '--output', 'json'],
      manifest: {
        schema_version: '1.0',
        framework_version: 'outline 1.8.2',
        etag: 'outline-1.8.2',
        commands: {
          'doc.create': {
            description: 'Create a document.',
            danger_level: 'mutating',
            flags: {
              draft: { type: 'boolean', required: false, description: 'Keep it a draft' },
            },
            exit_codes: {
              0: { description: 'Created.', retryable: false, side_effects: 'complete' },
              1: { description: 'Nothing was created.', retryable: false, side_effects: 'none' },
            },
          },
          'doc.list': {
            description: 'List documents.',
            danger_level: 'safe',
            flags: {},
            exit_codes: { 0: { description: 'Listed.', retryable: false, side_effects: 'none' } },
          },
          exec: {
            description: 'Run a JSONL batch.',
            danger_level: 'mutating',
            flags: {},
            exit_codes: {
              0: {
                description: 'Every line succeeded.',
                retryable: false,
                side_effects: 'complete',
              },
            },
          },
        },
      },
    },
  };
}

/** The next release, 1.9.0, with the same schema major (1.1.0): what a minor release may change. */
function minor(c) {
  c.tool.version = '1.9.0';
  c.aoi.capabilities.tool_version = '1.9.0';
  c.cmdhelp.document.version = '1.9.0';
  c.exec.manifest.framework_version = 'outline 1.9.0';
  return c;
}

/** Head at a new schema version: the bare schema, the advertised versions and their documents. */
function schemaVersion(c, version, edit, { keepOld = false } = {}) {
  const doc = eventSchema(version, edit);
  c.aoi.capabilities.schemas[0].versions = keepOld ? ['1.0.0', version] : [version];
  c.aoi.capabilities.schemas[0].default = version;
  c.aoi.schema = doc;
  c.aoi.schemas[NAME] = keepOld
    ? { '1.0.0': eventSchema('1.0.0'), [version]: doc }
    : { [version]: doc };
  return c;
}

const command = (c, name) => c.aoi.capabilities.commands.find((x) => x.name === name);
const help = (c, path = 'search') => c.cmdhelp.document.commands[path];
const pass = { 'COMPAT-01': 'pass', 'COMPAT-02': 'pass', 'COMPAT-03': 'pass' };

/**
 * Every pair: its directory, what it shows, the head (and base) edits, and the verdict a checker must give —
 * `findings` (sub-rule ids, each once) and `changes` (class, breaking, announced) in full.
 */
const PAIRS = [
  {
    path: 'identical',
    about: 'The same contract twice: nothing changed.',
    head: (c) => c,
    verdicts: pass,
    findings: [],
    changes: [],
  },
  // COMPAT-01: machine output under the same major (schema 1.0.0 → 1.1.0).
  {
    path: 'event-type-removed--breaking',
    about: 'Schema 1.1.0 no longer declares the event type hit; search still lists it.',
    head: (c) => schemaVersion(minor(c), '1.1.0', ({ hit: _hit, ...rest }) => rest),
    verdicts: { ...pass, 'COMPAT-01': 'fail' },
    findings: ['COMPAT-01/event-type-removed'],
    changes: [['event-type-removed', true]],
  },
  {
    path: 'event-type-removed--command',
    about: "search's capabilities no longer list the event type hit; the schema is unchanged.",
    head: (c) => {
      command(minor(c), 'search').event_types = ev();
      return c;
    },
    verdicts: { ...pass, 'COMPAT-01': 'fail' },
    findings: ['COMPAT-01/event-type-removed'],
    changes: [['event-type-removed', true]],
  },
  {
    path: 'field-removed--breaking',
    about: 'Schema 1.1.0 drops the required field hit.rank.',
    head: (c) =>
      schemaVersion(minor(c), '1.1.0', (d) => {
        delete d.hit.properties.rank;
        d.hit.required = ['id', 'title'];
        return d;
      }),
    verdicts: { ...pass, 'COMPAT-01': 'fail' },
    findings: ['COMPAT-01/field-removed'],
    changes: [['field-removed', true]],
  },
  {
    path: 'field-removed--announced',
    about: 'The same drop as schema 2.0.0: announced by the new major.',
    head: (c) =>
      schemaVersion(minor(c), '2.0.0', (d) => {
        delete d.hit.properties.rank;
        d.hit.required = ['id', 'title'];
        return d;
      }),
    verdicts: pass,
    findings: [],
    changes: [
      ['capability-withdrawn', true, true],
      ['capability-added', false],
      ['field-removed', true, true],
    ],
  },
  {
    path: 'field-removed--version-unknown',
    about:
      'The same drop, but neither contract says which schema version it describes: not judged.',
    base: (c) => {
      delete c.aoi.capabilities.schemas;
      delete c.aoi.schemas;
      return c;
    },
    head: (c) => {
      minor(c);
      delete c.aoi.capabilities.schemas;
      delete c.aoi.schemas;
      delete c.aoi.schema.allOf[0].then.properties.rank;
      c.aoi.schema.allOf[0].then.required = ['id', 'title'];
      return c;
    },
    verdicts: { ...pass, 'COMPAT-01': 'skip' },
    findings: [],
    changes: [['field-removed', true, false, true]],
  },
  {
    path: 'field-retyped--breaking',
    about: 'Schema 1.1.0 makes hit.rank a string.',
    head: (c) =>
      schemaVersion(minor(c), '1.1.0', (d) => {
        d.hit.properties.rank = { type: 'string' };
        return d;
      }),
    verdicts: { ...pass, 'COMPAT-01': 'fail' },
    findings: ['COMPAT-01/field-retyped'],
    changes: [['field-retyped', true]],
  },
  {
    path: 'field-became-optional--breaking',
    about: 'Schema 1.1.0 no longer requires hit.rank.',
    head: (c) =>
      schemaVersion(minor(c), '1.1.0', (d) => {
        d.hit.required = ['id', 'title'];
        return d;
      }),
    verdicts: { ...pass, 'COMPAT-01': 'fail' },
    findings: ['COMPAT-01/field-became-optional'],
    changes: [['field-became-optional', true]],
  },
  {
    path: 'field-enum-widened--breaking',
    about: 'Schema 1.1.0 lets hit.kind be "task": a warning.',
    head: (c) =>
      schemaVersion(minor(c), '1.1.0', (d) => {
        d.hit.properties.kind = { enum: ['doc', 'note', 'task'] };
        return d;
      }),
    verdicts: pass,
    findings: ['COMPAT-01/field-enum-widened'],
    changes: [['field-enum-widened', true]],
  },
  {
    path: 'versions-side-by-side--announced',
    about:
      'The head offers 1.0.0 and 2.0.0; 2.0.0 renames hit.rank to hit.score (the reference tool notes does this).',
    head: (c) =>
      schemaVersion(
        minor(c),
        '2.0.0',
        (d) => {
          delete d.hit.properties.rank;
          d.hit.properties.score = { type: 'number' };
          d.hit.required = ['id', 'title', 'score'];
          return d;
        },
        { keepOld: true },
      ),
    verdicts: pass,
    findings: [],
    changes: [
      ['capability-added', false],
      ['field-removed', true, true],
      ['field-added', false],
    ],
  },
  {
    path: 'versions-side-by-side--breaking',
    about: 'The same rename offered as 1.1.0 beside 1.0.0: the same major, unannounced.',
    head: (c) =>
      schemaVersion(
        minor(c),
        '1.1.0',
        (d) => {
          delete d.hit.properties.rank;
          d.hit.properties.score = { type: 'number' };
          d.hit.required = ['id', 'title', 'score'];
          return d;
        },
        { keepOld: true },
      ),
    verdicts: { ...pass, 'COMPAT-01': 'fail' },
    findings: ['COMPAT-01/field-removed'],
    changes: [
      ['field-removed', true],
      ['field-added', false],
    ],
  },
  // COMPAT-01: compatible output changes.
  {
    path: 'event-type-added--compatible',
    about: 'Schema 1.1.0 declares a new event type, updated.',
    head: (c) =>
      schemaVersion(minor(c), '1.1.0', (d) => ({
        ...d,
        updated: { required: ['id'], properties: { id: { type: 'string' } } },
      })),
    verdicts: pass,
    findings: [],
    changes: [['event-type-added', false]],
  },
  {
    path: 'field-added--compatible',
    about: 'Schema 1.1.0 adds hit.snippet (§10.3: a forward-compatible extension).',
    head: (c) =>
      schemaVersion(minor(c), '1.1.0', (d) => {
        d.hit.properties.snippet = { type: 'string' };
        return d;
      }),
    verdicts: pass,
    findings: [],
    changes: [['field-added', false]],
  },
  {
    path: 'optional-field-removed--compatible',
    about: 'Schema 1.1.0 drops hit.kind, which 1.0.0 did not require.',
    head: (c) =>
      schemaVersion(minor(c), '1.1.0', (d) => {
        delete d.hit.properties.kind;
        return d;
      }),
    verdicts: pass,
    findings: [],
    changes: [['optional-field-removed', false]],
  },
  {
    path: 'field-narrowed--compatible',
    about: 'Schema 1.1.0: hit.kind no longer takes "note".',
    head: (c) =>
      schemaVersion(minor(c), '1.1.0', (d) => {
        d.hit.properties.kind = { enum: ['doc'] };
        return d;
      }),
    verdicts: pass,
    findings: [],
    changes: [['field-narrowed', false]],
  },
  {
    path: 'field-became-required--compatible',
    about: 'Schema 1.1.0 requires hit.kind: every hit now carries it.',
    head: (c) =>
      schemaVersion(minor(c), '1.1.0', (d) => {
        d.hit.required = ['id', 'title', 'rank', 'kind'];
        return d;
      }),
    verdicts: pass,
    findings: [],
    changes: [['field-became-required', false]],
  },
  // COMPAT-02: the command surface, unannounced (tool 1.8.2 → 1.9.0, schema unchanged).
  {
    path: 'command-removed--breaking',
    about: 'capabilities no longer list delete.',
    head: (c) => {
      minor(c).aoi.capabilities.commands = c.aoi.capabilities.commands.filter(
        (x) => x.name !== 'delete',
      );
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/command-removed'],
    changes: [['command-removed', true]],
  },
  {
    path: 'command-removed--exec',
    about: 'The dispatch manifest no longer lists doc.list: batches naming it fail.',
    head: (c) => {
      delete minor(c).exec.manifest.commands['doc.list'];
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/command-removed'],
    changes: [['command-removed', true]],
  },
  {
    path: 'command-removed--announced',
    about: 'delete removed in 2.0.0 of the tool: announced by the major release.',
    head: (c) => {
      c.tool.version = '2.0.0';
      c.aoi.capabilities.tool_version = '2.0.0';
      c.cmdhelp.document.version = '2.0.0';
      c.exec.manifest.framework_version = 'outline 2.0.0';
      c.aoi.capabilities.commands = c.aoi.capabilities.commands.filter((x) => x.name !== 'delete');
      return c;
    },
    verdicts: pass,
    findings: [],
    changes: [['command-removed', true, true]],
  },
  {
    path: 'flag-removed--breaking',
    about: 'help: search no longer takes --limit.',
    head: (c) => {
      delete help(minor(c)).flags.limit;
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/flag-removed'],
    changes: [['flag-removed', true]],
  },
  {
    path: 'flag-renamed--breaking',
    about: 'help: search --sort is now --order (the same values and description).',
    head: (c) => {
      const flags = help(minor(c)).flags;
      flags.order = flags.sort;
      delete flags.sort;
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/flag-renamed'],
    changes: [['flag-renamed', true]],
  },
  {
    path: 'flag-type-narrowed--breaking',
    about: 'exec: doc.create --draft was a presence switch and now takes a string.',
    head: (c) => {
      minor(c).exec.manifest.commands['doc.create'].flags.draft.type = 'string';
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/flag-type-narrowed'],
    changes: [['flag-type-narrowed', true]],
  },
  {
    path: 'flag-repeatable-withdrawn--breaking',
    about: 'help: search --tag can no longer be given twice.',
    head: (c) => {
      delete help(minor(c)).flags.tag.repeatable;
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/flag-type-narrowed'],
    changes: [['flag-type-narrowed', true]],
  },
  {
    path: 'flag-enum-narrowed--breaking',
    about: 'help: search --sort no longer takes date.',
    head: (c) => {
      help(minor(c)).flags.sort.enum = ['rank'];
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/flag-enum-narrowed'],
    changes: [['flag-enum-narrowed', true]],
  },
  {
    path: 'argument-removed--breaking',
    about: 'help: create no longer takes its title argument.',
    head: (c) => {
      help(minor(c), 'create').args = [];
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/argument-removed'],
    changes: [['argument-removed', true]],
  },
  {
    path: 'argument-narrowed--breaking',
    about: 'help: the query of search is now an int.',
    head: (c) => {
      help(minor(c)).args[0].type = 'int';
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/argument-narrowed'],
    changes: [['argument-narrowed', true]],
  },
  {
    path: 'required-input-added--breaking',
    about: 'help: search has a new required flag, --project.',
    head: (c) => {
      help(minor(c)).flags.project = { type: 'string', required: true, description: 'The project' };
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/required-input-added'],
    changes: [['required-input-added', true]],
  },
  {
    path: 'capability-withdrawn--breaking',
    about: 'capabilities: search no longer supports --cursor.',
    head: (c) => {
      command(minor(c), 'search').supports_cursor = false;
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/capability-withdrawn'],
    changes: [['capability-withdrawn', true]],
  },
  {
    path: 'capability-withdrawn--cmdhelp',
    about: 'The capability line no longer lists llm.',
    head: (c) => {
      minor(c).cmdhelp.capability = 'cmdhelp/0.1: text, md, json';
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/capability-withdrawn'],
    changes: [['capability-withdrawn', true]],
  },
  {
    path: 'command-now-mutating--breaking',
    about: 'exec: doc.list was safe and is now mutating.',
    head: (c) => {
      minor(c).exec.manifest.commands['doc.list'].danger_level = 'mutating';
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/command-now-mutating'],
    changes: [['command-now-mutating', true]],
  },
  {
    path: 'confirmation-now-required--breaking',
    about: 'capabilities: create now requires --confirm.',
    head: (c) => {
      command(minor(c), 'create').requires_confirm = true;
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/confirmation-now-required'],
    changes: [['confirmation-now-required', true]],
  },
  {
    path: 'exit-code-meaning-changed--breaking',
    about: 'help: exit 4 of search meant "not authenticated" and now means "rate limited".',
    head: (c) => {
      help(minor(c)).exit_codes['4'] = { when: 'rate limited' };
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/exit-code-meaning-changed'],
    changes: [['exit-code-meaning-changed', true]],
  },
  {
    path: 'exit-code-meaning-changed--exec',
    about: 'exec: exit 1 of doc.create becomes retryable.',
    head: (c) => {
      minor(c).exec.manifest.commands['doc.create'].exit_codes['1'].retryable = true;
      return c;
    },
    verdicts: pass,
    findings: ['COMPAT-02/exit-code-meaning-changed'],
    changes: [['exit-code-meaning-changed', true]],
  },
  // COMPAT-02: compatible surface changes.
  {
    path: 'command-added--compatible',
    about: 'capabilities list a new read-only command, get.',
    head: (c) => {
      minor(c).aoi.capabilities.commands.push({
        name: 'get',
        read_only: true,
        event_types: ev('hit'),
      });
      return c;
    },
    verdicts: pass,
    findings: [],
    changes: [['command-added', false]],
  },
  {
    path: 'flag-added--compatible',
    about: 'help: search takes a new optional flag, --since.',
    head: (c) => {
      help(minor(c)).flags.since = { type: 'date', description: 'Only documents changed since' };
      return c;
    },
    verdicts: pass,
    findings: [],
    changes: [['flag-added', false]],
  },
  {
    path: 'argument-added--compatible',
    about: 'help: search takes an optional second argument.',
    head: (c) => {
      help(minor(c)).args.push({ name: 'collection', type: 'string', required: false });
      return c;
    },
    verdicts: pass,
    findings: [],
    changes: [['argument-added', false]],
  },
  {
    path: 'input-widened--compatible',
    about: 'help: search --sort also takes title; --limit takes a float.',
    head: (c) => {
      help(minor(c)).flags.sort.enum = ['rank', 'date', 'title'];
      help(c).flags.limit.type = 'float';
      return c;
    },
    verdicts: pass,
    findings: [],
    changes: [
      ['input-widened', false],
      ['input-widened', false],
    ],
  },
  {
    path: 'input-became-optional--compatible',
    about: 'help: the query of search is optional now.',
    head: (c) => {
      help(minor(c)).args[0].required = false;
      return c;
    },
    verdicts: pass,
    findings: [],
    changes: [['input-became-optional', false]],
  },
  {
    path: 'capability-added--compatible',
    about: 'capabilities: create takes JSONL input now.',
    head: (c) => {
      command(minor(c), 'create').input_modes = ['jsonl'];
      return c;
    },
    verdicts: pass,
    findings: [],
    changes: [['capability-added', false]],
  },
  {
    path: 'command-now-read-only--compatible',
    about: 'exec: doc.create is safe now (it only drafts).',
    head: (c) => {
      minor(c).exec.manifest.commands['doc.create'].danger_level = 'safe';
      return c;
    },
    verdicts: pass,
    findings: [],
    changes: [['command-now-read-only', false]],
  },
  {
    path: 'exit-code-added--compatible',
    about: 'help: search documents a new exit code, 75.',
    head: (c) => {
      help(minor(c)).exit_codes['75'] = { when: 'rate limited, retry later' };
      return c;
    },
    verdicts: pass,
    findings: [],
    changes: [['exit-code-added', false]],
  },
  // COMPAT-03: the three versions.
  {
    path: 'schema-follows-tool--breaking',
    about: 'The schema version is the tool version in both releases: 1.8.2 → 1.9.0.',
    base: (c) => {
      c.aoi.capabilities.schemas[0] = { name: NAME, versions: ['1.8.2'], default: '1.8.2' };
      c.aoi.schemas = { [NAME]: { '1.8.2': eventSchema('1.8.2') } };
      c.aoi.schema = eventSchema('1.8.2');
      return c;
    },
    head: (c) => {
      minor(c).aoi.capabilities.schemas[0] = { name: NAME, versions: ['1.9.0'], default: '1.9.0' };
      c.aoi.schemas = { [NAME]: { '1.9.0': eventSchema('1.9.0') } };
      c.aoi.schema = eventSchema('1.9.0');
      return c;
    },
    verdicts: { ...pass, 'COMPAT-03': 'fail' },
    findings: ['COMPAT-03/schema-follows-tool'],
    changes: [],
  },
  {
    path: 'aoi-version-conflated--breaking',
    about: 'aoi_versions lists the tool version, 1.9.0.',
    head: (c) => {
      minor(c).aoi.capabilities.aoi_versions = ['0.2', '1.9.0'];
      return c;
    },
    verdicts: { ...pass, 'COMPAT-03': 'fail' },
    findings: ['COMPAT-03/aoi-version-conflated'],
    changes: [['capability-added', false]],
  },
];

const dirs = () =>
  readdirSync(ROOT, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/** Every file this script writes, by path under fixtures/contracts/. */
export function generate() {
  const files = new Map();
  const expected = {
    $comment:
      'aoi-testkit contract pairs: for each directory, base.json (the last release) and head.json (the tool now), the verdict a conforming compatibility checker gives per rule, exactly the sub-rules it reports (each once), and exactly the changes it classifies: class, whether it breaks an old consumer or caller, and whether a major version announces it (a breaking change that no version can be placed on is `"unknown": true`). Written by scripts/generate-contract-pairs.mjs. See README.md.',
    pairs: [],
  };
  for (const pair of PAIRS) {
    const b = (pair.base ?? ((c) => c))(base());
    const h = pair.head(clone(b));
    files.set(`${pair.path}/base.json`, json(b));
    files.set(`${pair.path}/head.json`, json(h));
    expected.pairs.push({
      path: pair.path,
      about: pair.about,
      ok: Object.values(pair.verdicts).every((v) => v !== 'fail'),
      verdicts: pair.verdicts,
      findings: pair.findings.map((id) => ({ id })),
      changes: pair.changes.map(([cls, isBreaking, announced, unknown]) => ({
        class: cls,
        breaking: isBreaking,
        ...(isBreaking ? (unknown ? { unknown: true } : { announced: announced === true }) : {}),
      })),
    });
  }
  files.set('expected.json', `${JSON.stringify(expected, null, 2)}\n`);
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = generate();
  if (process.argv.includes('--check')) {
    const stale = [...files].filter(([path, text]) => {
      try {
        return readFileSync(join(ROOT, path), 'utf8') !== text;
      } catch {
        return true;
      }
    });
    const extra = dirs().filter((d) => !files.has(`${d}/base.json`));
    for (const [path] of stale) console.error(`fixtures/contracts/${path} is stale`);
    for (const d of extra)
      console.error(`fixtures/contracts/${d}/ is not a pair this script writes`);
    if (stale.length + extra.length > 0) {
      console.error('run: node scripts/generate-contract-pairs.mjs');
      process.exit(1);
    }
  } else {
    for (const d of dirs())
      if (!files.has(`${d}/base.json`)) rmSync(join(ROOT, d), { recursive: true });
    for (const [path, text] of files) {
      mkdirSync(join(ROOT, path, '..'), { recursive: true });
      writeFileSync(join(ROOT, path), text);
    }
  }
}
