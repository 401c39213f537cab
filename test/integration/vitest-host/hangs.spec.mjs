import { test } from 'vitest';
import { runProbe } from '../../../dist/run.js';

// Times out (2 s) while its probe, a tool that ignores TERM/INT/HUP, still runs: vitest then ends the worker.
test('a probe that outlives its test', async () => {
  await runProbe('sh', ['-c', 'trap "" TERM INT HUP; exec sleep 1000'], { timeoutMs: 600_000 });
});
