import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, expect } from 'vitest';
import { runInMemory, type InMemoryOptions } from '../../../src/fakes/aoi/engine/memory.js';
import { makeFault } from '../../../src/fakes/aoi/faults/index.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { loadState } from '../../../src/fakes/aoi/notes/state.js';
import { eventSchema } from '../../../src/fakes/aoi/notes/discovery.js';
import { validateCapabilities } from '../../../src/spec/aoi/schemas.js';

/**
 * One behaviour fault, shown at work: the run that shows it, and what it does there that the clean
 * tool does not. Run in memory (behaviour.test.ts) and as a real process (behaviour-process.test.ts),
 * with the same expectations.
 */
export interface BehaviourCase {
  /** The fault, as `aoi-testkit fake --fault` takes it: `id` or `id=<JSON params>`. */
  readonly fault: string;
  /** What the case shows, in words. */
  readonly shows: string;
  readonly argv: readonly string[];
  readonly stdin?: 'closed' | 'open' | string;
  readonly env?: Record<string, string>;
  /** Run the command twice in the same state; the second run is the one observed (a replay). */
  readonly twice?: boolean;
  readonly closeStdoutAfterLines?: number;
  readonly signalAfterLines?: { lines: number; signal: 'SIGINT' | 'SIGTERM' };
  /** The run is expected to hang until the timeout. */
  readonly hangs?: boolean;
  /** The faulty run, then the clean tool's run of the same case. */
  check(faulty: Observed, clean: Observed): void;
}

/** What a test saw of a run: output, end, and the notes left in the state directory. */
export interface Observed {
  readonly stdout: string;
  readonly stderr: string;
  readonly events: Record<string, unknown>[];
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly graceExpired: boolean;
  readonly notes: { id: string; title: string }[];
  /** The read counter the reads-write fault keeps in the state (absent when nothing wrote it). */
  readonly reads: number | undefined;
}

/** Every case starts from these notes (made by the clean tool): n_0001 … n_0003, all found by "note". */
export const SETUP = [
  ['create', '--title', 'First note', '--body', 'groceries', '--output', 'jsonl'],
  ['create', '--title', 'Second note', '--body', 'plumber', '--output', 'jsonl'],
  ['create', '--title', 'Third note', '--body', 'reading', '--output', 'jsonl'],
];

/** The cursor `list --limit 1` returns: the page from offset 1 of the unfiltered list (checked against the clean tool). */
const LIST_PAGE_2 = Buffer.from(JSON.stringify({ offset: 1, query: '' })).toString('base64url');
const INPUT = '{"title":"imported a"}\n{"broken\n{"title":"imported b"}\n';
const CANARY = 'sk-live-aoiCanary0123456789abcdef';

const ofType = (run: Observed, type: string) => run.events.filter((event) => event.type === type);
const summary = (run: Observed) => ofType(run, 'aoi:summary').at(-1);
const ids = (run: Observed) => run.notes.map((note) => note.id);
const document = (run: Observed) => JSON.parse(run.stdout) as Record<string, unknown>;
const compiles = (schema: unknown) =>
  new Ajv2020({ strict: false }).validateSchema(schema as object) as boolean;
const INTERRUPTED = { type: 'aoi:summary', ok: false, reason: 'interrupted', partial: true };

const jsonl = (...argv: string[]) => [...argv, '--output', 'jsonl'];
const watch = jsonl('watch', '--interval-ms', '20');

