import { accessSync, constants, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { makeTempDir, removeTempDir } from './interrupt.js';

/**
 * The network-namespace tripwire: a probe runs in a user and network namespace of its own (`unshare`), where only
 * loopback exists and every address is routed to it. A helper inside answers DNS on port 53 (NXDOMAIN, recording the
 * name), accepts TCP on well-known ports (recording the address and port the tool dialled) and counts, from the
 * namespace's own kernel counters, connects and datagrams to any other port. What the tool is written in does not
 * matter: a Python `getaddrinfo`, a shell's `/dev/tcp` and a Go dialer all end in the kernel.
 */

/** One attempt seen inside the namespace. `count` is set on attempts the kernel counted but nobody answered. */
export interface NamespaceAttempt {
  readonly source: 'namespace';
  readonly kind: 'dns' | 'tcp' | 'udp';
  /** The name looked up, or the address dialled; empty when only counted. */
  readonly host: string;
  readonly port: number | null;
  /** Connects or datagrams to ports nobody listened on, counted by the namespace's kernel (`/proc/net/snmp`). */
  readonly count?: number;
}

/** What a run in a namespace needs: the programs, the helper and the file it records to (`runProbe`'s option). */
export interface NetworkNamespace {
  readonly unshare: string;
  readonly ip: string;
  readonly helper: string;
  readonly record: string;
}

export type NamespaceSupport =
  | { readonly available: true; readonly unshare: string; readonly ip: string }
  | { readonly available: false; readonly reason: string };

/** The helper restores the tool's NODE_OPTIONS from here: the helper itself is a Node process and must not load them. */
export const NAMESPACE_NODE_OPTIONS_ENV = 'AOI_TESTKIT_NETNS_NODE_OPTIONS';

/** TCP ports whose connections are accepted and recorded with their destination; others are only counted. */
const RECORDED_TCP_PORTS = [
  7, 9, 21, 22, 25, 53, 80, 110, 143, 443, 465, 587, 853, 993, 995, 1080, 3128, 3306, 5432, 6379,
  8000, 8080, 8443, 9418, 27017,
];

/**
 * The helper, as source (CommonJS), written next to each run's record: `node helper <record> <ip> -- cmd args`.
 * It brings loopback up, routes every IPv4 and IPv6 address to it, starts its listeners, then runs the tool as
 * its child in its own process group (so the kit's group kill ends both), passes on the signals the kit sends,
 * and ends as the tool ended. It never writes to stdout or stderr: those are the tool's.
 */
export const NAMESPACE_HELPER_SOURCE = String.raw`'use strict';
// aoi-testkit network-namespace tripwire: runs inside 'unshare --user --map-root-user --net'.
const { spawn, execFileSync } = require('node:child_process');
const dgram = require('node:dgram');
const net = require('node:net');
const { appendFileSync, readFileSync } = require('node:fs');
const { constants } = require('node:os');

const [record, ip, separator, command, ...args] = process.argv.slice(2);
if (separator !== '--' || !command) process.exit(125);
const write = (entry) => {
  try {
    appendFileSync(record, JSON.stringify(entry) + '\n');
  } catch {}
};
const PORTS = ${JSON.stringify(RECORDED_TCP_PORTS)};

function counters() {
  const read = (file) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  const snmp = read('/proc/self/net/snmp').split('\n');
  const field = (proto, name) => {
    const rows = snmp.filter((line) => line.startsWith(proto + ':'));
    if (rows.length < 2) return 0;
    const names = rows[0].split(/\s+/);
    const values = rows[1].split(/\s+/);
    return Number(values[names.indexOf(name)]) || 0;
  };
  const udp6 = /^Udp6NoPorts\s+(\d+)/m.exec(read('/proc/self/net/snmp6'));
  return {
    tcp: field('Tcp', 'ActiveOpens'),
    udp: field('Udp', 'NoPorts') + (udp6 ? Number(udp6[1]) : 0),
  };
}

// A DNS question: the name and type, or null for what is not one.
function question(message) {
  if (message.length < 17) return null;
  const labels = [];
  let at = 12;
  while (at < message.length && message[at] !== 0) {
    const length = message[at];
    if (length > 63 || at + 1 + length > message.length) return null;
    labels.push(message.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  if (at + 5 > message.length) return null;
  const TYPES = { 1: 'A', 28: 'AAAA', 5: 'CNAME', 12: 'PTR', 15: 'MX', 16: 'TXT', 33: 'SRV', 65: 'HTTPS' };
  const type = message.readUInt16BE(at + 1);
  return { name: labels.join('.'), type: TYPES[type] || String(type), end: at + 5 };
}

// NXDOMAIN for the question asked: the lookup fails at once, as for a name that does not exist.
function refuse(message, q) {
  const reply = Buffer.from(message.subarray(0, q.end));
  reply[2] = 0x80 | (message[2] & 0x79); // QR, the query's opcode and RD
  reply[3] = 0x83; // RA, NXDOMAIN
  reply.writeUInt16BE(1, 4);
  reply.writeUInt16BE(0, 6);
  reply.writeUInt16BE(0, 8);
  reply.writeUInt16BE(0, 10);
  return reply;
}

function lookedUp(message) {
  const q = question(message);
  if (!q) return null;
  write({ kind: 'dns', host: q.name, type: q.type });
  return refuse(message, q);
}

const bare = (address) => String(address || '').replace(/^::ffff:/, '');
let accepted = 0;

function listenUdp() {
  return new Promise((resolve) => {
    const socket = dgram.createSocket({ type: 'udp6', ipv6Only: false });
    socket.on('message', (message, from) => {
      const reply = lookedUp(message);
      if (reply) socket.send(reply, from.port, from.address);
    });
    socket.on('error', () => {
      socket.close();
      const v4 = dgram.createSocket('udp4');
      v4.on('message', (message, from) => {
        const reply = lookedUp(message);
        if (reply) v4.send(reply, from.port, from.address);
      });
      v4.on('error', () => resolve());
      v4.bind(53, '0.0.0.0', () => resolve());
    });
    socket.bind(53, '::', () => resolve());
  });
}

function onConnection(socket) {
  accepted++;
  const port = socket.localPort;
  write({ kind: 'tcp', host: bare(socket.localAddress), port });
  socket.on('error', () => {});
  if (port !== 53) return socket.destroy();
  // DNS over TCP: two length bytes, then the message.
  let pending = Buffer.alloc(0);
  socket.setTimeout(2000, () => socket.destroy());
  socket.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    if (pending.length < 2 || pending.length < 2 + pending.readUInt16BE(0)) return;
    const reply = lookedUp(pending.subarray(2, 2 + pending.readUInt16BE(0)));
    if (!reply) return socket.destroy();
    const length = Buffer.alloc(2);
    length.writeUInt16BE(reply.length);
    socket.end(Buffer.concat([length, reply]));
  });
}

function listenTcp(port) {
  return new Promise((resolve) => {
    const server = net.createServer(onConnection);
    server.once('error', () => {
      const v4 = net.createServer(onConnection);
      v4.once('error', () => resolve());
      v4.listen({ port, host: '0.0.0.0' }, () => resolve());
    });
    server.listen({ port, host: '::', ipv6Only: false }, () => resolve());
  });
}

function setUp() {
  execFileSync(ip, ['link', 'set', 'lo', 'up'], { stdio: 'ignore' });
  execFileSync(ip, ['route', 'add', 'local', '0.0.0.0/0', 'dev', 'lo'], { stdio: 'ignore' });
  try {
    execFileSync(ip, ['-6', 'route', 'add', 'local', '::/0', 'dev', 'lo'], { stdio: 'ignore' });
  } catch {} // a kernel without IPv6: IPv4 is still watched
}

async function main() {
  try {
    setUp();
  } catch {
    write({ kind: 'setup-failed' });
    process.exit(125);
  }
  await Promise.all([listenUdp(), ...PORTS.map(listenTcp)]);
  const before = counters();
  const env = { ...process.env };
  const saved = env.${NAMESPACE_NODE_OPTIONS_ENV};
  delete env.${NAMESPACE_NODE_OPTIONS_ENV};
  if (saved === undefined) delete env.NODE_OPTIONS;
  else env.NODE_OPTIONS = saved;
  const child = spawn(command, args, { stdio: 'inherit', env });
  const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'];
  for (const signal of FORWARDED)
    process.on(signal, () => {
      try {
        child.kill(signal);
      } catch {}
    });
  child.on('error', (error) => {
    write({ kind: 'spawn-error', code: error.code || 'spawn_failed' });
    process.exit(error.code === 'ENOENT' ? 127 : 126);
  });
  child.on('exit', (code, signal) => {
    const after = counters();
    write({ kind: 'counted', tcp: after.tcp - before.tcp, accepted, udp: after.udp - before.udp });
    if (signal) {
      for (const name of FORWARDED) process.removeAllListeners(name);
      try {
        process.kill(process.pid, signal);
      } catch {}
      process.exit(128 + (constants.signals[signal] || 0));
    }
    process.exit(code === null ? 1 : code);
  });
}
main();
`;

/** Write the helper into `dir` (a probe's own temporary directory); returns its path. */
export function writeNamespaceHelper(dir: string): string {
  const helper = join(dir, 'netns-helper.cjs');
  writeFileSync(helper, NAMESPACE_HELPER_SOURCE);
  return helper;
}

/** The command line that runs `command args` inside a fresh namespace with the helper. */
export function namespaceCommandLine(
  namespace: NetworkNamespace,
  command: string,
  args: readonly string[],
): [string, string[]] {
  return [
    namespace.unshare,
    [
      '--user',
      '--map-root-user',
      '--net',
      '--',
      process.execPath,
      namespace.helper,
      namespace.record,
      namespace.ip,
      '--',
      command,
      ...args,
    ],
  ];
}

interface RecordLine {
  kind: string;
  host?: string;
  port?: number;
  code?: string;
  tcp?: number;
  accepted?: number;
  udp?: number;
}

function readRecord(record: string): RecordLine[] {
  let text: string;
  try {
    text = readFileSync(record, 'utf8');
  } catch {
    return [];
  }
  const lines: RecordLine[] = [];
  for (const line of text.split('\n')) {
    try {
      const value = JSON.parse(line) as unknown;
      if (value && typeof value === 'object' && typeof (value as RecordLine).kind === 'string')
        lines.push(value as RecordLine);
    } catch {
      // a line cut short by a kill: nothing to read
    }
  }
  return lines;
}

/** Why the tool itself could not be started inside the namespace (`ENOENT`, `EACCES`), or null. */
export function namespaceSpawnError(record: string): string | null {
  return readRecord(record).find((line) => line.kind === 'spawn-error')?.code ?? null;
}

/**
 * Every attempt the namespace saw, in order: DNS questions (each name once), TCP connects to recorded ports, then
 * what the kernel counted beyond them (connects to other ports, datagrams to ports nobody listened on).
 */
export function readNamespaceAttempts(record: string): NamespaceAttempt[] {
  const attempts: NamespaceAttempt[] = [];
  const seen = new Set<string>();
  for (const line of readRecord(record)) {
    if (line.kind === 'dns' || line.kind === 'tcp') {
      const kind = line.kind;
      const host = String(line.host ?? '');
      const port = kind === 'tcp' && typeof line.port === 'number' ? line.port : null;
      const key = `${kind} ${host} ${port}`;
      if (seen.has(key)) continue;
      seen.add(key);
      attempts.push({ source: 'namespace', kind, host, port });
    } else if (line.kind === 'counted') {
      const tcp = (line.tcp ?? 0) - (line.accepted ?? 0);
      if (tcp > 0)
        attempts.push({ source: 'namespace', kind: 'tcp', host: '', port: null, count: tcp });
      if ((line.udp ?? 0) > 0)
        attempts.push({ source: 'namespace', kind: 'udp', host: '', port: null, count: line.udp! });
    }
  }
  return attempts;
}

function findProgram(name: string): string | undefined {
  const dirs = [
    ...(process.env.PATH ?? '').split(delimiter),
    '/usr/sbin',
    '/sbin',
    '/usr/bin',
    '/bin',
  ].filter((dir) => dir !== '');
  for (const dir of dirs) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not here
    }
  }
  return undefined;
}

