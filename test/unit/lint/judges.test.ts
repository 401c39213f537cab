import { describe, expect, it } from 'vitest';
import { judgeMutationEvents } from '../../../src/checks/aoi/probe/audit.js';
import {
  compileDeclaredSchema,
  fileIds,
  judgeDeclaredSchema,
} from '../../../src/checks/aoi/probe/declared-schema.js';
import { judgeCapabilities, judgeSchema } from '../../../src/checks/aoi/probe/discovery.js';
import { judgeHang, judgeStopped } from '../../../src/checks/aoi/probe/hang.js';
import { judgeReplay } from '../../../src/checks/aoi/probe/idempotency.js';
import { judgeMalformedInput } from '../../../src/checks/aoi/probe/input.js';
import {
  advertisedNegotiation,
  judgeUnsupportedVersion,
  negotiationFlag,
} from '../../../src/checks/aoi/probe/negotiation.js';
import { judgeCursor, judgeLimits } from '../../../src/checks/aoi/probe/paging.js';
import { judgePipeClose, judgeSignal } from '../../../src/checks/aoi/probe/pipes.js';
import { eventsReadable } from '../../../src/checks/aoi/probe/readable.js';
import {
  judgeDryRun,
  judgeDryRunBehaviour,
  planOf,
  judgeUnconfirmed,
  judgeWrongConfirmCount,
} from '../../../src/checks/aoi/probe/safety.js';
import { checkStream } from '../../../src/checks/aoi/stream.js';
import type { Event } from '../../../src/checks/aoi/probe/types.js';
import { judgeUsage, refusedAsUsage } from '../../../src/checks/aoi/probe/usage.js';
import { probeOutcome } from '../../support/probe-outcome.js';

const run = probeOutcome;
const bytes = (text: string) => Buffer.from(text);
const lines = (...events: object[]) =>
  bytes(events.map((e) => JSON.stringify(e)).join('\n') + '\n');

/** The sub-rule ids a judgement reports. */
function ids(judge: (report: (id: string) => void) => unknown): string[] {
  const found: string[] = [];
  judge((id) => found.push(id));
  return found;
}

const meta = { type: 'aoi:meta' };
const ok = { type: 'aoi:summary', ok: true };
const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://example.com/s.json',
  type: 'object',
  required: ['type'],
};

