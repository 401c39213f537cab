import { describe, expect, it } from 'vitest';
import { META, check, found, verdict } from './_helpers.js';

const SUMMARY = { type: 'aoi:summary', ok: true, count: 0 };
/** A short meta with the field under test first, so that it is inside the (truncated) excerpt. */
const withMeta = (extra: Record<string, unknown>, options = {}) =>
  check(
    [{ type: 'aoi:meta', ...extra, schema_version: '1.0.0', aoi_version: '0.2' }, SUMMARY],
    options,
  );
const aoi09 = (r: ReturnType<typeof check>) => r.findings.filter((f) => f.rule === 'AOI-09');

describe('AOI-09/meta-env', () => {
  it.each([
    ['env', { HOME: '/home/alice', PATH: '/usr/bin' }],
    ['environment', { LANG: 'C' }],
    ['environ', ['HOME=/home/alice']],
    ['ENV', { X: '1' }],
  ])('fails a meta that echoes the environment in "%s"', (key, value) => {
    const r = withMeta({ [key]: value });
    expect(found(r, 'AOI-09')).toEqual([['AOI-09/meta-env', 1]]);
    expect(aoi09(r)[0]!.severity).toBe('error');
    expect(aoi09(r)[0]!.message).toContain(`"${key}"`);
    expect(verdict(r, 'AOI-09').status).toBe('fail');
    expect(r.ok).toBe(false);
  });

  it('fails an environment dumped as one KEY=VALUE string (§8.3: not wholesale, in any shape)', () => {
    const r = withMeta({ env: 'HOME=/home/alice PATH=/usr/bin LANG=C' });
    expect(found(r, 'AOI-09')).toEqual([['AOI-09/meta-env', 1]]);
    expect(JSON.stringify(r.findings)).not.toContain('/home/alice');
  });

  it('never shows the environment values in the excerpt', () => {
    const r = withMeta({
      env: { HOME: '/home/alice-secret-home', DB_URL: 'postgres://db.internal/app' },
    });
    const json = JSON.stringify(r.findings);
    expect(r.findings[0]!.excerpt).toContain('"HOME":"***"');
    expect(json).not.toContain('alice-secret-home');
    expect(json).not.toContain('db.internal');
  });

  it('passes a meta without environment', () => {
    const r = withMeta({});
    expect(found(r, 'AOI-09')).toEqual([]);
    expect(verdict(r, 'AOI-09').status).toBe('pass');
  });
});

describe('AOI-09/meta-secret', () => {
  it.each([
    [
      'argv array with --token X',
      { args: ['search', '--token', 'tok_live_4242'], args_redacted: true },
      'tok_live_4242',
    ],
    [
      'argv array with --password=X',
      { argv: ['search', '--password=hunter2-4242'] },
      'hunter2-4242',
    ],
    [
      'argv as a command-line string',
      { cmdline: 'outline search --api-key kkk-4242-zz' },
      'kkk-4242-zz',
    ],
    ['args as an object', { args: { query: 'agents', client_secret: 'cs-4242-zz' } }, 'cs-4242-zz'],
    [
      'a URL with credentials in another field',
      { source: 'https://alice:pw-4242-zz@example.com/repo.git' },
      'pw-4242-zz',
    ],
    [
      'a signed URL',
      { source: 'https://bucket.s3.amazonaws.com/f?X-Amz-Signature=sig4242abcd&X-Amz-Expires=60' },
      'sig4242abcd',
    ],
    [
      'a numeric value under a sensitive key',
      { args: { query: 'agents', password: 84424242 }, args_redacted: true },
      '84424242',
    ],
    [
      'a known token shape',
      { note: `using ghp_${'Z9y8X7w6V5'.repeat(3)}abcdef` },
      `ghp_${'Z9y8X7w6V5'.repeat(3)}abcdef`,
    ],
  ])('fails %s, and masks it in the excerpt', (_label, extra, secret) => {
    const r = withMeta(extra);
    expect(found(r, 'AOI-09')).toEqual([['AOI-09/meta-secret', 1]]);
    expect(aoi09(r)[0]!.severity).toBe('error');
    // the field is shown, masked
    expect(aoi09(r)[0]!.excerpt).toContain('***');
    expect(JSON.stringify(r.findings)).not.toContain(secret);
  });

  it('passes the redacted versions', () => {
    for (const extra of [
      { args: ['search', '--token', '***'], args_redacted: true },
      { argv: ['search', '--password=[REDACTED]'], args_redacted: true },
      { cmdline: 'outline search --api-key=***', args_redacted: true },
      { source: 'https://alice:***@example.com/repo.git' },
      { source: 'https://bucket.s3.amazonaws.com/f?X-Amz-Signature=***&X-Amz-Expires=60' },
    ]) {
      expect(found(withMeta(extra), 'AOI-09'), JSON.stringify(extra)).toEqual([]);
    }
  });

  it('does not flag a properly redacted header echoed as a string', () => {
    const r = withMeta({ headers: ['Authorization: Bearer ***', 'Accept: application/json'] });
    expect(found(r, 'AOI-09')).toEqual([]);
  });

  it('passes the §11 preferred meta pattern', () => {
    const r = check([
      {
        type: 'aoi:meta',
        command: 'search',
        input_fingerprint: 'sha256:...optional...',
        args_redacted: true,
        schema_version: '1.0.0',
        aoi_version: '0.2',
      },
      SUMMARY,
    ]);
    expect(found(r, 'AOI-09')).toEqual([]);
  });

  it('does not mistake harmless fields for secrets', () => {
    const r = withMeta({
      author: 'alice',
      keyword: 'agents',
      url: 'https://example.com/search?q=token&page=2',
    });
    expect(found(r, 'AOI-09')).toEqual([]);
  });
});

