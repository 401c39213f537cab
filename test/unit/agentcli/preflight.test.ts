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
    expect(versionCheckOutcome({ ...CHECK, parse: '(' }, 'x').ok).toBe(false);
  });

  // AIP-29's schema: `range` is an "npm-style semver range". Each form npm accepts, with a version inside and one
  // just outside it.
  const RANGES: [form: string, range: string, inside: string[], outside: string[]][] = [
    ['caret', '^1.2.3', ['1.2.3', '1.9.0'], ['1.2.2', '2.0.0']],
    [
      'caret below 1.0 (minor is the breaking part)',
      '^0.2.3',
      ['0.2.3', '0.2.9'],
      ['0.3.0', '0.2.2'],
    ],
    ['caret below 0.1 (patch is)', '^0.0.3', ['0.0.3'], ['0.0.4']],
    ['tilde', '~1.2.3', ['1.2.3', '1.2.9'], ['1.3.0', '1.2.2']],
    ['tilde on a major and minor', '~1.2', ['1.2.0', '1.2.7'], ['1.3.0', '1.1.9']],
    ['or', '^1.0.0 || ^3.1.0', ['1.4.0', '3.1.0', '3.9.9'], ['2.0.0', '3.0.9', '4.0.0']],
    ['hyphen', '1.2.3 - 2.3.4', ['1.2.3', '2.3.4'], ['1.2.2', '2.3.5']],
    ['hyphen with a partial upper bound', '1.2 - 2.3', ['1.2.0', '2.3.9'], ['1.1.9', '2.4.0']],
    ['x-range', '1.x', ['1.0.0', '1.99.0'], ['0.9.9', '2.0.0']],
    ['star', '*', ['0.0.1', '12.3.4'], []],
    ['comparators', '>=0.13.0 <1.0.0', ['0.13.0', '0.99.1'], ['0.12.9', '1.0.0']],
    ['exact, with a v', 'v1.2.3', ['1.2.3'], ['1.2.4']],
    // npm's rule: a prerelease satisfies a range only when the range names a prerelease of the same version.
    [
      'prerelease',
      '>=1.2.3-beta.1 <2',
      ['1.2.3-beta.2', '1.2.3', '1.5.0'],
      ['1.2.3-alpha', '1.5.0-rc.1'],
    ],
  ];
  test.each(RANGES)(
    'an npm %s range (%s): pass inside, fail outside',
    (_, range, inside, outside) => {
      const check = { ...CHECK, parse: '^agent (\\S+)$' };
      for (const v of inside)
        expect(versionCheckOutcome({ ...check, range }, `agent ${v}`), `${v} in ${range}`).toEqual({
          ok: true,
          version: v,
        });
      for (const v of outside) {
        const outcome = versionCheckOutcome({ ...check, range }, `agent ${v}`);
        expect(outcome, `${v} in ${range}`).toEqual({
          ok: false,
          why: `version ${v} is outside range ${JSON.stringify(range)}`,
        });
      }
    },
  );

  test('a version that is not semver fails; a range npm cannot parse is unknown (the text asks no more)', () => {
    const check = { ...CHECK, parse: '^agent (\\S+)$' };
    expect(versionCheckOutcome({ ...check, range: '^1.0.0' }, 'agent 1.2').ok).toBe(false);
    expect(versionCheckOutcome({ ...check, range: '^1.0.0' }, 'agent latest').ok).toBe(false);
    for (const range of ['latest', '>=1.0.0 <<2', '^^1']) {
      expect(versionCheckOutcome({ ...check, range }, 'agent 1.2.3')).toEqual({
        ok: 'unknown',
        version: '1.2.3',
        why: `range ${JSON.stringify(range)} is not an npm semver range`,
      });
    }
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

  test('a failed check and nothing started passes; a range npm cannot parse is skip; ^ and || are judged', () => {
    expect(
      ids([version('aoi-fake-agent-acp 0.1.0')], { versionCheck: { ...CHECK, range: '>=2.0.0' } }),
    ).toEqual([]);
    expect(
      status([version('aoi-fake-agent-acp 0.1.0'), start()], {
        versionCheck: { ...CHECK, range: 'latest' },
      }),
    ).toBe('skip');
    expect(
      status([version('aoi-fake-agent-acp 0.1.0'), start()], {
        versionCheck: { ...CHECK, range: '^0.1.0' },
      }),
    ).toBe('pass');
    expect(
      ids([version('aoi-fake-agent-acp 0.1.0'), start()], {
        versionCheck: { ...CHECK, range: '^0.2.0 || ^1.0.0' },
      }),
    ).toEqual(['AGENTCLI-29/version-check-ignored']);
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
