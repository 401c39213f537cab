import { checkStream } from '../../../checks/aoi/stream.js';
import type { LintContext } from '../context.js';
import type { CommandPlan } from '../plan.js';
import type { InvocationSubject, ProbeModule, ProbeRequest } from './module.js';

/** The invocation with the canaries on its command line (an unbounded one is interrupted after two lines). */
export const canaryProbe = (
  plan: CommandPlan,
  invocation: readonly string[],
  lint: LintContext,
): ProbeRequest => ({
  key: 'canary',
  args: [...lint.machine(invocation), ...lint.canaries.argv, `--webhook-url=${lint.canaries.url}`],
  settings: plan.unbounded ? { signalAfterLines: { lines: 2, signal: 'SIGINT' } } : {},
});

/** AOI-09 (§11): secrets on the command line (a flag, a `--flag=value`, a URL) never come back out. */
export const canary: ProbeModule<InvocationSubject> = {
  rules: ['AOI-09'],
  leaf: true,
  plan: ({ plan, invocation }, lint) => [canaryProbe(plan, invocation, lint)],
  judge({ command, plan }, runs, lint) {
    const probe = runs.get('canary')!;
    if (probe.run.timedOut && !probe.run.graceExpired) return; // a hang is the base probe's to report
    // Cut and killed by the kit: the base probe reports the cap, and a cut stream is not judged (nor worth reading).
    if (probe.run.outputCapped !== undefined)
      return lint.verdicts.skip(
        'AOI-09',
        `\`${lint.redact(probe.label)}\` printed past the kit's output cap, so its output was not searched for the canaries`,
        command,
      );
    const stream = checkStream(probe.run.stdout, {
      exitCode: probe.run.exitCode,
      signal: probe.run.signal,
      unbounded: plan.unbounded,
      secrets: lint.secrets,
    });
    lint.addStream(command, stream, probe.label, ['AOI-09']);
    lint.judgeStderrLeaks(lint.reporter(command, probe.label), probe.run);
    lint.judgeFileLeaks(lint.reporter(command, probe.label), probe.dirs);
  },
};
