/**
 * The AOI-CLI spec as a live spec of the program lint: detected by a §17 capabilities manifest, judged by `lintCli`
 * (AOI-01…13), which takes detection's capabilities answer instead of asking again.
 */
import type { ProbeOutcome } from '../../checks/aoi/probe/types.js';
import { makeCanaries } from '../../run/canaries.js';
import { validateCapabilities } from '../../spec/aoi/schemas.js';
import { specOfRule } from '../../spec/specs.js';
import { isObject } from '../../stream/json.js';
import { parseJson, text, type DetectContext, type LiveSpec, type SpecFound } from '../live.js';
import type { ProgramOptions } from '../program.js';
import { lintCli, type LintReport } from './lint.js';
import { DEFAULT_MACHINE_FLAG, DEFAULT_SURFACE } from './plan.js';
import { capabilitiesProbe } from './probes/discovery.js';
import { ProbeRunner, type ReusableProbe } from './runner.js';
import { processTarget, type LintTarget } from './target.js';

export const aoiSpec: LiveSpec = {
  id: 'aoi',
  detect,
  async lint(ctx) {
    if (ctx.program === undefined) return undefined;
    const report = await lintAoi(
      processTarget(ctx.program, ctx.programArgs),
      ctx.options,
      ctx.detected?.runs?.aoi,
    );
    return {
      result: {
        spec: 'aoi',
        status: 'run',
        verdicts: report.verdicts,
        durationMs: report.durationMs,
      },
      aoi: report,
    };
  },
};

/** The AOI lint (AOI-01…13) of a target; it takes detection's answers instead of asking again (`reuse`). */
export async function lintAoi(
  target: LintTarget,
  options: ProgramOptions,
  reuse: readonly ReusableProbe[] | undefined,
): Promise<LintReport> {
  const {
    specs: _specs,
    only = [],
    execPlan: _plan,
    execManifest: _manifest,
    execEnvelope: _envelope,
    execFailure: _failure,
    appDir: _appDir,
    appSetup: _appSetup,
    appRead: _appRead,
    appHuman: _appHuman,
    onNote: _onNote,
    ...aoi
  } = options;
  return lintCli(target, {
    ...aoi,
    only: only.filter((rule) => specOfRule(rule)?.id === 'aoi'),
    ...(reuse ? { reuse } : {}),
  });
}

/** A §17 capabilities manifest, asked as the AOI lint's discovery asks it. */
async function detect(ctx: DetectContext): Promise<SpecFound> {
  const machineFlag = ctx.options.machineFlag ?? DEFAULT_MACHINE_FLAG;
  const asked = capabilitiesProbe(true, { ...DEFAULT_SURFACE, machineFlag }).args.join(' ');
  if (ctx.command === undefined) return { detected: false, reason: 'no program given' };
  const capabilities = await aoiCapabilities(ctx, machineFlag);
  if (!capabilities || capabilities.timedOut || capabilities.exitCode !== 0)
    return { detected: false, reason: `${asked} ${ctx.ended(capabilities)}` };
  const value = parseJson(text(capabilities.stdout));
  const problems = value === undefined ? ['not JSON'] : validateCapabilities(value);
  // §17 is a SHOULD: a JSON object listing its commands is a manifest, if not quite §17's.
  return problems.length === 0 || (isObject(value) && Array.isArray(value.commands))
    ? {
        detected: true,
        reason: `${asked} is a §17 manifest${problems.length > 0 ? ` (with ${problems.length} schema error(s))` : ''}`,
      }
    : {
        detected: false,
        reason: `${asked} is not a §17 manifest (${value === undefined ? 'not one JSON document' : `${problems.length} schema error(s)`})`,
      };
}

/**
 * `capabilities --output json` asked exactly as the AOI lint's discovery asks it (a fresh sandbox, no
 * secret-looking variables, the network tripped, stdin an open pipe), so that the lint can take this answer
 * instead of asking again. Undefined when the program cannot be started.
 */
async function aoiCapabilities(
  ctx: DetectContext,
  machineFlag: readonly string[],
): Promise<ProbeOutcome | undefined> {
  const runner = await ProbeRunner.create(processTarget(ctx.command!, ctx.args), {
    env: ctx.options.env ?? {},
    timeoutMs: ctx.timeoutMs,
    graceMs: 5_000,
    canaries: makeCanaries(),
    record: true,
    budget: ctx.budget,
    ...(ctx.options.maxOutputBytes !== undefined
      ? { maxOutputBytes: ctx.options.maxOutputBytes }
      : {}),
  });
  try {
    const probe = capabilitiesProbe(true, { ...DEFAULT_SURFACE, machineFlag });
    const { run } = await runner.probe(probe.args, probe.settings);
    ctx.reuse(runner.recorded);
    return run;
  } catch {
    return undefined;
  } finally {
    await runner.dispose();
  }
}
