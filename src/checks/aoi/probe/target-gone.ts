import { eventsOf, type Event, type ProbeOutcome } from './types.js';

/** An error code that says "there is no such thing" in the words tools use (NOT_FOUND, NO_SUCH_ENTRY, ENOENT). */
const NOT_FOUND_CODE = /not[_-]?found|no[_-]?such|^enoent$/i;

/** An aoi:error that says the target does not exist: category `not_found` (§9.1), or a code that says so. */
export function isNotFoundError(event: Event): boolean {
  return (
    event.type === 'aoi:error' &&
    (event.category === 'not_found' ||
      (typeof event.code === 'string' && NOT_FOUND_CODE.test(event.code)))
  );
}

/**
 * Whether a probe's own run shows that its target was not there, before any sign of what the probe did (a signal, a
 * closed pipe): then the probe tested nothing, and its rule is neither passed nor failed on it (skip, with this
 * reason). Once the same invocation succeeded, its target can be gone only because another run consumed it, on state
 * every invocation shares. The evidence, in order:
 * - an aoi:error that says not found (isNotFoundError) among the events the kit had received before the signal (all
 *   the stdout of a pipe probe: the kit read it before it closed the pipe);
 * - else an exit status in `notFoundExits`: the status this tool gave its not-found errors in runs nobody signalled or
 *   cut short (LintContext learns them), for a pipe probe whose error was written after the line the kit read.
 * The evidence in words ("it printed …"); undefined when the run shows nothing of the kind: it is judged as usual.
 */
export function targetGone(
  run: ProbeOutcome,
  notFoundExits: ReadonlySet<number> = new Set(),
): string | undefined {
  const before =
    run.signalSent && run.signalAfterBytes !== undefined
      ? run.stdout.subarray(0, run.signalAfterBytes)
      : run.stdout;
  const error = eventsOf(before).find(isNotFoundError);
  const action = run.signalSent
    ? ' before the signal'
    : run.stdoutClosed
      ? ' before stdout was closed'
      : '';
  if (error) return `it printed ${describe(error)}${action}`;
  if (!run.signalSent && run.exitCode !== null && notFoundExits.has(run.exitCode))
    return `it ended with ${run.exitCode}, the status this tool gave its not-found errors in this lint`;
  return undefined;
}

/** The error's category and code, the words that identify it (never its message, which may quote input). */
const describe = (error: Event) =>
  JSON.stringify({
    type: 'aoi:error',
    ...(typeof error.category === 'string' ? { category: error.category } : {}),
    ...(typeof error.code === 'string' ? { code: error.code } : {}),
  });

/**
 * The exit status a run paired with a not-found error, as evidence for targetGone: only a run nobody signalled or cut
 * short, with no other kind of error, ending with a status other than 0 and 1 (1 is every failure's status: it says
 * nothing of a not-found one).
 */
export function notFoundExit(run: ProbeOutcome, events: readonly Event[]): number | undefined {
  if (run.signalSent || run.stdoutClosed || run.exitCode === null) return undefined;
  if (run.exitCode === 0 || run.exitCode === 1) return undefined;
  const errors = events.filter((event) => event.type === 'aoi:error');
  return errors.length > 0 && errors.every(isNotFoundError) ? run.exitCode : undefined;
}
