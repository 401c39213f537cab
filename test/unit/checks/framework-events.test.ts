import { describe, expect, it } from 'vitest';
import { FRAMEWORK_EVENT_TYPES, RESERVED_DOMAIN_NAMES } from '../../../src/spec/aoi/constants.js';
import { HIT, META, SUMMARY_OK, check, found, verdict } from './_helpers.js';

const SUMMARY = { type: 'aoi:summary', ok: true };

describe('AOI-04/schema', () => {
  it('fails a framework event that breaks its schema, at its line, naming the field', () => {
    const r = check([META, { type: 'aoi:check', name: 'disk' }, SUMMARY]);
    expect(found(r, 'AOI-04')).toEqual([['AOI-04/schema', 2]]);
    expect(r.findings.find((f) => f.rule === 'AOI-04')!.message).toContain(
      'missing required property "ok"',
    );
    expect(verdict(r, 'AOI-04')).toMatchObject({ status: 'fail', errors: 1 });
    expect(r.ok).toBe(false);
  });

  it('passes the fixed event', () => {
    const r = check([META, { type: 'aoi:check', name: 'disk', ok: true }, SUMMARY]);
    expect(found(r, 'AOI-04')).toEqual([]);
    expect(verdict(r, 'AOI-04').status).toBe('pass');
  });

  it.each([
    [
      'aoi:meta',
      { type: 'aoi:meta', tool: 'outline', schema_version: 1, aoi_version: '0.2' },
      '/schema_version',
    ],
    ['aoi:summary', { type: 'aoi:summary', ok: true, count: -1 }, '/count'],
    [
      'aoi:error',
      { type: 'aoi:error', category: 'io', code: 'EIO', message: 'x', retryable: 'maybe' },
      '/retryable',
    ],
    ['aoi:warning', { type: 'aoi:warning', message: 42 }, '/message'],
    ['aoi:check', { type: 'aoi:check', name: 'disk', ok: 'yes' }, '/ok'],
    ['aoi:plan', { type: 'aoi:plan', action: ['delete'] }, '/action'],
    ['aoi:progress', { type: 'aoi:progress', percent: 120 }, '/percent'],
    ['aoi:heartbeat', { type: 'aoi:heartbeat', timestamp: 'now' }, '/timestamp'],
  ])('checks %s against its schema', (type, bad, path) => {
    // put the bad event where it is otherwise legal: meta first, summary last
    const events =
      type === 'aoi:meta'
        ? [bad, SUMMARY]
        : type === 'aoi:summary'
          ? [META, bad]
          : [META, bad, SUMMARY];
    const line = type === 'aoi:meta' ? 1 : 2;
    const r = check(events);
    expect(found(r, 'AOI-04')).toEqual([['AOI-04/schema', line]]);
    expect(r.findings.find((f) => f.id === 'AOI-04/schema')!.message).toContain(path);
  });

  it('a summary without ok fails AOI-04 (untyped) and AOI-03 (unverifiable): one defect, marked as such', () => {
    const r = check([META, { type: 'aoi:summary', count: 0 }]);
    expect(found(r, 'AOI-04')).toEqual([['AOI-04/schema', 2]]);
    expect(found(r, 'AOI-03')).toEqual([['AOI-03/summary-ok-missing', 2]]);
    expect(r.findings.find((f) => f.rule === 'AOI-04')!.sameDefectAs).toBe(
      'AOI-03/summary-ok-missing',
    );
  });

  it('an error missing its four fields fails AOI-04 and AOI-05, one defect', () => {
    const r = check([META, { type: 'aoi:error', message: 'boom' }, SUMMARY]);
    expect(found(r, 'AOI-04')).toEqual([['AOI-04/schema', 2]]);
    expect(found(r, 'AOI-05')).toEqual([['AOI-05/error-fields', 2]]);
    expect(r.findings.find((f) => f.rule === 'AOI-04')!.sameDefectAs).toBe('AOI-05/error-fields');
  });

  it('a mistyped field of its own is an AOI-04 finding that names no other', () => {
    const r = check([META, { type: 'aoi:summary', ok: true, count: 'two' }]);
    expect(found(r, 'AOI-04')).toEqual([['AOI-04/schema', 2]]);
    expect(r.findings.find((f) => f.rule === 'AOI-04')!.sameDefectAs).toBeUndefined();
  });

  it('AOI-04/timestamp-not-rfc3339: ISO 8601 without offset, basic format, or a comma fraction is a warning; RFC 3339 passes; not a date at all is a schema error', () => {
    for (const value of [
      '2026-01-31T12:00:00.123456',
      '20260131T120000Z',
      '2026-01-31T12:00:00,5Z',
      '2026-01-31T12',
      '2026-01-31T12:00+0100',
    ]) {
      const r = check([{ ...META, timestamp: value }, SUMMARY]);
      expect(found(r, 'AOI-04'), value).toEqual([['AOI-04/timestamp-not-rfc3339', 1]]);
      expect(r.ok, value).toBe(true);
      expect(check([{ ...META, timestamp: value }, SUMMARY], { strict: true }).ok, value).toBe(
        false,
      );
    }
    expect(
      found(check([{ ...META, timestamp: '2026-01-31T12:00:00Z' }, SUMMARY]), 'AOI-04'),
    ).toEqual([]);
    expect(
      found(check([{ ...META, timestamp: '2026-01-31T12:00:00.5+01:00' }, SUMMARY]), 'AOI-04'),
    ).toEqual([]);
    for (const value of ['yesterday', '2026-13-01T00:00:00Z', '2026-01-31']) {
      expect(found(check([{ ...META, timestamp: value }, SUMMARY]), 'AOI-04'), value).toEqual([
        ['AOI-04/schema', 1],
      ]);
    }
  });

  it("a present but mistyped error field is AOI-04's finding", () => {
    const r = check([
      META,
      { type: 'aoi:error', category: 'io', code: 'EIO', message: 'x', retryable: 'no' },
      SUMMARY,
    ]);
    expect(found(r, 'AOI-04')).toEqual([['AOI-04/schema', 2]]);
    expect(found(r, 'AOI-05')).toEqual([]);
  });

  it('never schema-checks domain events', () => {
    const r = check([META, { type: 'hit', ok: 'yes', retryable: 'no', count: -5 }, SUMMARY]);
    expect(found(r, 'AOI-04')).toEqual([]);
  });

  it('accepts every spec example stream (§19.1, §19.3, §19.4)', () => {
    const streams = [
      [META, HIT, SUMMARY_OK],
      [
        {
          type: 'aoi:meta',
          tool: 'outline',
          aoi_version: '0.2',
          schema_name: 'com.example.outline.events',
          schema_version: '1.0.0',
          command: 'doctor',
        },
        { type: 'aoi:check', name: 'config_file', ok: true, severity: 'info', detail: 'found' },
        { type: 'aoi:check', name: 'api_token', ok: false, severity: 'error', detail: 'missing' },
        { type: 'aoi:summary', ok: false, count: 2, error_count: 1 },
      ],
      [
        {
          type: 'aoi:meta',
          tool: 'outline',
          command: 'import',
          input_mode: 'jsonl',
          continue_on_error: true,
        },
        {
          type: 'aoi:error',
          category: 'validation',
          code: 'INPUT_JSONL_PARSE_ERROR',
          line_number: 17,
          message: 'Invalid JSON on input line 17',
          retryable: false,
        },
        { type: 'aoi:summary', ok: false, count: 29, error_count: 1, partial: true },
      ],
    ];
    for (const events of streams) expect(found(check(events), 'AOI-04')).toEqual([]);
  });

  it('accepts unknown extra fields on framework events (§10.3)', () => {
    const r = check([
      { ...META, x_vendor: { a: 1 } },
      { type: 'aoi:warning', code: 'W', extra: [1] },
      { ...SUMMARY, x: true },
    ]);
    expect(found(r, 'AOI-04')).toEqual([]);
  });
});

