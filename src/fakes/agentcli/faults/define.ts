import type { AgentFault } from '../types.js';

/** Checks a parameter is a non-negative integer (faults refuse nonsense parameters early, with the fault's name). */
export function nonNegativeInteger(fault: string, key: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new RangeError(
      `${fault}: ${key} must be a non-negative integer, got ${JSON.stringify(value)}`,
    );
  return value;
}

export function oneOf<T extends string>(
  fault: string,
  key: string,
  value: unknown,
  allowed: readonly T[],
): T {
  if (!allowed.includes(value as T))
    throw new RangeError(
      `${fault}: ${key} must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`,
    );
  return value as T;
}

export const ALL_ARMS = ['acp', 'mcp', 'proprietary'] as const;

/** A fault as its file declares it; `violates` (the fault contract's) is every arm's transcript breaks, once each. */
export const define = <P extends object>(fault: Omit<AgentFault<P>, 'violates'>): AgentFault<P> =>
  Object.freeze({
    ...fault,
    violates: [...new Set(fault.arms.flatMap((arm) => fault.transcriptBreaks[arm] ?? []))],
  });
