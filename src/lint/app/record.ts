/**
 * Run an Agent Application's probes and record what each did (APP-10…15 are judged from the record, in
 * src/checks/app/probe/). entry.command runs through `sh -c`, from the package root (the contract says so), stdin
 * closed, in one sandbox for all the probes (run/sandbox.ts: a state directory, HOME with its XDG directories,
 * TMPDIR). What runs next follows what ran (the ids seen, whether they
 * held), as the judges read it; nothing here decides a verdict.
 */
import { idsStable } from '../../checks/app/probe/stable-ids.js';
import { idsOf, parseStdout, stdoutOf } from '../../checks/app/probe/json.js';
import { seenIds } from '../../checks/app/probe/output.js';
import { startFailure } from '../../checks/app/probe/start.js';
import type {
  AppConfirmationProbe,
  AppHumanProbe,
  AppInvocation,
  AppProbePlan,
  AppRuns,
} from '../../checks/app/probe/types.js';
import {
  APP_STATE_DIR_ENV,
  FORCED_COLOUR_ENV,
  TERMINAL_HINTS,
  type AppManifest,
} from '../../spec/app/manifest.js';
import { runCli, type Run } from '../../run/run-cli.js';
import type { CappedProbe } from '../../checks/output-cap.js';
import { inSandbox, Workspace } from '../../run/sandbox.js';
import { declaredCommands, UNKNOWN_COMMAND_PROBE } from './plan.js';

export interface AppRunOptions {
  /** An invocation that must fail (APP-11, APP-12). Default: an unknown command. */
  fail?: readonly string[];
  /** Arguments for each confirmation-required command (APP-13). Default: the first entity id the probes saw, if any. */
  confirmArgs?: Readonly<Record<string, readonly string[]>>;
  /** Extra environment for the application; values are treated as secrets and never printed. */
  env?: Record<string, string>;
  /** One more variable to give the state directory in (it is always in APP_STATE_DIR and AOI_TESTKIT_STATE_DIR). */
  stateDirEnv?: string;
  /** Per-invocation timeout (default 15 s). */
  timeoutMs?: number;
  /** Per invocation, stdout plus stderr read before the kit stops and kills the CLI (default `runProbe`'s 64 MiB). */
  maxOutputBytes?: number;
}

/**
 * The setup, then the read (stopping at the first that fails to start), the read twice more, the invocation
 * that must fail, and each confirmation-required command without confirmation, between reads.
 */
export async function recordAppRuns(
  root: string,
  manifest: AppManifest,
  plan: AppProbePlan,
  options: AppRunOptions = {},
): Promise<AppRuns> {
  const command = manifest.entry.command;
  const capped: CappedProbe[] = [];
  const workspace = await Workspace.create('aoi-app-');
  const record = async (): Promise<AppRuns> => {
    const dirs = await workspace.dirs();
    // The sandbox but its working directory: an application runs from its package root.
    const { env: sandboxed, sandbox } = inSandbox(dirs, {
      env: options.env,
      stateDirEnv: options.stateDirEnv,
    });
    const env: Record<string, string> = { ...sandboxed, [APP_STATE_DIR_ENV]: dirs.stateDir };
    // The default as a runtime that pipes stdout sees it: no colour forced by the caller's own terminal or CI.
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter(
        (e): e is [string, string] => e[1] !== undefined && !FORCED_COLOUR_ENV.includes(e[0]),
      ),
    );
    const invoke = async (
      args: readonly string[],
      more: Readonly<Record<string, string>> = {},
    ): Promise<Run> => {
      const run = await runCli('sh', ['-c', `${command} "$@"`, 'sh', ...args], {
        cwd: root,
        env: { ...inherited, ...env, ...more },
        extendEnv: false,
        sandbox,
        stdin: 'closed',
        timeoutMs: options.timeoutMs ?? 15_000,
        ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
      });
      if (run.outputCapped !== undefined)
        capped.push({ probe: [command, ...args].join(' '), bytes: run.outputCapped });
      return run;
    };
    const { read } = plan;
    const setup: AppInvocation[] = [];
    const reads: Run[] = [];
    const started = (): AppRuns => ({ plan, setup, reads, confirmations: [] });

    for (const args of plan.setup) {
      setup.push({ args, run: await invoke(args) });
      if (startFailure(started())) return started();
    }
    if (read.length > 0) {
      reads.push(await invoke(read));
      if (startFailure(started())) return started();
      reads.push(await invoke(read), await invoke(read));
    }

    const failArgs = options.fail ?? [UNKNOWN_COMMAND_PROBE];
    const fail = { args: failArgs, run: await invoke(failArgs) };

    const seen = seenIds(started());
    const stable = idsStable(reads);
    const confirmations: AppConfirmationProbe[] = [];
    // A name commands does not declare is APP-06/unknown-command's finding: not probed, so not blamed twice.
    const declared = declaredCommands(manifest);
    for (const name of (manifest.confirmationRequired ?? []).filter(
      (n) => declared.length === 0 || declared.includes(n),
    )) {
      const args = [name, ...(options.confirmArgs?.[name] ?? seen.slice(0, 1))];
      const before = read.length > 0 ? await invoke(read) : undefined;
      const run = await invoke(args);
      // Read again only where a refusal could be seen to change the state: stable ids, some shown before.
      const shownBefore = before && idsOf(before);
      const after =
        run.exitCode !== 0 && stable && shownBefore && shownBefore.length > 0
          ? await invoke(read)
          : undefined;
      confirmations.push({
        call: { args, run },
        ...(before ? { before } : {}),
        ...(after ? { after } : {}),
      });
    }
    // Last, since the switch may change what later reads show: human output must be opt-in (APP-10).
    let human: AppHumanProbe | undefined;
    if (reads[0] && parseStdout(stdoutOf(reads[0])).kind === 'one') {
      const terminal = await invoke(read, TERMINAL_HINTS);
      if (plan.humanSwitch) {
        const args = [...read, ...plan.humanSwitch];
        const switched = { args, run: await invoke(args) };
        human = { terminal, switched, after: await invoke(read) };
      } else human = { terminal };
    }
    return { plan, setup, reads, fail, confirmations, ...(human ? { human } : {}) };
  };
  let runs: AppRuns;
  try {
    runs = await record();
  } finally {
    await workspace.dispose();
  }
  return capped.length > 0 ? { ...runs, capped } : runs;
}
