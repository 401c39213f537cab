import type { MatcherResult, MatcherState } from './context.js';
import { hint, show } from './format.js';
import { matchesPartial } from './partial.js';

/**
 * The value is one AOI event: an object with a non-empty string `type`, matching `expected` when
 * given. Registered also as the asymmetric `expect.aoiEvent(expected)`.
 *
 * @example expect(events).toContainEqual(expect.aoiEvent({ type: 'aoi:summary', ok: true }))
 */
export function toBeAoiEvent(this: MatcherState | void, received: unknown, expected: Record<string, unknown> = {}): MatcherResult {
  const isEvent =
    received !== null && typeof received === 'object' && !Array.isArray(received) && typeof (received as { type?: unknown }).type === 'string' && (received as { type: string }).type !== '';
  const pass = isEvent && matchesPartial(received, expected);
  const args = Object.keys(expected).length > 0 ? show(expected) : '';
  return {
    pass,
    actual: received,
    expected,
    message: () =>
      `${hint(this || undefined, 'toBeAoiEvent', args)}\n\n${
        pass
          ? `Expected a value that is not an AOI event${args ? ` matching ${args}` : ''}, received:\n  ${show(received)}`
          : !isEvent
            ? `Expected an AOI event (an object with a string "type"), received:\n  ${show(received)}`
            : `Expected an AOI event matching ${args}, received:\n  ${show(received)}`
      }`,
  };
}
