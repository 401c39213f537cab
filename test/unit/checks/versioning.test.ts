import { describe, expect, it } from 'vitest';
import { META, check, found, verdict } from './_helpers.js';

const SUMMARY = { type: 'aoi:summary', ok: true, count: 0 };
const { schema_version: _sv, ...META_NO_SCHEMA_VERSION } = META;
const { aoi_version: _av, ...META_NO_AOI_VERSION } = META;

describe('AOI-13/meta-schema-version', () => {
  it.each([
    ['missing', META_NO_SCHEMA_VERSION],
    ['empty', { ...META, schema_version: '' }],
  ])(
    'warns on a meta whose schema_version is %s, at the meta line (§5: SHOULD); strict fails it',
    (_label, meta) => {
      const r = check([meta, SUMMARY]);
      expect(found(r, 'AOI-13')).toEqual([['AOI-13/meta-schema-version', 1]]);
      expect(r.findings.find((f) => f.rule === 'AOI-13')!.severity).toBe('warning');
      expect(verdict(r, 'AOI-13')).toMatchObject({ status: 'pass', warnings: 1 });
      expect(r.ok).toBe(true);
      expect(verdict(check([meta, SUMMARY], { strict: true }), 'AOI-13').status).toBe('fail');
    },
  );

  it('reports the line of the meta, wherever it is', () => {
    const r = check([{ type: 'hit' }, META_NO_SCHEMA_VERSION, SUMMARY]);
    expect(found(r, 'AOI-13')).toEqual([['AOI-13/meta-schema-version', 2]]);
  });

  it('a numeric schema_version is one finding: AOI-04 reports the type', () => {
    const r = check([{ ...META, schema_version: 1 }, SUMMARY]);
    expect(found(r, 'AOI-04')).toEqual([['AOI-04/schema', 1]]);
    expect(found(r, 'AOI-13')).toEqual([]);
    expect(r.ok).toBe(false);
  });

  it('warns on a finite stream that leaves meta out altogether (no line: the whole stream)', () => {
    const r = check([{ type: 'hit' }, SUMMARY], { exitCode: 0 });
    expect(found(r, 'AOI-13')).toEqual([['AOI-13/meta-schema-version', undefined]]);
    expect(verdict(r, 'AOI-13').status).toBe('pass');
    expect(
      verdict(check([{ type: 'hit' }, SUMMARY], { exitCode: 0, strict: true }), 'AOI-13').status,
    ).toBe('fail');
  });

  // A foreign Python tool (fixtures/foreign/pynotes) closes a rejected command line with a failed summary.
  it.each<[string, Record<string, unknown>]>([
    ['ok:false', { type: 'aoi:summary', ok: false, error_count: 1 }],
    ['no ok', { type: 'aoi:summary', error_count: 1 }],
  ])(
    'owes no meta on a usage rejection closed by a summary with %s (§2, §20: usage errors may come before meta)',
    (_label, summary) => {
      const usage = {
        type: 'aoi:error',
        category: 'usage',
        code: 'BAD_USAGE',
        message: 'unrecognized option(s): --x',
        retryable: false,
      };
      const r = check([usage, summary], { exitCode: 64 });
      expect(found(r, 'AOI-13')).toEqual([]);
      expect(found(r, 'AOI-03')).toEqual(
        summary.ok === false ? [] : [['AOI-03/summary-ok-missing', 2]],
      );
    },
  );

  it('still fails a stream without meta whose summary claims success after a usage error, or that carries items', () => {
    const usage = {
      type: 'aoi:error',
      category: 'usage',
      code: 'BAD_USAGE',
      message: 'bad',
      retryable: false,
    };
    expect(found(check([usage, SUMMARY], { exitCode: 64 }), 'AOI-13')).toEqual([
      ['AOI-13/meta-schema-version', undefined],
    ]);
    expect(
      found(
        check([usage, { type: 'hit' }, { type: 'aoi:summary', ok: false }], { exitCode: 64 }),
        'AOI-13',
      ),
    ).toEqual([['AOI-13/meta-schema-version', undefined]]);
    expect(found(check([{ type: 'aoi:summary', ok: false }], { exitCode: 64 }), 'AOI-13')).toEqual([
      ['AOI-13/meta-schema-version', undefined],
    ]);
  });

  it('passes the §5 meta', () => {
    const r = check([META, SUMMARY]);
    expect(found(r, 'AOI-13')).toEqual([]);
    expect(verdict(r, 'AOI-13').status).toBe('pass');
  });
});

