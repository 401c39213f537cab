import { eventsOf, type MatcherResult, type MatcherState } from './context.js';
import { hint, show } from './format.js';
import { matchesPartial } from './partial.js';

/**
 * The stream carries an `aoi:error` matching `expected` (e.g. `{ category: 'rate_limited' }`), or any
 * `aoi:error` when called without arguments.
 *
 * @example expect(run).toHaveAoiError({ category: 'authn', code: 'INTERACTIVE_REQUIRED' })
 */
export function toHaveAoiError(this: MatcherState | void, received: unknown, expected: Record<string, unknown> = {}): MatcherResult {
  const errors = eventsOf('toHaveAoiError', received).filter(({ event }) => event.type === 'aoi:error');
  const match = errors.find(({ event }) => matchesPartial(event, expected));
  const args = Object.keys(expected).length > 0 ? show(expected) : '';
  return {
    pass: match !== undefined,
    message: () =>
      match
        ? `${hint(this || undefined, 'toHaveAoiError', args)}\n\nExpected no aoi:error${args ? ` matching ${args}` : ''}, but line ${match.line} has:\n  ${show(match.event)}`
        : [
            `${hint(this || undefined, 'toHaveAoiError', args)}`,
            '',
            errors.length === 0
              ? 'Expected an aoi:error, but the stream carried none.'
              : `Expected an aoi:error matching ${args}, but none of ${errors.length} matches:`,
            ...errors.slice(0, 10).map(({ event, line }) => `  line ${line}: ${show(event)}`),
          ].join('\n'),
  };
}
