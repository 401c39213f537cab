import { describe, expect, it } from 'vitest';
import {
  compareCreateIds,
  judgeIdResolves,
  judgeRepeatedId,
} from '../../../src/checks/aoi/probe/audit.js';
import { judgeSignal, judgeSignalTrace, signalReach } from '../../../src/checks/aoi/probe/pipes.js';
import { idFieldOf, idOf, type Event } from '../../../src/checks/aoi/probe/types.js';
import { VerdictCollector } from '../../../src/checks/verdict.js';
import { LintContext } from '../../../src/lint/aoi/context.js';
import { getCommand, nameHasWord, planCommands } from '../../../src/lint/aoi/plan.js';
import type { ProbeRunner } from '../../../src/lint/aoi/runner.js';
import { makeCanaries } from '../../../src/run/canaries.js';
import { DESTRUCTIVE_COMMAND_WORDS } from '../../../src/spec/aoi/constants.js';
import { probeOutcome } from '../../support/probe-outcome.js';

const run = probeOutcome;

/** The sub-rule ids a judgement reports. */
function ids(judge: (report: (id: string) => void) => unknown): string[] {
  const found: string[] = [];
  judge((id) => found.push(id));
  return found;
}

const PYTHON_TRACE = Buffer.from(
  'Traceback (most recent call last):\n  File "/opt/pybookmarks.py", line 326, in cmd_check_links\n    time.sleep(args.pause)\nKeyboardInterrupt\n',
);
const meta: Event = { type: 'aoi:meta' };
const link: Event = { type: 'link', id: 'bm_1' };
const done: Event = { type: 'aoi:summary', ok: true };
const interrupted: Event = { type: 'aoi:summary', ok: false, reason: 'interrupted', partial: true };

describe('signals to finite commands (AOI-10)', () => {
  it('a stack trace after a signal is AOI-10/signal-stack-trace; none, or no signal sent, is nothing', () => {
    expect(
      ids((r) =>
        judgeSignalTrace(
          run({ signalSent: true, signal: 'SIGINT', exitCode: null, stderr: PYTHON_TRACE }),
          'SIGINT',
          r,
        ),
      ),
    ).toEqual(['AOI-10/signal-stack-trace']);
    expect(
      ids((r) =>
        judgeSignalTrace(
          run({
            signalSent: true,
            exitCode: 130,
            stderr: Buffer.from('pybookmarks: interrupted\n'),
          }),
          'SIGINT',
          r,
        ),
      ),
    ).toEqual([]);
    expect(
      ids((r) => judgeSignalTrace(run({ signalSent: false, stderr: PYTHON_TRACE }), 'SIGINT', r)),
    ).toEqual([]);
  });

  it('judgeSignal reports the trace beside the missing interrupted summary, as an unhandled KeyboardInterrupt gives', () => {
    const killed = run({
      signalSent: true,
      exitCode: null,
      signal: 'SIGINT',
      stderr: PYTHON_TRACE,
    });
    expect(ids((r) => judgeSignal(killed, 'SIGINT', [meta, link], r))).toEqual([
      'AOI-10/signal-stack-trace',
      'AOI-10/no-interrupted-summary',
    ]);
    expect(
      ids((r) =>
        judgeSignal(
          run({ signalSent: true, exitCode: 130 }),
          'SIGINT',
          [meta, link, interrupted],
          r,
        ),
      ),
    ).toEqual([]);
  });

  it('signalReach: only a run the signal reached mid-work is judged; one that had finished is not blamed', () => {
    // Fewer lines than the probe waits for: never signalled.
    expect(signalReach(run({ signalSent: false }), [meta, done])).toBe('ended');
    // Everything written and successful before the signal acted: exit 0, or killed by it in the teardown.
    expect(signalReach(run({ signalSent: true, exitCode: 0 }), [meta, link, done])).toBe(
      'finished',
    );
    expect(
      signalReach(run({ signalSent: true, exitCode: null, signal: 'SIGINT' }), [meta, link, done]),
    ).toBe('finished');
    // Any terminal summary the kit had received before it sent the signal: finished, whatever it then said.
    const written = Buffer.from(
      [meta, link, interrupted].map((e) => JSON.stringify(e) + '\n').join(''),
    );
    expect(
      signalReach(
        run({ signalSent: true, exitCode: 130, stdout: written, signalAfterBytes: written.length }),
        [meta, link, interrupted],
      ),
    ).toBe('finished');
    // Reached while it worked: an interrupted summary, no summary at all, or still running after the grace.
    expect(signalReach(run({ signalSent: true, exitCode: 130 }), [meta, link, interrupted])).toBe(
      'interrupted',
    );
    expect(
      signalReach(run({ signalSent: true, exitCode: null, signal: 'SIGINT' }), [meta, link]),
    ).toBe('interrupted');
    expect(
      signalReach(
        run({
          signalSent: true,
          timedOut: true,
          graceExpired: true,
          exitCode: null,
          signal: 'SIGKILL',
        }),
        [meta, link, done],
      ),
    ).toBe('interrupted');
    // An ok summary that is not the last event is no finished stream.
    expect(signalReach(run({ signalSent: true, exitCode: 130 }), [meta, done, link])).toBe(
      'interrupted',
    );
  });
});