export const BEHAVIOUR_CASES: readonly BehaviourCase[] = [
  {
    fault: 'schema-needs-credential',
    shows: 'schema fails with an authn error and exit 77 without a token',
    argv: ['schema', '--output', 'json'],
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(77);
      expect(faulty.events).toEqual([
        expect.objectContaining({ type: 'aoi:error', category: 'authn', code: 'AUTH_REQUIRED' }),
      ]);
      expect(clean.exitCode).toBe(0);
    },
  },
  {
    fault: 'schema-needs-credential',
    shows: 'schema works once a token variable is set',
    argv: ['schema', '--output', 'json'],
    env: { GITHUB_TOKEN: 'ghp_not_a_real_token' },
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(0);
      expect(faulty.stdout).toBe(clean.stdout);
    },
  },
  {
    fault: 'schema-file-id',
    shows: 'the schema $id is a file: URI',
    argv: ['schema', '--output', 'json'],
    check(faulty, clean) {
      expect(document(faulty).$id).toBe('file:///opt/notes/schema.json');
      expect(document(clean).$id).toMatch(/^https:\/\//);
    },
  },
  {
    fault: 'schema-invalid',
    shows: 'the schema does not compile',
    argv: ['schema', '--output', 'json'],
    check(faulty, clean) {
      expect(faulty.stdout).toContain('"type":"objekt"');
      expect(compiles(document(faulty))).toBe(false);
      expect(compiles(document(clean))).toBe(true);
    },
  },
  {
    fault: 'schema-invalid={"how":"not-json"}',
    shows: 'a banner line precedes the schema document',
    argv: ['schema', '--output', 'json'],
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(0);
      expect(() => JSON.parse(faulty.stdout)).toThrow();
      expect(faulty.stdout.split('\n')[0]).toMatch(/^notes event schema /);
      expect(compiles(document(clean))).toBe(true);
    },
  },
  {
    fault: 'schema-invalid={"how":"fails"}',
    shows: '`schema` fails with an internal error',
    argv: ['schema', '--output', 'json'],
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(70);
      expect(faulty.events).toEqual([
        expect.objectContaining({ type: 'aoi:error', category: 'internal' }),
      ]);
      expect(clean.exitCode).toBe(0);
    },
  },
  {
    fault: 'capabilities-invalid',
    shows: 'capabilities keys its commands by name',
    argv: ['capabilities', '--output', 'json'],
    check(faulty, clean) {
      expect(Array.isArray(document(faulty).commands)).toBe(false);
      expect(Object.keys(document(faulty).commands as object)).toContain('search');
      expect(validateCapabilities(document(faulty))).not.toEqual([]);
      expect(validateCapabilities(document(clean))).toEqual([]);
    },
  },
  {
    fault: 'events-off-schema',
    shows: 'hits break the declared schema (rank is a string)',
    argv: jsonl('search', 'note'),
    check(faulty, clean) {
      const validate = new Ajv2020({ strict: false }).compile(eventSchema('1.0.0'));
      expect(ofType(faulty, 'hit').map((hit) => hit.rank)).toEqual(['1', '2', '3']);
      expect(ofType(faulty, 'hit').filter((hit) => validate(hit))).toEqual([]);
      expect(clean.events.filter((event) => !validate(event))).toEqual([]);
    },
  },
  {
    fault: 'events-off-schema',
    shows: 'entries break the declared schema (tags is a string)',
    argv: jsonl('get', 'n_0001'),
    check(faulty, clean) {
      expect(ofType(faulty, 'entry')[0]!.tags).toBe('');
      expect(ofType(clean, 'entry')[0]!.tags).toEqual([]);
    },
  },
  {
    fault: 'stall',
    shows: 'search writes its meta, then nothing, and never ends',
    argv: jsonl('search', 'note'),
    hangs: true,
    check(faulty, clean) {
      expect(faulty.timedOut).toBe(true);
      expect(faulty.events.map((event) => event.type)).toEqual(['aoi:meta']);
      expect(clean.exitCode).toBe(0);
    },
  },
  {
    fault: 'stall={"helper":true}',
    shows:
      'search writes its meta, then waits for ever on a helper (a process, when it is one) that holds stdout open',
    argv: jsonl('search', 'note'),
    hangs: true,
    check(faulty, clean) {
      expect(faulty.timedOut).toBe(true);
      expect(faulty.events.map((event) => event.type)).toEqual(['aoi:meta']);
      expect(clean.exitCode).toBe(0);
    },
  },
  {
    fault: 'stall',
    shows: 'only the commands it targets stall',
    argv: jsonl('list'),
    check(faulty, clean) {
      expect(faulty.stdout).toBe(clean.stdout);
      expect(faulty.exitCode).toBe(0);
    },
  },
  {
    fault: 'prompts-in-machine-mode',
    shows: 'delete without --confirm prompts on stderr and waits',
    argv: jsonl('delete', 'n_0001'),
    stdin: 'open',
    hangs: true,
    check(faulty, clean) {
      expect(faulty.timedOut).toBe(true);
      expect(faulty.stderr).toBe('Delete 1 note(s)? [y/N] ');
      expect(ids(faulty)).toContain('n_0001');
      expect(clean.exitCode).toBe(64);
      expect(clean.stderr).toBe('');
    },
  },
  {
    fault: 'prompts-in-machine-mode',
    shows: 'answering "y" deletes',
    argv: jsonl('delete', 'n_0001'),
    stdin: 'y\n',
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(0);
      expect(ids(faulty)).toEqual(['n_0002', 'n_0003']);
      expect(ids(clean)).toContain('n_0001');
    },
  },
  {
    fault: 'usage-exit-code',
    shows: 'an unknown flag exits 0',
    argv: jsonl('search', 'note', '--no-such-flag'),
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(0);
      expect(faulty.events).toEqual([
        expect.objectContaining({ type: 'aoi:error', category: 'usage' }),
      ]);
      expect(clean.exitCode).toBe(64);
    },
  },
  {
    fault: 'usage-exit-code={"exitCode":1}',
    shows: 'an unknown flag exits 1',
    argv: jsonl('search', 'note', '--no-such-flag'),
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(1);
      expect(faulty.stdout).toBe(clean.stdout);
    },
  },
  {
    fault: 'destructive-without-confirmation',
    shows: 'delete deletes without --confirm',
    argv: jsonl('delete', 'n_0001'),
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(0);
      expect(ids(faulty)).toEqual(['n_0002', 'n_0003']);
      expect(clean.exitCode).toBe(64);
      expect(ids(clean)).toContain('n_0001');
    },
  },
  {
    fault: 'dry-run-side-effect',
    shows: 'delete --dry-run plans, then deletes',
    argv: jsonl('delete', 'n_0001', '--dry-run'),
    check(faulty, clean) {
      expect(ofType(faulty, 'aoi:plan')).toEqual(ofType(clean, 'aoi:plan'));
      expect(ids(faulty)).toEqual(['n_0002', 'n_0003']);
      expect(ids(clean)).toContain('n_0001');
    },
  },
  {
    fault: 'dry-run-side-effect',
    shows: 'create --dry-run creates',
    argv: jsonl('create', '--title', 'Planned', '--dry-run'),
    check(faulty, clean) {
      expect(faulty.notes).toHaveLength(4);
      expect(clean.notes).toHaveLength(3);
    },
  },
  {
    fault: 'dry-run-without-plan',
    shows: 'delete --dry-run changes nothing and plans nothing',
    argv: jsonl('delete', 'n_0001', '--dry-run'),
    check(faulty, clean) {
      expect(ofType(faulty, 'aoi:plan')).toEqual([]);
      expect(ofType(clean, 'aoi:plan')).toHaveLength(1);
      expect(ids(faulty)).toContain('n_0001');
    },
  },
  {
    fault: 'confirm-count-ignored',
    shows: 'a wrong --confirm-count is accepted',
    argv: jsonl('delete', 'n_0001', '--confirm', '--confirm-count', '2'),
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(0);
      expect(ids(faulty)).not.toContain('n_0001');
      expect(clean.exitCode).toBe(65);
      expect(ids(clean)).toContain('n_0001');
    },
  },
  {
    fault: 'idempotency-ignored',
    shows: 'a replay with the same key creates again, with a new id',
    argv: jsonl('create', '--title', 'Pay rent', '--idempotency-key', 'k1'),
    twice: true,
    check(faulty, clean) {
      expect(faulty.notes.filter((note) => note.title === 'Pay rent')).toHaveLength(2);
      expect(ofType(faulty, 'created')).toEqual([{ type: 'created', id: 'n_0005' }]);
      expect(clean.notes.filter((note) => note.title === 'Pay rent')).toHaveLength(1);
      expect(ofType(clean, 'created')).toEqual([{ type: 'created', id: 'n_0004', replayed: true }]);
    },
  },
  {
    fault: 'idempotency-key-rejected',
    shows: '--idempotency-key is an unknown flag',
    argv: jsonl('create', '--title', 'Pay rent', '--idempotency-key', 'k1'),
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(64);
      expect(faulty.events).toEqual([
        expect.objectContaining({
          type: 'aoi:error',
          category: 'usage',
          message: expect.stringContaining('--idempotency-key'),
        }),
      ]);
      expect(faulty.notes).toHaveLength(3);
      expect(clean.exitCode).toBe(0);
    },
  },
  {
    fault: 'mutations-without-ids',
    shows: 'created carries no id',
    argv: jsonl('create', '--title', 'Fresh'),
    check(faulty, clean) {
      expect(ofType(faulty, 'created')).toEqual([{ type: 'created' }]);
      expect(ofType(clean, 'created')).toEqual([{ type: 'created', id: 'n_0004' }]);
    },
  },
  {
    fault: 'silent-mutations',
    shows: 'update changes the note and says nothing (counts agree)',
    argv: jsonl('update', 'n_0001', '--title', 'Renamed'),
    check(faulty, clean) {
      expect(faulty.notes.find((note) => note.id === 'n_0001')!.title).toBe('Renamed');
      expect(ofType(faulty, 'updated')).toEqual([]);
      expect(summary(faulty)).toMatchObject({ ok: true, count: 0 });
      expect(summary(clean)).toMatchObject({ ok: true, count: 1 });
    },
  },
  {
    fault: 'reads-write',
    shows: 'list saves the notes back with a read counter; its output is the same',
    argv: jsonl('list'),
    check(faulty, clean) {
      expect(faulty.reads).toBe(1);
      expect(clean.reads).toBeUndefined();
      expect(ofType(faulty, 'entry')).toEqual(ofType(clean, 'entry'));
    },
  },
  {
    fault: 'echoes-argv-on-stderr',
    shows: 'a usage error prints the command line, secret and all, on stderr',
    argv: jsonl('search', 'note', '--token', CANARY),
    check(faulty, clean) {
      expect(faulty.stderr).toContain(CANARY);
      expect(clean.stderr).not.toContain(CANARY);
      expect(faulty.exitCode).toBe(clean.exitCode);
    },
  },
  {
    fault: 'ignores-sigpipe',
    shows: 'watch carries on after the reader closed stdout, until killed',
    argv: watch,
    closeStdoutAfterLines: 1,
    check(faulty, clean) {
      expect(faulty.graceExpired).toBe(true);
      expect(faulty.stderr).toBe('');
      expect([clean.exitCode, clean.graceExpired, clean.stderr]).toEqual([141, false, '']);
    },
  },
  {
    fault: 'stack-trace-on-epipe',
    shows: 'watch dies of "write EPIPE" with a Node trace, exit 1',
    argv: watch,
    closeStdoutAfterLines: 1,
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(1);
      expect(faulty.stderr).toContain(
        'Error: write EPIPE\n    at afterWriteDispatched (node:internal/stream_base_commons:161:15)',
      );
      expect([clean.exitCode, clean.stderr]).toEqual([141, '']);
    },
  },
  {
    fault: 'ignores-signals',
    shows: 'watch runs on after SIGINT, until killed',
    argv: watch,
    signalAfterLines: { lines: 2, signal: 'SIGINT' },
    check(faulty, clean) {
      expect(faulty.graceExpired).toBe(true);
      expect(faulty.events).not.toContainEqual(INTERRUPTED);
      expect(clean.exitCode).toBe(130);
      expect(clean.events.at(-1)).toEqual(INTERRUPTED);
    },
  },
  {
    fault: 'ignores-signals',
    shows: 'watch runs on after SIGTERM, until killed',
    argv: watch,
    signalAfterLines: { lines: 2, signal: 'SIGTERM' },
    check(faulty, clean) {
      expect(faulty.graceExpired).toBe(true);
      expect(clean.exitCode).toBe(143);
    },
  },
  {
    fault: 'no-interrupted-summary',
    shows: 'SIGINT ends watch with 130 and no summary',
    argv: watch,
    signalAfterLines: { lines: 2, signal: 'SIGINT' },
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(130);
      expect(ofType(faulty, 'aoi:summary')).toEqual([]);
      expect(clean.events.at(-1)).toEqual(INTERRUPTED);
    },
  },
  {
    fault: 'wrong-signal-exit-code',
    shows: 'SIGTERM ends watch with the summary, then exit 0',
    argv: watch,
    signalAfterLines: { lines: 2, signal: 'SIGTERM' },
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(0);
      expect(faulty.events.at(-1)).toEqual(INTERRUPTED);
      expect(clean.exitCode).toBe(143);
    },
  },
  {
    fault: 'ignores-limit',
    shows: '--limit 1 returns everything, truncated:false',
    argv: jsonl('list', '--limit', '1'),
    check(faulty, clean) {
      expect(ofType(faulty, 'entry')).toHaveLength(3);
      expect(summary(faulty)).toMatchObject({ count: 3, truncated: false, next_cursor: null });
      expect(ofType(clean, 'entry')).toHaveLength(1);
    },
  },
  {
    fault: 'hides-truncation',
    shows: 'a page cut at --limit 1 says neither truncated nor next_cursor',
    argv: jsonl('list', '--limit', '1'),
    check(faulty, clean) {
      expect(ofType(faulty, 'entry')).toHaveLength(1);
      expect(summary(faulty)).not.toHaveProperty('truncated');
      expect(summary(faulty)).not.toHaveProperty('next_cursor');
      expect(summary(clean)).toMatchObject({ truncated: true, next_cursor: LIST_PAGE_2 });
    },
  },
  {
    fault: 'broken-cursor',
    shows: 'the cursor it returned is rejected',
    argv: jsonl('list', '--limit', '1', '--cursor', LIST_PAGE_2),
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(64);
      expect(summary(faulty)).toMatchObject({ ok: false });
      expect(ofType(clean, 'entry').map((entry) => entry.id)).toEqual(['n_0002']);
    },
  },
  {
    fault: 'broken-cursor={"how":"repeats"}',
    shows: 'the page after the cursor is the first page again',
    argv: jsonl('list', '--limit', '1', '--cursor', LIST_PAGE_2),
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(0);
      expect(ofType(faulty, 'entry').map((entry) => entry.id)).toEqual(['n_0001']);
      expect(ofType(clean, 'entry').map((entry) => entry.id)).toEqual(['n_0002']);
    },
  },
  {
    fault: 'input-mode-ignored',
    shows: 'fail-fast mode creates the line before the malformed one',
    argv: jsonl('import', '--input-jsonl', '-'),
    stdin: INPUT,
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(65);
      expect(faulty.notes.map((note) => note.title)).toContain('imported a');
      expect(clean.exitCode).toBe(65);
      expect(clean.notes).toHaveLength(3);
    },
  },
  {
    fault: 'input-mode-ignored={"mistake":"continue-stops"}',
    shows: 'continue-on-error mode stops at the malformed line',
    argv: jsonl('import', '--input-jsonl', '-', '--continue-on-error'),
    stdin: INPUT,
    check(faulty, clean) {
      expect(ofType(faulty, 'created')).toHaveLength(1);
      expect(ofType(clean, 'created')).toHaveLength(2);
      expect(faulty.events.find((event) => event.type === 'aoi:meta')).toMatchObject({
        continue_on_error: true,
      });
    },
  },
  {
    fault: 'input-mode-ignored={"mistake":"no-line-error"}',
    shows: 'the error names no line',
    argv: jsonl('import', '--input-jsonl', '-'),
    stdin: INPUT,
    check(faulty, clean) {
      expect(ofType(faulty, 'aoi:error')).toEqual([
        expect.not.objectContaining({ line_number: expect.anything() }),
      ]);
      expect(ofType(clean, 'aoi:error')).toEqual([expect.objectContaining({ line_number: 2 })]);
    },
  },
  {
    fault: 'input-mode-ignored={"mistake":"zero-based-line"}',
    shows: 'line numbers count from 0',
    argv: jsonl('import', '--input-jsonl', '-'),
    stdin: INPUT,
    check(faulty, clean) {
      expect(ofType(faulty, 'aoi:error')).toEqual([expect.objectContaining({ line_number: 1 })]);
      expect(ofType(clean, 'aoi:error')).toEqual([expect.objectContaining({ line_number: 2 })]);
    },
  },
  {
    fault: 'input-mode-ignored={"mistake":"ok-despite-bad-line"}',
    shows: 'a malformed line ends in ok:true, exit 0',
    argv: jsonl('import', '--input-jsonl', '-'),
    stdin: INPUT,
    check(faulty, clean) {
      expect([faulty.exitCode, summary(faulty)?.ok]).toEqual([0, true]);
      expect([clean.exitCode, summary(clean)?.ok]).toEqual([65, false]);
      expect(ofType(faulty, 'aoi:error')).toHaveLength(1);
    },
  },
  {
    fault: 'schema-version-ignored',
    shows: '--schema-version 2 is answered with 1.0.0',
    argv: jsonl('search', 'note', '--schema-version', '2'),
    check(faulty, clean) {
      expect(faulty.events[0]).toMatchObject({ type: 'aoi:meta', schema_version: '1.0.0' });
      expect(ofType(faulty, 'hit')[0]).toHaveProperty('rank');
      expect(clean.events[0]).toMatchObject({ schema_version: '2.0.0' });
    },
  },
  {
    fault: 'schema-version-ignored',
    shows: 'an unsupported version is still refused',
    argv: jsonl('search', 'note', '--schema-version', '999'),
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(64);
      expect(faulty.stdout).toBe(clean.stdout);
    },
  },
  {
    fault: 'accepts-unsupported-version',
    shows: '--schema-version 999 falls back to 1.0.0',
    argv: jsonl('search', 'note', '--schema-version', '999'),
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(0);
      expect(faulty.events[0]).toMatchObject({ type: 'aoi:meta', schema_version: '1.0.0' });
      expect(clean.exitCode).toBe(64);
    },
  },
  {
    fault: 'accepts-unsupported-version',
    shows: 'a supported version is still honoured',
    argv: jsonl('search', 'note', '--schema-version', '2'),
    check(faulty, clean) {
      expect(faulty.stdout).toBe(clean.stdout);
    },
  },
  {
    fault: 'help-fails',
    shows: '--help prints its usage on stderr and exits 64',
    argv: ['--help'],
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(64);
      expect(faulty.stdout).toBe('');
      expect(clean.exitCode).toBe(0);
      expect(clean.stdout).not.toBe('');
    },
  },
  {
    fault: 'machine-flag-refused',
    shows: 'list --output jsonl is refused with nothing on stdout',
    argv: jsonl('list'),
    check(faulty, clean) {
      expect(faulty.exitCode).toBe(64);
      expect(faulty.stdout).toBe('');
      expect(clean.exitCode).toBe(0);
      expect(summary(clean)).toMatchObject({ ok: true });
    },
  },
  {
    fault: 'unbounded-by-default',
    shows: 'capabilities declare search and list bounded: false',
    argv: ['capabilities', '--output', 'json'],
    check(faulty, clean) {
      const bounded = (run: Observed, name: string) =>
        (document(run).commands as { name: string; bounded?: boolean }[]).find(
          (c) => c.name === name,
        )?.bounded;
      expect(bounded(faulty, 'list')).toBe(false);
      expect(bounded(faulty, 'search')).toBe(false);
      expect(bounded(clean, 'list')).not.toBe(false);
    },
  },
  {
    fault: 'ids-not-identifying',
    shows: 'every note created is named n_0001 in its created event',
    argv: jsonl('create', '--title', 'Fresh'),
    check(faulty, clean) {
      const created = (run: Observed) =>
        run.events.find((event) => event.type !== 'aoi:meta' && event.type !== 'aoi:summary');
      expect(created(faulty)).toMatchObject({ id: 'n_0001' });
      expect(created(clean)).toMatchObject({ id: 'n_0004' });
    },
  },
  {
    fault: 'stack-trace-on-signal',
    shows: 'watch prints a stack trace on stderr after SIGINT, then its interrupted summary',
    argv: watch,
    signalAfterLines: { lines: 2, signal: 'SIGINT' },
    check(faulty, clean) {
      expect(faulty.stderr).toMatch(/\n\s+at /);
      expect(faulty.events.at(-1)).toEqual(INTERRUPTED);
      expect(clean.stderr).toBe('');
      expect(clean.events.at(-1)).toEqual(INTERRUPTED);
    },
  },
  {
    fault: 'slow',
    shows: 'slow, yet the same bytes and status',
    argv: jsonl('search', 'note', '--limit', '2'),
    check(faulty, clean) {
      expect(faulty.stdout).toBe(clean.stdout);
      expect(faulty.exitCode).toBe(0);
    },
  },
];