describe('AOI-09/meta-argv', () => {
  it('fails on raw argv without args_redacted (§8.3: MUST NOT)', () => {
    const r = withMeta({ args: ['search', 'agents', '--limit', '5'] });
    expect(found(r, 'AOI-09')).toEqual([['AOI-09/meta-argv', 1]]);
    expect(aoi09(r)[0]!.severity).toBe('error');
    expect(verdict(r, 'AOI-09')).toMatchObject({ status: 'fail', errors: 1 });
    expect(r.ok).toBe(false);
  });

  it('passes the same args with "args_redacted": true', () => {
    expect(
      found(
        withMeta({ args: ['search', 'agents', '--limit', '5'], args_redacted: true }),
        'AOI-09',
      ),
    ).toEqual([]);
  });

  it('strict mode makes it fail', () => {
    const r = withMeta({ args: ['search', 'agents'] }, { strict: true });
    expect(found(r, 'AOI-09')).toEqual([['AOI-09/meta-argv', 1]]);
    expect(aoi09(r)[0]!.severity).toBe('error');
    expect(verdict(r, 'AOI-09').status).toBe('fail');
    expect(r.ok).toBe(false);
  });

  it('a secret in args is meta-secret, not (also) meta-argv', () => {
    expect(found(withMeta({ args: ['--token', 'abc12345'] }), 'AOI-09')).toEqual([
      ['AOI-09/meta-secret', 1],
    ]);
  });
});

describe('AOI-09 — known secrets echoed in output (§18.2 check 9)', () => {
  const CANARY = 'canary-5b1e7d2f';

  it('fails when a canary passed as an argument is echoed raw in a later event', () => {
    const r = check(
      [
        META,
        {
          type: 'aoi:error',
          category: 'authn',
          code: 'BAD_TOKEN',
          message: `token ${CANARY} was rejected`,
          retryable: false,
        },
        { type: 'aoi:summary', ok: false, count: 0, error_count: 1 },
      ],
      { exitCode: 77, secrets: [CANARY] },
    );
    const leaks = r.findings.filter((f) => f.rule === 'AOI-09');
    expect(leaks.map((f) => f.line)).toEqual([2]);
    expect(verdict(r, 'AOI-09').status).toBe('fail');
    expect(JSON.stringify(r.findings)).not.toContain(CANARY);
  });

  it('passes when the canary never appears', () => {
    const r = check([META, { type: 'hit', id: 'x' }, { type: 'aoi:summary', ok: true, count: 1 }], {
      secrets: [CANARY],
    });
    expect(found(r, 'AOI-09')).toEqual([]);
  });
});

describe('AOI-09 applicability', () => {
  it('judges only aoi:meta', () => {
    const r = check([META, { type: 'entry', args: ['search', 'x'], env: { A: '1' } }, SUMMARY]);
    expect(found(r, 'AOI-09')).toEqual([]);
  });

  it('judges every aoi:meta, at its own line', () => {
    const r = check([META, { type: 'aoi:meta', env: { A: '1' } }, SUMMARY]);
    expect(found(r, 'AOI-09')).toEqual([['AOI-09/meta-env', 2]]);
  });

  it('is not applicable without aoi:meta', () => {
    const v = verdict(check([{ type: 'hit' }, SUMMARY]), 'AOI-09');
    expect(v.status).toBe('not_applicable');
    expect(v.reason).toMatch(/no aoi:meta/);
  });
});
