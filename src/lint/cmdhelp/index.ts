/**
 * The cmdhelp spec as a live spec of the program lint: detected by a capability line (`help --capabilities`, else
 * `--cmdhelp-capabilities`, printing `cmdhelp/…`), judged by `checkCmdhelp` (CMDHELP-01…08) in a fresh state
 * directory unless the environment names one.
 */
import type { Run } from '../../run/run-cli.js';
import { makeTempDir, removeTempDir } from '../../run/interrupt.js';
import { text, type DetectContext, type LiveSpec, type SpecFound } from '../live.js';
import { keep } from '../multi.js';
import { checkCmdhelp } from './check.js';

export const cmdhelpSpec: LiveSpec = {
  id: 'cmdhelp',
  detect,
  announce: ({ command }) => (command === undefined ? undefined : 'running the cmdhelp checks'),
  async lint({ command, args, run }) {
    if (command === undefined) return undefined;
    const started = performance.now();
    const state = makeTempDir('aoi-lint-cmdhelp-');
    try {
      const report = await checkCmdhelp(command, args, {
        env: { AOI_TESTKIT_STATE_DIR: state, ...run.env },
        ...(run.timeoutMs !== undefined ? { timeoutMs: run.timeoutMs } : {}),
        ...(run.maxOutputBytes !== undefined ? { maxOutputBytes: run.maxOutputBytes } : {}),
        strict: run.strict,
      });
      return {
        result: {
          spec: 'cmdhelp',
          status: 'run',
          verdicts: keep(report.verdicts, run.only),
          durationMs: performance.now() - started,
        },
      };
    } finally {
      removeTempDir(state);
    }
  },
};

/** The first line of a capability answer, when it is one. */
const line = (r: Run | undefined) =>
  r && !r.timedOut && r.exitCode === 0 && text(r.stdout).startsWith('cmdhelp/')
    ? text(r.stdout).split('\n', 1)[0]!.trim()
    : undefined;

async function detect(ctx: DetectContext): Promise<SpecFound> {
  const describe = (r: Run | undefined) =>
    r && !r.timedOut && r.exitCode === 0 ? 'prints no cmdhelp/ line' : ctx.ended(r);
  // The second capability probe follows the first at once, not once every other probe is done.
  const helpCap = await ctx.run(['help', '--capabilities']);
  const alt =
    line(helpCap) === undefined && ctx.command !== undefined
      ? await ctx.run(['--cmdhelp-capabilities'])
      : undefined;
  if (ctx.command === undefined) return { detected: false, reason: 'no program given' };
  const first = line(helpCap);
  if (first !== undefined)
    return { detected: true, reason: `help --capabilities prints "${first}"` };
  const second = line(alt);
  if (second !== undefined)
    return { detected: true, reason: `--cmdhelp-capabilities prints "${second}"` };
  return {
    detected: false,
    reason: `no capability line: help --capabilities ${describe(helpCap)}, --cmdhelp-capabilities ${describe(alt)}`,
  };
}
