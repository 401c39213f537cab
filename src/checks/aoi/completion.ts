import type { AoiEvent } from '../../stream/jsonl-reader.js';
import {
  isFramework,
  isUsageError,
  usageFailureTracker,
  type RuleContext,
  type StreamEnd,
  type StreamRule,
} from './context.js';

/** Framework events that are control, not items: they never count towards summary.count. */
const NOT_ITEMS = new Set([
  'aoi:meta',
  'aoi:summary',
  'aoi:warning',
  'aoi:error',
  'aoi:progress',
  'aoi:heartbeat',
]);

/**
 * AOI-03 — completion semantics (§4, §6): meta first, exactly one summary, last, with a boolean
 * ok, agreeing with the exit status; summary counts agree with the events seen.
 */
export function completionRule(ctx: RuleContext): StreamRule {
  const unbounded = ctx.options.unbounded ?? false;
  let events = 0;
  let firstEvent: { event: AoiEvent; line: number } | undefined;
  // A meta that names an input mode (§19.4: `"input_mode":"jsonl"`) is a command that reads input: its count may be
  // what it processed, as §19.4's own example counts it, unless the caller chose a reading.
  let readsInput = false;
  let summary: { event: AoiEvent; line: number } | undefined;
  let summaries = 0;
  let reportedAfterSummary = false;
  let items = 0;
  let warnings = 0;
  let errors = 0;
  const usage = usageFailureTracker();
  // A first event that is an error of another category: meta-not-first, unless the run ends as a usage failure.
  let errorFirst: { event: AoiEvent; line: number } | undefined;

  const reportMetaNotFirst = (event: AoiEvent, line: number) =>
    ctx.report(
      'AOI-03/meta-not-first',
      `the first event (line ${line}) is "${event.type}", not aoi:meta`,
      { line, excerpt: ctx.excerpt(event) },
    );

  return {
    rule: 'AOI-03',
    // A domain event is quoted only as the first event or as the first after the summary.
    needsEvent: () => !firstEvent || (summary !== undefined && !reportedAfterSummary),
    onEvent(event, line) {
      events++;
      usage.see(event);
      if (event.type === 'aoi:meta' && events === 1 && typeof event.input_mode === 'string')
        readsInput = true;
      if (!firstEvent) {
        firstEvent = { event, line };
        if (event.type === 'aoi:error' && !isUsageError(event)) errorFirst = firstEvent;
        else if (!unbounded && event.type !== 'aoi:meta' && !isUsageError(event))
          reportMetaNotFirst(event, line);
      }
      if (event.type === 'aoi:summary') {
        summaries++;
        if (summaries === 1) {
          summary = { event, line };
          if (typeof event.ok !== 'boolean') {
            ctx.report(
              'AOI-03/summary-ok-missing',
              `the aoi:summary on line ${line} has ${event.ok === undefined ? 'no "ok"' : 'a non-boolean "ok"'}`,
              {
                line,
                excerpt: ctx.excerpt(event),
              },
            );
          }
        } else {
          ctx.report(
            'AOI-03/multiple-summaries',
            `a second aoi:summary on line ${line} (the first was on line ${summary!.line})`,
            {
              line,
              excerpt: ctx.excerpt(event),
            },
          );
        }
        return;
      }
      if (summary && !reportedAfterSummary) {
        reportedAfterSummary = true;
        ctx.report(
          'AOI-03/summary-not-last',
          `"${event.type}" on line ${line} follows the terminal aoi:summary (line ${summary.line})`,
          {
            line,
            excerpt: ctx.excerpt(event),
          },
        );
      }
      if (event.type === 'aoi:warning') warnings++;
      else if (event.type === 'aoi:error') errors++;
      else if (
        !NOT_ITEMS.has(event.type) &&
        (!isFramework(event.type) || event.type === 'aoi:check' || event.type === 'aoi:plan')
      ) {
        items++;
        // A failing doctor check counts as a warning or an error (§19.3).
        if (event.type === 'aoi:check' && event.ok === false) {
          if (event.severity === 'error') errors++;
          else if (event.severity === 'warning' || event.severity === 'warn') warnings++;
        }
      }
    },
    onEnd(end: StreamEnd) {
      const failed =
        (end.exitCode !== undefined && end.exitCode !== null && end.exitCode !== 0) || !!end.signal;
      const how = end.signal ? `was killed by ${end.signal}` : `exited ${end.exitCode}`;
      const usageFailure = usage.isUsageFailure(end);
      if (errorFirst && !unbounded && !usageFailure)
        reportMetaNotFirst(errorFirst.event, errorFirst.line);
      if (!summary) {
        // A usage error may come before the stream starts (§2, §20): no summary is owed after it.
        if (unbounded || (failed && (events === 0 || usageFailure))) return;
        if (failed) {
          ctx.report(
            'AOI-03/failure-without-summary',
            `the process ${how} after ${events} event(s) without a terminal aoi:summary`,
          );
        } else {
          ctx.report(
            'AOI-03/eof-without-summary',
            `the stream ended after ${events} event(s) without a terminal aoi:summary${end.exitCode === 0 ? ' although the process exited 0' : ''}: a consumer must treat it as a crash or truncation`,
          );
        }
        return;
      }
      const { event, line } = summary;
      if (event.ok === true && failed) {
        ctx.report(
          'AOI-03/nonzero-exit-ok',
          `the summary on line ${line} says ok:true but the process ${how}`,
          { line, excerpt: ctx.excerpt(event) },
        );
      } else if (event.ok === false && end.exitCode === 0 && !end.signal) {
        ctx.report(
          'AOI-03/exit-zero-not-ok',
          `the summary on line ${line} says ok:false but the process exited 0`,
          { line, excerpt: ctx.excerpt(event) },
        );
      }
      const counts: [string, number, string][] = [
        ['count', items, 'item event(s) (domain events, aoi:check, aoi:plan)'],
        ['warning_count', warnings, 'warning(s) (aoi:warning and failing warning checks)'],
        ['error_count', errors, 'error(s) (aoi:error and failing error checks)'],
      ];
      for (const [field, seen, what] of counts) {
        const claimed = event[field];
        // `processed` (§19.4: input lines processed; an SDK that counts the summary): a count may exceed the items, never fall short.
        const agrees =
          field === 'count' &&
          (ctx.options.summaryCount ?? (readsInput ? 'processed' : 'emitted')) === 'processed'
            ? (claimed as number) >= seen
            : claimed === seen;
        if (typeof claimed === 'number' && !agrees) {
          ctx.report(
            'AOI-03/count-mismatch',
            `summary.${field} is ${claimed} but the stream carried ${seen} ${what}`,
            { line, excerpt: ctx.excerpt(event) },
          );
        }
      }
    },
    notApplicable() {
      return events === 0 && unbounded ? 'the unbounded stream carried no events' : undefined;
    },
  };
}
