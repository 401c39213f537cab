import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** One network attempt the Node preload saw inside the CLI's process (or a Node process it started). */
export interface NodeAttempt {
  readonly source: 'node';
  /** `tcp` and `tls` connects (net, tls, http, https, fetch), `udp` sends, `dns` lookups and queries. */
  readonly kind: 'tcp' | 'tls' | 'udp' | 'dns';
  /** The API that was intercepted, e.g. `net.Socket.connect`, `dns.lookup`. */
  readonly api: string;
  readonly host: string;
  readonly port: number | null;
  /** The destination was this machine (it was still refused: only the recorder's port is allowed). */
  readonly loopback: boolean;
  readonly pid: number;
}

/**
 * The environment variable naming the JSON-lines file the preload appends attempts to.
 *
 * @example
 * nodeTripwireEnv(tripwire)[TRIPWIRE_LOG_ENV] === tripwire.logFile; // true
 */
export const TRIPWIRE_LOG_ENV = 'AOI_TESTKIT_TRIPWIRE_LOG';
/**
 * The environment variable listing `host:port` loopback destinations the preload lets through (the recorder).
 *
 * @example
 * nodeTripwireEnv(tripwire, ['127.0.0.1:41234'])[TRIPWIRE_ALLOW_ENV]; // '127.0.0.1:41234'
 */
export const TRIPWIRE_ALLOW_ENV = 'AOI_TESTKIT_TRIPWIRE_ALLOW';

/**
 * The preload itself, as source, so that it ships inside the bundle and is written where a child can
 * `--import` it. It patches the lowest JavaScript-visible layer: `net.Socket.prototype.connect` (which
 * `net.connect`, `tls.connect`, http, https and fetch/undici all go through, raw TCP included),
 * `dgram.Socket.prototype.send`/`connect`, and the `dns` lookups and queries — so nothing is resolved or
 * sent. Each attempt is recorded and fails at once with ENETUNREACH (DNS: ENOTFOUND), as on a machine
 * with no network.
 *
 * @example
 * writeFileSync(join(dir, 'tripwire.mjs'), NODE_TRIPWIRE_SOURCE); // what writeNodeTripwire(dir) does
 */
