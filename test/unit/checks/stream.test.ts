import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  STREAM_RULE_IDS,
  checkStream,
  checkStreamAsync,
  createStreamChecker,
  type StreamReport,
} from '../../../src/checks/aoi/stream.js';
import { getRule } from '../../../src/spec/rules.js';
import { HIT, META, SUMMARY_OK, check, found, jsonl, verdict } from './_helpers.js';

const CLEAN = jsonl(META, HIT, SUMMARY_OK);

describe('checkStream — the report', () => {
  it('a clean stream passes every rule it can judge', () => {
    const r = checkStream(CLEAN, { exitCode: 0 });
    expect(r.ok).toBe(true);
    expect(r.findings).toEqual([]);
    expect(r.verdicts.map((v) => [v.rule, v.status])).toEqual([
      ['AOI-02', 'pass'],
      ['AOI-03', 'pass'],
      ['AOI-04', 'pass'],
      ['AOI-05', 'not_applicable'],
      ['AOI-09', 'pass'],
      ['AOI-11', 'pass'],
      ['AOI-13', 'pass'],
    ]);
    expect(verdict(r, 'AOI-05').reason).toBeTruthy();
    expect(r.stats).toEqual({ bytes: Buffer.byteLength(CLEAN), lines: 3, events: 3 });
    expect(r.meta).toEqual(META);
    expect(r.summary).toEqual(SUMMARY_OK);
    expect(r.end).toEqual({ exitCode: 0 });
    expect(r.unbounded).toBe(false);
    expect(r.strict).toBe(false);
  });

  it('has one verdict per stream rule, in id order, with the registry metadata', () => {
    const r = checkStream(CLEAN);
    expect(r.verdicts.map((v) => v.rule)).toEqual([...STREAM_RULE_IDS]);
    expect([...STREAM_RULE_IDS]).toEqual([
      'AOI-02',
      'AOI-03',
      'AOI-04',
      'AOI-05',
      'AOI-09',
      'AOI-11',
      'AOI-13',
    ]);
    for (const v of r.verdicts) {
      const rule = getRule(v.rule);
      expect(v).toMatchObject({
        title: rule.title,
        characteristics: rule.characteristics,
        docs: rule.docs,
      });
    }
  });

  it('AOI-02 findings from the reader fail AOI-02 and carry line, fix and docs', () => {
    const r = checkStream(jsonl(META, 'Searching…', HIT, SUMMARY_OK));
    expect(found(r, 'AOI-02')).toEqual([['AOI-02/prose', 2]]);
    expect(r.findings[0]).toMatchObject({
      severity: 'error',
      docs: 'docs/rules/AOI-02.md',
      excerpt: 'Searching…',
    });
    expect(r.findings[0]!.fix.length).toBeGreaterThan(10);
    expect(verdict(r, 'AOI-02')).toMatchObject({ status: 'fail', errors: 1 });
    expect(r.ok).toBe(false);
    // the prose line is not an event; line numbers of later findings are still stdout lines
    expect(r.stats).toMatchObject({ lines: 4, events: 3 });
  });

  it('passes maxLineBytes to the reader', () => {
    expect(JSON.stringify(META).length).toBeLessThan(256);
    const r = checkStream(jsonl(META, { type: 'hit', t: 'x'.repeat(400) }, SUMMARY_OK), {
      maxLineBytes: 256,
    });
    expect(found(r, 'AOI-02')).toEqual([['AOI-02/line-too-long', 2]]);
    expect(found(r, 'AOI-03')).toEqual([['AOI-03/count-mismatch', 3]]);
  });

  it('the same verdicts from a Uint8Array, an iterable of chunks and a string', () => {
    const text = jsonl(META, { type: 'hit', t: '日本語' }, 'oops', SUMMARY_OK);
    const bytes = Buffer.from(text);
    const pieces = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    const expected = JSON.stringify(checkStream(text, { exitCode: 0 }));
    expect(JSON.stringify(checkStream(new Uint8Array(bytes), { exitCode: 0 }))).toBe(expected);
    expect(JSON.stringify(checkStream(pieces, { exitCode: 0 }))).toBe(expected);
  });
});

