import type { MatcherResult, MatcherState } from './context.js';
import { hint, printExpected, printReceived, subsetDiff } from './format.js';
import { matchesPartial } from './partial.js';
import type { ExpectedEvent } from './types.js';

/**
 * The value is one AOI event: an object with a non-empty string `type`, matching `expected` when
 * given. Registered also as the asymmetric `expect.aoiEvent(expected)`.
 *
 * @example expect(events).toContainEqual(expect.aoiEvent({ type: 'aoi:summary', ok: true }))
 */
export function toBeAoiEvent(
  this: MatcherState | void,
  received: unknown,
  expected: ExpectedEvent = {},
): MatcherResult {
  const state = this || undefined;
  const isEvent =
    received !== null &&
    typeof received === 'object' &&
    !Array.isArray(received) &&
    typeof (received as { type?: unknown }).type === 'string' &&
    (received as { type: string }).type !== '';
  const pass = isEvent && matchesPartial(received, expected);
  const asked = Object.keys(expected).length > 0;
  return {
    pass,
    // No actual/expected: vitest would print its full diff (unmasked) after the focused one of the message.
    message: () =>
      `${hint(state, 'toBeAoiEvent', asked ? 'expected' : '')}\n\n${
        pass
          ? `Expected a value that is not an AOI event${asked ? ` matching the expected one` : ''}.\n\n${asked ? `Expected: not ${printExpected(state, expected)}\n` : ''}Received: ${printReceived(state, received)}`
          : !isEvent
            ? `Expected an AOI event (an object with a string "type").\n\nReceived: ${printReceived(state, received)}`
            : `Expected an AOI event to match.\n\n${subsetDiff(state, expected, received)}`
      }`,
  };
}
