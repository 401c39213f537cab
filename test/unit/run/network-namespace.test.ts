import { appendFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  probeNamespaceSupport,
  readNamespaceAttempts,
  type NamespaceRunner,
} from '../../../src/run/network-namespace.js';
import { describeAttempt, tripwireName } from '../../../src/run/network-tripwire.js';
import { makeTempDir, removeTempDir } from '../../../src/run/interrupt.js';
import { join } from 'node:path';

/**
 * Availability of the network-namespace tripwire is decided by a real run (the process-level proof is
 * test/integration/probes/network-namespace.test.ts); here the decision itself, against runs that record what a
 * working or a broken namespace would, and the reading of the helper's record.
 */
const found = (program: string) => `/usr/sbin/${program}`;
const recording =
  (lines: readonly object[], exitCode: number | null = 0): NamespaceRunner =>
  async (namespace) => {
    for (const line of lines) appendFileSync(namespace.record, `${JSON.stringify(line)}\n`);
    return { exitCode, timedOut: false };
  };
const LOOKUP = { kind: 'dns', host: 'aoi-testkit-probe.example', type: 'A' };
const CONNECT = { kind: 'tcp', host: '192.0.2.1', port: 443 };

describe('probeNamespaceSupport: the namespace is used only where a real run shows it sees a lookup and a connect', () => {
  test('a run that recorded both: available, with the programs it found', async () => {
    expect(await probeNamespaceSupport(recording([LOOKUP, CONNECT]), found, 'linux')).toEqual({
      available: true,
      unshare: '/usr/sbin/unshare',
      ip: '/usr/sbin/ip',
    });
  });

  test.each([
    ['not Linux', recording([LOOKUP, CONNECT]), found, 'darwin', /Linux's \(this is darwin\)/],
    [
      'no unshare',
      recording([LOOKUP, CONNECT]),
      (p: string) => (p === 'ip' ? found(p) : undefined),
      'linux',
      /no unshare/,
    ],
    [
      'no ip',
      recording([LOOKUP, CONNECT]),
      (p: string) => (p === 'unshare' ? found(p) : undefined),
      'linux',
      /no ip program/,
    ],
    [
      'user namespaces refused (unshare exits 1)',
      recording([], 1),
      found,
      'linux',
      /unprivileged user namespaces/,
    ],
    [
      'loopback could not be brought up',
      recording([{ kind: 'setup-failed' }], 125),
      found,
      'linux',
      /could not bring loopback up/,
    ],
    [
      'the libc resolved outside the namespace (nscd)',
      recording([CONNECT]),
      found,
      'linux',
      /did not reach its resolver/,
    ],
    [
      'the connect was not recorded',
      recording([LOOKUP]),
      found,
      'linux',
      /TCP connect .* not recorded/,
    ],
  ] as const)('%s: unavailable, with the reason', async (_, run, locate, platform, reason) => {
    const support = await probeNamespaceSupport(run, locate, platform);
    expect(support.available).toBe(false);
    expect(support.available ? '' : support.reason).toMatch(reason);
  });

  test('a run that timed out is no namespace', async () => {
    const support = await probeNamespaceSupport(
      async () => ({ exitCode: null, timedOut: true }),
      found,
      'linux',
    );
    expect(support).toMatchObject({ available: false, reason: expect.stringMatching(/timed out/) });
  });

  test('the verdict names the tripwire, and why the fallback', () => {
    expect(tripwireName('namespace')).toMatch(/^a network namespace of its own/);
    expect(tripwireName('proxy', 'no ip program (iproute2)')).toBe(
      'the proxy variables and the Node preload (no network namespace: no ip program (iproute2))',
    );
  });
});

describe('readNamespaceAttempts: the helper record', () => {
  const record = (lines: readonly (object | string)[]) => {
    const dir = makeTempDir('aoi-netns-test-');
    const file = join(dir, 'record.jsonl');
    for (const line of lines)
      appendFileSync(file, `${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
    try {
      return readNamespaceAttempts(file);
    } finally {
      removeTempDir(dir);
    }
  };

  test('each name once (A and AAAA, retries), each recorded connect, then what the kernel counted beyond them', () => {
    const attempts = record([
      { kind: 'dns', host: 'api.example.net', type: 'A' },
      { kind: 'dns', host: 'api.example.net', type: 'AAAA' },
      { kind: 'tcp', host: '203.0.113.7', port: 443 },
      { kind: 'counted', tcp: 3, accepted: 1, udp: 1 },
      '{"kind":"dns","host":"cut sh', // a kill mid-write
    ]);
    expect(attempts.map(describeAttempt)).toEqual([
      'namespace dns api.example.net',
      'namespace tcp 203.0.113.7:443',
      'namespace tcp 2 connect(s) to ports nobody listened on',
      'namespace udp 1 datagram(s) to ports nobody listened on',
    ]);
  });

  test('a clean run: nothing (its own listeners accepted nothing, the counters did not move)', () => {
    expect(record([{ kind: 'counted', tcp: 0, accepted: 0, udp: 0 }])).toEqual([]);
  });

  test('no record (the helper never started): nothing', () => {
    expect(readNamespaceAttempts('/nonexistent/record.jsonl')).toEqual([]);
  });
});
