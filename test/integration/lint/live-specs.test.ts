/**
 * Every live spec's `detect` (its entry in lint/<spec>/index.ts, through `detectSpecs`) says yes to its reference
 * program and no to the reference programs of the other live specs (unless the two specs share one: the `notes`
 * fake offers AOI and exec). A live spec added to SPECS without a reference program here does not compile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { detectSpecs, type Detection } from '../../../src/lint/detect.js';
import { LIVE_SPECS } from '../../../src/lint/live-specs.js';
import type { LiveSpecId } from '../../../src/spec/specs.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const NOTES = [join(root, 'fixtures/bin/notes')];
/** The reference program of each live spec: the kit's fake that offers it, as a real process. */
const REFERENCE: Readonly<Record<LiveSpecId, readonly string[]>> = {
  aoi: NOTES,
  cmdhelp: [join(root, 'fixtures/bin/helpdesk')],
  exec: NOTES,
  app: [process.execPath, join(root, 'fixtures/apps/todo/app/cli.js')],
};

// A working directory with no APP.md: an application is found from the program's own package only.
const cwd = mkdtempSync(join(tmpdir(), 'aoi-live-specs-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const detections = new Map<string, Promise<Detection>>();
/** Detection of a reference program, once per program. */
function detectionOf(program: readonly string[]): Promise<Detection> {
  const key = program.join(' ');
  if (!detections.has(key))
    detections.set(key, detectSpecs(program[0], program.slice(1), { cwd, timeoutMs: 20_000 }));
  return detections.get(key)!;
}

describe.each(LIVE_SPECS.map((spec) => [spec.id, spec] as const))('live spec %s', (id) => {
  it('detects its reference program', async () => {
    const found = (await detectionOf(REFERENCE[id])).specs[id];
    expect(found.detected, found.reason).toBe(true);
  }, 120_000);

  it('does not detect the other live specs’ reference programs', async () => {
    const mine = REFERENCE[id].join(' ');
    for (const other of LIVE_SPECS.filter((s) => REFERENCE[s.id].join(' ') !== mine)) {
      const found = (await detectionOf(REFERENCE[other.id])).specs[id];
      expect(found.detected, `${id} on ${other.id}'s program: ${found.reason}`).toBe(false);
    }
  }, 120_000);
});
