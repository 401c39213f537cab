import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkStream, type StreamReport } from '../../../src/checks/aoi/stream.js';
import { runInMemory } from '../../../src/fakes/aoi/engine/memory.js';
import {
  declaredBy,
  PRESETS,
  presetFaults,
  REFERENCE_RUNS,
} from '../../../src/fakes/aoi/faults/index.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';

import { runKit } from '../../support/kit-cli.js';
const ids = (report: StreamReport) => [...new Set(report.findings.map((f) => f.id))].sort();

/**
 * `aoi-testkit fake <preset>` as a real process, against the same preset in memory: the presets of stream
 * faults, on their reference run (behaviour presets are judged by the linter: behaviour-process.test.ts).
 */
const streamPresets = Object.entries(PRESETS).flatMap(([id, preset]) =>
  preset.run ? [[id, preset.run] as const] : [],
);
describe.each(streamPresets)('aoi-testkit fake %s', (presetId, runId) => {
  test('as a process: the same bytes, exit status and verdict as in memory, and exactly the declared findings', async () => {
    const reference = REFERENCE_RUNS[runId];
    const [processDir, memoryDir] = [
      mkdtempSync(join(tmpdir(), 'preset-p-')),
      mkdtempSync(join(tmpdir(), 'preset-m-')),
    ];
    for (const argv of reference.setup) {
      await runKit(['fake', 'well-behaved', ...argv], {
        env: { AOI_TESTKIT_STATE_DIR: processDir },
      });
      await runInMemory(notes, { argv, stateDir: memoryDir });
    }
    const real = await runKit(['fake', presetId, ...reference.argv], {
      env: { AOI_TESTKIT_STATE_DIR: processDir },
      timeoutMs: 20_000,
    });
    const fake = await runInMemory(notes, {
      argv: reference.argv,
      stateDir: memoryDir,
      faults: presetFaults(presetId),
    });
    expect(Buffer.from(real.stdout).equals(Buffer.from(fake.stdout))).toBe(true);
    expect([real.exitCode, real.signal]).toEqual([fake.exitCode, fake.signal]);
    const report = checkStream(real.stdout, { exitCode: real.exitCode, signal: real.signal });
    expect(ids(report)).toEqual(declaredBy(presetFaults(presetId)).violates);
  });
});

test('an unknown preset is a usage error', async () => {
  const run = await runKit(['fake', 'no-such-preset']);
  expect(run.exitCode).toBe(64);
  expect(Buffer.from(run.stderr).toString()).toContain('aoi-testkit fake --list');
});
