import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One attempt to reach the network that the loopback recorder saw. Never the path, headers or body. */
export interface ProxyAttempt {
  readonly source: 'proxy';
  /** `http` for a plain proxied request, `connect` for a CONNECT tunnel (HTTPS), `unparsed` for bytes that were not HTTP. */
  readonly kind: 'http' | 'connect' | 'unparsed';
  /** The HTTP method (`GET`, `CONNECT`, …); empty for `unparsed`. */
  readonly method: string;
  /** Where the client wanted to go; empty for `unparsed`. */
  readonly host: string;
  readonly port: number | null;
}

/** A loopback HTTP proxy that records every attempt and lets none through. */
export interface NetworkRecorder {
  /** `http://127.0.0.1:<port>`: the value for the proxy variables. */
  readonly url: string;
  readonly port: number;
  /** Attempts so far, in arrival order. */
  readonly attempts: readonly ProxyAttempt[];
  /** Stop listening; waits (bounded) for connections still open to be read, so no attempt is missed. */
  close(): Promise<void>;
}

const REFUSAL = 'aoi-testkit network tripwire: network access refused\n';
/** After close(), how long open connections (from clients already gone) may take to be read. */
const CLOSE_DRAIN_MS = 2_000;

function splitHostPort(
  authority: string,
  defaultPort: number | null,
): { host: string; port: number | null } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(authority);
  if (!match) return { host: authority, port: defaultPort };
  return {
    host: match[1]!.replace(/^\[|\]$/g, ''),
    port: match[2] ? Number(match[2]) : defaultPort,
  };
}

function destinationOf(req: IncomingMessage): { host: string; port: number | null } {
  try {
    // A proxied request carries an absolute URL: `GET http://example.invalid/ HTTP/1.1`.
    const url = new URL(req.url ?? '');
    const port = url.port
      ? Number(url.port)
      : url.protocol === 'https:'
        ? 443
        : url.protocol === 'http:'
          ? 80
          : null;
    return { host: url.hostname.replace(/^\[|\]$/g, ''), port };
  } catch {
    // Origin-form (`GET /x`): a client that talked to the recorder directly; the Host header says where.
    return splitHostPort(req.headers.host ?? '', 80);
  }
}

/**
 * Start a loopback recorder on 127.0.0.1 (a free port): an HTTP proxy that records the method, host and
 * port of every request and CONNECT tunnel it is asked for, answers 403 and closes. Point a CLI at it with
 * {@link tripwireEnv}; any CLI that honours the proxy variables is then caught reaching for the network
 * (AOI-CLI §3: discovery must not need it), in any language.
 *
 * @example
 * const recorder = await startNetworkRecorder();
 * try {
 *   await runCli('tool', ['schema'], { env: tripwireEnv(recorder) });
 * } finally {
 *   await recorder.close();
 * }
 * recorder.attempts; // [{ source: 'proxy', kind: 'http', method: 'GET', host: 'api.example.com', port: 80 }]
 */
export async function startNetworkRecorder(): Promise<NetworkRecorder> {
  const attempts: ProxyAttempt[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    attempts.push({
      source: 'proxy',
      kind: 'http',
      method: req.method ?? '',
      ...destinationOf(req),
    });
    // Refuse without reading the body; 403 is not worth retrying.
    res.writeHead(403, {
      'content-type': 'text/plain',
      connection: 'close',
      'x-aoi-testkit': 'network-tripwire',
    });
    res.end(REFUSAL);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    attempts.push({
      source: 'proxy',
      kind: 'connect',
      method: 'CONNECT',
      ...splitHostPort(req.url ?? '', 443),
    });
    socket.on('error', () => {});
    socket.end(
      `HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\ncontent-length: ${REFUSAL.length}\r\nconnection: close\r\nx-aoi-testkit: network-tripwire\r\n\r\n${REFUSAL}`,
    );
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    attempts.push({
      source: 'proxy',
      kind: 'http',
      method: req.method ?? '',
      ...destinationOf(req),
    });
    socket.on('error', () => {});
    socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\n\r\n');
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Bytes that are not HTTP (a SOCKS handshake, TLS straight at the proxy) still mean "tried the network".
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') {
      attempts.push({ source: 'proxy', kind: 'unparsed', method: '', host: '', port: null });
    }
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    attempts,
    close() {
      closing ??= new Promise<void>((resolve) => {
        // One turn of the event loop first, so connections already queued in the backlog are accepted.
        setImmediate(() => closeServer(resolve));
      });
      return closing;
    },
  };

  function closeServer(resolve: () => void): void {
    server.close(() => resolve());
    // Clients are normally gone by now: their connections end once what they sent has been read.
    const deadline = setTimeout(() => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
    }, CLOSE_DRAIN_MS);
    server.once('close', () => clearTimeout(deadline));
    server.closeIdleConnections();
  }
}

/**
 * The environment that sends a CLI's traffic to the recorder: `HTTP_PROXY`, `HTTPS_PROXY`, `ALL_PROXY`,
 * their lower-case forms, `NODE_USE_ENV_PROXY=1` (Node ≥ 24 then proxies fetch and http too), and
 * `NO_PROXY`/`no_proxy` set empty so that no host is exempt.
 *
 * @example
 * tripwireEnv(recorder).HTTPS_PROXY; // 'http://127.0.0.1:41234'
 */
export function tripwireEnv(recorder: Pick<NetworkRecorder, 'url'>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY']) {
    env[name] = recorder.url;
    env[name.toLowerCase()] = recorder.url;
  }
  env.NO_PROXY = '';
  env.no_proxy = '';
  env.NODE_USE_ENV_PROXY = '1';
  return env;
}
