import { once } from 'node:events';
import { define, type ExecFaultFactory } from './fault.js';

/** A pass-through filter: blocking reads and writes of 4 KiB, as a small C filter would do them. */
const FILTER_SOURCE = `const fs = require('node:fs'); const b = Buffer.alloc(4096);
for (;;) { const n = fs.readSync(0, b); if (n === 0) break; for (let o = 0; o < n; ) o += fs.writeSync(1, b, o, n - o); }`;

/**
 * The envelopes go through a child filter (as tools that pipe their output through a formatter do), and its
 * output is read only after all of them were written to it. A small batch fits in the pipe buffers; a large
 * one (a few hundred KiB) fills them, the filter blocks writing, stops reading, and this waits forever.
 */
async function throughFilter(text: string): Promise<string> {
  // child_process is loaded here, not when notes starts (process.getBuiltinModule): a fake's cold start.
  const child = process
    .getBuiltinModule('node:child_process')
    .spawn(process.execPath, ['-e', FILTER_SOURCE], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(text);
  await once(child.stdin, 'finish');
  const chunks: Buffer[] = [];
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export const deadlock: ExecFaultFactory = () =>
  define({
    id: 'deadlock',
    description:
      'exec passes its envelopes through a child filter process and reads the filter’s output only after writing all of it: once the output outgrows the pipe buffers, the filter blocks writing, stops reading, and exec waits forever',
    violates: ['EXEC-10/deadlock'],
    params: {},
    processOnly: true,
    // ~110 bytes of output a line: 10,000 lines are three times past the pipe buffers that fill up.
    bulkLines: 10_000,
    // Only as a process: in memory there is no pipe to fill.
    outputFilter: (ctx) => (ctx.self !== undefined ? throughFilter : undefined),
  });
