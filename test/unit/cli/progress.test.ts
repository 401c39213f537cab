import { describe, expect, test } from 'vitest';
import { progressLine } from '../../../src/cli/progress.js';
import { progressText } from '../../../src/report/progress.js';

/** A stand-in for process.stderr: what was written, a terminal or not, with a width. */
function stream(tty: boolean, columns?: number) {
  const written: string[] = [];
  return {
    written,
    stderr: {
      isTTY: tty,
      columns,
      write: (text: string) => written.push(text),
    } as unknown as NodeJS.WriteStream,
  };
}

describe('lint progress', () => {
  test('done/total and the probe, total being the probes started so far', () => {
    expect(progressText({ done: 12, started: 15, probe: 'notes list --output jsonl' })).toBe(
      'aoi-testkit lint: 12/15 probes · notes list --output jsonl',
    );
  });

  test("the probe's label is sanitised: a terminal escape from the program is shown, not obeyed", () => {
    const line = progressText({
      done: 1,
      started: 1,
      probe: 'list \u001b]52;c;cGF3bmVk\u0007 \u202e',
    });
    expect(line).toBe('aoi-testkit lint: 1/1 probes · list \\u001b]52;c;cGF3bmVk\\u0007 \\u202e');
    expect(line).not.toMatch(/[\u0000-\u001f\u202e]/);
  });

  test('cut to the width, one column short, without splitting a character', () => {
    const line = progressText({ done: 3, started: 9, probe: `search ${'語'.repeat(40)}` }, 40);
    expect([...line].length).toBe(39);
    expect(line.endsWith('…')).toBe(true);
    expect(line).not.toMatch(/[\ud800-\udfff]/);
    // Short enough: left as it is.
    expect(progressText({ done: 1, started: 2, probe: 'list' }, 80)).toBe(
      'aoi-testkit lint: 1/2 probes · list',
    );
  });

  test('on a terminal: one line rewritten in place, cut to its width, cleared at the end', () => {
    const { written, stderr } = stream(true, 30);
    const progress = progressLine(stderr);
    progress.update({
      done: 1,
      started: 4,
      probe: 'notes search a-rather-long-query --output jsonl',
    });
    progress.done();
    expect(written).toEqual(['\raoi-testkit lint: 1/4 probes…\u001b[K', '\r\u001b[K']);
  });

  test('not a terminal: whole lines, at most one a second (a clock, not a sleep)', () => {
    const { written, stderr } = stream(false);
    let now = 10_000;
    const progress = progressLine(stderr, () => now);
    progress.update({ done: 1, started: 3, probe: 'list' });
    now += 999;
    progress.update({ done: 2, started: 3, probe: 'show 1' });
    now += 1;
    progress.update({ done: 3, started: 5, probe: `search ${'x'.repeat(300)}` });
    progress.done();
    expect(written).toEqual([
      'aoi-testkit lint: 1/3 probes · list\n',
      `aoi-testkit lint: 3/5 probes · search ${'x'.repeat(300)}\n`,
    ]);
  });
});
