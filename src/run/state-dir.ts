import { rm } from 'node:fs/promises';
import { makeTempDir, untrackTempDir } from './interrupt.js';

/**
 * The environment variable a probed CLI (and the kit's fakes) find their state directory in.
 *
 * @example
 * await runCli('tool', ['add', 'x'], { env: { [STATE_DIR_ENV]: dir } });
 */
export const STATE_DIR_ENV = 'AOI_TESTKIT_STATE_DIR';

/** A fresh state directory, as a path and as environment. */
export interface StateDir {
  readonly dir: string;
  /** `{ AOI_TESTKIT_STATE_DIR: dir }`, to spread into a run's `env`. */
  readonly env: { readonly AOI_TESTKIT_STATE_DIR: string };
}

/**
 * Run `fn` with a new, empty, uniquely named temporary directory, then remove it — also when `fn`
 * throws. Each probe gets its own, so parallel workers and repeated probes never see each other's state.
 *
 * @example
 * const run = await withStateDir((dir, env) => runCli('tool', ['init'], { env }));
 */
export async function withStateDir<T>(
  fn: (dir: string, env: StateDir['env']) => Promise<T> | T,
  options: { prefix?: string } = {},
): Promise<T> {
  const dir = makeTempDir(options.prefix ?? 'aoi-testkit-state-');
  try {
    return await fn(dir, { [STATE_DIR_ENV]: dir });
  } finally {
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    untrackTempDir(dir);
  }
}