/** `id=<JSON>` into the id and its parameters. */
export function parseFaultSpec(spec: string): { id: string; params: object } {
  const at = spec.indexOf('=');
  return at < 0
    ? { id: spec, params: {} }
    : { id: spec.slice(0, at), params: JSON.parse(spec.slice(at + 1)) as object };
}

export function observe(
  run: {
    stdout: Uint8Array;
    stderr: Uint8Array;
    exitCode: number | null;
    signal: string | null;
    timedOut: boolean;
    graceExpired?: boolean;
  },
  state: { notes: { id: string; title: string }[]; reads?: number },
): Observed {
  const stdout = Buffer.from(run.stdout).toString('utf8');
  const events: Record<string, unknown>[] = [];
  for (const line of stdout.split('\n')) {
    try {
      const value = JSON.parse(line) as unknown;
      if (value !== null && typeof value === 'object' && !Array.isArray(value))
        events.push(value as Record<string, unknown>);
    } catch {
      // not an event
    }
  }
  return {
    stdout,
    stderr: Buffer.from(run.stderr).toString('utf8'),
    events,
    exitCode: run.exitCode,
    signal: run.signal,
    timedOut: run.timedOut,
    graceExpired: run.graceExpired ?? false,
    notes: state.notes,
    reads: state.reads,
  };
}

