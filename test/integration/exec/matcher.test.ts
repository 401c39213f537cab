import { beforeAll, describe, expect, it } from 'vitest';
import { NOTES_EXEC_PLAN } from '../../../src/fakes/aoi/notes/exec-plan.js';
import { toSupportExecDispatch } from '../../../src/matchers/to-support-exec-dispatch.js';
import { bundleNotes } from './notes-bin.js';
import { rulePage } from '../../../src/report/rule-pages.js';

let bin: string;
beforeAll(async () => {
  bin = await bundleNotes();
});

describe('toSupportExecDispatch', () => {
  it('passes on the reference tool, with a message for .not', async () => {
    const result = await toSupportExecDispatch.call({}, [process.execPath, bin], {
      plan: NOTES_EXEC_PLAN,
      bulkLines: 1_000,
    });
    expect(result.pass).toBe(true);
    expect(result.message()).toContain('Expected');
    expect(result.message()).toMatch(/all 11 judged rule/);
  }, 120_000);

  it('fails on a fault with hint, rule id + reason, evidence, fix and the rule page', async () => {
    const result = await toSupportExecDispatch.call(
      {},
      { command: process.execPath, args: [bin] },
      { plan: NOTES_EXEC_PLAN, bulkLines: 500, env: { AOI_TESTKIT_EXEC_FAULTS: 'wrong-line' } },
    );
    expect(result.pass).toBe(false);
    const message = result.message();
    expect(message.split('\n')[0]).toBe('expect(received).toSupportExecDispatch({…})');
    expect(message).toContain('EXEC-03/wrong-line: stdout line 1 has _line 0');
    expect(message).toMatch(/line 1: \{"ok":true/);
    expect(message).toContain('fix: Number input lines from 1');
    expect(message).toContain(`see ${rulePage('docs/rules/EXEC-03.md')}`);
    // Findings of one sub-rule together, its fix and page once; no finding shown twice.
    expect(message.split('fix: Number input lines from 1')).toHaveLength(2);
    const shown = message.match(/^EXEC-03\/wrong-line: .*$/gm)!;
    expect(shown.length).toBeGreaterThan(1);
    expect(new Set(shown).size).toBe(shown.length);
  }, 120_000);

  it('works through expect.extend', async () => {
    expect.extend({ toSupportExecDispatch });
    await (
      expect([process.execPath, bin]) as unknown as {
        toSupportExecDispatch(o: object): Promise<void>;
      }
    ).toSupportExecDispatch({ plan: NOTES_EXEC_PLAN, bulkLines: 500 });
  }, 120_000);

  it('rejects what is not an argv', async () => {
    await expect(toSupportExecDispatch.call({}, 42, { plan: NOTES_EXEC_PLAN })).rejects.toThrow(
      TypeError,
    );
  });
});
