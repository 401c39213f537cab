import { describe, expect, it } from 'vitest';
import type { Event } from '../../../src/checks/aoi/probe/types.js';
import { VerdictCollector } from '../../../src/checks/verdict.js';
import { invisible, LintContext } from '../../../src/lint/aoi/context.js';
import { chooseObservers } from '../../../src/lint/aoi/observers.js';
import type { ProbeRunner, RecordedProbe } from '../../../src/lint/aoi/runner.js';
import { makeCanaries } from '../../../src/run/canaries.js';
import { probeOutcome } from '../../support/probe-outcome.js';

/** A lint whose runner answers each command as `answers` says: a stable list, or a run out of time. */
function lintWith(answers: Record<string, 'stable' | 'out-of-time'>): LintContext {
  const events: Event[] = [
    { type: 'item', id: 'a' },
    { type: 'aoi:summary', ok: true, count: 1 },
  ];
  const runner = {
    probe: async (args: readonly string[]): Promise<RecordedProbe> => {
      const late = answers[args[0]!] === 'out-of-time';
      return {
        run: probeOutcome({ timedOut: late, exitCode: late ? null : 0 }),
        events: late ? [] : events,
        changed: [],
        dirs: { stateDir: 's', cwd: 'c', home: 'h', tmp: 't' },
        label: args.join(' '),
        observed: [],
        args,
        settings: {},
      };
    },
  } as unknown as ProbeRunner;
  return new LintContext(runner, new VerdictCollector(), makeCanaries('s'), new Set(), false);
}

const commands = (names: string[]) => ({
  commands: names.map((name) => ({ name, read_only: true })),
});

describe('chooseObservers', () => {
  it('takes the first declared command that qualifies: one observer is evidence enough', async () => {
    const lint = lintWith({ list: 'stable', status: 'stable', tags: 'stable' });
    const { observers, outOfTime } = await chooseObservers(
      commands(['list', 'status', 'tags']),
      [],
      lint,
    );
    expect(observers.map((args) => args[0])).toEqual(['list']);
    expect(outOfTime).toEqual([]);
  });

  it('keeps every command given with --observe, and the first declared one beside them', async () => {
    const lint = lintWith({ list: 'stable', status: 'stable', entries: 'stable' });
    const { observers } = await chooseObservers(commands(['list', 'status']), [['entries']], lint);
    expect(observers.map((args) => args[0])).toEqual(['entries', 'list']);
  });

  // pyjournal's dry-run-writes once passed at load ~40: its one observer ran out of time in the stability check, so
  // none was chosen and the behaviour evidence said nothing. Now the candidate is named, and the verdict says skip.
  it('names a candidate that ran out of time, and the skip reason says so', async () => {
    const lint = lintWith({ list: 'out-of-time' });
    const { observers, outOfTime } = await chooseObservers(commands(['list']), [], lint);
    expect(observers).toEqual([]);
    expect(outOfTime.map((args) => args[0])).toEqual(['list']);
    expect(invisible('write', observers, outOfTime)).toContain(
      'no observation command could be chosen: `list',
    );
    expect(invisible('write', [], [])).not.toContain('no observation command could be chosen');
  });
});
