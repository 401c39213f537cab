import { describe, expect, test } from 'vitest';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';
import { watchesOutside } from '../../../src/lint/aoi/runner.js';
import { processTarget } from '../../../src/lint/aoi/target.js';

// The default for watching escapes follows whether the target runs real processes, not whether it sees the network:
// the in-memory target honours the network tripwire (its engine records each attempt), yet writes nowhere real, so an
// in-memory lint with watchOutside must never snapshot the caller's cwd or HOME.
describe('watchOutside follows runsProcesses', () => {
  const memory = inMemoryTarget(notes);
  const process = processTarget('true');

  test('the targets say what they are: in memory sees the network and runs no process', () => {
    expect(memory).toMatchObject({ seesNetwork: true, runsProcesses: false });
    expect(process).toMatchObject({ seesNetwork: true, runsProcesses: true });
  });

  test.each([
    ['in memory, watchOutside', memory, { watchOutside: true }, false],
    [
      'in memory, watchOutside and watchEscapes forced on',
      memory,
      { watchOutside: true, watchEscapes: true },
      true,
    ],
    ['a process, watchOutside', process, { watchOutside: true }, true],
    [
      'a process, watchOutside but watchEscapes off',
      process,
      { watchOutside: true, watchEscapes: false },
      false,
    ],
    ['a process, not asked', process, {}, false],
  ] as const)('%s: snapshots outside = %s', (_label, target, options, expected) => {
    expect(watchesOutside(target, options)).toBe(expected);
  });
});
