import { describe, expect, test } from 'vitest';
import { hint, masked, show } from '../../../src/matchers/format.js';
import { toContainAoiEvent } from '../../../src/matchers/to-contain-aoi-event.js';
import { toSucceedWithSummary } from '../../../src/matchers/to-succeed-with-summary.js';

const good =
  '{"type":"aoi:meta","schema_name":"demo","schema_version":"1.0"}\n{"type":"hit","id":1}\n{"type":"aoi:summary","ok":true,"count":1}\n';

describe('hint: the first line, as the runner writes its own', () => {
  test('.not, .resolves and .rejects are part of the call shown', () => {
    expect(hint({}, 'toBeAoiConformant')).toBe('expect(received).toBeAoiConformant()');
    expect(hint({ isNot: true }, 'toBeAoiConformant')).toBe(
      'expect(received).not.toBeAoiConformant()',
    );
    expect(hint({ promise: 'resolves' }, 'toBeAoiConformant')).toBe(
      'expect(received).resolves.toBeAoiConformant()',
    );
    expect(hint({ isNot: true, promise: 'rejects' }, 'toHaveAoiError', '{…}')).toBe(
      'expect(received).rejects.not.toHaveAoiError({…})',
    );
    expect(hint({ promise: '' }, 'toBeAoiEvent')).toBe('expect(received).toBeAoiEvent()'); // jest passes '' outside a promise
  });
});

describe('show: asymmetric matchers print by name, not as their fields', () => {
  test('expect.any, stringMatching, objectContaining and arrays of them', () => {
    expect(show({ type: 'hit', id: expect.any(Number) })).toBe('{"type":"hit","id":Any<Number>}');
    expect(show({ name: expect.stringMatching(/^al/) })).toMatch(
      /^\{"name":StringMatching \/\^al\/\}$/,
    );
    expect(show([expect.objectContaining({ type: 'hit' })])).toBe(
      '[ObjectContaining {"type":"hit"}]',
    );
    expect(show(expect.anything())).toBe('Anything');
    expect(show({ id: 1 })).not.toContain('sample');
  });

  test('secrets stay masked, inside a matcher too', () => {
    const secret = 'sk-live-abcdefghijklmnop0123456789';
    expect(show({ token: secret })).not.toContain(secret);
    expect(show({ note: expect.stringContaining(secret) })).not.toContain(secret);
  });
});

describe("masked: what the runner's printers are given", () => {
  const secret = 'sk-live-abcdefghijklmnop0123456789';

  test('asymmetric matchers stay matchers of their own class, so the runner prints them by name', () => {
    const any = expect.any(String);
    const out = masked({ id: any, nested: [expect.objectContaining({ type: 'hit' })] }) as {
      id: unknown;
      nested: unknown[];
    };
    expect(out.id).toBe(any);
    expect((out.nested[0] as { asymmetricMatch: unknown }).asymmetricMatch).toBeTypeOf('function');
  });

  test("secrets are masked, in a matcher's sample too", () => {
    const contains = expect.stringContaining(secret);
    const out = masked({
      token: secret,
      note: contains,
      pattern: expect.stringMatching(new RegExp(secret)),
    }) as Record<string, { sample?: unknown }>;
    expect(JSON.stringify(out)).not.toContain(secret);
    expect(String(out.pattern!.sample)).not.toContain(secret);
    expect(Object.getPrototypeOf(out.note)).toBe(Object.getPrototypeOf(contains));
    expect(out.note!.sample).not.toContain(secret);
  });
});

describe('the messages of the matchers use both', () => {
  test('toContainAoiEvent under .resolves names the promise and prints Any<Number>', () => {
    const result = toContainAoiEvent.call({ isNot: false, promise: 'resolves' }, good, {
      type: 'hit',
      id: expect.any(String),
    });
    expect(result.pass).toBe(false);
    expect(result.message().split('\n')[0]).toBe(
      'expect(received).resolves.toContainAoiEvent(expected)',
    );
    expect(result.message()).toContain('"id":Any<String>');
  });

  test('toSucceedWithSummary prints the asymmetric expectation readably', () => {
    const result = toSucceedWithSummary.call(
      { isNot: false },
      { stdout: good, exitCode: 0 },
      { count: expect.any(String) },
    );
    expect(result.pass).toBe(false);
    expect(result.message()).toContain('Any<String>');
    expect(result.message()).not.toMatch(/"sample"|"inverse"/);
  });
});