describe('strict mode', () => {
  // A stream whose only problems are warnings: CRLF (AOI-02), count mismatch (AOI-03), no aoi_version (AOI-13).
  const { aoi_version: _av, ...metaNoAoiVersion } = META;
  const text = jsonl(metaNoAoiVersion, HIT, { ...SUMMARY_OK, count: 3 }).replace(/\n/g, '\r\n');

  it('non-strict: warnings are reported but nothing fails', () => {
    const r = checkStream(text, { exitCode: 0 });
    expect(r.ok).toBe(true);
    expect(r.findings.map((f) => [f.id, f.line, f.severity])).toEqual([
      ['AOI-02/crlf', 1, 'warning'],
      ['AOI-13/meta-aoi-version', 1, 'warning'],
      ['AOI-02/crlf', 2, 'warning'],
      ['AOI-02/crlf', 3, 'warning'],
      ['AOI-03/count-mismatch', 3, 'warning'],
    ]);
    expect(verdict(r, 'AOI-02')).toMatchObject({ status: 'pass', errors: 0, warnings: 3 });
    expect(verdict(r, 'AOI-03')).toMatchObject({ status: 'pass', errors: 0, warnings: 1 });
    expect(verdict(r, 'AOI-13')).toMatchObject({ status: 'pass', errors: 0, warnings: 1 });
  });

  it('strict: every warning becomes an error and ok flips', () => {
    const r = checkStream(text, { exitCode: 0, strict: true });
    expect(r.ok).toBe(false);
    expect(r.strict).toBe(true);
    expect(r.findings).toHaveLength(5);
    expect(r.findings.every((f) => f.severity === 'error')).toBe(true);
    expect(verdict(r, 'AOI-02')).toMatchObject({ status: 'fail', errors: 3, warnings: 0 });
    expect(verdict(r, 'AOI-03')).toMatchObject({ status: 'fail', errors: 1, warnings: 0 });
    expect(verdict(r, 'AOI-13')).toMatchObject({ status: 'fail', errors: 1, warnings: 0 });
    expect(verdict(r, 'AOI-04').status).toBe('pass');
  });

  it('strict does not invent failures in a clean stream', () => {
    expect(checkStream(CLEAN, { exitCode: 0, strict: true }).ok).toBe(true);
  });
});

describe('maxFindingsPerSubRule', () => {
  const noisy = jsonl(
    META,
    ...Array.from({ length: 25 }, (_, i) => `progress ${i}`),
    '',
    SUMMARY_OK,
  );

  it('keeps 10 findings per sub-rule by default and counts them all', () => {
    const r = checkStream(noisy);
    const prose = r.findings.filter((f) => f.id === 'AOI-02/prose');
    expect(prose).toHaveLength(10);
    expect(prose.map((f) => f.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(verdict(r, 'AOI-02')).toMatchObject({ status: 'fail', errors: 26 });
  });

  it('caps each sub-rule separately', () => {
    const r = checkStream(noisy, { maxFindingsPerSubRule: 3 });
    expect(found(r, 'AOI-02')).toEqual([
      ['AOI-02/prose', 2],
      ['AOI-02/prose', 3],
      ['AOI-02/prose', 4],
      ['AOI-02/blank-line', 27],
    ]);
    expect(verdict(r, 'AOI-02')).toMatchObject({
      errors: 26,
      findings: r.findings.filter((f) => f.rule === 'AOI-02'),
    });
  });

  it('0 keeps no evidence but still fails the rule', () => {
    const r = checkStream(noisy, { maxFindingsPerSubRule: 0 });
    expect(r.findings).toEqual([]);
    expect(verdict(r, 'AOI-02')).toMatchObject({ status: 'fail', errors: 26, findings: [] });
    expect(r.ok).toBe(false);
  });
});

describe('checkStreamAsync — every input kind gives the same report', () => {
  // Multi-byte characters split across chunks, a CRLF, prose and a missing summary count: a report with content.
  const text = jsonl(META, { type: 'hit', t: 'naïve — 日本語 😀' }, 'plain text', {
    ...SUMMARY_OK,
    count: 2,
  }).replace('plain text\n', 'plain text\r\n');
  const bytes = Buffer.from(text);
  const pieces = () =>
    Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) => bytes.subarray(i * 7, i * 7 + 7));
  const options = { exitCode: 1, secrets: ['unused-secret'] };
  const expected = JSON.stringify(checkStream(text, options));

  it('the baseline report has findings', () => {
    const r = JSON.parse(expected) as StreamReport;
    expect(r.findings.map((f) => f.id)).toEqual([
      'AOI-02/crlf',
      'AOI-02/prose',
      'AOI-03/nonzero-exit-ok',
      'AOI-03/count-mismatch',
    ]);
    expect(r.end).toEqual({ exitCode: 1 });
  });

  const inputs: [string, () => Parameters<typeof checkStreamAsync>[0]][] = [
    ['a string', () => text],
    ['a Buffer', () => bytes],
    ['a Uint8Array', () => new Uint8Array(bytes)],
    ['a sync iterable of chunks', () => pieces()],
    [
      'an async iterable of chunks',
      () =>
        (async function* () {
          for (const p of pieces()) {
            await Promise.resolve();
            yield p;
          }
        })(),
    ],
    [
      'an async iterable of strings',
      () =>
        (async function* () {
          for (const line of text.split(/(?<=\n)/)) yield line;
        })(),
    ],
    ['a Node Readable (Readable.from)', () => Readable.from(pieces())],
    [
      'a Node Readable (byte stream)',
      () => {
        const s = new PassThrough();
        const ps = pieces();
        setImmediate(() => {
          for (const p of ps) s.write(p);
          s.end();
        });
        return s;
      },
    ],
    [
      'a web ReadableStream of bytes',
      () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const p of pieces()) controller.enqueue(new Uint8Array(p));
            controller.close();
          },
        }),
    ],
    [
      'a web ReadableStream of strings',
      () =>
        new ReadableStream<string>({
          start(controller) {
            for (const line of text.split(/(?<=\n)/)) controller.enqueue(line);
            controller.close();
          },
        }),
    ],
    [
      'a web stream that only has getReader()',
      () => {
        const rs = new ReadableStream<Uint8Array>({
          start(controller) {
            for (const p of pieces()) controller.enqueue(new Uint8Array(p));
            controller.close();
          },
        });
        return { getReader: () => rs.getReader() } as unknown as ReadableStream<Uint8Array>;
      },
    ],
  ];

  it.each(inputs)('%s', async (_label, make) => {
    const r = await checkStreamAsync(make(), options);
    expect(JSON.stringify(r)).toBe(expected);
  });
});