/** What the support probe runs inside the namespace: a libc lookup (Node's dns.lookup is getaddrinfo) and a connect. */
const SUPPORT_PROBE = `
const net = require('node:net');
const dns = require('node:dns');
const looked = new Promise((resolve) => dns.lookup('aoi-testkit-probe.example', () => resolve()));
const dialled = new Promise((resolve) => {
  const socket = net.connect(443, '192.0.2.1');
  const done = () => { socket.destroy(); resolve(); };
  socket.once('connect', done).once('error', done).setTimeout(5000, done);
});
Promise.all([looked, dialled]).then(() => process.exit(0));
`;

/** How a run is started: `runProbe` with a namespace. Injected so the support probe uses the kit's one spawner. */
export type NamespaceRunner = (
  namespace: NetworkNamespace,
  command: string,
  args: readonly string[],
) => Promise<{ exitCode: number | null; timedOut: boolean }>;

/**
 * Whether this machine gives a probe a network namespace that sees what it must: a real run of the helper (`run`,
 * with `unshare` and `ip` as `locate` finds them: PATH, then the sbin directories), in which a libc lookup and a
 * TCP connect must both be recorded. A resolver the libc reaches outside the namespace (nscd, systemd-resolved's
 * socket) fails it, and so the proxy tripwire is used instead.
 */
