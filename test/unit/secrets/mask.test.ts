import { describe, expect, it } from 'vitest';
import {
  isRedacted,
  isSensitiveName,
  looksSecret,
  maskSecrets,
  redactValue,
  secretForms,
} from '../../../src/secrets/mask.js';
import { MASK } from '../../../src/spec/aoi/secret-patterns.js';

const GH_TOKEN = `ghp_${'a1B2c3D4e5'.repeat(3)}abcdef`; // 36 chars after the prefix
const JWT =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';

describe('isSensitiveName (§11 first bullet)', () => {
  it.each([
    'api-key',
    '--api-key',
    'client_secret',
    'client-secret',
    'AccessToken',
    'accessToken',
    'auth',
    '--auth',
    'x-auth',
    'AUTH_TOKEN',
    'password',
    '--passwd',
    'PrivateKey',
    'private_key',
    'credential',
    'aws_credentials',
    'cookie',
    'Authorization',
    'bearer',
    'GITHUB_TOKEN',
    'APIKey',
    'key',
    'sas-signature',
  ])('%s is sensitive', (name) => {
    expect(isSensitiveName(name)).toBe(true);
  });

  it.each([
    'author',
    'author_name',
    'keyword',
    'keywords',
    'monkey',
    'keyboard',
    'limit',
    'cursor',
    'output',
    'format',
    'path',
    'authority',
    'donkey',
    'turkey',
  ])('%s is not sensitive', (name) => {
    expect(isSensitiveName(name)).toBe(false);
  });
});

describe('isRedacted', () => {
  it.each([
    '***',
    '*',
    '[REDACTED]',
    '<redacted>',
    'REDACTED',
    '[FILTERED]',
    'xxxx',
    '${GITHUB_TOKEN}',
    '$API_KEY',
    '…',
    '...',
  ])('%s is a placeholder', (v) => {
    expect(isRedacted(v)).toBe(true);
  });
  it.each(['hunter2', 'abc*', 'redacted-not', 'x', ''])('%s is not a placeholder', (v) => {
    expect(isRedacted(v)).toBe(false);
  });
});

