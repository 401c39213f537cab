import { describe, expect, it } from 'vitest';
import { judgePipeClose, judgeSignal } from '../../../src/checks/aoi/probe/pipes.js';
import { notFoundExit, targetGone } from '../../../src/checks/aoi/probe/target-gone.js';
import { eventsOf } from '../../../src/checks/aoi/probe/types.js';
import { probeOutcome as run } from '../../support/probe-outcome.js';

/**
 * A probe whose target another run consumed (state every invocation shares) tested nothing: its own run is the
 * evidence (issue 34). Not-found evidence before the signal or the close: skip; anything else: judged as before.
 */
const stream = (...events: object[]) =>
  Buffer.from(events.map((e) => JSON.stringify(e)).join('\n') + '\n');
const meta = { type: 'aoi:meta', tool: 'pyledger' };
const notFound = {
  type: 'aoi:error',
  category: 'not_found',
  code: 'NO_SUCH_ENTRY',
  message: 'no entry e2',
  retryable: false,
};
const failed = { type: 'aoi:summary', ok: false };
const ids = (judge: (report: (id: string) => void) => void) => {
  const found: string[] = [];
  judge((id) => found.push(id));
  return found;
};

describe('targetGone: the probe’s own run shows its target was not there', () => {
  it('a not-found aoi:error before the signal: the signal probe is not judged (skip)', () => {
    const stdout = stream(meta, notFound, failed);
    const signalled = run({
      stdout,
      signalSent: true,
      signalAfterBytes: stream(meta, notFound).length,
      exitCode: 66,
    });
    expect(targetGone(signalled)).toBe(
      'it printed {"type":"aoi:error","category":"not_found","code":"NO_SUCH_ENTRY"} before the signal',
    );
    // What it would have been blamed for, judged on this run: the false alarm the skip prevents.
    expect(ids((r) => judgeSignal(signalled, 'SIGINT', eventsOf(stdout), r))).toEqual([
      'AOI-10/no-interrupted-summary',
      'AOI-10/signal-exit-code',
    ]);
  });

  it('a genuine missing interrupted summary after a signal, on a target that exists: still fails', () => {
    const item = { type: 'entry', id: 'e2' };
    const stdout = stream(meta, item, { type: 'voided', id: 'e2' });
    const signalled = run({
      stdout,
      signalSent: true,
      signalAfterBytes: stream(meta, item).length,
      exitCode: 1,
    });
    expect(targetGone(signalled, new Set([66]))).toBeUndefined();
    expect(ids((r) => judgeSignal(signalled, 'SIGINT', eventsOf(stdout), r))).toEqual([
      'AOI-10/no-interrupted-summary',
      'AOI-10/signal-exit-code',
    ]);
  });

  it('a not-found error only after the signal is no evidence: the signal may have caused it', () => {
    const signalled = run({
      stdout: stream(meta, { type: 'entry', id: 'e2' }, notFound),
      signalSent: true,
      signalAfterBytes: stream(meta, { type: 'entry', id: 'e2' }).length,
      exitCode: 66,
    });
    expect(targetGone(signalled, new Set([66]))).toBeUndefined();
  });

  it('a code that says not found counts as the category does; other errors do not', () => {
    const byCode = { type: 'aoi:error', category: 'usage', code: 'ENTRY_NOT_FOUND' };
    expect(targetGone(run({ stdout: stream(meta, byCode, failed), exitCode: 2 }))).toMatch(
      /ENTRY_NOT_FOUND/,
    );
    const conflict = { type: 'aoi:error', category: 'conflict', code: 'LOCKED' };
    expect(
      targetGone(run({ stdout: stream(meta, conflict, failed), exitCode: 1 })),
    ).toBeUndefined();
  });

  it('a closed pipe that ended with the status this tool gives not-found errors: skip; with another: judged', () => {
    // The kit read only the meta line: the error the tool wrote next is not in the record, its status is.
    const closed = run({ stdout: stream(meta), stdoutClosed: true, exitCode: 66 });
    expect(targetGone(closed, new Set([66]))).toBe(
      'it ended with 66, the status this tool gave its not-found errors in this lint',
    );
    expect(targetGone(closed, new Set([69]))).toBeUndefined();
    expect(ids((r) => judgePipeClose(closed, r, [], 0))).toEqual(['AOI-10/pipe-exit-code']);
  });

  it('notFoundExit learns a status only from a plain run with not-found errors alone, never 0 or 1', () => {
    const events = [meta, notFound, failed];
    expect(notFoundExit(run({ exitCode: 66 }), events)).toBe(66);
    expect(notFoundExit(run({ exitCode: 1 }), events)).toBeUndefined();
    expect(notFoundExit(run({ exitCode: 66, signalSent: true }), events)).toBeUndefined();
    expect(notFoundExit(run({ exitCode: 66, stdoutClosed: true }), events)).toBeUndefined();
    const mixed = [meta, notFound, { type: 'aoi:error', category: 'io', code: 'EIO' }, failed];
    expect(notFoundExit(run({ exitCode: 66 }), mixed)).toBeUndefined();
    expect(notFoundExit(run({ exitCode: 64 }), [meta, failed])).toBeUndefined();
  });
});