describe('AOI-04/unknown-framework-type', () => {
  it('warns on an aoi: type v0.2 does not define, at its line', () => {
    const r = check([META, { type: 'aoi:debug', message: 'x' }, SUMMARY]);
    expect(found(r, 'AOI-04')).toEqual([['AOI-04/unknown-framework-type', 2]]);
    expect(r.findings.find((f) => f.rule === 'AOI-04')).toMatchObject({ severity: 'warning' });
    expect(verdict(r, 'AOI-04')).toMatchObject({ status: 'pass', warnings: 1 });
  });

  it('passes the same event as an unprefixed domain type', () => {
    expect(found(check([META, { type: 'debug', message: 'x' }, SUMMARY]), 'AOI-04')).toEqual([]);
  });

  it('knows all eight framework types', () => {
    for (const type of FRAMEWORK_EVENT_TYPES) {
      const r = check([
        META,
        { type, ok: true, name: 'n', category: 'io', code: 'X', message: 'm', retryable: true },
        SUMMARY,
      ]);
      expect(
        found(r, 'AOI-04').map(([id]) => id),
        type,
      ).not.toContain('AOI-04/unknown-framework-type');
    }
  });

  it('strict mode makes it fail', () => {
    const r = check([META, { type: 'aoi:debug' }, SUMMARY], { strict: true });
    expect(found(r, 'AOI-04')).toEqual([['AOI-04/unknown-framework-type', 2]]);
    expect(verdict(r, 'AOI-04').status).toBe('fail');
    expect(r.ok).toBe(false);
  });
});

