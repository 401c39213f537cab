import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import {
  runCli,
  startNetworkRecorder,
  tripwireEnv,
  withNetworkTripwire,
  type NetworkRecorder,
} from '../../../src/run/index.js';

const bin = (name: string) => new URL(`./bin/${name}`, import.meta.url).pathname;
const node = process.execPath;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const lastJson = (bytes: Uint8Array) =>
  JSON.parse(text(bytes).trim().split('\n').at(-1)!) as Record<string, unknown>;
const hasCurl = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('network tripwire: the loopback recorder (any language, via proxy variables)', () => {
  let recorder: NetworkRecorder | undefined;
  afterEach(async () => {
    await recorder?.close();
    recorder = undefined;
  });

  test('tripwireEnv points every proxy variable at the recorder and exempts no host', async () => {
    recorder = await startNetworkRecorder();
    expect(recorder.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(tripwireEnv(recorder)).toEqual({
      HTTP_PROXY: recorder.url,
      HTTPS_PROXY: recorder.url,
      ALL_PROXY: recorder.url,
      http_proxy: recorder.url,
      https_proxy: recorder.url,
      all_proxy: recorder.url,
      NO_PROXY: '',
      no_proxy: '',
      NODE_USE_ENV_PROXY: '1',
    });
  });

  test('a proxy-honouring Node CLI is recorded (method, host, port) and refused', async () => {
    recorder = await startNetworkRecorder();
    const run = await runCli(node, [bin('net-fetch.mjs')], { env: tripwireEnv(recorder) });
    expect(run.exitCode).toBe(1);
    expect(lastJson(run.stdout)).toMatchObject({ status: 403 });
    await recorder.close();
    expect(recorder.attempts).toEqual([
      { source: 'proxy', kind: 'http', method: 'GET', host: 'example.invalid', port: 80 },
    ]);
  });

  test.skipIf(!hasCurl)(
    'curl (not Node) honours the proxy variables: http and https (CONNECT) are both caught',
    async () => {
      recorder = await startNetworkRecorder();
      const env = tripwireEnv(recorder);
      // -q: ignore any ~/.curlrc. Exit 56: the proxy refused the CONNECT; 22: HTTP error (403) with -f.
      const plain = await runCli(
        'curl',
        ['-q', '-sS', '-f', '--max-time', '10', 'http://example.invalid/schema.json'],
        { env, timeoutMs: 15_000 },
      );
      const tls = await runCli(
        'curl',
        ['-q', '-sS', '--max-time', '10', 'https://example.invalid:8443/schema.json'],
        { env, timeoutMs: 15_000 },
      );
      expect(plain.exitCode).not.toBe(0);
      expect(tls.exitCode).not.toBe(0);
      await recorder.close();
      expect(recorder.attempts).toEqual([
        { source: 'proxy', kind: 'http', method: 'GET', host: 'example.invalid', port: 80 },
        {
          source: 'proxy',
          kind: 'connect',
          method: 'CONNECT',
          host: 'example.invalid',
          port: 8443,
        },
      ]);
    },
  );

  test('bytes that are not HTTP still count as an attempt', async () => {
    recorder = await startNetworkRecorder();
    const script = `const s = require('net').connect(${recorder.port}, '127.0.0.1', () => s.end(Buffer.from([5, 1, 0])));`;
    await runCli(node, ['-e', script]);
    await recorder.close();
    expect(recorder.attempts).toEqual([
      { source: 'proxy', kind: 'unparsed', method: '', host: '', port: null },
    ]);
  });
});

describe('network tripwire: the Node preload (Node CLIs that ignore proxies)', () => {
  test('fetch() of http://example.invalid/ is recorded and fails at once, before any DNS lookup', async () => {
    const { run, attempts } = await withNetworkTripwire(
      (env) => runCli(node, [bin('net-fetch.mjs')], { env }),
      { proxy: false },
    );
    expect(run.exitCode).toBe(1);
    expect(lastJson(run.stdout)).toMatchObject({ code: 'ENETUNREACH' });
    expect(attempts).toEqual([
      {
        source: 'node',
        kind: 'tcp',
        api: 'net.Socket.connect',
        host: 'example.invalid',
        port: 80,
        loopback: false,
        pid: expect.any(Number),
      },
    ]);
  });

  test('a raw net.connect to 203.0.113.1:80 is recorded and fails fast, sending nothing', async () => {
    const { run, attempts } = await withNetworkTripwire((env) =>
      runCli(node, [bin('net-raw.mjs')], { env }),
    );
    expect(run).toMatchObject({ exitCode: 1, timedOut: false });
    const outcome = lastJson(run.stdout);
    expect(outcome).toMatchObject({ connected: false, code: 'ENETUNREACH' });
    // Refused in the same tick it was attempted, not after a TCP timeout (seconds): generous for load.
    expect(outcome.ms).toBeLessThan(1_000);
    expect(attempts).toEqual([
      {
        source: 'node',
        kind: 'tcp',
        api: 'net.Socket.connect',
        host: '203.0.113.1',
        port: 80,
        loopback: false,
        pid: expect.any(Number),
      },
    ]);
  });

  test('loopback services are refused too, in grandchildren as well; nothing reaches them', async () => {
    const server: Server = createServer((socket) => socket.destroy());
    let connections = 0;
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const { run, attempts } = await withNetworkTripwire((env) =>
        runCli(node, [bin('net-loopback.mjs'), String(port)], { env }),
      );
      expect(lastJson(run.stdout)).toEqual({ child: 'ENETUNREACH', grandchild: 'ENETUNREACH' });
      expect(attempts).toHaveLength(2);
      expect(
        attempts.every(
          (a) => a.source === 'node' && a.host === '127.0.0.1' && a.port === port && a.loopback,
        ),
      ).toBe(true);
      expect(new Set(attempts.map((a) => (a.source === 'node' ? a.pid : 0))).size).toBe(2);
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('withNetworkTripwire: both halves together', () => {
  test('a proxy-honouring Node CLI is reported once, by the recorder; its connection to the recorder is not flagged', async () => {
    const { run, attempts } = await withNetworkTripwire((env) =>
      runCli(node, [bin('net-fetch.mjs')], { env }),
    );
    expect(lastJson(run.stdout)).toMatchObject({ status: 403 });
    expect(attempts).toEqual([
      { source: 'proxy', kind: 'http', method: 'GET', host: 'example.invalid', port: 80 },
    ]);
  });

  test('a CLI that needs no network records nothing', async () => {
    const { run, attempts } = await withNetworkTripwire((env) =>
      runCli(node, [bin('net-none.mjs')], { env }),
    );
    expect(run.exitCode).toBe(0);
    expect(lastJson(run.stdout)).toMatchObject({ type: 'aoi:summary', ok: true });
    expect(text(run.stderr)).toBe('');
    expect(attempts).toEqual([]);
  });

  test.skipIf(!hasCurl)('a non-Node CLI is caught by the proxy half', async () => {
    const { attempts } = await withNetworkTripwire((env) =>
      runCli('curl', ['-q', '-sS', '--max-time', '10', 'https://example.invalid/'], {
        env,
        timeoutMs: 15_000,
      }),
    );
    expect(attempts).toEqual([
      { source: 'proxy', kind: 'connect', method: 'CONNECT', host: 'example.invalid', port: 443 },
    ]);
  });

  test('cleans up even when the run throws', async () => {
    let seen: Record<string, string> = {};
    await expect(
      withNetworkTripwire(async (env) => {
        seen = env;
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { existsSync } = await import('node:fs');
    expect(existsSync(seen.AOI_TESTKIT_TRIPWIRE_LOG!)).toBe(false);
    // The recorder is closed: nothing listens on its port any more.
    const probe = await runCli(node, [
      '-e',
      `require('net').connect(${new URL(seen.HTTP_PROXY!).port}, '127.0.0.1').on('error', (e) => console.log(e.code)).on('connect', () => console.log('open'))`,
    ]);
    expect(text(probe.stdout).trim()).toBe('ECONNREFUSED');
  });
});