describe('maskSecrets', () => {
  it('masks the password in URL userinfo and keeps the rest of the URL', () => {
    expect(maskSecrets('git clone https://alice:s3cretpw@example.com/repo.git')).toBe(
      `git clone https://alice:${MASK}@example.com/repo.git`,
    );
    expect(maskSecrets('postgres://app:pa55word@db.internal:5432/app')).not.toContain('pa55word');
  });

  it('masks sensitive query keys (sig, token, access_token, code, key, SAS) and leaves others', () => {
    const url =
      'https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&se=2026-01-01&sp=r&sig=AbCdEf123%2B%3D&page=2&q=hello';
    const masked = maskSecrets(url);
    expect(masked).not.toContain('AbCdEf123');
    expect(masked).toContain(`sig=${MASK}`);
    expect(masked).toContain('page=2');
    expect(masked).toContain('q=hello');
    for (const key of ['token', 'access_token', 'code', 'key']) {
      expect(maskSecrets(`https://api.example.com/cb?${key}=v4lue-123&state=ok`)).toBe(
        `https://api.example.com/cb?${key}=${MASK}&state=ok`,
      );
    }
    expect(maskSecrets('https://example.com/search?q=token&page=3')).toBe(
      'https://example.com/search?q=token&page=3',
    );
  });

  it('masks Bearer and Basic credentials', () => {
    expect(maskSecrets('Authorization: Bearer abcDEF123ghi456jkl')).not.toContain(
      'abcDEF123ghi456jkl',
    );
    expect(maskSecrets('curl -H "Authorization: Basic YWxpY2U6aHVudGVyMg=="')).not.toContain(
      'YWxpY2U6aHVudGVyMg',
    );
    expect(maskSecrets('bearer abcDEF123ghi456jkl')).toBe(`bearer ${MASK}`);
    expect(maskSecrets('sent with token 9f86d081884c7d65')).toBe(`sent with token ${MASK}`);
  });

  it('does not mistake the words "bearer" and "token" in prose for credentials', () => {
    const text = 'Supports bearer authentication and token authorization for accounts';
    expect(maskSecrets(text)).toBe(text);
  });

  it.each([
    ['GitHub token', GH_TOKEN],
    ['GitHub fine-grained token', `github_pat_${'11ABCDEFG0'.repeat(3)}_xyz`],
    ['OpenAI-style key', 'sk-proj-abcdefghijklmnopqrstuvwx'],
    ['Slack token', 'xoxb-1234567890-abcdefghij'],
    ['AWS access key id', 'AKIAIOSFODNN7EXAMPLE'],
    ['JWT', JWT],
  ])('masks a %s anywhere in text', (_label, token) => {
    const masked = maskSecrets(`upstream said: using ${token} for this call`);
    expect(masked).not.toContain(token);
    expect(masked).toContain(MASK);
  });

  describe('PEM private keys', () => {
    const body =
      'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7' + 'q1W2e3R4t5Y6u7I8o9P0'.repeat(20);
    const pem = (label: string) =>
      `-----BEGIN ${label}PRIVATE KEY-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}PRIVATE KEY-----`;

    it.each(['', 'RSA ', 'EC ', 'OPENSSH ', 'ENCRYPTED '])(
      'masks a whole %sPRIVATE KEY block',
      (label) => {
        const masked = maskSecrets(`key loaded:\n${pem(label)}\ndone`);
        expect(masked).toBe(`key loaded:\n${MASK}\ndone`);
      },
    );

    it('masks a key inside a JSON string (escaped line breaks) and one cut before its END line', () => {
      const json = JSON.stringify({ type: 'debug', key: pem('RSA ') });
      expect(maskSecrets(json)).toBe(JSON.stringify({ type: 'debug', key: MASK }));
      const cut = pem('').slice(0, 200);
      expect(maskSecrets(`excerpt: ${cut}`)).toBe(`excerpt: ${MASK}`);
      expect(looksSecret(cut)).toBe(true);
    });

    it("keeps an encrypted key's headers inside the mask, and leaves public keys and certificates alone", () => {
      const encrypted = pem('RSA ').replace(
        'KEY-----\n',
        'KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0A1B\n\n',
      );
      expect(maskSecrets(encrypted)).toBe(MASK);
      for (const text of [
        `-----BEGIN PUBLIC KEY-----\n${body.slice(0, 64)}\n-----END PUBLIC KEY-----`,
        `-----BEGIN CERTIFICATE-----\n${body.slice(0, 64)}\n-----END CERTIFICATE-----`,
      ]) {
        expect(maskSecrets(text)).toBe(text);
      }
    });
  });

  it('masks sensitive assignments in text and JSON', () => {
    expect(maskSecrets('password=hunter2 user=alice')).toBe(`password=${MASK} user=alice`);
    expect(maskSecrets('{"api_key":"abc123","user":"alice"}')).toBe(
      `{"api_key":"${MASK}","user":"alice"}`,
    );
    expect(maskSecrets('--client-secret=abc123')).toBe(`--client-secret=${MASK}`);
  });

  it('masks the value after a sensitive flag in a command line (space-separated)', () => {
    // §11: flags containing password/token are sensitive; their value is the secret, whether written
    // --password=X or --password X.
    expect(maskSecrets('outline search --password hunter2xyz --limit 5')).not.toContain(
      'hunter2xyz',
    );
    expect(maskSecrets('outline search --token abc123 --limit 5')).not.toContain('abc123');
  });

  it('leaves ordinary text alone', () => {
    for (const text of [
      'the author wrote a keyword list',
      'monkey=banana',
      'limit=10 cursor=abc',
      '{"type":"hit","id":"doc_123","rank":1}',
      'https://example.com/a/b?page=2',
    ]) {
      expect(maskSecrets(text)).toBe(text);
      expect(looksSecret(text)).toBe(false);
    }
  });

  describe('known secrets (canaries)', () => {
    const secret = 'CANARY-7f3a9c1e-p@ss/w0rd+x=y&z';

    it('masks the raw form', () => {
      const masked = maskSecrets(`hello ${secret} world`, [secret]);
      expect(masked).toBe(`hello ${MASK} world`);
    });

    it('masks the URL-encoded form', () => {
      const encoded = encodeURIComponent(secret);
      expect(encoded).not.toBe(secret);
      const masked = maskSecrets(`https://example.com/cb?next=${encoded}&x=1`, [secret]);
      expect(masked).not.toContain(encoded);
      expect(masked).toContain(MASK);
    });

    // base64 groups 3 bytes into 4 characters, so the encoding of the secret depends on how many bytes
    // precede it. Embed the secret after 0..5 prefix bytes and check the characters that encode only
    // the secret's own bits are gone.
    it.each([0, 1, 2, 3, 4, 5])('masks the base64 form after %i prefix byte(s)', (prefixLength) => {
      const prefix = Buffer.from('\x01\xfe\x7fQZ\x00'.slice(0, prefixLength), 'latin1');
      const suffix = Buffer.from('\xff tail', 'latin1');
      const secretBytes = Buffer.from(secret, 'utf8');
      const b64 = Buffer.concat([prefix, secretBytes, suffix]).toString('base64');
      // Characters whose 6 bits lie wholly inside the secret's bytes.
      const firstBit = 8 * prefix.length;
      const lastBit = 8 * (prefix.length + secretBytes.length);
      const core = b64.slice(Math.ceil(firstBit / 6), Math.floor(lastBit / 6));
      expect(core.length).toBeGreaterThan(30);
      const masked = maskSecrets(`{"blob":"${b64}"}`, [secret]);
      expect(masked).not.toContain(core);
      // Not even a long piece of it survives.
      for (let i = 0; i + 8 <= core.length; i++) expect(masked).not.toContain(core.slice(i, i + 8));
      expect(masked).toContain(MASK);
    });

    it('secretForms lists raw, URL-encoded and three base64 alignments', () => {
      const forms = secretForms(secret);
      expect(forms).toContain(secret);
      expect(forms).toContain(encodeURIComponent(secret));
      expect(forms.length).toBe(5);
    });

    it('ignores known secrets shorter than 4 characters (they would mask everything)', () => {
      expect(maskSecrets('a b c abc', ['abc'])).toBe('a b c abc');
    });
  });

  describe('idempotence and placeholders', () => {
    const inputs = [
      'https://alice:s3cretpw@example.com/x?sig=abc&token=def',
      'Authorization: Bearer abcDEF123ghi456jkl',
      `token=${GH_TOKEN} password=hunter2`,
      '{"api_key":"abc123","nested":{"client_secret":"x"}}',
      `${JWT} and AKIAIOSFODNN7EXAMPLE`,
      'plain text with canary-123456',
    ];

    it.each(inputs)('masking twice equals masking once: %s', (text) => {
      const once = maskSecrets(text, ['canary-123456']);
      expect(maskSecrets(once, ['canary-123456'])).toBe(once);
    });

    it.each([
      '--token=***',
      'password=[REDACTED]',
      'password: <redacted>',
      'https://alice:***@example.com/repo.git',
      'https://example.com/f?sig=***&token=[REDACTED]',
      'Bearer ***',
      'Authorization: Bearer ***',
      'Authorization: [REDACTED]',
      '{"api_key":"***","password":"[REDACTED]"}',
      'token=${GITHUB_TOKEN}',
      'password=${DB_PASSWORD}',
    ])('leaves the placeholder alone: %s', (text) => {
      expect(maskSecrets(text)).toBe(text);
      expect(looksSecret(text)).toBe(false);
    });
  });
});

