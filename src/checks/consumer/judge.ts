import { ruleIdsOf } from '../../spec/rules.js';
import type { ConsumerScenarioSpec } from '../../spec/consumer/scenarios.js';
import { eventsOf, type Event, type ProbeOutcome } from '../aoi/probe/types.js';
import { timedVerdict, VerdictCollector, type Report } from '../verdict.js';

/** How one run of the consumer on one scenario ended, as the runner recorded it (lint/consumer/record.ts). */
export interface ConsumerRecording {
  readonly scenario: ConsumerScenarioSpec;
  /** `timedOut`: the kit killed the consumer's process tree after `timeoutMs`. */
  readonly run: Pick<ProbeOutcome, 'stdout' | 'stderr' | 'exitCode' | 'signal' | 'timedOut'> & {
    readonly durationMs: number;
  };
  readonly timeoutMs: number;
  /** Spawn scenarios: the fake tool, how often the consumer started it, and what of it outlived the consumer (null: not observable here). */
  readonly tool?: {
    readonly name: string;
    readonly calls: number;
    readonly survivors: readonly { readonly pid: number; readonly command: string }[] | null;
  };
}

/** What the consumer reported, read from how it ended and from the AOI events on its stdout (if any). */
export interface ConsumerOutcome {
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** Its last aoi:summary's `ok` and `count`, when it printed one. */
  readonly summary: { readonly ok: unknown; readonly count: unknown } | null;
  readonly errors: number;
  readonly warnings: number;
  /** Failure: a non-zero exit, death by a signal, a summary whose ok is not true, or an aoi:error. */
  readonly failed: boolean;
}

export interface ConsumerScenarioResult {
  readonly id: string;
  readonly shape: ConsumerScenarioSpec['shape'];
  readonly must: ConsumerScenarioSpec['must'];
  /** Null when the consumer did not end on its own. */
  readonly outcome: ConsumerOutcome | null;
  /** Items (events outside the aoi: namespace, on complete lines that are one JSON object) the upstream delivered. */
  readonly received: number;
  readonly durationMs: number;
}

/** The verdict on a consumer: one per (scenario × rule the scenario judges), the scenario's id as the verdict's command. */
export interface ConsumerReport extends Report {
  readonly scenarios: readonly ConsumerScenarioResult[];
}

/** Every CONSUMER rule, in id order (from the registry). */
export const CONSUMER_RULE_IDS: readonly string[] = ruleIdsOf('CONSUMER');

const ruleOf = (subRule: string) => subRule.slice(0, subRule.indexOf('/'));

/** The rules a scenario judges: the one its `must` concerns, the count, the end; for a spawned tool, its survival. */
export function rulesOf(scenario: ConsumerScenarioSpec): string[] {
  const rules = new Set([
    ruleOf(scenario.breaks),
    'CONSUMER-05',
    'CONSUMER-08',
    ...(scenario.shape === 'spawn' ? ['CONSUMER-07'] : []),
  ]);
  return [...rules].sort();
}

/** The items an upstream delivered: data events (outside aoi:) on complete, well-formed lines. */
export function receivedItems(upstream: string): number {
  // Only complete lines: what follows the last LF was cut.
  return eventsOf(Buffer.from(upstream.slice(0, upstream.lastIndexOf('\n') + 1))).filter(
    (event) => !event.type.startsWith('aoi:'),
  ).length;
}

/** The ids of the upstream's items before its first malformed line (a complete line that is no event) and after it. */
export function itemsAroundMalformed(upstream: string): {
  readonly before: string[];
  readonly after: string[];
} {
  const before: string[] = [];
  const after: string[] = [];
  let seenMalformed = false;
  for (const line of upstream
    .slice(0, upstream.lastIndexOf('\n') + 1)
    .split('\n')
    .slice(0, -1)) {
    const [event] = eventsOf(Buffer.from(`${line}\n`));
    if (!event) seenMalformed = true;
    else if (!event.type.startsWith('aoi:') && typeof event.id === 'string')
      (seenMalformed ? after : before).push(event.id);
  }
  return { before, after };
}

/** The data events (outside aoi:) a consumer printed on stdout: what a transformer produced. */
export const emittedItems = (run: ConsumerRecording['run']) =>
  eventsOf(run.stdout).filter((event) => !event.type.startsWith('aoi:'));

