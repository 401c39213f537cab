import { existsSync } from 'node:fs';
import { expect, test } from 'vitest';
import { SLOWEST_FIRST } from '../../support/sequencer.js';

const ROOT = new URL('../../../', import.meta.url);

test('every file the sequencer starts first exists (a renamed file would silently start last again)', () => {
  expect(SLOWEST_FIRST.filter((file) => !existsSync(new URL(file, ROOT)))).toEqual([]);
  expect(new Set(SLOWEST_FIRST).size).toBe(SLOWEST_FIRST.length);
});
