// Peak RSS of `aoi-testkit lint` while it caps a hostile program's output (issue 15: "the kit survives the
// programs it tests"): a stdout flood and an endless stderr writer (test/hostile/programs/hostile.py), each
// linted in a fresh child process (lint-memory-child.mjs), against a lint of the same tool behaving.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median } from './format.mjs';

/** Median peak RSS of `runs` lints of hostile.py in `mode` ('' = well-behaved). */
export function lintPeakRss(root, { mode, capBytes, concurrency, runs = 3 }) {
  const child = join(root, 'bench/lib/lint-memory-child.mjs');
  const results = [];
  for (let i = 0; i < runs; i++) {
    const result = spawnSync(
      process.execPath,
      [child, mode, String(capBytes), String(concurrency)],
      { encoding: 'utf8', cwd: root },
    );
    if (result.status !== 0)
      throw new Error(`lint of hostile.py (${mode || 'behaving'}) crashed: exit ${result.status}`);
    results.push(JSON.parse(result.stdout.trim().split('\n').pop()));
  }
  return {
    maxRssBytes: median(results.map((r) => r.maxRssBytes)),
    all: results.map((r) => r.maxRssBytes),
    probes: results[0].probes,
    capped: results[0].capped,
  };
}
