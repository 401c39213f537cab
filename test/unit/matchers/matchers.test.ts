import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, test } from 'vitest';
import { aoiMatchers, toBeAoiConformant } from '../../../src/matchers/index.js';
import { META, crashed, failed, good, leaky, lines, prose } from './streams.js';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

expect.extend(aoiMatchers);

/** The message a matcher gives when the assertion fails. */
function failure(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    // The runner colours what its own utilities print; snapshots compare the text, with rule pages relative
    // to the checkout (messages print this install's real path).
    return stripVTControlCharacters((error as Error).message).replaceAll(`${REPO}${sep}`, '');
  }
  throw new Error('the assertion did not fail');
}

describe('toBeAoiConformant', () => {
  test('passes a conformant stream, as text, bytes or a run', () => {
    expect(good).toBeAoiConformant();
    expect(Buffer.from(good)).toBeAoiConformant();
    expect({ stdout: good, exitCode: 0 }).toBeAoiConformant();
  });

  test('fails a crashed stream, naming the rule and the fix', () => {
    const message = failure(() => expect(crashed).toBeAoiConformant());
    expect(message).toMatchSnapshot();
    expect(message).toContain('AOI-03/eof-without-summary');
    expect(message).toContain('docs/rules/AOI-03.md');
  });

  test('links the rule page of this install, wherever it is, not a guess of node_modules/aoi-testkit', () => {
    const message = toBeAoiConformant.call({}, crashed).message();
    expect(message).toContain(`see ${join(REPO, 'docs', 'rules', 'AOI-03.md')}`);
    expect(existsSync(join(REPO, 'docs', 'rules', 'AOI-03.md'))).toBe(true);
    expect(message).not.toContain('node_modules/aoi-testkit');
  });

  test('uses the exit status of a run', () => {
    expect({ stdout: good, exitCode: 3 }).not.toBeAoiConformant();
    expect(failure(() => expect({ stdout: good, exitCode: 3 }).toBeAoiConformant())).toContain(
      'AOI-03/nonzero-exit-ok',
    );
  });

  test('shows the offending line', () => {
    expect(failure(() => expect(prose).toBeAoiConformant())).toMatchSnapshot();
  });

  test('.not reads well', () => {
    expect(crashed).not.toBeAoiConformant();
    expect(failure(() => expect(good).not.toBeAoiConformant())).toMatchSnapshot();
  });

  test('strict turns warnings into failures', () => {
    const warnsOnly = good.replace('"count":1', '"count":5');
    expect(warnsOnly).toBeAoiConformant();
    expect(warnsOnly).not.toBeAoiConformant({ strict: true });
  });

  test('never prints a secret', () => {
    const message = failure(() => expect(leaky).toBeAoiConformant());
    expect(message).toContain('AOI-09/meta-secret');
    expect(message).not.toContain('tok_live_SECRET_123');
  });

  test('never prints the known secrets it was given', () => {
    const message = failure(() =>
      expect(crashed).toBeAoiConformant({ secrets: ['canary-7f3a9e'] }),
    );
    expect(message.split('\n')[0]).toBe('expect(received).toBeAoiConformant(options)');
    expect(message).not.toContain('canary-7f3a9e');
  });

  test('rejects what is not a stream with a clear error', () => {
    expect(() => expect(42).toBeAoiConformant()).toThrow(/expects stdout text, bytes, or a run/);
    expect(() => toBeAoiConformant.call(undefined, { stdout: 1 })).toThrow(TypeError);
  });
});

describe('toEmitOnlyJsonl', () => {
  test('judges AOI-02 only', () => {
    expect(crashed).toEmitOnlyJsonl(); // no summary, but every line is an event
    expect(prose).not.toEmitOnlyJsonl();
    expect(failure(() => expect(prose).toEmitOnlyJsonl())).toMatchSnapshot();
  });
});

describe('toHaveTerminalSummary', () => {
  test('requires one last summary with a boolean ok', () => {
    expect(good).toHaveTerminalSummary();
    expect(failed).toHaveTerminalSummary();
    expect(crashed).not.toHaveTerminalSummary();
    expect(good + '{"type":"hit"}\n').not.toHaveTerminalSummary();
    expect(failure(() => expect(crashed).toHaveTerminalSummary())).toMatchSnapshot();
  });
});

describe('toSucceedWithSummary', () => {
  test('requires ok:true, exit 0 and a matching summary', () => {
    expect(good).toSucceedWithSummary();
    expect({ stdout: good, exitCode: 0 }).toSucceedWithSummary({ count: 1, truncated: false });
    expect(good).not.toSucceedWithSummary({ count: 2 });
    expect(failed).not.toSucceedWithSummary();
    expect({ stdout: good, exitCode: null, signal: 'SIGKILL' }).not.toSucceedWithSummary();
    expect(
      failure(() => expect({ stdout: failed, exitCode: 75 }).toSucceedWithSummary()),
    ).toMatchSnapshot();
  });

  test('accepts asymmetric matchers in the expected summary', () => {
    expect(good).toSucceedWithSummary({ count: expect.any(Number) });
  });
});

describe('toContainAoiEvent', () => {
  test('finds an event by partial match', () => {
    expect(good).toContainAoiEvent({ type: 'hit', id: 'n_1' });
    expect(good).toContainAoiEvent({ type: 'hit', id: expect.stringMatching(/^n_/) });
    expect(good).not.toContainAoiEvent({ type: 'hit', id: 'n_2' });
    expect(
      failure(() => expect(good).toContainAoiEvent({ type: 'hit', id: 'n_2' })),
    ).toMatchSnapshot();
  });
});

