import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  candidateAnswers,
  planCandidates,
  planFromAnswers,
  type ExecPlan,
} from '../../checks/exec/plan.js';
import { sameAsStdin } from '../../checks/exec/probe/input-file.js';
import { manifestCommands } from '../../checks/exec/probe/manifest.js';
import { mutationShows } from '../../checks/exec/probe/dry-run.js';
import { startsProcessPerLine } from '../../checks/exec/probe/processes.js';
import {
  answeredNothing,
  jsonl,
  type ExecProbeKey,
  type ExecRecording,
  type ExecRun,
} from '../../checks/exec/probe/types.js';
import { runCli } from '../../run/run-cli.js';
import { machineBusy, STARVED_RETRY_FACTOR } from '../../run/load.js';
import { inSandbox, Workspace, type ProbeDirs } from '../../run/sandbox.js';
import { DEFAULT_EXEC_MANIFEST_ARGS } from '../../spec/exec/types.js';

export interface RecordExecOptions {
  /** The lines to drive exec with (default: a plan built from the manifest's safe commands, see `planFromAnswers`). */
  plan?: ExecPlan;
  /** The words that select exec (default `['exec']`). */
  execArgs?: readonly string[];
  /** The words that print the dispatch manifest (default `manifest --output json`, where the guide puts it). */
  manifestArgs?: readonly string[];
  /**
   * The variable that names the tool's state directory (it is always in `AOI_TESTKIT_STATE_DIR` too). Each probe
   * (and the inspect line after it, in the same state) runs in a sandbox of its own: state, working directory,
   * HOME with its XDG directories, TMPDIR.
   */
  stateDirEnv?: string;
  /** Extra environment for every run; `{stateDir}` and `{home}` are filled in with the probe's sandbox. */
  env?: Record<string, string>;
  /** Per probe (default 20 s). */
  timeoutMs?: number;
  /** Per probe, stdout plus stderr read before the kit stops and kills the tool (default `runProbe`'s 64 MiB). */
  maxOutputBytes?: number;
  /** Lines of the large batch (default 5,000: well over a 64 KiB pipe buffer in and out). */
  bulkLines?: number;
  /** How long the large batch may take before it counts as deadlocked and is killed (default three times `timeoutMs`). */
  bulkTimeoutMs?: number;
}

/** A Node preload that appends each process's pid to a log: how many processes one exec started (EXEC-11). */
const SPAWN_LOG_SOURCE = `require('node:fs').appendFileSync(process.env.AOI_TESTKIT_EXEC_SPAWN_LOG, process.pid + '\\n');\n`;

/**
 * Run a tool's `exec` through every probe of EXEC-01…11 and record each run by its probe key: the manifest,
 * (without a plan) a batch of its safe commands to build one from, batches with and without --ignore-errors,
 * a malformed one, --dry-run and `_opts` with the inspect line after each (every probe in a fresh state
 * directory, the inspect line in the same one), --input-file with stdin closed and left open, a batch under a
 * preload that counts the processes it starts, and a large batch. A probe whose prerequisite the recorded runs
 * do not meet (no plan, no answer, a mutation that leaves no trace) is not run: the judges say why.
 */
