/**
 * `aoi-testkit/run`: start CLIs as real processes and capture {@link Run}s, plus the probes a live-process
 * AOI linter needs — close stdout early, signal after N events, canary secrets, a network tripwire, a
 * fresh state directory. Every process leads its own process group, which is SIGKILLed on timeout and
 * once the CLI has exited, so no probe can hang a test or leave orphans.
 */

/**
 * Run a CLI and capture stdout/stderr bytes, exit code, signal, timing ({@link Run}); options
 * ({@link RunCliOptions}): `stdin` closed/open/bytes, `env`, `extendEnv`, `cwd`, `timeoutMs`.
 *
 * @example
 * const run: Run = await runCli('notes', ['schema', '--output', 'json'], { timeoutMs: 10_000 });
 * expect(run.exitCode).toBe(0);
 */
export { runCli, type Run, type RunCliOptions } from './run-cli.js';

/**
 * Run a CLI like `runCli`, with probes that act on the number of stdout lines read (never on time):
 * `closeStdoutAfterLines` (AOI-CLI §7 pipe close) and `signalAfterLines` ({@link SignalAfterLines}: §7
 * SIGINT/SIGTERM). Options: {@link ProbeOptions}; result: {@link ProbeRun}, whose `probe`
 * ({@link ProbeRecord}) says when each probe acted ({@link ProbeAction}).
 *
 * @example
 * const closed = await runProbe('notes', ['list', '--output', 'jsonl'], { closeStdoutAfterLines: 3, graceMs: 2_000 });
 * expect(Buffer.from(closed.stderr).toString()).not.toMatch(/^\s+at /m); // no stack trace
 *
 * const interrupted = await runProbe('notes', ['watch'], { signalAfterLines: { lines: 2, signal: 'SIGINT' } });
 * expect(interrupted.exitCode).toBe(130);
 */
export {
  runProbe,
  type Escapee,
  type EscapeTie,
  type ProbeAction,
  type ProbeOptions,
  type ProbeRecord,
  type ProbeRun,
  type SignalAfterLines,
} from './run-probe.js';

/**
 * A byte budget many concurrent runs share ({@link OutputBudget}); each run takes a {@link BudgetShare}
 * (`runProbe`'s `budget`), pauses reading while the budget is spent, and gives its bytes back on `release()`.
 *
 * @example
 * const budget = new OutputBudget(32 * 1024 * 1024);
 * const share = budget.share();
 * const run = await runProbe('notes', ['list', '--output', 'jsonl'], { budget: share });
 * // … judge run.stdout …
 * share.release();
 */
export { OutputBudget, BudgetShare } from './output-budget.js';

/**
 * Canary secrets (AOI-CLI §11, AOI-09): `makeCanaries(seed?)` gives distinct values ({@link Canary},
 * planted `via` a {@link CanaryVia}) and a plan ({@link Canaries}) to plant them in argv, the environment
 * ({@link CANARY_ENV_NAMES}) and a URL.
 *
 * @example
 * const canaries = makeCanaries('my-suite');
 * const run = await runCli('notes', ['list', ...canaries.argv, '--remote', canaries.url], { env: { ...canaries.env } });
 */
export {
  makeCanaries,
  CANARY_ENV_NAMES,
  type Canaries,
  type Canary,
  type CanaryVia,
} from './canaries.js';

/**
 * Where canaries leaked: each {@link Leak} names the stream, line, column and {@link LeakForm} (raw,
 * URL-encoded, base64) with a masked excerpt — never the secret.
 *
 * @example
 * const leaks = findLeaks(run, canaries);
 * expect(leaks).toEqual([]); // else e.g. [{ canary: 'env GITHUB_TOKEN', stream: 'stderr', line: 1, form: 'raw', … }]
 */
export { findFileLeaks, findLeaks, type FileLeak, type Leak, type LeakForm } from './find-leaks.js';

/**
 * The proxy half of the network tripwire: a loopback HTTP proxy ({@link NetworkRecorder}) that records
 * each attempted request or CONNECT ({@link ProxyAttempt}: method, host, port) and refuses it;
 * `tripwireEnv` gives the proxy variables that point any proxy-honouring CLI at it.
 *
 * @example
 * const recorder = await startNetworkRecorder();
 * const run = await runCli('curl', ['-sS', 'https://example.invalid/'], { env: tripwireEnv(recorder) });
 * await recorder.close();
 * expect(recorder.attempts).toEqual([]); // fails: [{ kind: 'connect', host: 'example.invalid', port: 443, … }]
 */
export {
  startNetworkRecorder,
  tripwireEnv,
  type NetworkRecorder,
  type ProxyAttempt,
} from './network-recorder.js';

/**
 * The in-process half of the tripwire for Node CLIs: a preload (`NODE_TRIPWIRE_SOURCE`) written with
 * `writeNodeTripwire(dir)` ({@link NodeTripwire}) and loaded by `nodeTripwireEnv` through NODE_OPTIONS;
 * it records TCP/TLS/UDP/DNS attempts ({@link NodeAttempt}) to the file in `TRIPWIRE_LOG_ENV`, lets
 * loopback ports in `TRIPWIRE_ALLOW_ENV` through, and fails everything else. Most users want
 * `withNetworkTripwire` instead.
 *
 * @example
 * const tripwire = writeNodeTripwire(dir);
 * await runCli('node', ['cli.js', 'schema'], { env: nodeTripwireEnv(tripwire) });
 * expect(readNodeAttempts(tripwire)).toEqual([]);
 */
export {
  NODE_TRIPWIRE_SOURCE,
  TRIPWIRE_ALLOW_ENV,
  TRIPWIRE_LOG_ENV,
  nodeTripwireEnv,
  readNodeAttempts,
  writeNodeTripwire,
  type NodeAttempt,
  type NodeTripwire,
} from './node-tripwire.js';

/**
 * Both halves at once (AOI-CLI §3, AOI-01): `fn` gets the environment, the result
 * ({@link NetworkTripwireResult}) holds its run and every {@link NetworkAttempt}. Options
 * ({@link NetworkTripwireOptions}) turn either half off. With `namespace: true` the run happens in a network
 * namespace of its own where Linux allows one (`networkNamespaceSupport()` says whether, and why not): it sees
 * any language; `fn` passes its second argument ({@link TripwireSpawn}) on to `runCli`.
 *
 * @example
 * const { run, attempts } = await withNetworkTripwire((env) => runCli('notes', ['schema', '--output', 'json'], { env }));
 * expect(attempts).toEqual([]);
 * const any = await withNetworkTripwire((env, spawn) => runCli('python3', ['notes.py', 'schema'], { env, ...spawn }), { namespace: true });
 * expect(any.attempts).toEqual([]); // any.tripwire: 'namespace' or 'proxy'
 */
export {
  networkNamespaceSupport,
  withNetworkTripwire,
  type NetworkAttempt,
  type NetworkTripwireOptions,
  type NetworkTripwireResult,
  type TripwireKind,
  type TripwireSpawn,
} from './network-tripwire.js';
export type { NamespaceAttempt, NamespaceSupport } from './network-namespace.js';

/**
 * A fresh temporary state directory per probe, passed as a path and as `STATE_DIR_ENV`
 * (`AOI_TESTKIT_STATE_DIR`, {@link StateDir}), removed afterwards.
 *
 * @example
 * const run = await withStateDir((dir, env) => runCli('notes', ['add', 'x'], { env, cwd: dir }));
 */
export { STATE_DIR_ENV, withStateDir, type StateDir } from './state-dir.js';
