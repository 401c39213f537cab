import { AsyncLocalStorage } from 'node:async_hooks';
import type { ProbeOutcome } from '../../checks/aoi/probe/types.js';
import type { VerdictStatus } from '../../checks/verdict.js';

/** The runs one judgement read: a module's probes and follow-ups (see ProbeTimes). */
type Scope = Set<Pick<ProbeOutcome, 'durationMs'>>;

/** A judgement to resume later (`ProbeTimes.resume`), or none when the work began outside one. */
export type JudgementScope = Scope | undefined;

/**
 * The probe time behind each verdict of the AOI lint (JUnit's testcase `time`). A judgement (one probe module for one
 * command, `runModule`) is a scope: every run it reads is charged to it, and every verdict row it records something for
 * is linked to it. A row's time is the wall time of the distinct runs of every scope linked to it: a run several
 * judgements read (a leaf probe two rules share, the base probe later probes read) counts in full in each row it
 * judged, and once in a row however often that row's judgements read it. Runs include a probe's observation commands
 * and the retry of a starved probe. A skipped or not-applicable row judged nothing: 0.
 */
export class ProbeTimes {
  private readonly current = new AsyncLocalStorage<Scope>();
  private readonly byRow = new Map<string, Set<Scope>>();

  /** Run `fn` as one judgement: the runs it reads and the rows it records belong together. */
  scope<T>(fn: () => T): T {
    return this.current.run(new Set(), fn);
  }

  /**
   * Run `fn` in a judgement begun earlier: what the lint defers until every probe is done (a confirmation run alone, a
   * read judged once the lint knows where the state shows) belongs to the judgement that asked for it.
   */
  resume<T>(scope: Scope | undefined, fn: () => T): T {
    return scope ? this.current.run(scope, fn) : fn();
  }

  /** The judgement running now, to charge a run to later (a shared run that another judgement is still running). */
  here(): Scope | undefined {
    return this.current.getStore();
  }

  /** A run the current judgement (or `scope`) read. */
  charge(run: Pick<ProbeOutcome, 'durationMs'>, scope: Scope | undefined = this.here()): void {
    scope?.add(run);
  }

  /** The current judgement recorded something for this row. */
  link(rule: string, command = ''): void {
    const scope = this.here();
    if (!scope) return;
    const key = `${rule}\u0000${command}`;
    let scopes = this.byRow.get(key);
    if (!scopes) this.byRow.set(key, (scopes = new Set()));
    scopes.add(scope);
  }

  /** A row's time in milliseconds. */
  ms(rule: string, command: string | undefined, status: VerdictStatus): number {
    if (status !== 'pass' && status !== 'fail') return 0;
    const runs = new Set<Pick<ProbeOutcome, 'durationMs'>>();
    for (const scope of this.byRow.get(`${rule}\u0000${command ?? ''}`) ?? [])
      for (const run of scope) runs.add(run);
    let total = 0;
    for (const run of runs) total += run.durationMs;
    return total;
  }
}
