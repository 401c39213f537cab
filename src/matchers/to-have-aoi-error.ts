import { eventsOf, type MatcherResult, type MatcherState } from './context.js';
import { hint, printExpected, printReceived, subsetDiff } from './format.js';
import { matchesPartial, nearest } from './partial.js';
import type { ExpectedError } from './types.js';

/**
 * The stream carries an `aoi:error` matching `expected` (e.g. `{ category: 'rate_limited' }`), or any
 * `aoi:error` when called without arguments.
 *
 * @example expect(run).toHaveAoiError({ category: 'authn', code: 'INTERACTIVE_REQUIRED' })
 */
export function toHaveAoiError(
  this: MatcherState | void,
  received: unknown,
  expected: ExpectedError = {},
): MatcherResult {
  const state = this || undefined;
  const errors = eventsOf('toHaveAoiError', received).filter(
    ({ event }) => event.type === 'aoi:error',
  );
  const match = errors.find(({ event }) => matchesPartial(event, expected));
  const asked = Object.keys(expected).length > 0;
  const head = hint(state, 'toHaveAoiError', asked ? 'expected' : '');
  const near = nearest(errors, expected, ({ event }) => event);
  return {
    pass: match !== undefined,
    message: () =>
      match
        ? `${head}\n\nExpected no aoi:error${asked ? ' to match' : ''}, but line ${match.line} has one.\n\n${asked ? `Expected: not ${printExpected(state, expected)}\n` : ''}Received: ${printReceived(state, match.event)}`
        : !near
          ? `${head}\n\nExpected an aoi:error, but the stream carried none.${asked ? `\n\nExpected: ${printExpected(state, expected)}` : ''}`
          : `${head}\n\nExpected an aoi:error to match, but none of ${errors.length} does.\n\nNearest aoi:error, line ${near.line}:\n${subsetDiff(state, expected, near.event)}`,
  };
}
