import { describe, expect, it } from 'vitest';
import type { StreamEnd } from '../../../src/checks/aoi/stream.js';
import { HIT, META, SUMMARY_OK, check, found, verdict } from './_helpers.js';

const SUMMARY = { type: 'aoi:summary', ok: true };
const FAILED = { type: 'aoi:summary', ok: false };

describe('AOI-03 completion — each sub-rule', () => {
  it('the clean §19.1 stream passes with no findings', () => {
    const r = check([META, HIT, SUMMARY_OK], { exitCode: 0 });
    expect(found(r, 'AOI-03')).toEqual([]);
    expect(verdict(r, 'AOI-03')).toMatchObject({ status: 'pass', errors: 0, warnings: 0 });
    expect(r.ok).toBe(true);
  });

  describe('AOI-03/meta-not-first', () => {
    it('warns when the first event is not aoi:meta, at that line', () => {
      const r = check([HIT, META, SUMMARY_OK], { exitCode: 0 });
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/meta-not-first', 1]]);
      expect(r.findings[0]).toMatchObject({ severity: 'warning' });
      expect(r.findings[0]!.message).toContain('"hit"');
      expect(verdict(r, 'AOI-03')).toMatchObject({ status: 'pass', warnings: 1, errors: 0 });
      expect(r.ok).toBe(true);
    });

    it('counts lines, not events: a prose line before the first event does not shift it', () => {
      const r = check(['Starting…', HIT, SUMMARY_OK]);
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/meta-not-first', 2]]);
    });

    it('passes when meta is first', () => {
      expect(found(check([META, HIT, SUMMARY_OK]), 'AOI-03')).toEqual([]);
    });

    it('allows a usage error before meta (§2, §20: usage errors may precede the stream)', () => {
      const usage = {
        type: 'aoi:error',
        category: 'usage',
        code: 'MISSING_QUERY',
        message: 'search needs a query',
        retryable: false,
      };
      const r = check([usage, { type: 'aoi:summary', ok: false, count: 0, error_count: 1 }], {
        exitCode: 64,
      });
      expect(found(r, 'AOI-03')).toEqual([]);
    });

    it('does not allow another error category before meta', () => {
      const err = {
        type: 'aoi:error',
        category: 'internal',
        code: 'BOOM',
        message: 'boom',
        retryable: false,
      };
      const r = check([err, { type: 'aoi:summary', ok: false, count: 0, error_count: 1 }], {
        exitCode: 70,
      });
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/meta-not-first', 1]]);
    });
  });

  describe('AOI-03/eof-without-summary', () => {
    it('fails a stream that exits 0 without a terminal summary (§4.1)', () => {
      const r = check([META, HIT], { exitCode: 0 });
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/eof-without-summary', undefined]]);
      expect(r.findings[0]).toMatchObject({ severity: 'error' });
      expect(r.findings[0]!.message).toContain('exited 0');
      expect(verdict(r, 'AOI-03')).toMatchObject({ status: 'fail', errors: 1 });
      expect(r.ok).toBe(false);
    });

    it('fails an empty stream that exits 0', () => {
      const r = check([], { exitCode: 0 });
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/eof-without-summary', undefined]]);
    });

    it('passes once the summary is there', () => {
      expect(found(check([META, HIT, SUMMARY_OK], { exitCode: 0 }), 'AOI-03')).toEqual([]);
    });
  });

  describe('AOI-03/failure-without-summary', () => {
    it('warns when a process exits non-zero after events without a summary', () => {
      const r = check([META, HIT], { exitCode: 1 });
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/failure-without-summary', undefined]]);
      expect(r.findings[0]).toMatchObject({ severity: 'warning' });
      expect(r.findings[0]!.message).toContain('exited 1');
    });

    it('names the signal when the process was killed', () => {
      const r = check([META, HIT], { exitCode: null, signal: 'SIGKILL' });
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/failure-without-summary', undefined]]);
      expect(r.findings[0]!.message).toContain('SIGKILL');
    });

    it('passes when the failing process ends with summary ok:false', () => {
      expect(found(check([META, HIT, FAILED], { exitCode: 1 }), 'AOI-03')).toEqual([]);
    });
  });

  describe('AOI-03/summary-not-last', () => {
    it('fails when an event follows the summary, once, at the first such line', () => {
      const r = check([META, SUMMARY, HIT, HIT]);
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/summary-not-last', 3]]);
      expect(r.findings[0]).toMatchObject({ severity: 'error' });
    });

    it('passes when the summary is last', () => {
      expect(found(check([META, HIT, SUMMARY]), 'AOI-03')).toEqual([]);
    });
  });

  describe('AOI-03/multiple-summaries', () => {
    it('fails on a second summary, at its line', () => {
      const r = check([META, SUMMARY, SUMMARY]);
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/multiple-summaries', 3]]);
      expect(r.findings[0]!.message).toContain('line 2');
    });

    it('the first summary is the one judged against the exit status', () => {
      const r = check([META, FAILED, SUMMARY], { exitCode: 1 });
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/multiple-summaries', 3]]);
      expect(r.summary).toEqual(FAILED);
    });
  });

  describe('AOI-03/summary-ok-missing', () => {
    it.each([
      ['missing', { type: 'aoi:summary', count: 0 }],
      ['a string', { type: 'aoi:summary', ok: 'true' }],
      ['null', { type: 'aoi:summary', ok: null }],
    ])(
      'fails when ok is %s, and AOI-04 too (untyped), naming the same defect (§18.1)',
      (_label, summary) => {
        const r = check([META, summary]);
        expect(found(r, 'AOI-03')).toEqual([['AOI-03/summary-ok-missing', 2]]);
        expect(found(r, 'AOI-04')).toEqual([['AOI-04/schema', 2]]);
        expect(r.verdicts.find((v) => v.rule === 'AOI-04')!.findings[0]!.sameDefectAs).toBe(
          'AOI-03/summary-ok-missing',
        );
        expect(r.ok).toBe(false);
      },
    );

    it('passes with a boolean ok', () => {
      expect(found(check([META, { type: 'aoi:summary', ok: false }]), 'AOI-03')).toEqual([]);
    });
  });

  describe('AOI-03/nonzero-exit-ok', () => {
    it('fails summary ok:true with a non-zero exit, at the summary line', () => {
      const r = check([META, HIT, SUMMARY_OK], { exitCode: 2 });
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/nonzero-exit-ok', 3]]);
      expect(r.findings[0]!.message).toContain('exited 2');
    });

    it('passes summary ok:true with exit 0', () => {
      expect(found(check([META, HIT, SUMMARY_OK], { exitCode: 0 }), 'AOI-03')).toEqual([]);
    });
  });

  describe('AOI-03/exit-zero-not-ok', () => {
    it('warns on summary ok:false with exit 0', () => {
      const r = check([META, FAILED], { exitCode: 0 });
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/exit-zero-not-ok', 2]]);
      expect(r.findings[0]).toMatchObject({ severity: 'warning' });
      expect(r.ok).toBe(true);
    });

    it('passes summary ok:false with a non-zero exit', () => {
      expect(found(check([META, FAILED], { exitCode: 1 }), 'AOI-03')).toEqual([]);
    });
  });

  describe('AOI-03/count-mismatch', () => {
    it.each([
      ['count', { count: 2 }, 'summary.count is 2'],
      ['warning_count', { count: 1, warning_count: 1 }, 'summary.warning_count is 1'],
      ['error_count', { count: 1, error_count: 3 }, 'summary.error_count is 3'],
    ])('warns when %s disagrees with the stream', (_field, counts, text) => {
      const r = check([META, HIT, { type: 'aoi:summary', ok: true, ...counts }]);
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/count-mismatch', 3]]);
      expect(r.findings[0]!.message).toContain(text);
      expect(r.findings[0]).toMatchObject({ severity: 'warning' });
    });

    it('counts domain events, warnings and errors, not control events', () => {
      const warning = { type: 'aoi:warning', code: 'SLOW', message: 'slow' };
      const error = {
        type: 'aoi:error',
        category: 'not_found',
        code: 'GONE',
        message: 'gone',
        retryable: false,
      };
      const r = check([
        META,
        HIT,
        { type: 'aoi:progress', percent: 50 },
        warning,
        HIT,
        error,
        { type: 'aoi:heartbeat' },
        {
          type: 'aoi:summary',
          ok: true,
          partial: true,
          count: 2,
          warning_count: 1,
          error_count: 1,
        },
      ]);
      expect(found(r, 'AOI-03')).toEqual([]);
    });

    it('passes the §19.3 doctor example: failing checks count as errors', () => {
      const r = check(
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
        { exitCode: 1 },
      );
      expect(found(r, 'AOI-03')).toEqual([]);
    });

    it('summaryCount "processed" (§19.4): a count above the items emitted passes, one below still warns; the other counts stay exact', () => {
      const import19 = [
        META,
        {
          type: 'aoi:error',
          category: 'validation',
          code: 'INPUT_JSONL_PARSE_ERROR',
          message: 'bad line 17',
          retryable: false,
        },
        { type: 'aoi:summary', ok: false, count: 29, error_count: 1, partial: true },
      ];
      expect(found(check(import19, { exitCode: 1 }), 'AOI-03')).toEqual([
        ['AOI-03/count-mismatch', 3],
      ]);
      expect(found(check(import19, { exitCode: 1, summaryCount: 'processed' }), 'AOI-03')).toEqual(
        [],
      );
      expect(
        found(
          check([META, HIT, HIT, { type: 'aoi:summary', ok: true, count: 1 }], {
            summaryCount: 'processed',
          }),
          'AOI-03',
        ),
      ).toEqual([['AOI-03/count-mismatch', 4]]);
      expect(
        found(
          check([META, HIT, { type: 'aoi:summary', ok: true, count: 3, error_count: 2 }], {
            summaryCount: 'processed',
          }),
          'AOI-03',
        ),
      ).toEqual([['AOI-03/count-mismatch', 3]]);
    });

    it('a meta that names an input_mode (§19.4) reads count as processed input; summaryCount "emitted" still holds it to its items', () => {
      const reader = { ...META, input_mode: 'jsonl', continue_on_error: true };
      const error = {
        type: 'aoi:error',
        category: 'validation',
        code: 'X',
        message: 'm',
        retryable: false,
      };
      const import19 = [
        reader,
        error,
        { type: 'aoi:summary', ok: false, count: 29, error_count: 1, partial: true },
      ];
      expect(found(check(import19, { exitCode: 1 }), 'AOI-03')).toEqual([]);
      expect(found(check(import19, { exitCode: 1, summaryCount: 'emitted' }), 'AOI-03')).toEqual([
        ['AOI-03/count-mismatch', 3],
      ]);
      // Processed is never fewer than emitted: a count below the items is still a mismatch.
      expect(
        found(check([reader, HIT, HIT, { type: 'aoi:summary', ok: true, count: 1 }]), 'AOI-03'),
      ).toEqual([['AOI-03/count-mismatch', 4]]);
    });

    it('strict mode makes a count mismatch fail', () => {
      const r = check([META, HIT, { type: 'aoi:summary', ok: true, count: 5 }], { strict: true });
      expect(found(r, 'AOI-03')).toEqual([['AOI-03/count-mismatch', 3]]);
      expect(r.findings[0]).toMatchObject({ severity: 'error' });
      expect(verdict(r, 'AOI-03').status).toBe('fail');
      expect(r.ok).toBe(false);
    });
  });
});

