import { advertisedNegotiation } from '../../../checks/aoi/probe/negotiation.js';
import { judgeHelp } from '../../../checks/aoi/probe/surface.js';
import { judgeStart } from '../../../checks/start.js';
import { ruleIdsOf } from '../../../spec/rules.js';
import { START_ATTEMPTS } from '../../start.js';
import type { RecordedProbe } from '../runner.js';
import { TargetError } from '../target.js';
import type { ProbeModule } from './module.js';

/** Why AOI-01 is not judged on a run the kit cut at its output cap (AOI-11/output-cap-exceeded). */
export const CAPPED =
  "printed past the kit's output cap (--max-output-bytes) and was killed by the kit, so it was not judged (AOI-11/output-cap-exceeded)";

const attempt = (args: readonly string[]) => ({
  args,
  settings: { clean: true, stdin: 'closed' } as const,
});
const failedSilently = (probe: RecordedProbe) =>
  !probe.run.timedOut && probe.run.exitCode !== 0 && probe.run.stdout.length === 0;

/**
 * AOI-01 (§16.1): `--help` exits 0 with help. It runs first, for every rule: when it fails with nothing on stdout,
 * `schema` and `capabilities` are asked too, and if all three fail alike the program did not start at all
 * (judgeStart): the lint stops with a TargetError instead of judging a program that never ran. What it offers
 * for schema negotiation (§5.1: `--schema-version`, `--accept-schema`) decides how AOI-13 asks.
 */
export const help: ProbeModule<{ readonly command: '--help'; readonly target: string }> = {
  rules: ruleIdsOf('AOI'),
  plan: () => [{ key: 'help', ...attempt(START_ATTEMPTS[0]!) }],
  async judge({ command, target }, runs, lint) {
    const probe = runs.get('help')!;
    if (failedSilently(probe)) {
      const others = await Promise.all(
        START_ATTEMPTS.slice(1).map((args) => lint.runner.probe(args, attempt(args).settings)),
      );
      const attempts = [probe, ...others].map((p, i) => ({
        ...p.run,
        argv: START_ATTEMPTS[i]!,
        spawnError: null,
        paths: Object.values(p.dirs),
      }));
      const cannot = judgeStart(target, attempts, lint.secrets);
      if (cannot) throw new TargetError(cannot.message, cannot.exitCode);
    }
    judgeHelp(probe.run, lint.reporter(command, probe.label));
    // Cut at the output cap (AOI-11 says so), --help is not judged: no pass on output the kit cut.
    if (probe.run.outputCapped !== undefined) lint.verdicts.skip('AOI-01', CAPPED, command);
    else lint.verdicts.exercised('AOI-01', command);
    lint.negotiationForms = advertisedNegotiation(probe.run);
  },
};
