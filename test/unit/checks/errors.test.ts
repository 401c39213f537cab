import { describe, expect, it } from 'vitest';
import { ERROR_CATEGORIES, ERROR_CATEGORY_NAMES } from '../../../src/spec/aoi/constants.js';
import { META, check, found, verdict } from './_helpers.js';

const FAILED = { type: 'aoi:summary', ok: false, count: 0, error_count: 1 };
const GOOD_ERROR = {
  type: 'aoi:error',
  category: 'not_found',
  code: 'FILE_NOT_FOUND',
  message: 'No file exists at path.',
  retryable: false,
};
const withError = (error: Record<string, unknown>) => check([META, error, FAILED], { exitCode: 1 });

describe('AOI-05/error-fields', () => {
  it('fails an aoi:error without category, code and retryable, naming them', () => {
    const r = withError({ type: 'aoi:error', message: 'boom' });
    expect(found(r, 'AOI-05')).toEqual([['AOI-05/error-fields', 2]]);
    const f = r.findings.find((x) => x.rule === 'AOI-05')!;
    expect(f.severity).toBe('error');
    expect(f.message).toContain('"category", "code", "retryable"');
    expect(f.message).not.toContain('"message"');
    expect(verdict(r, 'AOI-05')).toMatchObject({ status: 'fail', errors: 1 });
    expect(r.ok).toBe(false);
  });

  it.each(['category', 'code', 'message', 'retryable'])(
    'fails when only "%s" is missing',
    (field) => {
      const error: Record<string, unknown> = { ...GOOD_ERROR };
      delete error[field];
      const r = withError(error);
      expect(found(r, 'AOI-05')).toEqual([['AOI-05/error-fields', 2]]);
      expect(r.findings.find((x) => x.rule === 'AOI-05')!.message).toContain(`"${field}"`);
    },
  );

  it('passes the fixed error', () => {
    const r = withError(GOOD_ERROR);
    expect(found(r, 'AOI-05')).toEqual([]);
    expect(verdict(r, 'AOI-05').status).toBe('pass');
  });

  it('passes the spec examples (§1.3, §9, §19.4)', () => {
    const examples = [
      {
        type: 'aoi:error',
        category: 'authn',
        code: 'INTERACTIVE_REQUIRED',
        message: 'Interactive authentication required.',
        retryable: false,
        hint: 'outline auth login',
      },
      {
        type: 'aoi:error',
        code: 'FILE_NOT_FOUND',
        category: 'not_found',
        message: 'No file exists at path.',
        retryable: false,
        target: '/Files/kubo/missing.md',
      },
      {
        type: 'aoi:error',
        category: 'validation',
        code: 'INPUT_JSONL_PARSE_ERROR',
        line_number: 17,
        message: 'Invalid JSON on input line 17',
        retryable: false,
      },
    ];
    for (const e of examples) expect(found(withError(e), 'AOI-05'), e.code).toEqual([]);
  });

  it('judges every aoi:error, each at its own line', () => {
    const r = check(
      [
        META,
        GOOD_ERROR,
        { type: 'aoi:error', message: 'a' },
        GOOD_ERROR,
        { type: 'aoi:error', code: 'X' },
        { ...FAILED, error_count: 4 },
      ],
      { exitCode: 1 },
    );
    expect(found(r, 'AOI-05')).toEqual([
      ['AOI-05/error-fields', 3],
      ['AOI-05/error-fields', 5],
    ]);
  });
});

describe('AOI-05/unknown-category', () => {
  it('warns on a category outside §9.1', () => {
    const r = withError({ ...GOOD_ERROR, category: 'network' });
    expect(found(r, 'AOI-05')).toEqual([['AOI-05/unknown-category', 2]]);
    expect(r.findings.find((x) => x.rule === 'AOI-05')).toMatchObject({ severity: 'warning' });
    expect(verdict(r, 'AOI-05')).toMatchObject({ status: 'pass', warnings: 1 });
  });

  it.each(['NOT_FOUND', 'Not_Found', 'not-found', 'toString'])(
    'does not accept the near-miss "%s"',
    (category) => {
      expect(found(withError({ ...GOOD_ERROR, category }), 'AOI-05')).toEqual([
        ['AOI-05/unknown-category', 2],
      ]);
    },
  );

  it.each(ERROR_CATEGORY_NAMES.map((c) => [c]))('accepts the standard category %s', (category) => {
    const retryable = ERROR_CATEGORIES[category].retry === 'yes';
    expect(found(withError({ ...GOOD_ERROR, category, retryable }), 'AOI-05')).toEqual([]);
  });

  it('strict mode makes it fail', () => {
    const r = check([META, { ...GOOD_ERROR, category: 'network' }, FAILED], {
      exitCode: 1,
      strict: true,
    });
    expect(verdict(r, 'AOI-05').status).toBe('fail');
    expect(r.ok).toBe(false);
  });
});