describe('ids that identify (AOI-08)', () => {
  it('the id field is id, then *_id, then path, then url/uri, whatever the field order', () => {
    expect(idFieldOf({ type: 'created', url: 'https://example.org', id: 'bm_7' })).toBe('id');
    expect(idOf({ type: 'created', url: 'https://example.org', id: 'bm_7' })).toBe('bm_7');
    expect(idOf({ type: 'created', path: '/a.md', note_id: 42 })).toBe('42');
    expect(idOf({ type: 'created', uri: 'urn:x', path: '/a.md' })).toBe('/a.md');
    expect(idOf({ type: 'created', url: 'https://example.org', title: 'x' })).toBe(
      'https://example.org',
    );
    expect(idOf({ type: 'created', id: '', title: 'x' })).toBeUndefined();
  });

  const created = (fields: Record<string, unknown>): Event => ({ type: 'created', ...fields });
  const first = (...items: Event[]) => ({
    events: [meta, ...items, done],
    changed: ['stateDir/bookmarks.json'],
  });

  it('the same create twice that repeated an id: a repeat, whichever id field it was', () => {
    const byUrl = created({ url: 'https://example.org/fresh', title: 'Fresh' });
    expect(compareCreateIds(first(byUrl), first(byUrl))).toEqual({
      id: 'https://example.org/fresh',
      repeated: { field: 'url', value: 'https://example.org/fresh' },
    });
    // Two imported lines sharing a url, twice: the second run's items repeat the first's.
    expect(compareCreateIds(first(byUrl, byUrl), first(byUrl, byUrl)).repeated).toEqual({
      field: 'url',
      value: 'https://example.org/fresh',
    });
    // With the state invisible to the linter (nothing changed either time), the ids repeat all the same.
    const byPath = created({ path: '/notes/ideas.md' });
    const unseen = { events: [meta, byPath, done], changed: [] };
    expect(compareCreateIds(unseen, unseen).repeated).toEqual({
      field: 'path',
      value: '/notes/ideas.md',
    });
  });

  it('different ids are no repeat, and the second run’s first id is the one to resolve', () => {
    expect(
      compareCreateIds(
        first(created({ id: 'bm_7', url: 'https://example.org/fresh' })),
        first(created({ id: 'bm_8', url: 'https://example.org/fresh' })),
      ),
    ).toEqual({ id: 'bm_8' });
  });

  it('a second run that changed nothing where the first did returned what it had: no repeat', () => {
    const byPath = created({ path: '/notes/ideas.md' });
    expect(compareCreateIds(first(byPath), { events: [meta, byPath, done], changed: [] })).toEqual({
      id: '/notes/ideas.md',
    });
  });

  it('items without ids are AOI-08/missing-id’s to report: nothing compared, nothing to resolve', () => {
    expect(
      compareCreateIds(first(created({ title: 'x' })), first(created({ title: 'x' }))),
    ).toEqual({});
    expect(compareCreateIds(first(), first())).toEqual({});
  });

  it('a repeated id is AOI-08/id-not-unique only where a count of the resources grew; an update in place is not', () => {
    const repeated = { field: 'id', value: 'example.org/fresh' };
    const count = (before: number, after: number) => ({
      label: 'list --output jsonl',
      before,
      after,
    });
    expect(ids((r) => judgeRepeatedId(repeated, [count(7, 8)], r))).toEqual([
      'AOI-08/id-not-unique',
    ]);
    const message: string[] = [];
    judgeRepeatedId(repeated, [count(7, 8)], (_id, text) => message.push(text));
    expect(message[0]).toContain('`list --output jsonl` showed 7 resources before it and 8 after');
    // The same count: the create updated the resource it named (an add of an existing key).
    expect(ids((r) => judgeRepeatedId(repeated, [count(7, 7)], r))).toEqual([]);
    expect(judgeRepeatedId(repeated, [count(7, 7)], () => undefined)).toBe(true);
    // One of several observation commands that grew is enough.
    expect(ids((r) => judgeRepeatedId(repeated, [count(2, 2), count(7, 8)], r))).toEqual([
      'AOI-08/id-not-unique',
    ]);
    // No count: nothing judged, and the caller is told.
    expect(judgeRepeatedId(repeated, [], () => expect.unreachable())).toBe(false);
  });

  it('get ID must succeed: AOI-08/id-unresolvable otherwise', () => {
    const notFound: Event[] = [
      meta,
      {
        type: 'aoi:error',
        category: 'not_found',
        code: 'NOT_FOUND',
        message: 'no such bookmark',
        retryable: false,
      },
      { type: 'aoi:summary', ok: false },
    ];
    expect(
      ids((r) =>
        judgeIdResolves('https://example.org/fresh', 'get', run({ exitCode: 1 }), notFound, r),
      ),
    ).toEqual(['AOI-08/id-unresolvable']);
    expect(
      ids((r) =>
        judgeIdResolves(
          'bm_8',
          'get',
          run({ exitCode: 0 }),
          [meta, { type: 'aoi:summary', ok: false }],
          r,
        ),
      ),
    ).toEqual(['AOI-08/id-unresolvable']);
    expect(
      ids((r) =>
        judgeIdResolves(
          'bm_8',
          'get',
          run({ exitCode: 0 }),
          [meta, { type: 'bookmark', id: 'bm_8' }, done],
          r,
        ),
      ),
    ).toEqual([]);
  });
});

