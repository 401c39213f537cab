import { judgePipeClose } from '../../../checks/aoi/probe/pipes.js';
import type { InvocationSubject, ProbeModule } from './module.js';

/**
 * AOI-10 (§7): the reader goes away after one line, as `| head -1` does. `ownExit` is how the same invocation
 * ends unprobed (the base probe's exit; undefined for an unbounded command): a finite command that had written
 * everything may end that way too.
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
    judgePipeClose(probe.run, lint.reporter(command, probe.label), lint.secrets, ownExit);
    lint.verdicts.exercised('AOI-10', command);
  },
};
