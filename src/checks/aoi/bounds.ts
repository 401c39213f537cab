import type { AoiEvent } from '../../stream/jsonl-reader.js';
import type { RuleContext, StreamRule } from './context.js';

/** AOI-11 — truncation and cursor are reported consistently on the summary (§15). */
export function boundsRule(ctx: RuleContext): StreamRule {
  let summary: { event: AoiEvent; line: number } | undefined;
  return {
    rule: 'AOI-11',
    frameworkOnly: true,
    onEvent(event, line) {
      if (event.type === 'aoi:summary' && !summary) summary = { event, line };
    },
    onEnd() {
      if (!summary) return;
      const { event, line } = summary;
      const cursor = event.next_cursor;
      const hasCursor = typeof cursor === 'string' && cursor.length > 0;
      if (hasCursor && event.truncated !== true) {
        ctx.report(
          'AOI-11/cursor-without-truncated',
          `the summary on line ${line} has a next_cursor but truncated is ${JSON.stringify(event.truncated ?? null)}`,
          {
            line,
            excerpt: ctx.excerpt(event),
          },
        );
      } else if (event.truncated === true && !hasCursor) {
        ctx.report(
          'AOI-11/truncated-without-cursor',
          `the summary on line ${line} says truncated:true without a next_cursor`,
          { line, excerpt: ctx.excerpt(event) },
        );
      }
    },
    notApplicable() {
      return summary ? undefined : 'the stream carried no aoi:summary';
    },
  };
}
