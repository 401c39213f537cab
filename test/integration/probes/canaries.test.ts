import { describe, expect, test } from 'vitest';
import { secretForms } from '../../../src/secrets/mask.js';
import { CANARY_ENV_NAMES, findLeaks, makeCanaries, runCli } from '../../../src/run/index.js';

const bin = (name: string) => new URL(`./bin/${name}`, import.meta.url).pathname;
const node = process.execPath;

describe('makeCanaries', () => {
  test('distinct, distinctive values and a plan to plant them in argv, env and URLs', () => {
    const canaries = makeCanaries();
    expect(new Set(canaries.values).size).toBe(canaries.all.length);
    expect(new Set(canaries.all.map((c) => c.label)).size).toBe(canaries.all.length);
    for (const { value } of canaries.all) {
      expect(value).toMatch(/^aoiCanary_[0-9a-f]{12}\+[0-9a-f]{12}$/);
      // raw, URL-encoded and all three base64 alignments are distinct, searchable forms.
      expect(secretForms(value)).toHaveLength(5);
    }
    const token = canaries.byLabel('argv --token').value;
    const apiKey = canaries.byLabel('argv --api-key').value;
    expect(canaries.argv).toEqual(['--token', token, `--api-key=${apiKey}`]);
    expect(Object.keys(canaries.env)).toEqual([...CANARY_ENV_NAMES]);
    expect(canaries.env.GITHUB_TOKEN).toBe(canaries.byLabel('env GITHUB_TOKEN').value);
    const url = new URL(canaries.url);
    expect(url.hostname).toBe('example.invalid');
    expect(decodeURIComponent(url.password)).toBe(canaries.byLabel('url userinfo').value);
    expect(url.searchParams.get('token')).toBe(canaries.byLabel('url ?token').value);
    expect(() => canaries.byLabel('nope')).toThrow(RangeError);
  });

  test('a seed makes them reproducible; no seed makes them fresh', () => {
    expect(makeCanaries('corpus-1').values).toEqual(makeCanaries('corpus-1').values);
    expect(makeCanaries('corpus-1').values).not.toEqual(makeCanaries('corpus-2').values);
    expect(makeCanaries(7).values).toEqual(makeCanaries(7).values);
    expect(makeCanaries().values).not.toEqual(makeCanaries().values);
  });
});

describe('findLeaks on real processes', () => {
  test('finds every planted canary a leaky tool printed, in each form, and never returns the secret', async () => {
    const canaries = makeCanaries();
    const run = await runCli(node, [bin('leaky.mjs'), ...canaries.argv, '--url', canaries.url], {
      env: { ...canaries.env },
    });
    expect(run.exitCode).toBe(0);
    const leaks = findLeaks(run, canaries);
    const where = leaks
      .map(({ canary, stream, line, form }) => `${stream}:${line} ${canary} ${form}`)
      .sort();
    expect(where).toEqual(
      [
        'stdout:1 argv --token raw',
        'stdout:1 argv --api-key raw',
        'stdout:1 url userinfo url',
        'stdout:1 url ?token url',
        'stdout:2 url userinfo url',
        'stdout:2 url ?token url',
        'stderr:1 env GITHUB_TOKEN raw',
        'stderr:2 argv --api-key base64',
        'stderr:3 argv --api-key base64',
        'stderr:4 argv --api-key base64',
      ].sort(),
    );
    // Columns point at the leak.
    const stdoutLine1 = Buffer.from(run.stdout).toString().split('\n')[0]!;
    const tokenLeak = leaks.find((leak) => leak.canary === 'argv --token')!;
    expect(
      stdoutLine1.slice(tokenLeak.column - 1).startsWith(canaries.byLabel('argv --token').value),
    ).toBe(true);
    // The secret is nowhere in what findLeaks returns, in any form.
    const returned = JSON.stringify(leaks);
    for (const value of canaries.values)
      for (const form of secretForms(value)) expect(returned).not.toContain(form);
    expect(leaks.every((leak) => leak.excerpt.includes('***'))).toBe(true);
  });

  test('a tool that redacts leaks nothing', async () => {
    const canaries = makeCanaries('redacting');
    const run = await runCli(
      node,
      [bin('redacting.mjs'), ...canaries.argv, '--url', canaries.url],
      { env: { ...canaries.env } },
    );
    expect(run.exitCode).toBe(0);
    expect(Buffer.from(run.stderr).toString()).toContain('GITHUB_TOKEN');
    expect(findLeaks(run, canaries)).toEqual([]);
  });

  test('takes a plain list of canaries and long lines are truncated, still masked', () => {
    const [canary] = makeCanaries('list').all;
    const line = `${'x'.repeat(300)} ${canary!.value}`;
    const leaks = findLeaks({ stdout: Buffer.from(`ok\n${line}\n`), stderr: new Uint8Array() }, [
      canary!,
    ]);
    expect(leaks).toMatchObject([{ stream: 'stdout', line: 2, column: 302, form: 'raw' }]);
    expect(leaks[0]!.excerpt.length).toBeLessThanOrEqual(160);
    expect(leaks[0]!.excerpt).not.toContain(canary!.value.slice(0, 12));
  });
});
