import { rm } from 'node:fs/promises';
import { makeTempDir, untrackTempDir } from './interrupt.js';
import { startNetworkRecorder, tripwireEnv, type ProxyAttempt } from './network-recorder.js';
import { join } from 'node:path';
import {
  probeNamespaceSupport,
  readNamespaceAttempts,
  writeNamespaceHelper,
  type NamespaceAttempt,
  type NamespaceSupport,
  type NetworkNamespace,
} from './network-namespace.js';
import { runProbe } from './run-probe.js';
import {
  nodeTripwireEnv,
  readNodeAttempts,
  writeNodeTripwire,
  type NodeAttempt,
} from './node-tripwire.js';

/**
 * An attempt to reach the network, seen by the probe's network namespace (`namespace`), or where there is none by
 * the loopback recorder (`proxy`) or the Node preload (`node`).
 */
export type NetworkAttempt = NamespaceAttempt | ProxyAttempt | NodeAttempt;

/** Which tripwire watched a run: a network namespace of its own, or the proxy variables and the Node preload. */
export type TripwireKind = 'namespace' | 'proxy';

/** How to start the run under the tripwire: pass `env` and these options on to `runCli`/`runProbe`. */
export interface TripwireSpawn {
  readonly networkNamespace?: NetworkNamespace;
}

export interface NetworkTripwireOptions {
  /** Point the proxy variables at a loopback recorder (any language; default true). */
  proxy?: boolean;
  /** Load the preload into Node processes through NODE_OPTIONS (default true). */
  node?: boolean;
  /** NODE_OPTIONS to keep in front of the preload (default: this process's). */
  baseNodeOptions?: string;
  /**
   * Use a network namespace where the machine gives one (default false): then the proxy and the preload are not
   * used, since the namespace sees every language. `fn` must pass its second argument on to the run.
   */
  namespace?: boolean;
}

export interface NetworkTripwireResult<T> {
  /** What `fn` returned: usually the {@link Run}. */
  readonly run: T;
  /** Every attempt, the recorder's first, then the preload's; empty when nothing reached for the network. */
  readonly attempts: readonly NetworkAttempt[];
  /** The tripwire that watched, and why not the namespace when it was the proxy. */
  readonly tripwire: TripwireKind;
  readonly fallbackReason?: string;
}

let support: Promise<NamespaceSupport> | undefined;

/**
 * Whether probes get a network namespace here: probed once per process by a real run (see
 * {@link probeNamespaceSupport}), then cached. `AOI_TESTKIT_NETWORK_TRIPWIRE=proxy` keeps the proxy tripwire.
 */
export function networkNamespaceSupport(): Promise<NamespaceSupport> {
  if (process.env.AOI_TESTKIT_NETWORK_TRIPWIRE === 'proxy')
    return Promise.resolve({
      available: false,
      reason: 'AOI_TESTKIT_NETWORK_TRIPWIRE=proxy asks for the proxy tripwire',
    });
  support ??= probeNamespaceSupport((networkNamespace, command, args) =>
    runProbe(command, args, {
      networkNamespace,
      env: { PATH: process.env.PATH ?? '' },
      extendEnv: false,
      timeoutMs: 20_000,
      watchEscapees: false,
    }),
  );
  return support;
}

/** How a verdict names the tripwire that watched a probe. */
export function tripwireName(kind: TripwireKind, fallbackReason?: string): string {
  return kind === 'namespace'
    ? 'a network namespace of its own (every language: DNS, TCP and UDP recorded by the kernel)'
    : `the proxy variables and the Node preload (no network namespace: ${fallbackReason ?? 'not asked for'})`;
}

/** One attempt in a sentence without secrets, naming the tripwire that saw it (`namespace dns example.com`). */
export function describeAttempt(attempt: NetworkAttempt): string {
  if (attempt.source === 'namespace' && attempt.count !== undefined)
    return attempt.kind === 'tcp'
      ? `namespace tcp ${attempt.count} connect(s) to ports nobody listened on`
      : `namespace udp ${attempt.count} datagram(s) to ports nobody listened on`;
  return `${attempt.source} ${attempt.kind} ${attempt.host}${attempt.port !== null ? `:${attempt.port}` : ''}`.trim();
}

/**
 * Run `fn` with an environment in which reaching for the network is recorded and fails (AOI-CLI §3:
 * schema and capabilities must not need the network; AOI-01). Two halves: the proxy variables point at a
 * loopback recorder (catches any CLI that honours them — curl, Go, Python, …) and a Node preload records
 * and refuses connections, UDP and DNS inside Node CLIs, including those that ignore proxies. The
 * preload lets connections to the recorder through, so a proxy-honouring Node CLI is reported once, by
 * the recorder, with its true destination. Pass `env` on to the run; with `extendEnv: false` it is the
 * whole environment.
 *
 * With `namespace: true`, where the machine gives unprivileged user and network namespaces (probed once, see
 * {@link networkNamespaceSupport}), the run happens in a namespace of its own instead, which sees any language
 * (`network-namespace.ts`); pass the second argument on to the run too. `tripwire` says which one watched.
 *
 * @example
 * const { run, attempts } = await withNetworkTripwire((env) => runCli('tool', ['capabilities', '--output', 'json'], { env }));
 * expect(attempts).toEqual([]);
 * const watched = await withNetworkTripwire((env, spawn) => runCli('python3', ['tool.py', 'schema'], { env, ...spawn }), { namespace: true });
 * watched.tripwire; // 'namespace' on Linux with user namespaces, else 'proxy'
 */
export async function withNetworkTripwire<T>(
  fn: (env: Record<string, string>, spawn: TripwireSpawn) => Promise<T>,
  options: NetworkTripwireOptions = {},
): Promise<NetworkTripwireResult<T>> {
  const { proxy = true, node = true } = options;
  const namespace =
    options.namespace === true
      ? await networkNamespaceSupport()
      : { available: false as const, reason: 'the caller asked for the proxy tripwire' };
  const dir = makeTempDir('aoi-testkit-net-');
  if (namespace.available) {
    try {
      const record = join(dir, 'namespace.jsonl');
      const networkNamespace = {
        unshare: namespace.unshare,
        ip: namespace.ip,
        helper: writeNamespaceHelper(dir),
        record,
      };
      const run = await fn({}, { networkNamespace });
      return { run, attempts: readNamespaceAttempts(record), tripwire: 'namespace' };
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
      untrackTempDir(dir);
    }
  }
  const recorder = proxy ? await startNetworkRecorder() : undefined;
  try {
    const preload = node ? writeNodeTripwire(dir) : undefined;
    const env: Record<string, string> = {
      ...(recorder ? tripwireEnv(recorder) : {}),
      ...(preload
        ? nodeTripwireEnv(
            preload,
            recorder ? [`127.0.0.1:${recorder.port}`] : [],
            options.baseNodeOptions,
          )
        : {}),
    };
    const run = await fn(env, {});
    await recorder?.close();
    return {
      run,
      attempts: [...(recorder?.attempts ?? []), ...(preload ? readNodeAttempts(preload) : [])],
      tripwire: 'proxy',
      fallbackReason: namespace.reason,
    };
  } finally {
    await recorder?.close();
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    untrackTempDir(dir);
  }
}
