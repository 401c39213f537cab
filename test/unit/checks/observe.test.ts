import { describe, expect, test } from 'vitest';
import { blameEscapes, judgeEscape } from '../../../src/checks/aoi/probe/escapes.js';
import {
  observedAdditions,
  observedChange,
  observedItems,
  sideEffects,
  type Observation,
} from '../../../src/checks/aoi/probe/observe.js';
import type { Event, ProbeOutcome } from '../../../src/checks/aoi/probe/types.js';

const note = (id: string, title = id, extra: Record<string, unknown> = {}): Event => ({
  type: 'note',
  id,
  title,
  ...extra,
});
const seen = (before: Event[] | undefined, after: Event[] | undefined): Observation => ({
  label: 'list --output jsonl',
  before,
  after,
});
const run = (exitCode: number): ProbeOutcome => ({
  stdout: new Uint8Array(),
  stderr: new Uint8Array(),
  exitCode,
  signal: null,
  durationMs: 0,
  timedOut: false,
  graceExpired: false,
  stdoutClosed: false,
  signalSent: false,
  network: [],
});

describe('observation evidence (ids and content, order-insensitive)', () => {
  test('added, removed and changed resources are told apart; order and volatile envelope fields are not changes', () => {
    const before = [
      note('n1'),
      note('n2', 'old', { timestamp: '2026-01-01T00:00:00Z' }),
      note('n3'),
    ];
    const after = [
      note('n2', 'new', { timestamp: '2026-01-02T00:00:00Z' }),
      note('n4'),
      note('n1'),
    ];
    expect(observedChange(seen(before, after))).toEqual({
      label: 'list --output jsonl',
      added: ['n4'],
      removed: ['n3'],
      changed: ['n2'],
    });
    const reordered = [note('n3'), note('n1', 'n1', { timestamp: 'later' }), note('n2', 'old')];
    expect(observedChange(seen(before, reordered))).toEqual({
      label: 'list --output jsonl',
      added: [],
      removed: [],
      changed: [],
    });
  });

  test('events without an id are compared by content, as a multiset', () => {
    const line = { type: 'line', text: 'a' };
    expect(observedChange(seen([line], [line, line]))?.changed).toEqual([
      '{"text":"a","type":"line"}',
    ]);
  });

  test('an observation run that failed says nothing: no change, no evidence', () => {
    expect(observedChange(seen(undefined, [note('n1')]))).toBeUndefined();
    expect(sideEffects([], [seen([note('n1')], undefined)])).toEqual([]);
    expect(observedAdditions([seen(undefined, undefined)])).toBeUndefined();
  });

  test('side effects name their evidence: the files, then the observation command', () => {
    expect(sideEffects(['stateDir/notes.json'], [seen([note('n1')], [note('n2')])])).toEqual([
      'stateDir/notes.json',
      'what `list --output jsonl` shows (added n2; removed n1)',
    ]);
    expect(sideEffects([], [seen([note('n1')], [note('n1')])])).toEqual([]);
    expect(observedAdditions([seen([note('n1')], [note('n1'), note('n2'), note('n3')])])).toEqual({
      count: 2,
      by: 'list --output jsonl',
    });
  });

  test('only a run that succeeded and was not truncated can stand as evidence', () => {
    const summary = (extra: Record<string, unknown>) => ({
      type: 'aoi:summary',
      ok: true,
      ...extra,
    });
    expect(observedItems(run(0), [{ type: 'aoi:meta' }, note('n1'), summary({})])).toEqual([
      note('n1'),
    ]);
    expect(observedItems(run(0), [note('n1'), summary({ truncated: true })])).toBeUndefined();
    expect(observedItems(run(1), [note('n1'), summary({})])).toBeUndefined();
    expect(observedItems(run(0), [note('n1'), summary({ ok: false })])).toBeUndefined();
  });
});

describe('escapes: writes outside the sandbox and surviving processes', () => {
  test('a write is blamed on the command whose probes saw it most often; a survivor on its own probe', () => {
    const blamed = blameEscapes([
      { command: 'create', label: 'create --title a', paths: ['/home/u/.hist'], survivors: [] },
      { command: 'list', label: 'list', paths: ['/home/u/.hist'], survivors: [] },
      { command: 'list', label: 'list --limit 1', paths: ['/home/u/.hist'], survivors: [] },
      {
        command: 'create',
        label: 'create --title b',
        paths: [],
        survivors: [{ pid: 42, command: 'sleep 60' }],
      },
    ]);
    expect(blamed).toEqual([
      { command: 'list', label: 'list', paths: ['/home/u/.hist'], survivors: [] },
      {
        command: 'create',
        label: 'create --title b',
        paths: [],
        survivors: [{ pid: 42, command: 'sleep 60' }],
      },
    ]);
  });

  test('where probes were run again alone, the lone runs name the writers, whatever overlapped; without lone runs the counts do', () => {
    const sightings = [
      { command: 'add', label: 'add', paths: ['/p/tool.log'], survivors: [] },
      { command: 'list', label: 'list', paths: ['/p/tool.log'], survivors: [] },
      { command: 'list', label: 'list --limit 1', paths: ['/p/tool.log'], survivors: [] },
      { command: 'import', label: 'import', paths: ['/p/tool.log'], survivors: [] },
    ];
    // Counting alone blames the bystander that overlapped most (list).
    expect(blameEscapes(sightings).map((s) => s.command)).toEqual(['list']);
    const alone = new Map([
      [
        '/p/tool.log',
        new Map([
          ['add', 'add'],
          ['import', 'import'],
        ]),
      ],
    ]);
    expect(blameEscapes(sightings, alone).map((s) => s.command)).toEqual(['add', 'import']);
    // Each is reported under the probe that wrote alone, not the first that happened to see the write.
    const seenFirstByABystander = [
      { command: 'import', label: 'import --no-such-flag', paths: ['/p/tool.log'], survivors: [] },
      ...sightings,
    ];
    expect(
      blameEscapes(seenFirstByABystander, alone).find((s) => s.command === 'import')?.label,
    ).toBe('import');
    // No lone run made the write (another program did): blamed on nobody.
    expect(blameEscapes(sightings, new Map([['/p/tool.log', new Map()]]))).toEqual([]);
  });

  test('each escape is reported with its paths and pids; nothing is reported for none', () => {
    const reported: string[] = [];
    const report = (id: string, message: string) => reported.push(`${id}: ${message}`);
    judgeEscape({ paths: [], survivors: [] }, report);
    expect(reported).toEqual([]);
    judgeEscape(
      { paths: ['/home/u/.hist'], survivors: [{ pid: 42, command: 'sleep 60' }] },
      report,
    );
    expect(reported).toEqual([
      "AOI-06/wrote-outside-sandbox: wrote outside the probe's sandbox (the caller's cwd, its parent or the real HOME): /home/u/.hist",
      'AOI-10/process-survived: left a process running after it ended: pid 42 (sleep 60)',
    ]);
  });
});
