import { describe, expect, test } from 'vitest';
import { checkPreflight, versionCheckOutcome } from '../../../src/checks/agentcli/preflight.js';
import type { LifecycleRecord } from '../../../src/spec/agentcli/transcript.js';

const CHECK = {
  cmd: 'agent --version',
  parse: '^aoi-fake-agent-acp\\s+(\\d+\\.\\d+\\.\\d+)',
  range: '>=0.1.0 <1.0.0',
};
const version = (output: string, pid = 7, code = 0): LifecycleRecord => ({
  event: 'version',
  pid,
  output,
  code,
  at: 1,
});
const start = (pid = 8): LifecycleRecord => ({ event: 'start', pid, at: 2 });
const ids = (records: LifecycleRecord[], input: Parameters<typeof checkPreflight>[1]) =>
  checkPreflight(records, input).findings.map((f) => f.id);
const status = (records: LifecycleRecord[], input: Parameters<typeof checkPreflight>[1]) =>
  checkPreflight(records, input).verdicts[0]?.status;

describe('versionCheckOutcome', () => {
  test('the capture group against a range of comparators', () => {
    expect(versionCheckOutcome(CHECK, 'aoi-fake-agent-acp 0.1.0')).toEqual({
      ok: true,
      version: '0.1.0',
    });
    expect(versionCheckOutcome({ ...CHECK, range: '>=2.0.0' }, 'aoi-fake-agent-acp 0.1.0').ok).toBe(
      false,
    );
    expect(versionCheckOutcome({ ...CHECK, range: '<0.1.0' }, 'aoi-fake-agent-acp 0.1.0').ok).toBe(
      false,
    );
    expect(versionCheckOutcome({ ...CHECK, range: '0.1.0' }, 'aoi-fake-agent-acp 0.1.0').ok).toBe(
      true,
    );
    expect(versionCheckOutcome({ ...CHECK, range: '>0.1.0' }, 'aoi-fake-agent-acp 0.1.10').ok).toBe(
      true,
    );
    expect(versionCheckOutcome(CHECK, 'something else 0.1.0').ok).toBe(false);
    expect(versionCheckOutcome({ ...CHECK, range: '^0.1.0' }, 'aoi-fake-agent-acp 0.1.0').ok).toBe(
      'unknown',
    );
    expect(versionCheckOutcome({ ...CHECK, parse: '(' }, 'x').ok).toBe(false);
  });
});

describe('AGENTCLI-29', () => {
  test('a passing check before the start passes; no check is a warning; a failed check then a start is an error', () => {
    expect(ids([version('aoi-fake-agent-acp 0.1.0'), start()], { versionCheck: CHECK })).toEqual(
      [],
    );
    expect(status([version('aoi-fake-agent-acp 0.1.0'), start()], { versionCheck: CHECK })).toBe(
      'pass',
    );
    const none = checkPreflight([start()], { versionCheck: CHECK });
    expect(none.findings.map((f) => f.id)).toEqual(['AGENTCLI-29/no-version-check']);
    expect(none.ok).toBe(true);
    expect(
      ids([version('aoi-fake-agent-acp 0.1.0'), start()], {
        versionCheck: { ...CHECK, range: '>=2.0.0' },
      }),
    ).toEqual(['AGENTCLI-29/version-check-ignored']);
    expect(
      ids([version('aoi-fake-agent-acp 0.1.0', 7, 1), start()], { versionCheck: CHECK }),
    ).toEqual(['AGENTCLI-29/version-check-ignored']);
    // A check after the start does not count.
    expect(ids([start(), version('aoi-fake-agent-acp 0.1.0')], { versionCheck: CHECK })).toEqual([
      'AGENTCLI-29/no-version-check',
    ]);
  });

  test('a failed check and nothing started passes; a range the kit cannot evaluate is skip', () => {
    expect(
      ids([version('aoi-fake-agent-acp 0.1.0')], { versionCheck: { ...CHECK, range: '>=2.0.0' } }),
    ).toEqual([]);
    expect(
      status([version('aoi-fake-agent-acp 0.1.0'), start()], {
        versionCheck: { ...CHECK, range: '^0.1.0' },
      }),
    ).toBe('skip');
  });

  test('setup pending: a start is spawned-before-setup; a refusal must be setup_required naming every pending step', () => {
    expect(ids([start()], { setupPending: ['choose-workspace'] })).toEqual([
      'AGENTCLI-29/spawned-before-setup',
    ]);
    expect(
      ids([], {
        setupPending: ['choose-workspace'],
        refusal: { code: 'setup_required', pending: ['choose-workspace'] },
      }),
    ).toEqual([]);
    expect(
      ids([], {
        setupPending: ['choose-workspace'],
        refusal: { code: 'setup_required', steps: [{ id: 'choose-workspace', kind: 'prompt' }] },
      }),
    ).toEqual([]);
    expect(
      ids([], { setupPending: ['choose-workspace'], refusal: new Error('setup needed') }),
    ).toEqual(['AGENTCLI-29/setup-not-reported']);
    expect(
      ids([], {
        setupPending: ['choose-workspace', 'login'],
        refusal: { code: 'setup_required', pending: ['choose-workspace'] },
      }),
    ).toEqual(['AGENTCLI-29/setup-not-reported']);
    expect(ids([start()], { setupPending: [] })).toEqual([]);
  });

  test('nothing given is not_applicable; junk never throws', () => {
    expect(status([start()], {})).toBe('not_applicable');
    expect(() =>
      checkPreflight(undefined as never, {
        versionCheck: 3 as never,
        setupPending: [1] as never,
        refusal: null,
      }),
    ).not.toThrow();
  });
});