describe('probe judgements: each fails on a breaking fixture and passes on a sound one', () => {
  it('AOI-01 schema: failed, needs credentials, network, not JSON, invalid, file $id', () => {
    expect(
      ids((r) => judgeSchema(run({ stdout: bytes(JSON.stringify(SCHEMA)) }), undefined, r)),
    ).toEqual([]);
    expect(ids((r) => judgeSchema(run({ exitCode: 77 }), run({ exitCode: 1 }), r))).toEqual([
      'AOI-01/schema-failed',
    ]);
    // The message names the command as the tool spells it.
    const messages: string[] = [];
    judgeSchema(
      run({ exitCode: 2 }),
      run({ exitCode: 2 }),
      (_id, message) => messages.push(message),
      'aoi-schema --format json',
    );
    expect(messages).toEqual(['aoi-schema --format json ended with exit 2']);
    expect(ids((r) => judgeSchema(run({ exitCode: 77 }), run({ stdout: bytes('{}') }), r))).toEqual(
      ['AOI-01/schema-needs-credentials'],
    );
    expect(
      ids((r) =>
        judgeSchema(
          run({ stdout: bytes('{}'), network: ['node tcp registry.example:443'] }),
          undefined,
          r,
        ),
      ),
    ).toEqual(['AOI-01/schema-network']);
    expect(
      ids((r) => judgeSchema(run({ stdout: bytes('schema follows\n{}') }), undefined, r)),
    ).toEqual(['AOI-01/schema-not-json']);
    expect(
      ids((r) => judgeSchema(run({ stdout: bytes('{"type":"objekt"}') }), undefined, r)),
    ).toEqual(['AOI-01/schema-invalid']);
    expect(
      ids((r) =>
        judgeSchema(
          run({ stdout: bytes(JSON.stringify({ ...SCHEMA, $id: 'file:///opt/s.json' })) }),
          undefined,
          r,
        ),
      ),
    ).toEqual(['AOI-01/file-id']);
    expect(fileIds({ $defs: { a: { $id: 'FILE:/x' } } })).toEqual(['FILE:/x']);
  });

  it('AOI-01 capabilities: not offered is no finding; an invalid manifest is', () => {
    expect(ids((r) => judgeCapabilities(run({ exitCode: 64 }), r))).toEqual([]);
    expect(
      ids((r) => judgeCapabilities(run({ stdout: bytes('{"tool":"t","commands":[]}') }), r)),
    ).toEqual([]);
    expect(
      ids((r) => judgeCapabilities(run({ stdout: bytes('{"tool":"t","commands":{}}') }), r)),
    ).toEqual(['AOI-01/capabilities-invalid']);
  });

  it('AOI-03 hang and prompt', () => {
    expect(ids((r) => judgeHang(run(), 10, r))).toEqual([]);
    expect(
      ids((r) => judgeHang(run({ timedOut: true, signal: 'SIGKILL', exitCode: null }), 10, r)),
    ).toEqual(['AOI-03/timed-out']);
    expect(
      ids((r) =>
        judgeHang(run({ timedOut: true, stderr: bytes('Delete 1 note(s)? [y/N] ') }), 10, r),
      ),
    ).toEqual(['AOI-03/prompted']);
    expect(
      ids((r) => judgeHang(run({ timedOut: true, stderr: bytes('working…\n') }), 10, r)),
    ).toEqual(['AOI-03/timed-out']);
  });

  it('AOI-11 output cap: the kit cut the output, so that alone is reported and nothing else is judged', () => {
    let stopped = true;
    expect(ids((r) => (stopped = judgeStopped(run(), 10, r)))).toEqual([]);
    expect(stopped).toBe(false);
    // Killed by the kit mid-line, without a summary: still only the cap, not a hang, a kill or a cut stream.
    const capped = run({
      outputCapped: 2048,
      signal: 'SIGKILL',
      exitCode: null,
      stdout: bytes('{"type":"row","te'),
    });
    expect(ids((r) => (stopped = judgeStopped(capped, 10, r)))).toEqual([
      'AOI-11/output-cap-exceeded',
    ]);
    expect(stopped).toBe(true);
    expect(ids((r) => judgeStopped(run({ timedOut: true }), 10, r))).toEqual(['AOI-03/timed-out']);
  });

  it('AOI-04 declared schema', () => {
    const compiled = compileDeclaredSchema({ ...SCHEMA, properties: { n: { type: 'integer' } } });
    if (!compiled.ok) throw new Error('schema did not compile');
    expect(
      ids((r) => judgeDeclaredSchema([{ type: 'x', n: 1 }], compiled.validate, r, String)),
    ).toEqual([]);
    expect(
      ids((r) => judgeDeclaredSchema([{ type: 'x', n: 'one' }], compiled.validate, r, String)),
    ).toEqual(['AOI-04/declared-schema']);
    // Misnamed events are the stream rules' to report (unknown-framework-type, reserved-name), not again here.
    const typed = compileDeclaredSchema({ ...SCHEMA, properties: { type: { enum: ['x'] } } });
    if (!typed.ok) throw new Error('schema did not compile');
    expect(ids((r) => judgeDeclaredSchema([{ type: 'y' }], typed.validate, r, String))).toEqual([
      'AOI-04/declared-schema',
    ]);
    expect(
      ids((r) =>
        judgeDeclaredSchema(
          [{ type: 'aoi:novelty' }, { type: 'meta' }, { type: 'summary' }],
          typed.validate,
          r,
          String,
        ),
      ),
    ).toEqual([]);
  });

  it('AOI-05 usage exit status', () => {
    expect(ids((r) => judgeUsage(run({ exitCode: 64 }), r))).toEqual([]);
    expect(ids((r) => judgeUsage(run({ exitCode: 0 }), r))).toEqual(['AOI-05/usage-exit-zero']);
    expect(ids((r) => judgeUsage(run({ exitCode: 1 }), r))).toEqual(['AOI-05/usage-exit-code']);
  });

  it('AOI-05 a run refused as malformed usage: exit 64 and an aoi:error of category usage, nothing less', () => {
    const usageError: Event = {
      type: 'aoi:error',
      category: 'usage',
      code: 'USAGE_ERROR',
      message: "Unknown option '--token'",
      retryable: false,
    };
    expect(refusedAsUsage(run({ exitCode: 64 }), [usageError])).toBe(true);
    // Refused another way (a failed sign-in with the token), with another status, or not refused at all.
    expect(refusedAsUsage(run({ exitCode: 64 }), [{ ...usageError, category: 'authn' }])).toBe(
      false,
    );
    expect(refusedAsUsage(run({ exitCode: 2 }), [usageError])).toBe(false);
    expect(refusedAsUsage(run({ exitCode: 64 }), [])).toBe(false);
    expect(refusedAsUsage(run({ exitCode: 0 }), [meta, ok])).toBe(false);
  });

  it('AOI-06 confirmation, count guard and dry run', () => {
    const failed: Event[] = [
      meta,
      { type: 'aoi:error', category: 'usage', code: 'CONFIRMATION_REQUIRED' },
      { type: 'aoi:summary', ok: false },
    ];
    const done: Event[] = [meta, { type: 'deleted', id: 'n_1' }, ok];
    expect(ids((r) => judgeUnconfirmed(run({ exitCode: 64 }), failed, [], r))).toEqual([]);
    expect(ids((r) => judgeUnconfirmed(run({ exitCode: 0 }), done, [], r))).toEqual([
      'AOI-06/unconfirmed-destructive',
    ]);
    expect(
      ids((r) => judgeUnconfirmed(run({ exitCode: 64 }), failed, ['state/notes.json'], r)),
    ).toEqual(['AOI-06/unconfirmed-destructive']);
    // Refused, but exit 0: the exit status is AOI-03's to judge (exit-zero-not-ok), not a run without confirmation.
    expect(ids((r) => judgeUnconfirmed(run({ exitCode: 0 }), failed, [], r))).toEqual([]);
    // An unreadable stream: only the state tells.
    expect(ids((r) => judgeUnconfirmed(run({ exitCode: 0 }), undefined, [], r))).toEqual([]);
    expect(
      ids((r) => judgeUnconfirmed(run({ exitCode: 0 }), undefined, ['state/notes.json'], r)),
    ).toEqual(['AOI-06/unconfirmed-destructive']);
    expect(ids((r) => judgeWrongConfirmCount(run({ exitCode: 65 }), failed, [], 2, r))).toEqual([]);
    expect(ids((r) => judgeWrongConfirmCount(run({ exitCode: 0 }), failed, [], 2, r))).toEqual([]);
    expect(ids((r) => judgeWrongConfirmCount(run({ exitCode: 0 }), done, [], 2, r))).toEqual([
      'AOI-06/confirm-count-ignored',
    ]);
    expect(
      ids((r) =>
        judgeWrongConfirmCount(run({ exitCode: 0 }), undefined, ['state/notes.json'], 2, r),
      ),
    ).toEqual(['AOI-06/confirm-count-ignored']);
    const plan: Event[] = [meta, { type: 'aoi:plan', action: 'delete' }, ok];
    const done0 = run({ exitCode: 0 });
    expect(ids((r) => judgeDryRun(done0, plan, [], r))).toEqual([]);
    expect(ids((r) => judgeDryRun(done0, plan, ['state/notes.json'], r))).toEqual([
      'AOI-06/dry-run-side-effect',
    ]);
    expect(ids((r) => judgeDryRun(done0, [meta, ok], [], r))).toEqual(['AOI-06/dry-run-no-plan']);
    // A dry run that failed (its target is gone) has nothing to plan.
    const notFound = [meta, { type: 'aoi:summary', ok: false }];
    expect(ids((r) => judgeDryRun(run({ exitCode: 66 }), notFound, [], r))).toEqual([]);
    expect(ids((r) => judgeDryRun(done0, undefined, [], r))).toEqual([]);
    expect(ids((r) => judgeDryRun(done0, undefined, ['state/notes.json'], r))).toEqual([
      'AOI-06/dry-run-side-effect',
    ]);
  });

  it("AOI-06 by the tool's own behaviour: a second dry run plans otherwise, or the real command fails after it", () => {
    const planned = (memo: string, ts: string): Event[] => [
      meta,
      { type: 'aoi:plan', action: 'record', memo, timestamp: ts },
      ok,
    ];
    const judged = (events: Event[], exitCode = 0) => ({ run: run({ exitCode }), events });
    const failed = [meta, { type: 'aoi:summary', ok: false }];
    // Volatile fields aside, equal plans compare equal; no plan, nothing to compare.
    expect(planOf(planned('Lunch', '1'))).toBe(planOf(planned('Lunch', '2')));
    expect(planOf(planned('Lunch', '1'))).not.toBe(planOf(planned('Dinner', '1')));
    expect(planOf([meta, ok])).toBeUndefined();
    const sound = {
      first: judged(planned('Lunch', '1')),
      second: judged(planned('Lunch', '2')),
      after: judged([meta, ok]),
      independent: judged(planned('Lunch', '3')),
      control: judged([meta, ok]),
    };
    let answer: boolean | undefined;
    expect(ids((r) => (answer = judgeDryRunBehaviour(sound, r)))).toEqual([]);
    expect(answer).toBe(true);
    // The real command fails after the dry runs, and succeeds without them.
    expect(ids((r) => judgeDryRunBehaviour({ ...sound, after: judged(failed, 66) }, r))).toEqual([
      'AOI-06/dry-run-side-effect',
    ]);
    // The second dry run plans otherwise than the first, which a fresh dry run planned too.
    expect(
      ids((r) => judgeDryRunBehaviour({ ...sound, second: judged(planned('Lunch (2)', '2')) }, r)),
    ).toEqual(['AOI-06/dry-run-side-effect']);
    // Without controls (the real command fails anyway; fresh dry runs plan otherwise), nothing is judged.
    const uncontrolled = {
      ...sound,
      second: judged(planned('Other', '2')),
      after: judged(failed, 66),
      independent: judged(planned('Else', '3')),
      control: judged(failed, 66),
    };
    expect(ids((r) => (answer = judgeDryRunBehaviour(uncontrolled, r)))).toEqual([]);
    expect(answer).toBe(false);
  });

  it('AOI-07 replay', () => {
    const created = (id: string) => ({
      run: run(),
      events: [meta, { type: 'created', id }, ok] as Event[],
    });
    expect(ids((r) => judgeReplay(created('n_1'), created('n_1'), [], r))).toEqual([]);
    expect(
      ids((r) => judgeReplay(created('n_1'), created('n_2'), ['state/notes.json'], r)),
    ).toEqual(['AOI-07/effect-doubled', 'AOI-07/replay-differs']);
    expect(
      ids((r) => judgeReplay(created('n_1'), { run: run({ exitCode: 64 }), events: [] }, [], r)),
    ).toEqual(['AOI-07/key-rejected']);
    // Unreadable streams: the state still tells, the ids cannot.
    expect(
      ids((r) =>
        judgeReplay(created('n_1'), { run: run(), events: undefined }, ['state/notes.json'], r),
      ),
    ).toEqual(['AOI-07/effect-doubled']);
  });

  it('AOI-08 mutation events', () => {
    expect(
      ids((r) => judgeMutationEvents([meta, { type: 'deleted', path: '/a' }, ok], r, String)),
    ).toEqual([]);
    expect(ids((r) => judgeMutationEvents([meta, { type: 'created' }, ok], r, String))).toEqual([
      'AOI-08/missing-id',
    ]);
    expect(ids((r) => judgeMutationEvents([meta, ok], r, String))).toEqual([
      'AOI-08/no-mutation-event',
    ]);
  });

  it('AOI-10 pipe close and signals', () => {
    expect(ids((r) => judgePipeClose(run({ stdoutClosed: true, exitCode: 141 }), r))).toEqual([]);
    expect(ids((r) => judgePipeClose(run({ stdoutClosed: true, exitCode: 1 }), r, [], 1))).toEqual(
      [],
    );
    expect(ids((r) => judgePipeClose(run({ stdoutClosed: false, exitCode: 1 }), r))).toEqual([]);
    expect(
      ids((r) =>
        judgePipeClose(
          run({
            stdoutClosed: true,
            graceExpired: true,
            timedOut: true,
            exitCode: null,
            signal: 'SIGKILL',
          }),
          r,
        ),
      ),
    ).toEqual(['AOI-10/pipe-hang']);
    const trace = bytes(
      'Error: write EPIPE\n    at afterWriteDispatched (node:internal/stream_base_commons:161:15)\n',
    );
    expect(
      ids((r) => judgePipeClose(run({ stdoutClosed: true, exitCode: 1, stderr: trace }), r)),
    ).toEqual(['AOI-10/pipe-stack-trace', 'AOI-10/pipe-exit-code']);
    // Its whole stream, summary included, was written before the close reached it: the status is its own.
    const whole = lines(meta, { type: 'aoi:summary', ok: false });
    expect(
      ids((r) =>
        judgePipeClose(run({ stdoutClosed: true, exitCode: 66, stdout: whole }), r, [], 0),
      ),
    ).toEqual([]);
    expect(
      ids((r) =>
        judgePipeClose(run({ stdoutClosed: true, exitCode: 66, stdout: lines(meta) }), r, [], 0),
      ),
    ).toEqual(['AOI-10/pipe-exit-code']);
    const interrupted: Event[] = [
      { type: 'aoi:summary', ok: false, reason: 'interrupted', partial: true },
    ];
    expect(
      ids((r) => judgeSignal(run({ signalSent: true, exitCode: 130 }), 'SIGINT', interrupted, r)),
    ).toEqual([]);
    expect(
      ids((r) =>
        judgeSignal(
          run({ signalSent: true, exitCode: null, signal: 'SIGTERM' }),
          'SIGTERM',
          interrupted,
          r,
        ),
      ),
    ).toEqual([]);
    expect(
      ids((r) => judgeSignal(run({ signalSent: true, graceExpired: true }), 'SIGINT', [], r)),
    ).toEqual(['AOI-10/signal-ignored']);
    expect(
      ids((r) => judgeSignal(run({ signalSent: true, exitCode: 130 }), 'SIGINT', [], r)),
    ).toEqual(['AOI-10/no-interrupted-summary']);
    expect(
      ids((r) => judgeSignal(run({ signalSent: true, exitCode: 0 }), 'SIGTERM', interrupted, r)),
    ).toEqual(['AOI-10/signal-exit-code']);
    expect(
      ids((r) =>
        judgeSignal(
          run({ signalSent: true, exitCode: 130 }),
          'SIGINT',
          [{ type: 'aoi:summary', ok: false }],
          r,
        ),
      ),
    ).toEqual(['AOI-10/no-interrupted-summary']);
    // Its ok is AOI-03's to judge; an unreadable stream leaves only the exit status to judge.
    expect(
      ids((r) =>
        judgeSignal(
          run({ signalSent: true, exitCode: 130 }),
          'SIGINT',
          [{ type: 'aoi:summary', reason: 'interrupted' }],
          r,
        ),
      ),
    ).toEqual([]);
    expect(
      ids((r) => judgeSignal(run({ signalSent: true, exitCode: 130 }), 'SIGINT', undefined, r)),
    ).toEqual([]);
    // Past the output cap the kit killed it: only the cap is reported (judgeStopped), not how it ended.
    expect(
      ids((r) =>
        judgeSignal(
          run({ signalSent: true, exitCode: null, signal: 'SIGKILL', outputCapped: 2048 }),
          'SIGINT',
          [],
          r,
        ),
      ),
    ).toEqual([]);
    expect(
      ids((r) => judgeSignal(run({ signalSent: true, exitCode: 1 }), 'SIGINT', undefined, r)),
    ).toEqual(['AOI-10/signal-exit-code']);
  });

  it('AOI-11 limits and cursors', () => {
    const page = (n: number, extra: object = {}) =>
      [
        meta,
        ...Array.from({ length: n }, (_, i) => ({ type: 'hit', id: `n_${i + 1}` })),
        { ...ok, ...extra },
      ] as Event[];
    expect(
      ids((r) =>
        judgeLimits(
          page(1, { truncated: true, next_cursor: 'c' }),
          page(2, { truncated: true }),
          r,
        ),
      ),
    ).toEqual([]);
    expect(ids((r) => judgeLimits(page(3), page(3), r))).toEqual([
      'AOI-11/limit-ignored',
      'AOI-11/limit-ignored',
    ]);
    expect(ids((r) => judgeLimits(page(1), page(2), r))).toEqual(['AOI-11/truncation-unreported']);
    expect(ids((r) => judgeLimits(page(1), page(1), r))).toEqual([]); // only one item exists
    const next = (events: Event[], exitCode = 0) => ({ run: run({ exitCode }), events });
    expect(
      ids((r) => judgeCursor(page(1), next([meta, { type: 'hit', id: 'n_2' }, ok]), r)),
    ).toEqual([]);
    expect(
      ids((r) =>
        judgeCursor(
          page(1),
          next([meta, { type: 'aoi:error' }, { type: 'aoi:summary', ok: false }], 64),
          r,
        ),
      ),
    ).toEqual(['AOI-11/cursor-failed']);
    expect(
      ids((r) => judgeCursor(page(1), next([meta, { type: 'aoi:summary', ok: false }], 0), r)),
    ).toEqual(['AOI-11/cursor-failed']);
    // A page without a usable summary is AOI-03's to report (summary-ok-missing), not a failed cursor.
    expect(
      ids((r) =>
        judgeCursor(page(1), next([meta, { type: 'hit', id: 'n_2' }, { type: 'aoi:summary' }]), r),
      ),
    ).toEqual([]);
    expect(ids((r) => judgeCursor(page(1), next(page(1)), r))).toEqual(['AOI-11/cursor-repeats']);
  });

  it('AOI-12 malformed input in each mode', () => {
    const error = (line_number: number) => ({
      type: 'aoi:error',
      category: 'validation',
      code: 'INPUT_JSONL_PARSE_ERROR',
      line_number,
    });
    const failed = { type: 'aoi:summary', ok: false };
    const failFastMeta = { ...meta, continue_on_error: false };
    const failFast = [failFastMeta, error(2), failed];
    const tolerant = [
      { ...meta, continue_on_error: true },
      { type: 'created', id: 'n_1' },
      error(2),
      { type: 'created', id: 'n_2' },
      failed,
    ];
    expect(ids((r) => judgeMalformedInput(run({ exitCode: 65 }), failFast, [], r))).toEqual([]);
    expect(
      ids((r) => judgeMalformedInput(run({ exitCode: 1 }), tolerant, ['state/notes.json'], r)),
    ).toEqual([]);
    // Fail-fast need not name the line (a warning when it does not); per-line tolerant must report it.
    expect(
      ids((r) => judgeMalformedInput(run({ exitCode: 65 }), [failFastMeta, failed], [], r)),
    ).toEqual(['AOI-12/wrong-line-number']);
    expect(
      ids((r) =>
        judgeMalformedInput(
          run({ exitCode: 1 }),
          [tolerant[0]!, tolerant[1]!, tolerant[3]!, failed],
          [],
          r,
        ),
      ),
    ).toEqual(['AOI-12/no-item-error']);
    expect(
      ids((r) =>
        judgeMalformedInput(run({ exitCode: 65 }), [failFastMeta, error(1), failed], [], r),
      ),
    ).toEqual(['AOI-12/wrong-line-number']);
    expect(
      ids((r) => judgeMalformedInput(run({ exitCode: 0 }), [failFastMeta, error(2), ok], [], r)),
    ).toEqual(['AOI-12/malformed-succeeded']);
    expect(
      ids((r) => judgeMalformedInput(run({ exitCode: 65 }), failFast, ['state/notes.json'], r)),
    ).toEqual(['AOI-12/fail-fast-side-effect']);
    expect(
      ids((r) =>
        judgeMalformedInput(run({ exitCode: 1 }), tolerant.slice(0, 3).concat([failed]), [], r),
      ),
    ).toEqual(['AOI-12/continue-stopped']);
    // Success is exit 0 and ok:true (§4.1): a contradiction between them is AOI-03's, not a malformed line accepted.
    expect(ids((r) => judgeMalformedInput(run({ exitCode: 0 }), failFast, [], r))).toEqual([]);
    expect(
      ids((r) => judgeMalformedInput(run({ exitCode: 65 }), [failFastMeta, error(2), ok], [], r)),
    ).toEqual([]);
    // Under --continue-on-error the caller asked for partial tolerance (§4.1, §13): success with the bad line reported is no finding.
    const tolerantOk = [
      { ...meta, continue_on_error: true },
      { type: 'created', id: 'n_1' },
      error(2),
      { type: 'created', id: 'n_2' },
      ok,
    ];
    expect(
      ids((r) => judgeMalformedInput(run({ exitCode: 0 }), tolerantOk, ['state/notes.json'], r)),
    ).toEqual([]);
    // A meta without continue_on_error declares no mode (§12.2 says documented, not where): the run is held to the
    // mode it behaved in. Success with the line reported is per-line tolerant, failure fail-fast.
    expect(
      ids((r) => judgeMalformedInput(run({ exitCode: 0 }), [meta, error(2), ok], [], r)),
    ).toEqual([]);
    expect(
      ids((r) => judgeMalformedInput(run({ exitCode: 65 }), [meta, error(2), failed], [], r)),
    ).toEqual([]);
    expect(ids((r) => judgeMalformedInput(run({ exitCode: 0 }), [meta, ok], [], r))).toEqual([
      'AOI-12/no-item-error',
    ]);
    expect(
      ids((r) =>
        judgeMalformedInput(
          run({ exitCode: 65 }),
          [meta, error(2), failed],
          ['state/notes.json'],
          r,
        ),
      ),
    ).toEqual(['AOI-12/fail-fast-side-effect']);
    // Without aoi:meta the stream declares no mode: the one asked for on the command line stands.
    const metaless = tolerant.slice(1);
    expect(
      ids((r) =>
        judgeMalformedInput(run({ exitCode: 1 }), metaless, ['state/notes.json'], r, 'continue'),
      ),
    ).toEqual([]);
    expect(
      ids((r) =>
        judgeMalformedInput(run({ exitCode: 1 }), metaless, ['state/notes.json'], r, 'fail-fast'),
      ),
    ).toEqual(['AOI-12/fail-fast-side-effect']);
  });

  it('AOI-13 unsupported version', () => {
    expect(ids((r) => judgeUnsupportedVersion(run({ exitCode: 64 }), r))).toEqual([]);
    expect(
      ids((r) => judgeUnsupportedVersion(run({ exitCode: 0, stdout: lines(meta, ok) }), r)),
    ).toEqual(['AOI-13/unsupported-version-accepted']);
  });

  it('AOI-13 negotiation forms: what --help offers (§5.1), --schema-version when it offers neither', () => {
    const help = (text: string, on: 'stdout' | 'stderr' = 'stdout') =>
      advertisedNegotiation(run({ exitCode: 0, [on]: text }));
    expect(help('usage: tool list [--limit N]\n')).toEqual(['schema-version']);
    expect(help('usage: tool list [--accept-schema NAME@MAJOR]\n')).toEqual(['accept-schema']);
    expect(
      help('options:\n  --accept-schema S   content negotiation\n  --schema-version N\n', 'stderr'),
    ).toEqual(['accept-schema', 'schema-version']);
    // Whole words only: another flag that begins the same is not the form.
    expect(help('  --accept-schema-file PATH\n')).toEqual(['schema-version']);
    expect(negotiationFlag('accept-schema', 'com.example.events', '2')).toEqual([
      '--accept-schema',
      'com.example.events@2',
    ]);
    expect(negotiationFlag('schema-version', 'com.example.events', '2')).toEqual([
      '--schema-version',
      '2',
    ]);
  });
});

