import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { makeCaller, runKit } from './support.js';

// Issue 38, item 10: `consumer --as NAME` interrupted while the consumer ran printed an internal error (ENOENT on the
// fake tool's calls log, which the interrupt had already removed). It ends as every interrupted verb does.

const caller = makeCaller();
afterAll(() => caller.remove());

test.each(['SIGINT', 'SIGTERM'] as const)(
  'consumer --as notes, interrupted by %s mid-scenario: the partial report, no internal error',
  async (signal) => {
    const started = join(caller.root, `${signal}.started`);
    const consumer = join(caller.root, `${signal}-consumer.sh`);
    // A wrapper that never ends: the scenario is under way once it has started.
    writeFileSync(consumer, `#!/bin/sh\n: > '${started}'\nexec sleep 60\n`);
    const run = await runKit(
      ['consumer', '--as', 'notes', '--', 'sh', consumer],
      caller,
      {},
      {
        signal,
        ready: () => existsSync(started),
      },
    );
    expect(run.stderr).toContain(`interrupted by ${signal}`);
    expect(run.stderr).not.toMatch(/internal error|ENOENT/);
    expect(run.code).toBe(signal === 'SIGINT' ? 130 : 143);
    expect(caller.left().filter((entry) => entry.startsWith('tmp/'))).toEqual([]);
  },
  120_000,
);
