// Worst case of the secret masker and canary scanner on hostile 1 MiB strings (issue 15): each shape that
// made a backtracking pattern rescan a long run, put in an aoi:meta note and judged by `aoi-testkit check -`
// as a child process (the repro of the issue), and masked in-process with the canaries known.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const N = 1 << 20;
const rep = (s) => s.repeat(Math.ceil(N / s.length)).slice(0, N);
/** Shapes that defeat a backtracking matcher: long runs a pattern can start at every position of. */
export const HOSTILE_SHAPES = {
  'a+': rep('a+'),
  '"tokentoken…': `"${rep('token')}`,
  'sk-sk-…': rep('sk-'),
  'eyJ-eyJ-…': rep('eyJ-'),
  'bearer aaaa…': `bearer ${rep('a')}`,
  'x://a:a:…': `x://${rep('a:')}`,
  'A.A.…': rep('A.'),
  'H4sIH4sI…': rep('H4sI'),
  '\\u0061…': rep('\\u0061'),
};

/** Median of 3 wall times of `check -` per shape, and in-process maskSecrets with 9 canaries. */
export async function hostileStrings(root) {
  const cli = join(root, 'dist', 'cli', 'main.js');
  const { maskSecrets } = await import(join(root, 'dist', 'index.js'));
  const { makeCanaries } = await import(join(root, 'dist', 'run.js')).catch(() => ({
    makeCanaries: null,
  }));
  const known = makeCanaries
    ? makeCanaries('bench').values
    : ['aoiCanary_0123456789ab+cdef01234567'];
  const results = [];
  for (const [name, note] of Object.entries(HOSTILE_SHAPES)) {
    const input = `${JSON.stringify({ type: 'aoi:meta', schema_version: '1', note })}\n`;
    const times = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      spawnSync(process.execPath, [cli, 'check', '-'], {
        input,
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const t = performance.now();
    maskSecrets(note, known);
    results.push({ name, checkMs: times[1], maskMs: performance.now() - t });
  }
  return results;
}

/**
 * Streams that cost more than their bytes (issue 38, item 7), each judged by `aoi-testkit check FILE` as a child
 * process: one aoi:meta line of 1.2 million keys, and 2 million lines of prose. Peak RSS and CPU time of the kit.
 */
export async function hostileStreams(root, work) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const cli = join(root, 'dist', 'cli', 'main.js');
  const preload = join(work, 'usage.cjs');
  writeFileSync(
    preload,
    "process.on('exit', () => { const u = process.resourceUsage(); require('node:fs').writeFileSync(process.env.BENCH_USAGE, JSON.stringify({ maxRssBytes: u.maxRSS * 1024, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000 })); });\n",
  );
  const meta = {
    type: 'aoi:meta',
    tool: 't',
    aoi_version: '0.2',
    schema_name: 'a.b',
    schema_version: '1.0.0',
  };
  const summary = `${JSON.stringify({ type: 'aoi:summary', ok: true, count: 0 })}\n`;
  const streams = {
    'a meta line of 1.2 M keys': `${JSON.stringify(meta).slice(0, -1)},${Array.from({ length: 1_200_000 }, (_, i) => `"k${i}":0`).join(',')}}\n${summary}`,
    '2 M lines of prose': `${JSON.stringify(meta)}\n${'not json\n'.repeat(2_000_000)}${summary}`,
  };
  const results = [];
  for (const [name, text] of Object.entries(streams)) {
    const file = join(work, 'stream.jsonl');
    const usage = join(work, 'usage.json');
    writeFileSync(file, text);
    spawnSync(process.execPath, ['-r', preload, cli, 'check', file], {
      stdio: 'ignore',
      env: { ...process.env, BENCH_USAGE: usage },
    });
    results.push({ name, ...JSON.parse(readFileSync(usage, 'utf8')) });
  }
  return results;
}