describe('eventsReadable: whether a probe can be judged by its events', () => {
  const stream = (text: string, strict = false) =>
    eventsReadable(checkStream(text, { exitCode: 0, strict }));
  const good =
    '{"type":"aoi:meta","schema_version":"1"}\n{"type":"hit","id":"a"}\n{"type":"aoi:summary","ok":true,"count":1}\n';
  it('a conformant stream, and one whose only defects leave every event readable', () => {
    expect(stream(good)).toBe(true);
    expect(stream(good.replaceAll('\n', '\r\n'))).toBe(true); // CRLF parses: a warning
    expect(stream(good.replaceAll('\n', '\r\n'), true)).toBe(true); // still readable under --strict
    expect(stream(good.replace('"count":1', '"count":5'))).toBe(true); // counts are AOI-03's
  });
  it.each([
    ['prose among the events', good.replace('{"type":"hit"', 'Fetching…\n{"type":"hit"')],
    [
      'an ANSI-coloured event',
      good.replace('{"type":"hit","id":"a"}', '\u001b[32m{"type":"hit","id":"a"}\u001b[0m'),
    ],
    [
      'a pretty-printed event',
      good.replace('{"type":"hit","id":"a"}', '{\n  "type": "hit",\n  "id": "a"\n}'),
    ],
    ['an event after the summary', `${good}{"type":"hit","id":"b"}\n`],
    ['a second summary', `${good}{"type":"aoi:summary","ok":true}\n`],
    ['an unprefixed framework event', good.replace('"aoi:meta"', '"meta"')],
  ])('not %s', (_label, text) => {
    expect(stream(text)).toBe(false);
  });
});