/** What the consumer reported. A consumer that prints no AOI stream is judged by its exit status alone. */
export function outcomeOf(run: ConsumerRecording['run']): ConsumerOutcome {
  const events = eventsOf(run.stdout);
  const summaries = events.filter((e) => e.type === 'aoi:summary');
  const last = summaries.at(-1);
  const errors = events.filter((e) => e.type === 'aoi:error').length;
  const warnings = events.filter((e) => e.type === 'aoi:warning').length;
  const summary = last ? { ok: last.ok, count: last.count } : null;
  const failed =
    run.exitCode !== 0 ||
    run.signal !== null ||
    (summary !== null && summary.ok !== true) ||
    errors > 0;
  return { exitCode: run.exitCode, signal: run.signal, summary, errors, warnings, failed };
}

/** The outcome in words: `exit 0, summary ok:true` / `killed by SIGTERM` / `exit 1, 1 aoi:error`. Quotes the consumer's `ok` (cut): sanitise before printing. */
export function describeOutcome(outcome: ConsumerOutcome): string {
  const end = outcome.signal !== null ? `killed by ${outcome.signal}` : `exit ${outcome.exitCode}`;
  const ok = JSON.stringify(outcome.summary?.ok) ?? 'missing';
  const summary = outcome.summary
    ? `, summary ok:${ok.length > 40 ? `${ok.slice(0, 40)}…` : ok}`
    : ', no aoi:summary';
  const errors = outcome.errors > 0 ? `, ${outcome.errors} aoi:error` : '';
  return `${end}${summary}${errors}`;
}

/**
 * The evidence that a per-line tolerant consumer stopped at the malformed line: it passed on upstream items (by id)
 * from before the line and none from after it. Only positive evidence counts: a filter that passes nothing on, or a
 * transformer whose items carry ids of its own, shows nothing either way (§13: it produces its own events).
 */
function stoppedAt(upstream: string, emitted: readonly Event[]): string | undefined {
  const { before, after } = itemsAroundMalformed(upstream);
  const ids = new Set(emitted.map((event) => event.id).filter((v) => typeof v === 'string'));
  const passed = before.filter((item) => ids.has(item));
  return after.length > 0 && passed.length > 0 && !after.some((item) => ids.has(item))
    ? passed.join(', ')
    : undefined;
}

const upstreamEnd = (scenario: ConsumerScenarioSpec): string => {
  const end = scenario.end;
  if (end.kind === 'eof')
    return scenario.mode === 'unbounded' ? 'then EOF, the end of an unbounded stream' : 'then EOF';
  if (end.kind === 'exit') return `then exit ${end.code}`;
  if (end.kind === 'signal') return `then killed by ${end.signal}`;
  if (end.kind === 'hang') return `then a hang ignoring ${end.ignores.join(', ')}`;
  return `then a prompt on stdin (on EOF: exit ${end.code})`;
};

/**
 * CONSUMER-01…08 on recorded runs of one consumer: per scenario, whether it reported what a correct consumer
 * must (fail closed on a bad or incomplete upstream, succeed on a good one: the scenario's `breaks` names the
 * sub-rule), whether its summary's count exceeds the items received (CONSUMER-05), whether it ended on its own
 * (CONSUMER-08) and, for a spawned tool, whether the tool outlived it (CONSUMER-07). A rule whose prerequisite
 * failed (the consumer hung; it never ran the tool) is skipped with the reason, never passed.
 */
