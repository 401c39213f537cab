import { eventsOf, type MatcherResult, type MatcherState } from './context.js';
import { hint, printExpected, printReceived, subsetDiff } from './format.js';
import { matchesPartial, nearest } from './partial.js';
import type { ExpectedEvent } from './types.js';

/**
 * Some event of the stream matches `expected` (toMatchObject semantics; asymmetric matchers welcome).
 *
 * @example expect(stdout).toContainAoiEvent({ type: 'hit', id: expect.stringMatching(/^doc_/) })
 */
export function toContainAoiEvent(
  this: MatcherState | void,
  received: unknown,
  expected: ExpectedEvent,
): MatcherResult {
  const state = this || undefined;
  const events = eventsOf('toContainAoiEvent', received);
  const match = events.find(({ event }) => matchesPartial(event, expected));
  const head = hint(state, 'toContainAoiEvent', 'expected');
  if (match) {
    return {
      pass: true,
      message: () =>
        `${head}\n\nExpected no event to match, but line ${match.line} does.\n\nExpected: not ${printExpected(state, expected)}\nReceived: ${printReceived(state, match.event)}`,
    };
  }
  // The nearest event is one of the asked-for type (with the most matching keys); a diff against it says what is off.
  const typed = typeof expected?.type === 'string';
  const candidates = typed ? events.filter(({ event }) => event.type === expected.type) : events;
  const near = nearest(candidates, expected, ({ event }) => event);
  const types = [...new Set(events.map(({ event }) => event.type))];
  return {
    pass: false,
    message: () =>
      [
        head,
        '',
        `Expected an event to match, but none of ${events.length} event(s) does.`,
        '',
        near
          ? `Nearest event, line ${near.line}:\n${subsetDiff(state, expected, near.event)}`
          : `${typed ? `No event has type ${printReceived(state, expected.type)}; the types received: ${types.map((t) => printReceived(state, t)).join(', ') || 'none'}.` : 'The stream carried no event.'}\n\nExpected: ${printExpected(state, expected)}`,
      ].join('\n'),
  };
}
