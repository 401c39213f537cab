import { describe, expect, test } from 'vitest';
import { aoiMatchers, toBeAoiConformant } from '../../../src/matchers/index.js';
import { crashed, failed, good, leaky, prose } from './streams.js';

expect.extend(aoiMatchers);

/** The message a matcher gives when the assertion fails. */
function failure(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    return (error as Error).message;
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

  test('uses the exit status of a run', () => {
    expect({ stdout: good, exitCode: 3 }).not.toBeAoiConformant();
    expect(failure(() => expect({ stdout: good, exitCode: 3 }).toBeAoiConformant())).toContain('AOI-03/nonzero-exit-ok');
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
    expect(failure(() => expect({ stdout: failed, exitCode: 75 }).toSucceedWithSummary())).toMatchSnapshot();
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
    expect(failure(() => expect(good).toContainAoiEvent({ type: 'hit', id: 'n_2' }))).toMatchSnapshot();
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