export function judgeConsumer(recordings: readonly ConsumerRecording[]): ConsumerReport {
  const collector = new VerdictCollector({
    unrecorded: { notApplicable: 'not judged in this scenario' },
  });
  const results: ConsumerScenarioResult[] = [];
  // Per scenario: its rules, and its run's wall time (each judged verdict's time).
  const verdictRules: [string, string[], number][] = [];
  for (const recording of recordings) {
    const { scenario, run } = recording;
    const id = scenario.id;
    const rules = rulesOf(scenario);
    verdictRules.push([id, rules, run.durationMs]);
    const others = rules.filter((rule) => rule !== 'CONSUMER-08');
    const stdout = Buffer.from(run.stdout).toString('utf8');
    const stderr = Buffer.from(run.stderr).toString('utf8');
    const evidence = {
      text:
        stdout.trim() !== ''
          ? stdout.trim().split('\n').slice(-3).join('\n')
          : stderr.trim().split('\n').slice(-3).join('\n'),
    };
    const upstream = scenario.stdout + (scenario.end.kind === 'prompt' ? scenario.end.refusal : '');
    const received = receivedItems(upstream);

    if (run.timedOut) {
      collector.add(
        'CONSUMER-08/hung',
        `${id}: the consumer was still running after ${recording.timeoutMs} ms (upstream: ${scenario.description}); the kit killed its process tree`,
        evidence,
        id,
      );
      for (const rule of others)
        collector.skip(
          rule,
          `the consumer did not end on its own within ${recording.timeoutMs} ms (CONSUMER-08)`,
          id,
        );
      results.push({
        id,
        shape: scenario.shape,
        must: scenario.must,
        outcome: null,
        received,
        durationMs: run.durationMs,
      });
      continue;
    }
    collector.exercised('CONSUMER-08', id);
    const outcome = outcomeOf(run);
    results.push({
      id,
      shape: scenario.shape,
      must: scenario.must,
      outcome,
      received,
      durationMs: run.durationMs,
    });
    const tool = recording.tool;
    if (tool && tool.calls === 0) {
      for (const rule of others)
        collector.skip(
          rule,
          `the consumer never ran ${tool.name} (the fake tool on PATH), so what it did with the tool's output cannot be judged`,
          id,
        );
      continue;
    }

    // What it must report.
    const rule = ruleOf(scenario.breaks);
    const count = outcome.summary?.count;
    const stopped =
      scenario.must === 'report-and-continue'
        ? stoppedAt(scenario.stdout, emittedItems(run))
        : undefined;
    if (scenario.must === 'report-and-continue') {
      // Per-line tolerant (§12.2): an item-level report of the bad line, and the good lines after it still taken.
      if (outcome.errors + outcome.warnings === 0)
        collector.add(
          scenario.breaks,
          `${id}: run per-line tolerant, the consumer reported no aoi:error or aoi:warning for the malformed line (${describeOutcome(outcome)}) — ${scenario.description.replace(/\.$/, '')}`,
          evidence,
          id,
        );
      else if (stopped)
        collector.add(
          'CONSUMER-03/tolerant-aborted',
          `${id}: run per-line tolerant, the consumer stopped at the malformed line: it passed on ${stopped}, and none of the items after the line`,
          evidence,
          id,
        );
      else collector.exercised(rule, id);
    } else if (scenario.must === 'fail-closed' ? !outcome.failed : outcome.failed) {
      const upstreamWords = `${scenario.shape === 'stdin' ? 'stdin' : `${tool?.name ?? 'the tool'}`}: ${scenario.description.replace(/\.$/, '')} (${upstreamEnd(scenario)})`;
      const verdict = scenario.must === 'fail-closed' ? 'reported success' : 'reported failure';
      collector.add(
        scenario.breaks,
        `${id}: ${verdict} (${describeOutcome(outcome)}) — ${upstreamWords}`,
        evidence,
        id,
      );
    } else collector.exercised(rule, id);

    // CONSUMER-05: a count of what it read, or of what it produced (§13: a transformer produces its own), never more.
    if (typeof count === 'number') {
      const produced = emittedItems(run).length;
      if (count > Math.max(received, produced))
        collector.add(
          'CONSUMER-05/count-inflated',
          `${id}: the consumer's summary says count ${count}, but the upstream delivered ${received} item(s) and the consumer printed ${produced}`,
          evidence,
          id,
        );
      else collector.exercised('CONSUMER-05', id);
    } else
      collector.notApplicable(
        'CONSUMER-05',
        'the consumer printed no aoi:summary with a count',
        id,
      );

    // CONSUMER-07: nothing of the tool outlives the consumer.
    if (tool) {
      if (tool.survivors === null)
        collector.skip(
          'CONSUMER-07',
          'processes left running cannot be seen here (needs /proc and setsid)',
          id,
        );
      else if (tool.survivors.length > 0) {
        const pids = tool.survivors.map((s) => `pid ${s.pid}`).join(', ');
        collector.add(
          'CONSUMER-07/child-survived',
          `${id}: ${tool.name} was still running after the consumer ended (${pids}; the kit killed it)`,
          evidence,
          id,
        );
      } else collector.exercised('CONSUMER-07', id);
    }
  }
  const verdicts = verdictRules.flatMap(([id, rules, ms]) =>
    rules.map((rule) => timedVerdict(collector.verdict(rule, id), ms)),
  );
  return {
    ok: verdicts.every((v) => v.status !== 'fail'),
    verdicts,
    findings: collector.findings,
    scenarios: results,
  };
}