describe('commands known by name', () => {
  it('a command named like a deletion is destructive even when capabilities do not say so', () => {
    const plans = planCommands(
      {
        commands: [
          { name: 'remove', read_only: false, supports_dry_run: true },
          { name: 'delete', read_only: false, destructive: true, requires_confirm: true },
          { name: 'cache-clear', read_only: false },
          { name: 'list', read_only: true },
          { name: 'removed-items', read_only: true },
        ],
      },
      [],
    );
    expect(plans.map((p) => [p.name, p.destructive, p.destructiveByName])).toEqual([
      ['remove', true, true],
      ['delete', true, false],
      // `clear` may or may not destroy (a cache, a screen): judged by its name only under strict.
      ['cache-clear', false, false],
      ['list', false, false],
      ['removed-items', false, false],
    ]);
    const strict = planCommands(
      {
        commands: [
          { name: 'cache-clear', read_only: false },
          { name: 'kill', read_only: false },
        ],
      },
      [],
      { strict: true },
    );
    expect(strict.map((p) => [p.name, p.destructive, p.destructiveByName])).toEqual([
      ['cache-clear', true, true],
      ['kill', true, true],
    ]);
    // Without capabilities too: `purge` given without --confirm is still destructive.
    expect(planCommands(undefined, [['purge', '--older-than', '7d']])[0]).toMatchObject({
      destructive: true,
      destructiveByName: true,
      readOnly: false,
    });
  });

  it('matches whole words only, from one list in src/spec/aoi', () => {
    expect(nameHasWord('drop_table', DESTRUCTIVE_COMMAND_WORDS)).toBe(true);
    expect(nameHasWord('rm', DESTRUCTIVE_COMMAND_WORDS)).toBe(true);
    expect(nameHasWord('format', DESTRUCTIVE_COMMAND_WORDS)).toBe(false);
    expect(nameHasWord('dropbox-sync', DESTRUCTIVE_COMMAND_WORDS)).toBe(false);
  });

  it('creates and the get-like command are known by name', () => {
    const plans = planCommands(
      {
        commands: [
          { name: 'list', read_only: true },
          { name: 'show', read_only: true },
          { name: 'add', read_only: false },
          { name: 'import', read_only: false, input_modes: ['jsonl'] },
          { name: 'remove', read_only: false },
        ],
      },
      [],
    );
    expect(plans.filter((p) => p.creates).map((p) => p.name)).toEqual(['add', 'import']);
    expect(getCommand(plans)?.name).toBe('show');
    expect(getCommand(plans.filter((p) => p.name !== 'show'))).toBeUndefined();
  });
});

describe('idempotency keys are per request', () => {
  const context = (seed: string) =>
    new LintContext(
      {} as ProbeRunner,
      new VerdictCollector(),
      makeCanaries(seed),
      new Set(),
      false,
    );
  const [add] = planCommands(undefined, [
    ['add', '--url', 'https://example.org/a', '--idempotency-key', 'k'],
    ['add', '--url', 'https://example.org/b', '--idempotency-key', 'k'],
  ]);
  const [one, two] = add!.invocations;

  it('differs per invocation, per probe and per lint; is the same for the two runs of one request', () => {
    const lint = context('seed-1');
    const keys = [
      lint.idempotencyKey(add!, one!, 'replay'),
      lint.idempotencyKey(add!, two!, 'replay'),
      lint.idempotencyKey(add!, one!, 'identity'),
      context('seed-2').idempotencyKey(add!, one!, 'replay'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(lint.idempotencyKey(add!, one!, 'replay')).toBe(keys[0]);
    expect(context('seed-1').idempotencyKey(add!, one!, 'replay')).toBe(keys[0]);
    expect(keys[0]).toMatch(/^aoi-lint-[0-9a-f]{10}-add-1-replay$/);
  });
});

describe('verdict notes', () => {
  it('stay on the verdict whatever its status, masked and sorted', () => {
    const collector = new VerdictCollector({
      secrets: ['s3cret-value'],
      unrecorded: { notApplicable: 'not probed' },
    });
    collector.note('AOI-10', '`list` ended before SIGINT/SIGTERM', 'list');
    collector.note(
      'AOI-10',
      '`check-links --token s3cret-value` was still running after 2 lines',
      'list',
    );
    collector.exercised('AOI-10', 'list');
    const verdict = collector.verdict('AOI-10', 'list');
    expect(verdict.status).toBe('pass');
    expect(verdict.notes).toHaveLength(2);
    expect(verdict.notes!.join('\n')).not.toContain('s3cret-value');
    expect(verdict.notes![0]!.startsWith('`check-links')).toBe(true);
    expect(collector.verdict('AOI-06', 'list').notes).toBeUndefined();
  });
});