describe('AOI-03 — exit status interplay (§4.1, §6, §7)', () => {
  const INTERRUPTED = { type: 'aoi:summary', ok: false, reason: 'interrupted', partial: true };
  const USAGE = {
    type: 'aoi:error',
    category: 'usage',
    code: 'MISSING_QUERY',
    message: 'search needs a query',
    retryable: false,
  };
  const cases: [string, unknown[], StreamEnd, string[]][] = [
    ['exit 0, summary ok:true', [META, SUMMARY], { exitCode: 0 }, []],
    ['exit 0, summary ok:false', [META, FAILED], { exitCode: 0 }, ['AOI-03/exit-zero-not-ok']],
    ['exit 0, no summary', [META, HIT], { exitCode: 0 }, ['AOI-03/eof-without-summary']],
    ['exit 0, no output at all', [], { exitCode: 0 }, ['AOI-03/eof-without-summary']],
    ['exit 1, summary ok:false', [META, FAILED], { exitCode: 1 }, []],
    ['exit 1, summary ok:true', [META, SUMMARY], { exitCode: 1 }, ['AOI-03/nonzero-exit-ok']],
    [
      'exit 1, events but no summary',
      [META, HIT],
      { exitCode: 1 },
      ['AOI-03/failure-without-summary'],
    ],
    ['exit 64, no output (usage error on stderr before the stream)', [], { exitCode: 64 }, []],
    [
      'exit 64, only a usage error (before stream startup), no summary',
      [USAGE],
      { exitCode: 64 },
      [],
    ],
    [
      'exit 0, only a usage error, no summary',
      [USAGE],
      { exitCode: 0 },
      ['AOI-03/eof-without-summary'],
    ],
    [
      'exit 64, usage error after meta, no summary',
      [META, USAGE],
      { exitCode: 64 },
      ['AOI-03/failure-without-summary'],
    ],
    // A usage error whose category is unknown or missing (AOI-05's to report) is still told by EX_USAGE (§6).
    [
      'exit 64, only an error of an unknown category, no summary',
      [{ ...USAGE, category: 'invented' }],
      { exitCode: 64 },
      [],
    ],
    [
      'exit 64, only an error without a category, no summary',
      [{ type: 'aoi:error', message: 'bad flag' }],
      { exitCode: 64 },
      [],
    ],
    [
      'exit 1, only an error of an unknown category, no summary',
      [{ ...USAGE, category: 'invented' }],
      { exitCode: 1 },
      ['AOI-03/meta-not-first', 'AOI-03/failure-without-summary'],
    ],
    [
      'exit 64, an unknown-category error and a hit, no summary',
      [{ ...USAGE, category: 'invented' }, HIT],
      { exitCode: 64 },
      ['AOI-03/meta-not-first', 'AOI-03/failure-without-summary'],
    ],
    ['exit 130, interrupted summary', [META, HIT, INTERRUPTED], { exitCode: 130 }, []],
    [
      'SIGTERM, interrupted summary',
      [META, HIT, INTERRUPTED],
      { exitCode: null, signal: 'SIGTERM' },
      [],
    ],
    [
      'SIGKILL, summary ok:true',
      [META, SUMMARY],
      { exitCode: null, signal: 'SIGKILL' },
      ['AOI-03/nonzero-exit-ok'],
    ],
    [
      'SIGKILL, no summary',
      [META, HIT],
      { exitCode: null, signal: 'SIGKILL' },
      ['AOI-03/failure-without-summary'],
    ],
    ['unknown exit, summary ok:true', [META, SUMMARY], {}, []],
    ['unknown exit, summary ok:false', [META, FAILED], {}, []],
    ['unknown exit, no summary', [META, HIT], {}, ['AOI-03/eof-without-summary']],
    [
      'null exit and no signal, no summary',
      [META, HIT],
      { exitCode: null, signal: null },
      ['AOI-03/eof-without-summary'],
    ],
  ];

  it.each(cases)('%s', (_label, events, end, expected) => {
    const r = check(events, end);
    expect(found(r, 'AOI-03').map(([id]) => id)).toEqual(expected);
    expect(r.end).toEqual(end);
  });

  it('does not claim the process exited 0 when the exit status is unknown', () => {
    const r = check([META, HIT]);
    expect(r.findings[0]!.message).not.toContain('exited 0');
  });
});

