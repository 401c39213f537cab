import { describe, expect, it } from 'vitest';
import { HIT, META, check, found, verdict } from './_helpers.js';

const withSummary = (summary: Record<string, unknown>, options = {}) =>
  check([META, HIT, { type: 'aoi:summary', ok: true, count: 1, ...summary }], options);

describe('AOI-11/cursor-without-truncated', () => {
  it.each([
    ['missing', {}],
    ['false', { truncated: false }],
    ['a string', { truncated: 'true' }],
  ])(
    'warns on next_cursor with truncated %s, at the summary line; strict fails it',
    (_label, extra) => {
      // §15's MUST is "if output is truncated"; a cursor alone only suggests it was (the kit's reading).
      const r = withSummary({ next_cursor: 'opaque-token', ...extra });
      expect(found(r, 'AOI-11')).toEqual([['AOI-11/cursor-without-truncated', 3]]);
      expect(r.findings.find((f) => f.rule === 'AOI-11')!.severity).toBe('warning');
      expect(verdict(r, 'AOI-11')).toMatchObject({ status: 'pass', warnings: 1 });
      const strict = withSummary({ next_cursor: 'opaque-token', ...extra }, { strict: true });
      expect(verdict(strict, 'AOI-11')).toMatchObject({ status: 'fail', errors: 1 });
    },
  );

  it('passes next_cursor with truncated:true (§15 example)', () => {
    const r = check([
      META,
      { type: 'aoi:summary', ok: true, count: 0, truncated: true, next_cursor: 'opaque-token' },
    ]);
    expect(found(r, 'AOI-11')).toEqual([]);
    expect(verdict(r, 'AOI-11').status).toBe('pass');
  });
});

describe('AOI-11/truncated-without-cursor', () => {
  it.each([
    ['missing', {}],
    ['null', { next_cursor: null }],
    ['empty', { next_cursor: '' }],
  ])('warns on truncated:true with next_cursor %s', (_label, extra) => {
    const r = withSummary({ truncated: true, ...extra });
    expect(found(r, 'AOI-11')).toEqual([['AOI-11/truncated-without-cursor', 3]]);
    expect(r.findings.find((f) => f.rule === 'AOI-11')!.severity).toBe('warning');
    expect(verdict(r, 'AOI-11')).toMatchObject({ status: 'pass', warnings: 1 });
    expect(r.ok).toBe(true);
  });

  it('passes truncated:true with a cursor', () => {
    expect(found(withSummary({ truncated: true, next_cursor: 'c2' }), 'AOI-11')).toEqual([]);
  });

  it('strict mode makes it fail', () => {
    const r = withSummary({ truncated: true }, { strict: true });
    expect(found(r, 'AOI-11')).toEqual([['AOI-11/truncated-without-cursor', 3]]);
    expect(verdict(r, 'AOI-11').status).toBe('fail');
    expect(r.ok).toBe(false);
  });
});

describe('AOI-11 — consistent summaries pass', () => {
  it.each([
    ['§8.3: not truncated, next_cursor null', { truncated: false, next_cursor: null }],
    ['not truncated, no cursor fields', {}],
    ['not truncated, empty cursor', { truncated: false, next_cursor: '' }],
  ])('%s', (_label, extra) => {
    expect(found(withSummary(extra), 'AOI-11')).toEqual([]);
  });

  it('judges the first summary only', () => {
    const r = check([
      META,
      { type: 'aoi:summary', ok: true, truncated: true, next_cursor: 'x' },
      { type: 'aoi:summary', ok: true, next_cursor: 'y' },
    ]);
    expect(found(r, 'AOI-11')).toEqual([]);
  });

  it('ignores truncation fields on domain events', () => {
    const r = check([
      META,
      { type: 'page', next_cursor: 'x' },
      { type: 'aoi:summary', ok: true, count: 1 },
    ]);
    expect(found(r, 'AOI-11')).toEqual([]);
  });

  it('is not applicable without a summary', () => {
    const v = verdict(check([META, HIT], { unbounded: true }), 'AOI-11');
    expect(v.status).toBe('not_applicable');
    expect(v.reason).toMatch(/no aoi:summary/);
  });
});
