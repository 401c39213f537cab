/**
 * Records a tool's cmdhelp surface: both discovery forms, each in a fresh HOME/XDG/state directory, then every
 * help invocation the plan names. Runs processes and decides nothing: checks/cmdhelp judges the recording.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { answersCapability } from '../../checks/cmdhelp/probe/capability.js';
import {
  answerOf,
  probeKey,
  type CapabilityProbe,
  type CmdhelpRecording,
  type HelpRun,
} from '../../checks/cmdhelp/probe/types.js';
import { runCli, type RunCliOptions } from '../../run/run-cli.js';
import { inSandbox, Workspace } from '../../run/sandbox.js';
import type { CappedProbe } from '../../checks/output-cap.js';
import { CAPABILITY_PROBES } from '../../spec/cmdhelp/constants.js';
import { helpProbes } from './plan.js';
import { makeTempDir, removeTempDir } from '../../run/interrupt.js';
import {
  describeAttempt,
  tripwireName,
  withNetworkTripwire,
  type TripwireSpawn,
} from '../../run/network-tripwire.js';

export interface CmdhelpRecordOptions extends Pick<
  RunCliOptions,
  'env' | 'cwd' | 'timeoutMs' | 'maxOutputBytes'
> {
  /** At most this many commands are walked (default 64). */
  maxCommands?: number;
}

/** Runs one help invocation of the tool: the words after its own arguments, with extra environment. */
export type HelpRunner = (
  words: readonly string[],
  env?: Readonly<Record<string, string>>,
  spawn?: TripwireSpawn,
) => Promise<HelpRun>;

/**
 * Run `command [...args]` through its cmdhelp surface and keep every answer. Each invocation runs in a sandbox of
 * its own (run/sandbox.ts: state, working directory unless `cwd` names one, HOME with its XDG directories, TMPDIR).
 */
export async function recordCmdhelp(
  command: string,
  args: readonly string[] = [],
  options: CmdhelpRecordOptions = {},
): Promise<CmdhelpRecording> {
  const capped: CappedProbe[] = [];
  const workspace = await Workspace.create('aoi-cmdhelp-');
  const run: HelpRunner = async (words, env = {}, spawn = {}) => {
    const done = await runCli(command, [...args, ...words], {
      ...spawn,
      ...inSandbox(await workspace.dirs(), { env: { ...(options.env ?? {}), ...env } }),
      ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
      timeoutMs: options.timeoutMs ?? 30_000,
      ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
    });
    if (done.outputCapped !== undefined)
      capped.push({ probe: words.join(' '), bytes: done.outputCapped });
    return done;
  };
  // The tool's own NODE_OPTIONS stay in front of the tripwire's preload.
  const baseNodeOptions = options.env?.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? '';
  try {
    const recording = await recordHelpSurface(run, command, args, options.maxCommands, {
      tripwire: { baseNodeOptions },
    });
    return capped.length > 0 ? { ...recording, capped } : recording;
  } finally {
    await workspace.dispose();
  }
}

export interface HelpSurfaceOptions {
  /** Run the capability probe under the AOI lint's network tripwire (a process only: in memory nothing reaches out). */
  tripwire?: { baseNodeOptions: string };
}

/** Record a help surface through any runner (a process, or a tool in memory); `command` and `args` only name it. */
export async function recordHelpSurface(
  run: HelpRunner,
  command: string,
  args: readonly string[] = [],
  maxCommands = 64,
  options: HelpSurfaceOptions = {},
): Promise<CmdhelpRecording> {
  const capability: CapabilityProbe[] = [];
  for (const form of CAPABILITY_PROBES) {
    const tripwire = options.tripwire;
    if (!tripwire) {
      capability.push(await recordCapability(form, run));
      continue;
    }
    // §8: side-effect-free includes "no network calls"; the same tripwire AOI-01 uses sees them.
    const traced = await withNetworkTripwire(
      (netEnv, spawn) =>
        recordCapability(form, (words, env = {}) => run(words, { ...env, ...netEnv }, spawn)),
      { ...tripwire, namespace: true },
    );
    capability.push({
      ...traced.run,
      network: traced.attempts.map(describeAttempt),
      networkTripwire: tripwireName(traced.tripwire, traced.fallbackReason),
    });
  }
  const runs = new Map<string, HelpRun>();
  const recorded = (words: readonly string[]) => {
    const r = runs.get(probeKey(words));
    return r && answerOf(r);
  };
  for (;;) {
    const wanted = new Map(
      helpProbes(capability, recorded, maxCommands).map((words) => [probeKey(words), words]),
    );
    for (const key of runs.keys()) wanted.delete(key);
    if (wanted.size === 0) break;
    const answered = await Promise.all([...wanted.values()].map((words) => run(words)));
    [...wanted.keys()].forEach((key, i) => runs.set(key, answered[i]!));
  }
  return { command, args: [...args], capability, runs, maxCommands };
}

/** One discovery form: run, see what it left in a fresh HOME/XDG/state directory, and run again if it answered. */
async function recordCapability(
  form: readonly string[],
  run: HelpRunner,
): Promise<CapabilityProbe> {
  const home = makeTempDir('aoi-cmdhelp-cap-');
  try {
    const env = {
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_STATE_HOME: join(home, '.state'),
      XDG_CACHE_HOME: join(home, '.cache'),
      XDG_DATA_HOME: join(home, '.data'),
      AOI_TESTKIT_STATE_DIR: home,
    };
    const first = await run(form, env);
    const written = readdirSync(home);
    if (!answersCapability(first)) return { form: [...form], first, written };
    const second = await run(form, { ...env, AOI_TESTKIT_CMDHELP_PROBE: '2' });
    return { form: [...form], first, written, second };
  } finally {
    removeTempDir(home);
  }
}
