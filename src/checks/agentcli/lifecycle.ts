import type { LifecycleRecord } from '../../spec/agentcli/transcript.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';
import { VerdictCollector, type Report, type RuleVerdict } from '../verdict.js';

/** AIP-45 §Lifecycle: SIGTERM, then SIGKILL 5 s later. */
export const SIGKILL_GRACE_MS = 5000;
/** The fake agents log `alive` every 100 ms while they ignore SIGTERM. */
export const ALIVE_INTERVAL_MS = 100;
/**
 * How much earlier than the grace the last `alive` may be before the kill counts as early. On an idle machine the
 * last one is at most 100 ms before the kill; on a loaded one the agent's timer can starve for longer than that
 * just before SIGKILL lands (a correct runner was blamed at load 15). A second still catches runners that kill at
 * once or after a few records.
 */
export const KILL_TIMING_MARGIN_MS = 1000;

export interface LifecycleReport extends Report {
  ok: boolean;
  findings: Finding[];
  /** The AGENTCLI-26 verdict, the one of `verdicts`. */
  verdict: RuleVerdict;
}

/**
 * AGENTCLI-26 on what a runner did to an agent process, from the agent's lifecycle log (the kit's fakes
 * write it, see `AGENT_LIFECYCLE_LOG_ENV`) and what is still alive now:
 * - no-sigterm: the agent went away without a SIGTERM first — unless it exited on its own (an exit record, or a
 *   `fatal` one: it died by itself, and no signal, e.g. after its stdin closed), which is the clean way out;
 * - no-escalation: SIGTERM was sent and the agent is still alive at check time;
 * - early-sigkill (warning): killed (no exit record) less than 5 s after SIGTERM while it was ignoring it.
 *   The fakes log `alive` every 100 ms after an ignored SIGTERM; the last one bounds the kill from below, so the
 *   kill counts as early when `lastAlive - sigterm < 4000` (KILL_TIMING_MARGIN_MS: timers starve under load);
 * - orphan: a `child` the agent started, or the agent itself without any SIGTERM, is still alive;
 * - session-not-closed (warning): SIGTERM came while a session the agent logged (`session-open`, the ACP fake)
 *   had no `session-close` — the runner skipped "Close session" before "Tear down subprocess".
 * Every agent process of the log is judged (a runner may start one per turn). Check only after the runner says
 * it has torn the agent down. Never throws.
 */
export function checkAgentLifecycle(
  records: readonly LifecycleRecord[],
  observed: { alive: (pid: number) => boolean },
): LifecycleReport {
  const list = (Array.isArray(records) ? records : []).filter(
    (r): r is LifecycleRecord =>
      r !== null &&
      typeof r === 'object' &&
      typeof r.event === 'string' &&
      typeof r.pid === 'number',
  );
  // Every finding is kept (a tear-down has few); messages are not masked (the collector's `add` would): as the judge always did.
  const out = new VerdictCollector({ keepPerSubRule: Infinity });
  const add = (id: string, message: string, evidence: { line: number; excerpt: string }) =>
    out.addFinding(makeFinding(id, message, evidence));
  const at = (r: LifecycleRecord) => ({
    line: list.indexOf(r) + 1,
    excerpt: toExcerpt(JSON.stringify(r)),
  });
  const alive = (pid: number) => {
    try {
      return observed.alive(pid);
    } catch {
      return false;
    }
  };
  const judgeAgent = (start: LifecycleRecord): void => {
    const pid = start.pid;
    const mine = list.filter((r) => r.pid === pid);
    const sigterm = mine.find((r) => r.event === 'signal' && r.signal === 'SIGTERM');
    const signals = mine.filter((r) => r.event === 'signal');
    // An agent that died by itself (a fault's `fatal` record, also when a signal it sent itself left no exit record) went
    // the way an exit goes.
    const exit = mine.find((r) => r.event === 'exit') ?? mine.find((r) => r.event === 'fatal');
    if (alive(pid)) {
      if (sigterm)
        add(
          'AGENTCLI-26/no-escalation',
          `the agent (pid ${pid}) is still alive after SIGTERM: the runner never sent SIGKILL`,
          at(sigterm),
        );
      else
        add(
          'AGENTCLI-26/orphan',
          `the agent (pid ${pid}) is still alive after the tear-down, and was never sent SIGTERM`,
          at(start),
        );
    } else if (!sigterm) {
      // Stuck writing to a stderr nobody read, the agent could not record a SIGTERM it may have got: not judged.
      const blocked =
        mine.filter((r) => r.event === 'stderr-write').length >
        mine.filter((r) => r.event === 'stderr-written').length;
      if ((!exit || signals.length > 0) && !blocked) {
        const how = exit
          ? `it exited (code ${exit.code}) on ${signals.map((s) => s.signal).join(', ')}`
          : 'it was killed (no exit record: SIGKILL or a crash)';
        add(
          'AGENTCLI-26/no-sigterm',
          `the agent (pid ${pid}) went away without a SIGTERM first: ${how}`,
          at(exit ?? start),
        );
      }
    } else if (!exit) {
      const lastAlive = mine
        .filter((r) => r.event === 'alive' && r.at >= sigterm.at)
        .reduce((m, r) => Math.max(m, r.at), sigterm.at);
      const grace = lastAlive - sigterm.at;
      if (grace < SIGKILL_GRACE_MS - KILL_TIMING_MARGIN_MS) {
        add(
          'AGENTCLI-26/early-sigkill',
          `the agent (pid ${pid}) ignored SIGTERM and was killed about ${grace}–${grace + ALIVE_INTERVAL_MS} ms later, before the 5 s grace`,
          at(sigterm),
        );
      }
    }
    if (sigterm) {
      const before = list.slice(0, list.indexOf(sigterm)).filter((r) => r.pid === pid);
      const closed = new Set(
        before.filter((r) => r.event === 'session-close').map((r) => r.sessionId),
      );
      const open = before.filter((r) => r.event === 'session-open' && !closed.has(r.sessionId));
      if (open.length > 0) {
        const ids = [...new Set(open.map((r) => JSON.stringify(String(r.sessionId).slice(0, 60))))];
        add(
          'AGENTCLI-26/session-not-closed',
          `SIGTERM reached the agent (pid ${pid}) with ${ids.length === 1 ? 'session' : 'sessions'} ${ids.join(', ')} still open: the runner did not close ${ids.length === 1 ? 'it' : 'them'} first`,
          at(sigterm),
        );
      }
    }
  };
  const starts = list.filter((r) => r.event === 'start');
  if (starts.length === 0) {
    out.notApplicable('AGENTCLI-26', 'no start record: the agent never ran with the lifecycle log');
    return lifecycleReport(out);
  }
  // Each agent process the log knows (a runner may start one per turn), then the helpers each one started.
  for (const start of starts) judgeAgent(start);
  for (const child of list.filter((r) => r.event === 'child')) {
    if (alive(child.pid))
      add(
        'AGENTCLI-26/orphan',
        `pid ${child.pid}, a process the agent started, outlived the tear-down`,
        at(child),
      );
  }
  return lifecycleReport(out);
}

function lifecycleReport(out: VerdictCollector): LifecycleReport {
  const { ok, verdicts, findings } = out.report(['AGENTCLI-26']);
  return { ok, findings: [...findings], verdict: verdicts[0]!, verdicts: [...verdicts] };
}