describe('AOI-03 — unbounded streams (§4.2)', () => {
  it('does not require a summary at EOF', () => {
    const r = check([META, HIT, { type: 'aoi:heartbeat' }, HIT], { unbounded: true, exitCode: 0 });
    expect(found(r, 'AOI-03')).toEqual([]);
    expect(verdict(r, 'AOI-03').status).toBe('pass');
    expect(r.unbounded).toBe(true);
  });

  it('does not require a summary when killed either', () => {
    expect(
      found(check([META, HIT], { unbounded: true, exitCode: null, signal: 'SIGKILL' }), 'AOI-03'),
    ).toEqual([]);
  });

  it('does not require meta first', () => {
    expect(found(check([{ type: 'aoi:heartbeat' }, HIT], { unbounded: true }), 'AOI-03')).toEqual(
      [],
    );
  });

  it('accepts the graceful-cancellation summary (ok:false, reason interrupted) after SIGINT', () => {
    const r = check(
      [META, HIT, { type: 'aoi:summary', ok: false, reason: 'interrupted', count: 1 }],
      { unbounded: true, exitCode: 130 },
    );
    expect(found(r, 'AOI-03')).toEqual([]);
  });

  it('still fails events after a summary', () => {
    expect(
      found(
        check([META, { type: 'aoi:summary', ok: false, reason: 'interrupted' }, HIT], {
          unbounded: true,
        }),
        'AOI-03',
      ),
    ).toEqual([['AOI-03/summary-not-last', 3]]);
  });

  it('the same stream without the unbounded option fails', () => {
    expect(found(check([META, HIT], { exitCode: 0 }), 'AOI-03')).toEqual([
      ['AOI-03/eof-without-summary', undefined],
    ]);
  });

  it('is not applicable to an unbounded stream with no events', () => {
    const v = verdict(check([], { unbounded: true }), 'AOI-03');
    expect(v.status).toBe('not_applicable');
    expect(v.reason).toMatch(/no events/);
  });
});