export const NODE_TRIPWIRE_SOURCE = String.raw`// aoi-testkit network tripwire (Node preload, loaded with NODE_OPTIONS=--import). Every attempt to reach
// the network — TCP and TLS connects (net, tls, http, https, fetch/undici all end in
// net.Socket.prototype.connect), UDP sends, DNS lookups and queries — is appended as one JSON line to
// $AOI_TESTKIT_TRIPWIRE_LOG and fails at once, before any packet or DNS query leaves the process.
// Unix sockets and named pipes are local IPC and pass; so do loopback ports in $AOI_TESTKIT_TRIPWIRE_ALLOW.
import dgram from 'node:dgram';
import dns from 'node:dns';
import { appendFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';

const MARK = Symbol.for('aoi-testkit.network-tripwire');

if (!globalThis[MARK]) {
  const log = process.env.AOI_TESTKIT_TRIPWIRE_LOG || '';
  Object.defineProperty(globalThis, MARK, { value: Object.freeze({ log }), enumerable: false });
  install(log);
}

function install(log) {
  const allowedPorts = new Set(
    (process.env.AOI_TESTKIT_TRIPWIRE_ALLOW || '')
      .split(',')
      .map((entry) => Number(entry.trim().split(':').pop()))
      .filter((port) => Number.isInteger(port) && port > 0),
  );
  const bare = (host) => String(host).toLowerCase().replace(/^\[|\]$/g, '');
  const isLoopback = (host) => {
    const h = bare(host);
    return h === 'localhost' || h.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '::1' || h === '0:0:0:0:0:0:0:1' || /^::ffff:127\.\d+\.\d+\.\d+$/.test(h);
  };
  const isAllowed = (host, port) => isLoopback(host) && allowedPorts.has(Number(port));

  const record = (kind, api, host, port) => {
    if (!log) return;
    const entry = { source: 'node', kind, api, host: bare(host), port: port == null || Number.isNaN(Number(port)) ? null : Number(port), loopback: isLoopback(host), pid: process.pid };
    try {
      appendFileSync(log, JSON.stringify(entry) + '\n');
    } catch {
      // The log is best effort; the attempt still fails.
    }
  };
  const refused = (syscall, host, port) => {
    const where = port == null ? String(host) : String(host) + ':' + String(port);
    const error = new Error(syscall + ' ENETUNREACH ' + where + ' (blocked by the aoi-testkit network tripwire)');
    error.code = 'ENETUNREACH';
    error.errno = -101;
    error.syscall = syscall;
    error.address = String(host);
    if (port != null) error.port = Number(port);
    return error;
  };
  const notFound = (syscall, host) => {
    const error = new Error(syscall + ' ENOTFOUND ' + String(host) + ' (blocked by the aoi-testkit network tripwire)');
    error.code = 'ENOTFOUND';
    error.syscall = syscall;
    error.hostname = String(host);
    return error;
  };

  // TCP and TLS. net.connect(), tls.connect(), http(s).request() and fetch (undici) all call this.
  const socketConnect = net.Socket.prototype.connect;
  const targetOf = (args) => {
    const list = Array.isArray(args[0]) ? args[0] : args; // net.connect() passes its normalised [options, cb]
    const first = list[0];
    if (first !== null && typeof first === 'object') {
      if (first.path != null) return { path: first.path };
      return { host: first.host || 'localhost', port: first.port };
    }
    if (typeof first === 'string' && !/^\s*\d+\s*$/.test(first)) return { path: first };
    return { host: typeof list[1] === 'string' ? list[1] : 'localhost', port: first };
  };
  net.Socket.prototype.connect = function connect(...args) {
    const target = targetOf(args);
    if (target.path !== undefined || isAllowed(target.host, target.port)) return Reflect.apply(socketConnect, this, args);
    record(this instanceof tls.TLSSocket ? 'tls' : 'tcp', 'net.Socket.connect', target.host, target.port);
    const error = refused('connect', target.host, target.port);
    // Behave like a connect that failed: writes queue meanwhile, then 'error' and 'close'.
    this.connecting = true;
    process.nextTick(() => this.destroy(error));
    return this;
  };

  // UDP.
  const udpDefaultHost = (socket) => (socket.type === 'udp6' ? '::1' : '127.0.0.1');
  const fail = (socket, error, callback) => process.nextTick(() => (typeof callback === 'function' ? callback(error) : socket.emit('error', error)));
  const udpSend = dgram.Socket.prototype.send;
  dgram.Socket.prototype.send = function send(message, ...rest) {
    const callback = typeof rest[rest.length - 1] === 'function' ? rest[rest.length - 1] : undefined;
    const args = callback ? rest.slice(0, -1) : rest;
    const [port, address] = typeof args[1] === 'number' ? [args[2], args[3]] : [args[0], args[1]];
    // No port: a connected socket, whose connect() was already judged.
    if (port == null) return Reflect.apply(udpSend, this, [message, ...rest]);
    const host = typeof address === 'string' && address ? address : udpDefaultHost(this);
    if (isAllowed(host, port)) return Reflect.apply(udpSend, this, [message, ...rest]);
    record('udp', 'dgram.Socket.send', host, port);
    fail(this, refused('send', host, port), callback);
  };
  const udpConnect = dgram.Socket.prototype.connect;
  dgram.Socket.prototype.connect = function connect(port, address, callback) {
    if (typeof address === 'function') {
      callback = address;
      address = undefined;
    }
    const host = typeof address === 'string' && address ? address : udpDefaultHost(this);
    if (isAllowed(host, port)) return Reflect.apply(udpConnect, this, [port, address, callback].filter((arg) => arg !== undefined));
    record('udp', 'dgram.Socket.connect', host, port);
    fail(this, refused('connect', host, port), callback);
  };

  // DNS: a lookup or query of anything but an IP literal or a loopback name would leave the machine.
  const local = (host) => !host || net.isIP(String(host)) !== 0 || isLoopback(host);
  const lookup = dns.lookup;
  dns.lookup = function lookupTripwire(hostname, ...rest) {
    if (local(hostname)) return Reflect.apply(lookup, this, [hostname, ...rest]);
    record('dns', 'dns.lookup', hostname, null);
    const callback = rest[rest.length - 1];
    if (typeof callback === 'function') process.nextTick(callback, notFound('getaddrinfo', hostname));
    return {};
  };
  const promiseLookup = dns.promises.lookup;
  dns.promises.lookup = function lookupTripwire(hostname, ...rest) {
    if (local(hostname)) return Reflect.apply(promiseLookup, this, [hostname, ...rest]);
    record('dns', 'dns.promises.lookup', hostname, null);
    return Promise.reject(notFound('getaddrinfo', hostname));
  };
  const QUERIES = ['resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCaa', 'resolveCname', 'resolveMx', 'resolveNaptr', 'resolveNs', 'resolvePtr', 'resolveSoa', 'resolveSrv', 'resolveTxt', 'reverse', 'lookupService'];
  const patchQueries = (target, api, promises) => {
    for (const name of QUERIES) {
      if (typeof target[name] !== 'function') continue;
      target[name] = function queryTripwire(host, ...rest) {
        record('dns', api + '.' + name, host, name === 'lookupService' ? rest[0] : null);
        const error = notFound(name === 'lookupService' ? 'getnameinfo' : 'query', host);
        if (promises) return Promise.reject(error);
        const callback = rest[rest.length - 1];
        if (typeof callback === 'function') process.nextTick(callback, error);
        return {};
      };
    }
  };
  patchQueries(dns, 'dns', false);
  patchQueries(dns.Resolver.prototype, 'dns.Resolver', false);
  patchQueries(dns.promises, 'dns.promises', true);
  patchQueries(dns.promises.Resolver.prototype, 'dns.promises.Resolver', true);

  // ESM named imports (import { lookup } from 'node:dns') see the patched functions too.
  syncBuiltinESMExports();
}
`;