describe('AOI-05/retryable-mismatch', () => {
  const never = ERROR_CATEGORY_NAMES.filter((c) => ERROR_CATEGORIES[c].retry === 'no');
  const always = ERROR_CATEGORY_NAMES.filter((c) => ERROR_CATEGORIES[c].retry === 'yes');
  const maybe = ERROR_CATEGORY_NAMES.filter((c) => ERROR_CATEGORIES[c].retry === 'maybe');

  it('has categories of all three kinds to test', () => {
    expect(never).toEqual(['usage', 'validation', 'authz', 'not_found', 'config']);
    expect(always).toEqual(['rate_limited', 'temporary', 'timeout']);
    expect(maybe).toEqual(['authn', 'conflict', 'cancelled', 'partial', 'internal', 'io']);
  });

  it.each(never.map((c) => [c]))(
    'warns on %s with retryable:true, passes it with false',
    (category) => {
      const r = withError({ ...GOOD_ERROR, category, retryable: true });
      expect(found(r, 'AOI-05')).toEqual([['AOI-05/retryable-mismatch', 2]]);
      expect(r.findings.find((x) => x.rule === 'AOI-05')!.message).toContain('not retryable');
      expect(found(withError({ ...GOOD_ERROR, category, retryable: false }), 'AOI-05')).toEqual([]);
    },
  );

  it.each(always.map((c) => [c]))(
    'warns on %s with retryable:false, passes it with true',
    (category) => {
      const r = withError({ ...GOOD_ERROR, category, retryable: false });
      expect(found(r, 'AOI-05')).toEqual([['AOI-05/retryable-mismatch', 2]]);
      expect(r.findings.find((x) => x.rule === 'AOI-05')!.severity).toBe('warning');
      expect(found(withError({ ...GOOD_ERROR, category, retryable: true }), 'AOI-05')).toEqual([]);
    },
  );

  it.each(maybe.map((c) => [c]))('accepts %s with either value', (category) => {
    for (const retryable of [true, false])
      expect(found(withError({ ...GOOD_ERROR, category, retryable }), 'AOI-05')).toEqual([]);
  });
});

describe('AOI-05/code-format', () => {
  it.each([
    'file_not_found',
    'FileNotFound',
    'FILE-NOT-FOUND',
    'FILE__NOT_FOUND',
    '_FILE',
    'FILE_',
    '404',
    'E 404',
  ])('warns on the code "%s"', (code) => {
    const r = withError({ ...GOOD_ERROR, code });
    expect(found(r, 'AOI-05')).toEqual([['AOI-05/code-format', 2]]);
    expect(r.findings.find((x) => x.rule === 'AOI-05')!.severity).toBe('warning');
  });

  it.each(['FILE_NOT_FOUND', 'E404', 'HTTP_503', 'INPUT_JSONL_PARSE_ERROR', 'X'])(
    'accepts the code "%s"',
    (code) => {
      expect(found(withError({ ...GOOD_ERROR, code }), 'AOI-05')).toEqual([]);
    },
  );
});

describe('AOI-05 composition', () => {
  it('reports each independent problem of one event once', () => {
    const r = withError({ type: 'aoi:error', category: 'weird', code: 'bad-code', message: 'x' });
    expect(found(r, 'AOI-05')).toEqual([
      ['AOI-05/error-fields', 2],
      ['AOI-05/unknown-category', 2],
      ['AOI-05/code-format', 2],
    ]);
    expect(verdict(r, 'AOI-05')).toMatchObject({ status: 'fail', errors: 1, warnings: 2 });
  });

  it('is not applicable when the stream carries no aoi:error', () => {
    const v = verdict(check([META, { type: 'aoi:summary', ok: true }]), 'AOI-05');
    expect(v.status).toBe('not_applicable');
    expect(v.reason).toMatch(/no aoi:error/);
  });

  it('ignores domain events named like errors', () => {
    expect(
      verdict(
        check([META, { type: 'import_error', message: 'x' }, { type: 'aoi:summary', ok: true }]),
        'AOI-05',
      ).status,
    ).toBe('not_applicable');
  });
});
