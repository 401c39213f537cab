import { ERROR_CATEGORIES, isErrorCategory } from '../../spec/aoi/constants.js';
import type { RuleContext, StreamRule } from './context.js';

const REQUIRED = ['category', 'code', 'message', 'retryable'] as const;
const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/** AOI-05 — structured errors carry category, code, message and retryable, consistently (§9). */
export function structuredErrorsRule(ctx: RuleContext): StreamRule {
  let errorEvents = 0;
  return {
    rule: 'AOI-05',
    frameworkOnly: true,
    onEvent(event, line) {
      if (event.type !== 'aoi:error') return;
      errorEvents++;
      const evidence = () => ({ line, excerpt: ctx.excerpt(event) });
      const missing = REQUIRED.filter((field) => event[field] === undefined);
      if (missing.length > 0) {
        ctx.report(
          'AOI-05/error-fields',
          `the aoi:error on line ${line} lacks ${missing.map((f) => `"${f}"`).join(', ')}`,
          evidence(),
        );
      }
      const { category, retryable, code } = event;
      if (typeof category === 'string') {
        if (!isErrorCategory(category)) {
          ctx.report(
            'AOI-05/unknown-category',
            `the aoi:error on line ${line} uses category "${category}", which is not one of the §9.1 categories`,
            evidence(),
          );
        } else if (typeof retryable === 'boolean') {
          const retry = ERROR_CATEGORIES[category].retry;
          if ((retry === 'yes' && !retryable) || (retry === 'no' && retryable)) {
            ctx.report(
              'AOI-05/retryable-mismatch',
              `the aoi:error on line ${line} says retryable:${retryable} but category "${category}" is ${retry === 'yes' ? 'retryable' : 'not retryable'} by default`,
              evidence(),
            );
          }
        }
      }
      if (typeof code === 'string' && !UPPER_SNAKE.test(code)) {
        ctx.report(
          'AOI-05/code-format',
          `the aoi:error on line ${line} has code "${code}", not UPPER_SNAKE_CASE`,
          evidence(),
        );
      }
    },
    onEnd() {},
    notApplicable() {
      return errorEvents === 0 ? 'the stream carried no aoi:error events' : undefined;
    },
  };
}