describe('createStreamChecker — incremental use', () => {
  it('gives the same report as checkStream when written byte by byte', () => {
    const text = jsonl(META, HIT, 'Done.', SUMMARY_OK);
    const checker = createStreamChecker({ strict: true });
    for (const b of Buffer.from(text)) checker.write(new Uint8Array([b]));
    const r = checker.end({ exitCode: 0 });
    expect(JSON.stringify(r)).toBe(
      JSON.stringify(checkStream(text, { strict: true, exitCode: 0 })),
    );
    expect(found(r, 'AOI-02')).toEqual([['AOI-02/prose', 3]]);
  });

  it('end() returns the same report when called again, and write() after end() is refused', () => {
    const checker = createStreamChecker();
    checker.write(CLEAN);
    const r = checker.end({ exitCode: 0 });
    expect(checker.end({ exitCode: 1 })).toBe(r);
    expect(() => checker.write('x')).toThrow();
  });

  it('judges the exit status given to end()', () => {
    const checker = createStreamChecker();
    checker.write(CLEAN);
    expect(found(checker.end({ exitCode: null, signal: 'SIGTERM' }), 'AOI-03')).toEqual([
      ['AOI-03/nonzero-exit-ok', 3],
    ]);
  });

  it('never throws on deeply nested input', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const deepObj = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    const text = `${JSON.stringify(META).slice(0, -1)},"args":${deep}}\n${deep}\n${deepObj}\n${JSON.stringify(SUMMARY_OK)}\n`;
    let r: StreamReport | undefined;
    expect(() => {
      r = checkStream(text);
    }).not.toThrow();
    expect(found(r!, 'AOI-02').map(([, line]) => line)).toEqual([2, 3]);
  });
});

