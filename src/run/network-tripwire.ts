import { rm } from 'node:fs/promises';
import { makeTempDir, untrackTempDir } from './interrupt.js';
import { startNetworkRecorder, tripwireEnv, type ProxyAttempt } from './network-recorder.js';
import {
  nodeTripwireEnv,
  readNodeAttempts,
  writeNodeTripwire,
  type NodeAttempt,
} from './node-tripwire.js';

/** An attempt to reach the network, seen by the loopback recorder (`proxy`) or the Node preload (`node`). */
export type NetworkAttempt = ProxyAttempt | NodeAttempt;

export interface NetworkTripwireOptions {
  /** Point the proxy variables at a loopback recorder (any language; default true). */
  proxy?: boolean;
  /** Load the preload into Node processes through NODE_OPTIONS (default true). */
  node?: boolean;
  /** NODE_OPTIONS to keep in front of the preload (default: this process's). */
  baseNodeOptions?: string;
}

export interface NetworkTripwireResult<T> {
  /** What `fn` returned: usually the {@link Run}. */
  readonly run: T;
  /** Every attempt, the recorder's first, then the preload's; empty when nothing reached for the network. */
  readonly attempts: readonly NetworkAttempt[];
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
 * @example
 * const { run, attempts } = await withNetworkTripwire((env) => runCli('tool', ['capabilities', '--output', 'json'], { env }));
 * expect(attempts).toEqual([]);
 */
export async function withNetworkTripwire<T>(
  fn: (env: Record<string, string>) => Promise<T>,
  options: NetworkTripwireOptions = {},
): Promise<NetworkTripwireResult<T>> {
  const { proxy = true, node = true } = options;
  const dir = makeTempDir('aoi-testkit-net-');
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
    const run = await fn(env);
    await recorder?.close();
    return {
      run,
      attempts: [...(recorder?.attempts ?? []), ...(preload ? readNodeAttempts(preload) : [])],
    };
  } finally {
    await recorder?.close();
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    untrackTempDir(dir);
  }
}
