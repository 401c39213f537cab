import { fileURLToPath } from 'node:url';
import { type Run } from '../../../src/run/run-cli.js';

/** The built kit, run as a user runs it; the consumers under examples/consumers/. */
export { CLI } from '../../support/kit-cli.js';
import { runKit } from '../../support/kit-cli.js';
export const EXAMPLES = fileURLToPath(new URL('../../../examples/consumers/', import.meta.url));
/** Each test runs one consumer over every scenario of a shape: room for a busy 2-core machine. */
export const PROCESS_TEST_MS = 180_000;
/** The example wrappers' own timeout on the tool: long enough that a good tool always finishes first under load. */
export const WRAPPER_TIMEOUT = ['--timeout-ms', '8000'];

export const kit = (args: readonly string[]): Promise<Run> =>
  runKit([...args], { timeoutMs: PROCESS_TEST_MS - 10_000 });

export type Event = { type: string } & Record<string, unknown>;
export const eventsOf = (run: Run): Event[] =>
  Buffer.from(run.stdout)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Event);

/** `consumer --output jsonl`: the failing (sub-rule, scenario) pairs, sorted, from its aoi:check events. */
export function failures(events: readonly Event[]): string[] {
  return events
    .filter((e) => e.type === 'aoi:check' && e.status === 'fail')
    .flatMap((e) =>
      (e.findings as { id: string; severity: string }[])
        .filter((f) => f.severity === 'error')
        .map((f) => `${f.id} ${String(e.command)}`),
    )
    .sort();
}

/** `consumer --output jsonl`: the (sub-rule, scenario) pairs reported as warnings (they fail only under --strict), sorted. */
export function warnings(events: readonly Event[]): string[] {
  return events
    .filter((e) => e.type === 'aoi:check')
    .flatMap((e) =>
      ((e.findings ?? []) as { id: string; severity: string }[])
        .filter((f) => f.severity === 'warning')
        .map((f) => `${f.id} ${String(e.command)}`),
    )
    .sort();
}

/** The verdicts by status: how many of each. */
export const statuses = (events: readonly Event[]): Record<string, number> =>
  events
    .filter((e) => e.type === 'aoi:check')
    .reduce<Record<string, number>>(
      (acc, e) => ({ ...acc, [String(e.status)]: (acc[String(e.status)] ?? 0) + 1 }),
      {},
    );
