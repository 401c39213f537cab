import { afterEach, describe, expect, test, vi } from 'vitest';
import { afterActiveTime } from '../../../src/run/active-timer.js';
import { ByteSink } from '../../../src/run/byte-sink.js';
import { OutputBudget } from '../../../src/run/output-budget.js';

/** A share's resume callback that counts its calls. */
const resumer = () => {
  const resume = Object.assign(() => void resume.calls++, { calls: 0 });
  return resume;
};

describe('OutputBudget: shared bytes, pause past the limit, resume when bytes come back', () => {
  test('under the limit every share reads on; the total counts every share', () => {
    const budget = new OutputBudget(100);
    const [a, b] = [budget.share(), budget.share()];
    expect(a.take(40, resumer())).toBe(true);
    expect(b.take(40, resumer())).toBe(true);
    expect(budget.total).toBe(80);
  });

  test('past the limit a younger share pauses; the oldest reader never does, up to its own cap', () => {
    const budget = new OutputBudget(100);
    const [a, b] = [budget.share(), budget.share()];
    const resumeB = resumer();
    a.take(60, resumer());
    expect(b.take(60, resumeB)).toBe(false);
    expect(b.paused).toBe(true);
    expect(a.take(500, resumer())).toBe(true); // only its own cap (runProbe's) stops the oldest
    expect(resumeB.calls).toBe(0);
    a.release();
    expect(resumeB.calls).toBe(1);
    expect(b.paused).toBe(false);
    expect(budget.total).toBe(60);
  });

  test('when the oldest stops reading but still holds its bytes, the next oldest reads on; the youngest waits for bytes', () => {
    const budget = new OutputBudget(100);
    const [a, b, c] = [budget.share(), budget.share(), budget.share()];
    const [resumeB, resumeC] = [resumer(), resumer()];
    a.take(90, resumer());
    expect(b.take(10, resumeB)).toBe(false);
    expect(c.take(10, resumeC)).toBe(false);
    a.stopReading(); // its run ended; the caller still judges its output
    expect([resumeB.calls, resumeC.calls]).toEqual([1, 0]);
    expect(b.take(10, resumeB)).toBe(true); // the oldest reader now
    expect(c.take(1, resumeC)).toBe(false);
    b.stopReading();
    expect(resumeC.calls).toBe(1); // every share paused at once is impossible: c is the reader now
    expect(budget.total).toBe(121);
  });

  test('released bytes wake every paused share the limit now allows, once each; release is idempotent', () => {
    const budget = new OutputBudget(100);
    const [a, b, c] = [budget.share(), budget.share(), budget.share()];
    const [resumeB, resumeC] = [resumer(), resumer()];
    a.take(100, resumer());
    b.take(1, resumeB);
    c.take(1, resumeC);
    a.release();
    a.release();
    expect([resumeB.calls, resumeC.calls]).toEqual([1, 1]);
    expect(budget.total).toBe(2);
    b.release();
    c.release();
    expect(budget.total).toBe(0);
    expect(c.take(5, resumer())).toBe(true); // after release nothing is counted
    expect(budget.total).toBe(0);
  });

  test('a limit of 0 lets only the oldest reader read', () => {
    const budget = new OutputBudget(0);
    const [a, b] = [budget.share(), budget.share()];
    expect(a.take(1, resumer())).toBe(true);
    expect(b.take(1, resumer())).toBe(false);
    expect(() => new OutputBudget(-1)).toThrow(RangeError);
  });
});

describe('ByteSink: one buffer, no join', () => {
  test('holds what was pushed, in order, across growths, as a Buffer', () => {
    const sink = new ByteSink(1 << 20);
    const chunks = [1, 5000, 70_000, 3, 300_000].map((n, i) => Buffer.alloc(n, 97 + i));
    for (const chunk of chunks) sink.push(chunk);
    expect(Buffer.compare(Buffer.from(sink.bytes()), Buffer.concat(chunks))).toBe(0);
    expect(sink.length).toBe(375_004);
    expect(Buffer.isBuffer(new ByteSink(10).bytes())).toBe(true);
  });

  test('never grows past its max, however it is filled', () => {
    const sink = new ByteSink(100_000);
    for (let i = 0; i < 10; i++) sink.push(Buffer.alloc(10_000));
    expect(sink.bytes().buffer.byteLength).toBeLessThanOrEqual(100_000);
  });
});

describe('afterActiveTime: time waited for the budget does not count', () => {
  afterEach(() => void vi.useRealTimers());

  test('fires after ms of time not waited, and not before', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    let waited = 0;
    let fired = 0;
    afterActiveTime(
      1000,
      () => waited,
      () => fired++,
    );
    vi.advanceTimersByTime(400);
    waited = 700; // paused from here for 700 ms
    vi.advanceTimersByTime(700);
    expect(fired).toBe(0); // 1100 ms passed, only 400 of them active
    vi.advanceTimersByTime(599);
    expect(fired).toBe(0);
    vi.advanceTimersByTime(1);
    expect(fired).toBe(1);
  });

  test('cancel stops it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    let fired = 0;
    afterActiveTime(
      10,
      () => 0,
      () => fired++,
    ).cancel();
    vi.advanceTimersByTime(100);
    expect(fired).toBe(0);
  });
});