/** Where a written preload lives and where it logs. */
export interface NodeTripwire {
  /** `file:` URL of the preload, for `--import`. */
  readonly preloadUrl: string;
  /** The JSON-lines log it appends attempts to. */
  readonly logFile: string;
}

/**
 * Write the preload and an empty log into `dir` (a directory the caller owns and removes).
 *
 * @example
 * const tripwire = writeNodeTripwire(await mkdtemp(join(tmpdir(), 'probe-')));
 */
export function writeNodeTripwire(dir: string): NodeTripwire {
  const preload = join(dir, 'aoi-network-tripwire.mjs');
  const logFile = join(dir, 'network-attempts.jsonl');
  writeFileSync(preload, NODE_TRIPWIRE_SOURCE);
  writeFileSync(logFile, '');
  return { preloadUrl: pathToFileURL(preload).href, logFile };
}

/**
 * The environment that loads the preload into a Node CLI (and into every Node process it starts, which
 * inherit `NODE_OPTIONS`). `allow` lists loopback `host:port` pairs to let through — the recorder's.
 * `baseNodeOptions` (default: this process's `NODE_OPTIONS`) is kept in front.
 *
 * @example
 * await runCli('node', ['cli.js', 'schema'], { env: nodeTripwireEnv(tripwire) });
 */
export function nodeTripwireEnv(
  tripwire: NodeTripwire,
  allow: readonly string[] = [],
  baseNodeOptions = process.env.NODE_OPTIONS ?? '',
): Record<string, string> {
  // A file URL has no spaces (they are percent-encoded), so it needs no quoting in NODE_OPTIONS. The recorder's
  // NODE_USE_ENV_PROXY makes Node 22+ warn on stderr that its EnvHttpProxyAgent is experimental: the kit's doing,
  // which a rule reading the tool's stderr (CMDHELP-01/side-effect) must not see. Node 20.11+ knows the flag.
  const nodeOptions = [
    baseNodeOptions.trim(),
    '--disable-warning=UNDICI-EHPA',
    `--import ${tripwire.preloadUrl}`,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    NODE_OPTIONS: nodeOptions,
    [TRIPWIRE_LOG_ENV]: tripwire.logFile,
    [TRIPWIRE_ALLOW_ENV]: allow.join(','),
  };
}

/**
 * The attempts recorded so far, in order. Lines that are not complete JSON (a process killed mid-append) are skipped.
 *
 * @example
 * readNodeAttempts(tripwire); // [{ source: 'node', kind: 'tcp', host: '203.0.113.1', port: 80, … }]
 */
export function readNodeAttempts(tripwire: Pick<NodeTripwire, 'logFile'>): NodeAttempt[] {
  let text: string;
  try {
    text = readFileSync(tripwire.logFile, 'utf8');
  } catch {
    return [];
  }
  const attempts: NodeAttempt[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      attempts.push(JSON.parse(line) as NodeAttempt);
    } catch {
      // Torn write: skip.
    }
  }
  return attempts;
}