describe('AOI-04/reserved-name', () => {
  const notSummary = RESERVED_DOMAIN_NAMES.filter((n) => n !== 'summary');

  it('has seven reserved names besides "summary"', () => {
    expect(notSummary).toHaveLength(7);
  });

  it.each(notSummary.map((n) => [n]))('fails a domain event named "%s" (§8.2 MUST NOT)', (name) => {
    const r = check([META, { type: name, text: 'x' }, SUMMARY]);
    expect(found(r, 'AOI-04')).toEqual([['AOI-04/reserved-name', 2]]);
    const finding = r.findings.find((f) => f.id === 'AOI-04/reserved-name')!;
    expect(finding.severity).toBe('error');
    expect(finding.message).toContain(`aoi:${name}`);
    expect(verdict(r, 'AOI-04').status).toBe('fail');
    expect(r.ok).toBe(false);
  });

  it('passes unreserved domain names, including the recommended patterns', () => {
    for (const type of [
      'document_summary',
      'abstract',
      'entry',
      'hit',
      'match',
      'created',
      'metadata',
      'errors',
      'Meta',
    ]) {
      expect(found(check([META, { type }, SUMMARY]), 'AOI-04'), type).toEqual([]);
    }
  });
});

describe('AOI-04/reserved-name-summary', () => {
  // §8.2 reserves "summary", yet its own rationale shows a domain {"type":"summary","text":…} coexisting
  // with aoi:summary: a warning unless strict.
  it('warns on a domain event named "summary", at its line', () => {
    const r = check([META, { type: 'summary', text: 'a textual document summary' }, SUMMARY]);
    expect(found(r, 'AOI-04')).toEqual([['AOI-04/reserved-name-summary', 2]]);
    const finding = r.findings.find((f) => f.rule === 'AOI-04')!;
    expect(finding.severity).toBe('warning');
    expect(finding.message).toContain('aoi:summary');
    expect(verdict(r, 'AOI-04')).toMatchObject({ status: 'pass', warnings: 1 });
    expect(r.ok).toBe(true);
  });

  it('passes the renamed domain event', () => {
    expect(
      found(
        check([META, { type: 'abstract', text: 'a textual document summary' }, SUMMARY]),
        'AOI-04',
      ),
    ).toEqual([]);
  });

  it('a domain "summary" is not mistaken for the terminal summary', () => {
    const r = check(
      [META, { type: 'summary', text: 'x' }, HIT, { type: 'aoi:summary', ok: true, count: 2 }],
      { exitCode: 0 },
    );
    expect(found(r, 'AOI-03')).toEqual([]);
    expect(r.summary).toMatchObject({ type: 'aoi:summary' });
  });

  it('strict mode makes it fail', () => {
    const r = check([META, { type: 'summary', text: 'x' }, SUMMARY], { strict: true });
    expect(found(r, 'AOI-04')).toEqual([['AOI-04/reserved-name-summary', 2]]);
    expect(r.findings.find((f) => f.rule === 'AOI-04')!.severity).toBe('error');
    expect(verdict(r, 'AOI-04').status).toBe('fail');
    expect(r.ok).toBe(false);
  });
});

describe('AOI-04 applicability', () => {
  it('is not applicable when the stream carries no framework event', () => {
    const v = verdict(check([HIT, HIT]), 'AOI-04');
    expect(v.status).toBe('not_applicable');
    expect(v.reason).toMatch(/no framework events/);
  });

  it('is judged when the only framework event is an unknown aoi: type', () => {
    expect(verdict(check([{ type: 'aoi:foo' }]), 'AOI-04')).toMatchObject({
      status: 'pass',
      warnings: 1,
    });
  });
});