describe('no report ever shows a planted secret', () => {
  const CANARY = 'c4n4ry+S3cr3t=7f3a9c1e';

  /** Every form the canary may take on the wire: raw, URL-encoded, base64 at each alignment. */
  function forms(secret: string): string[] {
    const out = [secret, encodeURIComponent(secret)];
    const bytes = Buffer.from(secret);
    for (let pad = 0; pad < 3; pad++) {
      const b64 = Buffer.concat([Buffer.alloc(pad, 0x20), bytes]).toString('base64');
      out.push(b64.slice(Math.ceil((8 * pad) / 6), Math.floor((8 * (pad + bytes.length)) / 6)));
    }
    return out;
  }
  const expectNoCanary = (json: string) => {
    for (const form of forms(CANARY)) expect(json).not.toContain(form);
  };

  const planted = [
    JSON.stringify({
      type: 'aoi:meta',
      env: { API_TOKEN: CANARY },
      args: ['search', '--token', CANARY, `--password=${CANARY}`],
      source: `https://bot:${CANARY}@example.com/repo.git`,
      callback: `https://example.com/cb?code=${encodeURIComponent(CANARY)}`,
      schema_version: '1.0.0',
      aoi_version: '0.2',
    }),
    JSON.stringify({
      type: 'aoi:error',
      category: 'authn',
      code: 'bad_token',
      message: `upstream rejected ${CANARY} (see https://x.example/?access_token=${CANARY})`,
      retryable: false,
    }),
    `Using credentials ${CANARY}`,
    `{"type":"hit","blob":"${Buffer.from(`xx${CANARY}`).toString('base64')}"`,
    `{"type": "hit", "token": "${CANARY}",`,
    '  "x": 1',
    '}',
    JSON.stringify({ password: CANARY }),
    JSON.stringify({ type: 'check', text: `about ${CANARY}` }),
    `{"type":"hit","t":"${CANARY}${'x'.repeat(1200)}"}`,
    JSON.stringify({ type: 'aoi:summary', ok: true, count: 99, next_cursor: CANARY }),
  ];
  const text = `${planted.join('\n')}\n`;
  const run = () => checkStream(text, { exitCode: 1, secrets: [CANARY], maxLineBytes: 1000 });

  it('the planted stream does raise findings with excerpts in every place', () => {
    const r = run();
    expect(r.findings.map((f) => [f.id, f.line])).toEqual(
      expect.arrayContaining([
        ['AOI-09/meta-env', 1],
        ['AOI-09/meta-secret', 1],
        ['AOI-05/code-format', 2],
        ['AOI-02/prose', 3],
        ['AOI-02/not-json', 4],
        ['AOI-02/pretty-printed', 5],
        ['AOI-02/missing-type', 8],
        ['AOI-04/reserved-name', 9],
        ['AOI-02/line-too-long', 10],
        ['AOI-03/count-mismatch', 11],
        ['AOI-11/cursor-without-truncated', 11],
      ]),
    );
    expect(r.findings.filter((f) => f.excerpt?.includes('***')).length).toBeGreaterThanOrEqual(9);
  });

  it('no finding or verdict contains the canary in any form', () => {
    const r = run();
    expectNoCanary(JSON.stringify(r.findings));
    expectNoCanary(JSON.stringify(r.verdicts));
  });

  it('the JSON of the whole report does not contain the canary in any form', () => {
    expectNoCanary(JSON.stringify(run()));
  });

  // Excerpts are cut to a short length; a secret cut by an internal pre-cut must not show in part once the
  // secrets before it have been masked and the text has shrunk.
  it.each([
    ['a prose line', {}],
    ['an overlong line', { maxLineBytes: 300 }],
  ])('%s that repeats the secret many times never shows a piece of it', (_label, extra) => {
    const line = `${`${CANARY} `.repeat(30)}end`;
    const r = checkStream(`${line}\n`, { secrets: [CANARY], ...extra });
    const aoi02 = r.findings.filter((f) => f.rule === 'AOI-02');
    expect(aoi02).toHaveLength(1);
    const excerpt = aoi02[0]!.excerpt!;
    expect(excerpt).toContain('***');
    for (let k = 6; k <= CANARY.length; k++) expect(excerpt).not.toContain(CANARY.slice(0, k));
  });

  it('messages that quote a field value mask known secrets too', () => {
    const r = check(
      [
        { ...META },
        {
          type: 'aoi:error',
          category: `auth-${CANARY}`,
          code: `E-${CANARY}`,
          message: 'x',
          retryable: false,
        },
        { type: `aoi:${CANARY}` },
        { type: 'aoi:summary', ok: false, error_count: 1, count: 0 },
      ],
      { exitCode: 1, secrets: [CANARY] },
    );
    expect(r.findings.map((f) => f.id)).toEqual(
      expect.arrayContaining([
        'AOI-05/unknown-category',
        'AOI-05/code-format',
        'AOI-04/unknown-framework-type',
      ]),
    );
    expectNoCanary(JSON.stringify(r.findings));
  });

  it('without known secrets, secret-looking values are masked in every excerpt', () => {
    const gh = `ghp_${'Q1w2E3r4T5'.repeat(3)}zxcvbn`;
    const r = check(
      [
        {
          type: 'aoi:meta',
          args: ['--password=hunter2xyz', '--api-key', 'kkk4242zz'],
          schema_version: '1',
          aoi_version: '0.2',
        },
        {
          type: 'aoi:error',
          category: 'authn',
          code: 'bad',
          message: `token ${gh} rejected by https://u:pw4242zz@h.example/`,
          retryable: false,
        },
        `curl -H "Authorization: Bearer abcdef1234567890" https://h.example/?sig=sig4242zz`,
        { type: 'aoi:summary', ok: false, count: 0, error_count: 1 },
      ],
      { exitCode: 1 },
    );
    expect(r.findings.map((f) => [f.id, f.line])).toEqual(
      expect.arrayContaining([
        ['AOI-09/meta-secret', 1],
        ['AOI-05/code-format', 2],
        ['AOI-02/prose', 3],
      ]),
    );
    const json = JSON.stringify(r.findings);
    for (const secret of [
      'hunter2xyz',
      'kkk4242zz',
      gh,
      'pw4242zz',
      'abcdef1234567890',
      'sig4242zz',
    ])
      expect(json).not.toContain(secret);
  });
});