describe('toHaveAoiError', () => {
  test('finds an aoi:error by category and code', () => {
    expect(failed).toHaveAoiError();
    expect(failed).toHaveAoiError({ category: 'rate_limited', retryable: true });
    expect(good).not.toHaveAoiError();
    expect(failed).not.toHaveAoiError({ category: 'authn' });
    expect(failure(() => expect(failed).toHaveAoiError({ category: 'authn' }))).toMatchSnapshot();
  });
});

describe('toBeAoiEvent and expect.aoiEvent', () => {
  test('matches one event', () => {
    expect({ type: 'hit', id: 'a' }).toBeAoiEvent();
    expect({ type: 'hit', id: 'a' }).toBeAoiEvent({ type: 'hit' });
    expect({ id: 'a' }).not.toBeAoiEvent();
    expect([{ type: '' }]).not.toBeAoiEvent();
    expect(failure(() => expect({ id: 'a' }).toBeAoiEvent())).toMatchSnapshot();
  });

  test('works as an asymmetric matcher', () => {
    const events = [{ type: 'aoi:meta' }, { type: 'aoi:summary', ok: true, count: 0 }];
    expect(events).toContainEqual(expect.aoiEvent({ type: 'aoi:summary', ok: true }));
    expect(events).not.toContainEqual(expect.aoiEvent({ type: 'aoi:summary', ok: false }));
    expect(good).toContainAoiEvent({ type: 'hit', rank: expect.any(Number) });
  });
});

describe("messages are printed with the runner's own utilities", () => {
  const twoHits = lines(
    META,
    { type: 'hit', id: 'n_1', rank: 1 },
    { type: 'hit', id: 'n_2', rank: 2, title: 'Second' },
    {
      type: 'aoi:summary',
      ok: true,
      count: 2,
      warning_count: 0,
      error_count: 0,
      truncated: false,
      elapsed_ms: 12,
    },
  );

  test('toSucceedWithSummary diffs only the keys it was asked about', () => {
    const message = failure(() =>
      expect(good).toSucceedWithSummary({ count: 2, truncated: false }),
    );
    expect(message).toMatchSnapshot();
    expect(message.split('\n')[0]).toBe('expect(received).toSucceedWithSummary(expected)');
    expect(message).toMatch(/-\s+"count": 2,/);
    expect(message).toMatch(/\+\s+"count": 1,/);
    expect(message).not.toContain('warning_count'); // not asked about: not in the diff
  });

  test('toContainAoiEvent diffs against the nearest event of the same type', () => {
    const message = failure(() =>
      expect(twoHits).toContainAoiEvent({ type: 'hit', id: 'n_2', rank: 3 }),
    );
    expect(message).toMatchSnapshot();
    expect(message).toContain('Nearest event, line 3:');
    expect(message).toMatch(/-\s+"rank": 3,/);
    expect(message).toMatch(/\+\s+"rank": 2,/);
    expect(message).not.toContain('Second'); // the nearest event's other fields stay out of the diff
  });

  test('toContainAoiEvent names the types it saw when none has the asked-for type', () => {
    expect(failure(() => expect(good).toContainAoiEvent({ type: 'miss' }))).toMatchSnapshot();
  });

  test('asymmetric matchers print by name, in the expected value and in the diff', () => {
    const message = failure(() =>
      expect(twoHits).toContainAoiEvent({
        type: 'hit',
        id: expect.any(String),
        rank: expect.any(String),
      }),
    );
    expect(message).toMatchSnapshot();
    expect(message).toContain('"id": Any<String>');
    expect(message).not.toMatch(/"sample"|"inverse"|asymmetricMatch/);
    const summary = failure(() =>
      expect(good).toSucceedWithSummary({
        count: expect.any(String),
        truncated: expect.objectContaining({}),
      }),
    );
    expect(summary).toContain('Any<String>');
    expect(summary).toContain('ObjectContaining');
    expect(summary).not.toMatch(/"sample"|"inverse"/);
  });

  test('toHaveAoiError diffs against the nearest aoi:error', () => {
    const message = failure(() =>
      expect(failed).toHaveAoiError({ category: 'authn', retryable: true }),
    );
    expect(message).toMatchSnapshot();
    expect(message).toMatch(/-\s+"category": "authn",/);
    expect(message).not.toContain('slow down');
  });

  test('.not and .resolves are in the hint', async () => {
    let text = '';
    try {
      await expect(Promise.resolve(good)).resolves.not.toContainAoiEvent({ type: 'hit' });
    } catch (error) {
      text = stripVTControlCharacters((error as Error).message);
    }
    expect(text).toMatchSnapshot();
    expect(text.split('\n')[0]).toBe('expect(received).resolves.not.toContainAoiEvent(expected)');
  });

  test('secrets stay masked in every part of a message: expected, received, diff', () => {
    const secret = 'sk-live-abcdefghijklmnop0123456789';
    const leaks = lines(
      META,
      { type: 'hit', id: 'n_1', note: `key ${secret}` },
      { type: 'aoi:summary', ok: true, count: 1, api_token: secret },
    );
    const messages = [
      failure(() =>
        expect(leaks).toSucceedWithSummary({ count: 2, api_token: expect.any(String) }),
      ),
      failure(() => expect(leaks).toSucceedWithSummary({ api_token: 'other' })),
      failure(() =>
        expect(leaks).toContainAoiEvent({
          type: 'hit',
          note: expect.stringContaining(secret),
          id: 'n_2',
        }),
      ),
      failure(() => expect(leaks).not.toContainAoiEvent({ type: 'hit' })),
      failure(() => expect({ type: 'hit', note: secret }).toBeAoiEvent({ type: 'miss' })),
    ];
    for (const message of messages) expect(message).not.toContain(secret);
    expect(messages[2]).toContain('StringContaining'); // still printed as a matcher, its sample masked
  });
});