export async function probeNamespaceSupport(
  run: NamespaceRunner,
  locate: (program: 'unshare' | 'ip') => string | undefined = findProgram,
  platform: NodeJS.Platform = process.platform,
): Promise<NamespaceSupport> {
  if (platform !== 'linux')
    return { available: false, reason: `network namespaces are Linux's (this is ${platform})` };
  const unshare = locate('unshare');
  const ip = locate('ip');
  if (!unshare) return { available: false, reason: 'no unshare program (util-linux)' };
  if (!ip) return { available: false, reason: 'no ip program (iproute2)' };
  const dir = makeTempDir('aoi-testkit-netns-');
  try {
    const record = join(dir, 'record.jsonl');
    const namespace = { unshare, ip, helper: writeNamespaceHelper(dir), record };
    const done = await run(namespace, process.execPath, ['-e', SUPPORT_PROBE]);
    const lines = readRecord(record);
    if (lines.some((line) => line.kind === 'setup-failed'))
      return { available: false, reason: `${ip} could not bring loopback up in the namespace` };
    if (done.timedOut || done.exitCode !== 0)
      return {
        available: false,
        reason: `unshare --user --net did not run a probe (${done.timedOut ? 'timed out' : `exit ${done.exitCode}`}; are unprivileged user namespaces allowed?)`,
      };
    const attempts = readNamespaceAttempts(record);
    if (!attempts.some((a) => a.kind === 'dns' && a.host === 'aoi-testkit-probe.example'))
      return {
        available: false,
        reason:
          'a libc lookup inside the namespace did not reach its resolver (nscd or a resolver socket answers outside it?)',
      };
    if (!attempts.some((a) => a.kind === 'tcp' && a.host === '192.0.2.1' && a.port === 443))
      return { available: false, reason: 'a TCP connect inside the namespace was not recorded' };
    return { available: true, unshare, ip };
  } finally {
    removeTempDir(dir);
  }
}