describe('AOI-13/schema-version-not-honoured (§5.1)', () => {
  it('fails when meta reports another major than the one negotiated', () => {
    const r = check([META, SUMMARY], { schemaVersion: '2' });
    expect(found(r, 'AOI-13')).toEqual([['AOI-13/schema-version-not-honoured', 1]]);
    const f = r.findings.find((x) => x.rule === 'AOI-13')!;
    expect(f.severity).toBe('error');
    expect(f.message).toContain('2');
    expect(f.message).toContain('1.0.0');
  });

  it.each([
    ['1', '1.0.0'],
    ['1', '1.4.2'],
    ['2', '2.0.0'],
    ['2.0.0', '2.3.1'],
    ['v2', '2.0.0'],
    ['2', 'v2.1'],
  ])('passes negotiated %s with meta schema_version %s', (negotiated, reported) => {
    expect(
      found(
        check([{ ...META, schema_version: reported }, SUMMARY], { schemaVersion: negotiated }),
        'AOI-13',
      ),
    ).toEqual([]);
  });

  it.each([
    ['2', '1.9.9'],
    ['1', '10.0.0'],
    ['10', '1.0.0'],
  ])('fails negotiated %s with meta schema_version %s', (negotiated, reported) => {
    expect(
      found(
        check([{ ...META, schema_version: reported }, SUMMARY], { schemaVersion: negotiated }),
        'AOI-13',
      ),
    ).toEqual([['AOI-13/schema-version-not-honoured', 1]]);
  });

  it('does not judge honouring when nothing was negotiated', () => {
    expect(found(check([{ ...META, schema_version: '7.0.0' }, SUMMARY]), 'AOI-13')).toEqual([]);
  });

  it('a missing schema_version is reported once, as missing', () => {
    expect(
      found(check([META_NO_SCHEMA_VERSION, SUMMARY], { schemaVersion: '2' }), 'AOI-13'),
    ).toEqual([['AOI-13/meta-schema-version', 1]]);
  });
});

describe('AOI-13/meta-aoi-version', () => {
  it('warns on a meta without aoi_version', () => {
    const r = check([META_NO_AOI_VERSION, SUMMARY]);
    expect(found(r, 'AOI-13')).toEqual([['AOI-13/meta-aoi-version', 1]]);
    expect(r.findings.find((f) => f.rule === 'AOI-13')!.severity).toBe('warning');
    expect(verdict(r, 'AOI-13')).toMatchObject({ status: 'pass', warnings: 1 });
    expect(r.ok).toBe(true);
  });

  it('passes with aoi_version', () => {
    expect(found(check([META, SUMMARY]), 'AOI-13')).toEqual([]);
  });

  it('strict mode makes it fail', () => {
    const r = check([META_NO_AOI_VERSION, SUMMARY], { strict: true });
    expect(verdict(r, 'AOI-13').status).toBe('fail');
    expect(r.findings.find((f) => f.rule === 'AOI-13')!.severity).toBe('error');
    expect(r.ok).toBe(false);
  });
});

describe('AOI-13 applicability', () => {
  it('judges the first meta only', () => {
    const r = check([META, { type: 'aoi:meta', command: 'again' }, SUMMARY]);
    expect(found(r, 'AOI-13')).toEqual([]);
  });

  it.each([
    ['an empty stream', [], {}],
    ['an unbounded stream without meta', [{ type: 'hit' }], { unbounded: true }],
    [
      'a usage error before the stream starts',
      [{ type: 'aoi:error', category: 'usage', code: 'NO_QUERY', message: 'x', retryable: false }],
      { exitCode: 64 },
    ],
    [
      'an error of an unknown category, exit 64 (EX_USAGE)',
      [
        {
          type: 'aoi:error',
          category: 'invented',
          code: 'NO_QUERY',
          message: 'x',
          retryable: false,
        },
      ],
      { exitCode: 64 },
    ],
  ])('is not applicable to %s', (_label, events, options) => {
    const r = check(events, options);
    expect(found(r, 'AOI-13')).toEqual([]);
    const v = verdict(r, 'AOI-13');
    expect(v.status).toBe('not_applicable');
    expect(v.reason).toMatch(/no aoi:meta/);
  });
});

it('a stream of errors of an unknown category that did not exit 64 has started: it owes a meta', () => {
  const r = check(
    [{ type: 'aoi:error', category: 'invented', code: 'NO_QUERY', message: 'x', retryable: false }],
    { exitCode: 1 },
  );
  expect(found(r, 'AOI-13').map(([id]) => id)).toEqual(['AOI-13/meta-schema-version']);
});
