// Child process behind each lint-memory row: one AOI lint of test/hostile/programs/hostile.py in a fresh
// process, so that maxRSS is this lint's alone. Prints one JSON line on stdout.
//
//   node bench/lib/lint-memory-child.mjs <HOSTILE_MODE or ""> <cap bytes> <concurrency>
import { join } from 'node:path';
import { lintCli, processTarget } from '../../dist/lint.js';

const [mode, cap, concurrency] = process.argv.slice(2);
const root = new URL('../..', import.meta.url).pathname;
const report = await lintCli(
  processTarget('python3', [join(root, 'test/hostile/programs/hostile.py')]),
  {
    env: { HOSTILE_MODE: mode },
    maxOutputBytes: Number(cap),
    concurrency: Number(concurrency),
    timeoutMs: 10_000,
  },
);
const capped = report.findings.filter(
  (finding) => finding.id === 'AOI-11/output-cap-exceeded',
).length;
process.stdout.write(
  `${JSON.stringify({ maxRssBytes: process.resourceUsage().maxRSS * 1024, probes: report.probes, capped })}\n`,
);