describe('redactValue', () => {
  it('masks the value after a sensitive flag in an argv array', () => {
    expect(redactValue(['outline', 'search', '--token', 'tok_live_123', '--limit', '5'])).toEqual([
      'outline',
      'search',
      '--token',
      MASK,
      '--limit',
      '5',
    ]);
    expect(redactValue(['-H', 'x', '--client-secret', 'abc'])).toEqual([
      '-H',
      'x',
      '--client-secret',
      MASK,
    ]);
  });

  it('masks --flag=value pairs with a sensitive flag', () => {
    expect(redactValue(['--password=hunter2', '--limit=5'])).toEqual([
      `--password=${MASK}`,
      '--limit=5',
    ]);
    expect(redactValue('--api-key=abc123')).toBe(`--api-key=${MASK}`);
  });

  it('does not swallow the next flag after a sensitive flag without a value', () => {
    expect(redactValue(['--token', '--limit', '5'])).toEqual(['--token', '--limit', '5']);
  });

  it('masks string values under sensitive keys, at any depth', () => {
    expect(
      redactValue({
        api_key: 'abc',
        nested: { client_secret: 'def', user: 'alice' },
        list: [{ password: 'x' }],
      }),
    ).toEqual({
      api_key: MASK,
      nested: { client_secret: MASK, user: 'alice' },
      list: [{ password: MASK }],
    });
  });

  it('masks non-string values under sensitive keys too (a numeric PIN or password is still a secret)', () => {
    const out = redactValue({ password: 12345678, token: 987654321 }) as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toContain('12345678');
    expect(JSON.stringify(out)).not.toContain('987654321');
  });

  it('masks every value of an environment object', () => {
    expect(redactValue({ env: { HOME: '/home/alice', PATH: '/usr/bin', API_TOKEN: 'x' } })).toEqual(
      { env: { HOME: MASK, PATH: MASK, API_TOKEN: MASK } },
    );
    expect(redactValue({ environment: { A: '1' }, environ: { B: '2' } })).toEqual({
      environment: { A: MASK },
      environ: { B: MASK },
    });
  });

  it('masks secret-looking text and known secrets inside strings', () => {
    const out = redactValue(
      { source: 'https://u:p4ssw0rd@host/x', note: 'canary-7f3a in prose', ok: true, n: 3 },
      ['canary-7f3a'],
    );
    expect(out).toEqual({
      source: `https://u:${MASK}@host/x`,
      note: `${MASK} in prose`,
      ok: true,
      n: 3,
    });
  });

  it('leaves harmless keys and placeholders alone', () => {
    const value = {
      author: 'alice',
      keyword: 'agents',
      token: '***',
      password: '[REDACTED]',
      api_key: '${API_KEY}',
      args: ['--token', '***'],
    };
    expect(redactValue(value)).toEqual(value);
  });

  it('is idempotent and does not mutate its input', () => {
    const input = {
      args: ['--token', 'abc', '--password=x'],
      env: { A: 'b' },
      secret: 'y',
      url: 'https://u:p@h/?sig=s',
    };
    const copy = structuredClone(input);
    const once = redactValue(input);
    expect(input).toEqual(copy);
    expect(redactValue(once)).toEqual(once);
  });
});
