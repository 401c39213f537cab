import { judgeStopped } from '../../../checks/aoi/probe/hang.js';
import { judgeSignal } from '../../../checks/aoi/probe/pipes.js';
import { endOf } from '../../../checks/aoi/probe/types.js';
import { ruleIdsOf } from '../../../spec/rules.js';
import type { InvocationSubject, ProbeModule } from './module.js';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * The base probes of an unbounded invocation: SIGINT, then SIGTERM, after two lines. The streams are judged as
 * unbounded (every stream rule), and the ending as AOI-10 (§7). It runs whatever `--only` names.
 */
export const signals: ProbeModule<InvocationSubject> = {
  rules: ruleIdsOf('AOI'),
  plan: ({ invocation }, lint) => SIGNALS.map((signal) => ({ key: signal, args: lint.machine(invocation), settings: { signalAfterLines: { lines: 2, signal } } })),
  judge({ command }, runs, lint) {
    for (const signal of SIGNALS) {
      const probe = runs.get(signal)!;
      const report = lint.reporter(command, probe.label);
      if (!probe.run.signalSent) {
        if (!judgeStopped(probe.run, lint.timeoutMs, report, lint.secrets)) lint.verdicts.skip('AOI-10', `ended before printing 2 lines (${endOf(probe.run)})`, command);
        continue;
      }
      const readable = !probe.run.graceExpired && lint.judgeStream(command, probe, { unbounded: true }) === 'readable';
      if (lint.wants('AOI-10')) {
        judgeSignal(probe.run, signal, readable ? probe.events : undefined, report);
        lint.verdicts.exercised('AOI-10', command);
      }
    }
  },
};