export async function recordExec(
  command: string,
  args: readonly string[] = [],
  options: RecordExecOptions = {},
): Promise<ExecRecording> {
  const execArgs = options.execArgs ?? ['exec'];
  const manifestArgs = options.manifestArgs ?? DEFAULT_EXEC_MANIFEST_ARGS;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const runs: Partial<Record<ExecProbeKey, ExecRun>> = {};
  const workspace = await Workspace.create('aoi-exec-');
  const work = workspace.root;
  const fresh = () => workspace.dirs();
  let plan = options.plan;
  let planSource: ExecRecording['planSource'] = plan ? 'given' : 'none';
  let planProblem: string | undefined;
  const recording = (): ExecRecording => ({
    command,
    args,
    execArgs,
    manifestArgs,
    ...(plan ? { plan } : {}),
    planSource,
    ...(planProblem !== undefined ? { planProblem } : {}),
    runs,
  });

  const record = async (
    probe: ExecProbeKey,
    argv: readonly string[],
    stdin: 'closed' | 'open' | string,
    sandbox: ProbeDirs | Promise<ProbeDirs>,
    more: { env?: Record<string, string>; timeoutMs?: number } = {},
  ): Promise<ExecRun> => {
    const ms = more.timeoutMs ?? timeoutMs;
    const run = await runCli(command, argv, {
      stdin,
      ...inSandbox(await sandbox, {
        env: { ...options.env, ...more.env },
        stateDirEnv: options.stateDirEnv,
      }),
      timeoutMs: ms,
      ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
    });
    return (runs[probe] = { ...run, stdin, timeoutMs: ms });
  };
  const exec = (
    probe: ExecProbeKey,
    extra: readonly string[],
    stdin: 'closed' | 'open' | string,
    sandbox: ProbeDirs | Promise<ProbeDirs>,
    more?: { env?: Record<string, string>; timeoutMs?: number },
  ) => record(probe, [...args, ...execArgs, ...extra], stdin, sandbox, more);
  // A probe judged on whether it finishes in time: out of time on a busy machine, it may have been starved rather
  // than stuck, so it runs again, longer, in fresh state before the tool is blamed (a verdict must not depend on load).
  const inTime = async (
    probe: ExecProbeKey,
    extra: readonly string[],
    stdin: 'closed' | 'open' | string,
    ms: number,
  ): Promise<ExecRun> => {
    const run = await exec(probe, extra, stdin, fresh(), { timeoutMs: ms });
    return run.timedOut && machineBusy()
      ? exec(probe, extra, stdin, fresh(), { timeoutMs: ms * STARVED_RETRY_FACTOR })
      : run;
  };

  try {
    const commands = manifestCommands(
      await record('manifest', [...args, ...manifestArgs], 'closed', fresh()),
    );

    // No plan given: try the manifest's safe commands in one batch, and keep those that succeed.
    if (!plan) {
      const candidates = commands ? planCandidates(commands) : [];
      if (!commands)
        planProblem = `\`${manifestArgs.join(' ')}\` gave no commands map to build one from`;
      else if (candidates.length === 0)
        planProblem = 'the manifest has no safe command without required flags to try';
      else {
        const tried = await exec('plan', ['--ignore-errors'], jsonl(candidates), fresh());
        if (tried.timedOut)
          planProblem = `a batch of the ${candidates.length} safe command(s) did not finish in ${timeoutMs} ms`;
        else if (!answeredNothing(tried)) {
          const built = planFromAnswers(candidates, candidateAnswers(tried), commands);
          if ('plan' in built) {
            plan = built.plan;
            planSource = 'manifest';
          } else planProblem = built.problem;
        }
      }
      if (!plan) return recording();
    }

    const { ok, bulk } = plan;
    const mixed = jsonl([...ok, plan.failing, plan.inspect]);
    if (answeredNothing(await exec('ignore-errors', ['--ignore-errors'], mixed, fresh())))
      return recording();
    await exec('default', [], mixed, fresh());
    await exec('all-ok', [], jsonl(ok), fresh());

    const inspect = jsonl([plan.inspect]);
    await exec('baseline', [], inspect, fresh());
    const first = plan.mutating ?? ok[0]!;
    const malformedDir = await fresh();
    await exec('malformed', [], jsonl([first, '{"_cmd": "', first]), malformedDir);
    await exec('malformed-inspect', [], inspect, malformedDir);
    // --ignore-errors covers failed lines, never a malformed stream: still exit 2 and nothing dispatched.
    const malformedIgnoreDir = await fresh();
    await exec(
      'malformed-ignore-errors',
      ['--ignore-errors'],
      jsonl([first, '{"_cmd": "', first]),
      malformedIgnoreDir,
    );
    await exec('malformed-ignore-errors-inspect', [], inspect, malformedIgnoreDir);

    if (plan.mutating) {
      const mutatedDir = await fresh();
      await exec('mutation', [], jsonl([plan.mutating]), mutatedDir);
      await exec('mutation-inspect', [], inspect, mutatedDir);
    }
    const shows = mutationShows(recording());
    const dryRunDir = await fresh();
    await exec(
      'dry-run',
      ['--dry-run', '--ignore-errors'],
      jsonl([...(shows ? [plan.mutating!] : []), plan.inspect]),
      dryRunDir,
    );
    await exec('dry-run-inspect', [], inspect, dryRunDir);

    if (plan.bareFlag && shows) {
      const bareDir = await fresh();
      await exec('opts-bare', [], jsonl([plan.bareFlag]), bareDir);
      await exec('opts-bare-inspect', [], inspect, bareDir);
      // The bare flag's line, then the mutating line: its _opts must not reach the line after it.
      const leakDir = await fresh();
      await exec('opts-leak', [], jsonl([plan.bareFlag, plan.mutating!]), leakDir);
      await exec('opts-leak-inspect', [], inspect, leakDir);
    }
    if (plan.valuedFlag) {
      const v = plan.valuedFlag;
      await exec('opts-valued', [], jsonl([...v.setup, v.line]), fresh());
      await exec('opts-valued-without', [], jsonl([...v.setup, v.without]), fresh());
    }

    const batch = jsonl(ok);
    const file = join(work, 'batch.jsonl');
    writeFileSync(file, batch);
    // The batch on stdin is the all-ok run (the same argv, lines and fresh state): taken, not run again.
    const viaStdin = (runs.stdin = runs['all-ok']!);
    const viaFile = await exec('input-file', ['--input-file', file], 'closed', fresh());
    if (sameAsStdin(viaStdin, viaFile))
      await inTime(
        'input-file-stdin-open',
        ['--input-file', file],
        'open',
        Math.min(timeoutMs, 10_000),
      );

    // Before the large batch: a preload logs every Node process the batch starts.
    const log = join(work, 'spawn.log');
    const preload = join(work, 'spawn-log.cjs');
    writeFileSync(preload, SPAWN_LOG_SOURCE);
    writeFileSync(log, '');
    const lines = Array.from({ length: 12 }, (_, i) => ok[i % ok.length]!);
    const base = options.env?.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? '';
    const counted = await exec('process-count', [], jsonl(lines), fresh(), {
      env: {
        AOI_TESTKIT_EXEC_SPAWN_LOG: log,
        NODE_OPTIONS: `${base} --require ${JSON.stringify(preload)}`.trim(),
      },
    });
    runs['process-count'] = {
      ...counted,
      processes: new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean)).size,
    };

    // The large batch through both pipes at once, killed when it outlives its timeout (a deadlock never ends by
    // itself); not run when every line starts a process (it would take minutes).
    if (!startsProcessPerLine(runs['process-count'])) {
      const n = options.bulkLines ?? 5_000;
      await inTime(
        'large',
        [],
        jsonl(Array.from({ length: n }, () => bulk)),
        options.bulkTimeoutMs ?? timeoutMs * 3,
      );
    }
    return recording();
  } finally {
    await workspace.dispose();
  }
}