const stateDirs: string[] = [];
afterAll(() => {
  for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh state directory holding the three notes of SETUP, made by the clean tool (removed after the file's tests). */
export async function preparedStateDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'aoi-behaviour-'));
  stateDirs.push(dir);
  for (const argv of SETUP)
    expect((await runInMemory(notes, { argv, stateDir: dir })).exitCode).toBe(0);
  return dir;
}

/** A case run in memory, with its fault or clean. Hangs and probes get short real limits: only the outcome counts. */
export async function runCaseInMemory(c: BehaviourCase, faulty: boolean): Promise<Observed> {
  const stateDir = await preparedStateDir();
  const { id, params } = parseFaultSpec(c.fault);
  const options: InMemoryOptions = {
    argv: c.argv,
    stateDir,
    stdin: c.stdin ?? 'closed',
    env: c.env ?? {},
    faults: faulty ? [makeFault(id, params)] : [],
    timeoutMs: c.hangs ? 300 : 10_000,
    graceMs: 300,
    ...(c.closeStdoutAfterLines !== undefined
      ? { closeStdoutAfterLines: c.closeStdoutAfterLines }
      : {}),
    ...(c.signalAfterLines ? { signalAfterLines: c.signalAfterLines } : {}),
  };
  if (c.twice) await runInMemory(notes, options);
  return observe(await runInMemory(notes, options), loadState(stateDir));
}
