import { eventsOf, type MatcherResult, type MatcherState } from './context.js';
import { hint, show } from './format.js';
import { matchesPartial } from './partial.js';

const LISTED = 10;

/**
 * Some event of the stream matches `expected` (toMatchObject semantics; asymmetric matchers welcome).
 *
 * @example expect(stdout).toContainAoiEvent({ type: 'hit', id: expect.stringMatching(/^doc_/) })
 */
export function toContainAoiEvent(this: MatcherState | void, received: unknown, expected: Record<string, unknown>): MatcherResult {
  const events = eventsOf('toContainAoiEvent', received);
  const match = events.find(({ event }) => matchesPartial(event, expected));
  const sameType = typeof expected?.type === 'string' ? events.filter(({ event }) => event.type === expected.type) : events;
  return {
    pass: match !== undefined,
    message: () =>
      match
        ? `${hint(this || undefined, 'toContainAoiEvent', show(expected))}\n\nExpected no event matching ${show(expected)}, but line ${match.line} matches:\n  ${show(match.event)}`
        : [
            `${hint(this || undefined, 'toContainAoiEvent', show(expected))}`,
            '',
            `Expected an event matching ${show(expected)} among ${events.length} event(s), but none matches.`,
            ...(sameType.length > 0
              ? ['', `${sameType === events ? 'Events' : `Events of type ${show(expected.type)}`}:`, ...sameType.slice(0, LISTED).map(({ event, line }) => `  line ${line}: ${show(event)}`)]
              : []),
            ...(sameType.length > LISTED ? [`  … and ${sameType.length - LISTED} more`] : []),
          ].join('\n'),
  };
}
