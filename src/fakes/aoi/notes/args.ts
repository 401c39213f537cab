import { parseArgs } from 'node:util';
import { WELL_BEHAVED, type Behaviour } from '../engine/behaviour.js';

/** A usage mistake: exit 64, `aoi:error` category usage in machine mode. */
export class UsageProblem extends Error {}

export const OPTIONS = {
  output: { type: 'string' },
  format: { type: 'string' },
  'schema-version': { type: 'string' },
  limit: { type: 'string' },
  cursor: { type: 'string' },
  title: { type: 'string' },
  body: { type: 'string' },
  tag: { type: 'string', multiple: true },
  'idempotency-key': { type: 'string' },
  'dry-run': { type: 'boolean' },
  timeout: { type: 'string' },
  confirm: { type: 'boolean' },
  'confirm-count': { type: 'string' },
  'input-jsonl': { type: 'string' },
  'fail-fast': { type: 'boolean' },
  'continue-on-error': { type: 'boolean' },
  'interval-ms': { type: 'string' },
  /** Where the notes live; overrides $AOI_TESTKIT_STATE_DIR. */
  'state-dir': { type: 'string' },
  command: { type: 'string' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

export type Flags = ReturnType<typeof parse>['values'];

export function parse(
  argv: readonly string[],
  behaviour: Pick<Behaviour, 'idempotencyKey'> = WELL_BEHAVED,
) {
  // A fault: --idempotency-key is advertised but not among the flags the parser knows.
  const { 'idempotency-key': _key, ...withoutKey } = OPTIONS;
  const options = (
    behaviour.idempotencyKey === 'rejected' ? withoutKey : OPTIONS
  ) as typeof OPTIONS;
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageProblem((error as Error).message);
  }
}

/** A positive integer flag within bounds, or a usage problem naming the flag. */
export function intFlag(
  value: string | undefined,
  name: string,
  fallback: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new UsageProblem(`--${name} must be an integer from 1 to ${max}, got "${value}"`);
  return n;
}
