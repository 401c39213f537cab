import { judgePipeClose, judgePipeTrace, pipeExitClean } from '../../../checks/aoi/probe/pipes.js';
import { targetGone } from '../../../checks/aoi/probe/target-gone.js';
import type { LintContext } from '../context.js';
import type { RecordedProbe } from '../runner.js';
import type { InvocationSubject, ProbeModule } from './module.js';

/**
 * AOI-10 (§7): the reader goes away after one line, as `| head -1` does. `ownExit` is how the same invocation
 * ends unprobed (the base probe's exit; undefined for an unbounded command): a finite command that had written
 * everything may end that way too. A run whose target was gone (targetGone: another run consumed it, on state every
 * invocation shares) tested nothing, and is judged only for a stack trace. A status it would be blamed for is judged
 * once every probe is done, when the lint has seen which status the tool gives a not-found error.
 */
export const pipe: ProbeModule<
  InvocationSubject & { readonly ownExit: number | null | undefined }
> = {
  rules: ['AOI-10'],
  leaf: true,
  plan: ({ invocation }, lint) => [
    { key: 'pipe', args: lint.machine(invocation), settings: { closeStdoutAfterLines: 1 } },
  ],
  judge({ command, ownExit }, runs, lint) {
    const probe = runs.get('pipe')!;
    if (!probe.run.stdoutClosed) {
      // A hang before the first line is the base probe's to report.
      if (!probe.run.timedOut)
        lint.verdicts.skip('AOI-10', 'printed at most one line: nothing to close early', command);
      return;
    }
    if (probe.run.graceExpired || pipeExitClean(probe.run, ownExit))
      judgeClosed(command, probe, ownExit, lint);
    else lint.deferAlone(async () => judgeClosed(command, probe, ownExit, lint));
  },
};

function judgeClosed(
  command: string,
  probe: RecordedProbe,
  ownExit: number | null | undefined,
  lint: LintContext,
): void {
  const report = lint.reporter(command, probe.label);
  const gone = probe.run.graceExpired ? undefined : targetGone(probe.run, lint.notFoundExits);
  if (gone === undefined) {
    judgePipeClose(probe.run, report, lint.secrets, ownExit);
    lint.verdicts.exercised('AOI-10', command);
    return;
  }
  judgePipeTrace(probe.run, report, lint.secrets);
  const reason = `\`${lint.redact(probe.label)}\` was not judged on its closed pipe: its target was not there (another run consumed it?): ${gone}`;
  lint.verdicts.note('AOI-10', reason, command);
  lint.verdicts.skip('AOI-10', reason, command);
}
