/**
 * What a tool supports, found by asking it: each live spec's `detect` (lint/<spec>/index.ts) side by side, every
 * probe bounded by a timeout, with stdin closed, in a fresh state directory, and all of them by one output budget
 * (a tool flooding every command costs about one cap, not one per spec). AOI-CLI (a §17 capabilities manifest),
 * cmdhelp (the capability line), exec (the dispatch manifest lists `exec`) and an Agent Application package (an
 * APP.md). AOI's `capabilities` is asked as the AOI lint's discovery asks it, so that the lint takes the answer
 * instead of asking again; the runs are in `runs`.
 */
import { outputBudgetFor } from '../run/output-budget.js';
import { Workspace } from '../run/sandbox.js';
import { bySpec, LIVE_SPEC_IDS, type LiveSpecId } from '../spec/specs.js';
import type { ReusableProbe } from './aoi/runner.js';
import {
  endOf,
  sandboxedRun,
  type DetectContext,
  type DetectedFacts,
  type DetectionRun,
  type DetectionRuns,
  type DetectOptions,
  type SpecDetection,
} from './live.js';
import { LIVE_SPECS } from './live-specs.js';

export type { DetectionRun, DetectionRuns, DetectOptions, SpecDetection } from './live.js';
export { locateExecManifest, manifestCommands, type ExecManifestLocation } from './exec/detect.js';
export { findAppDir } from './app/index.js';

/** The specs detection looks for: the live ones of SPECS. */
export const SPEC_IDS = LIVE_SPEC_IDS;
export type SpecId = LiveSpecId;

export interface Detection extends DetectedFacts {
  readonly specs: Record<SpecId, SpecDetection>;
  /** What detection asked the tool, and the answers, for the spec runners to take instead of asking again. */
  readonly runs: DetectionRuns;
}

/**
 * Probe `command [...args]` for each live spec (each spec's `detect`, side by side). `command` may be undefined
 * (only an application directory to look at). Never throws for a misbehaving or missing program: it then
 * supports nothing.
 */
export async function detectSpecs(
  command: string | undefined,
  args: readonly string[],
  options: DetectOptions = {},
): Promise<Detection> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const work = await Workspace.create('aoi-detect-');
  const budget = outputBudgetFor(options.maxOutputBytes);
  const byArgv: Record<string, DetectionRun> = {};
  const aoi: ReusableProbe[] = [];
  const ctx: DetectContext = {
    command,
    args,
    options,
    timeoutMs,
    budget,
    record(run) {
      byArgv[run.argv.join(' ')] = run;
    },
    reuse(probes) {
      aoi.push(...probes);
    },
    ended: (r) => endOf(r, timeoutMs),
    async run(extra) {
      if (command === undefined) return undefined;
      try {
        const run = await sandboxedRun(
          work,
          command,
          [...args, ...extra],
          { ...options, budget },
          timeoutMs,
        );
        ctx.record({ argv: extra, env: options.env ?? {}, stateDir: 'empty', timeoutMs, run });
        return run;
      } catch {
        return undefined;
      }
    },
  };
  try {
    const found = await Promise.all(LIVE_SPECS.map((spec) => spec.detect(ctx)));
    // Each spec's findings (an application package, the dispatch manifest's words) for the lint to take.
    const facts: DetectedFacts = Object.assign(
      {},
      ...found.map(({ detected: _, reason: __, ...f }) => f),
    );
    return {
      specs: bySpec(LIVE_SPEC_IDS, (id) => {
        const { detected, reason } = found[LIVE_SPEC_IDS.indexOf(id)]!;
        return { spec: id, detected, reason };
      }),
      ...facts,
      runs: { aoi, byArgv },
    };
  } finally {
    await work.dispose();
  }
}

/**
 * Detection's per-probe timeout from the user's `--timeout-ms`: 5 s when none is given, and never more than 10 s,
 * since detection only asks whether a spec is there (a tool that takes longer to say so supports none); the specs
 * themselves then run with the user's timeout.
 */
export function detectionTimeoutMs(userMs: number | undefined): number {
  return Math.min(userMs ?? 5_000, 10_000);
}
