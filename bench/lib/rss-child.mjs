// Child process for the peak-RSS rows: one fresh process per measurement, so that maxRSS is
// about this stream only. Prints one JSON line on stdout.
//
//   node bench/lib/rss-child.mjs gen        <bytes>   generate the stream, pipe it into a sink that drops it
//   node bench/lib/rss-child.mjs check-gen  <bytes>   generate the stream, pipe it into the checker
//   node bench/lib/rss-child.mjs check-file <path>    pipe the file (64 KiB reads) into the checker
import { createReadStream } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createStreamChecker } from '../../dist/index.js';
import { generateAoiStream } from './gen.mjs';
import { CHUNK_BYTES } from './consumers.mjs';

const [mode, arg] = process.argv.slice(2);
const started = performance.now();
const genStats = {};

const source =
  mode === 'check-file'
    ? createReadStream(arg, { highWaterMark: CHUNK_BYTES })
    : Readable.from(
        generateAoiStream({ targetBytes: Number(arg), chunkBytes: CHUNK_BYTES, stats: genStats }),
      );

let bytes = 0;
const checker = mode === 'gen' ? null : createStreamChecker();
const sink = new Writable({
  highWaterMark: CHUNK_BYTES,
  write(chunk, _encoding, callback) {
    bytes += chunk.length;
    checker?.write(chunk);
    callback();
  },
});
await pipeline(source, sink);
const report = checker?.end({ exitCode: 0 });

const result = {
  mode,
  bytes,
  elapsedMs: performance.now() - started,
  maxRssBytes: process.resourceUsage().maxRSS * 1024, // KiB on every platform (libuv normalises)
  heapUsedAtEnd: process.memoryUsage().heapUsed,
  ...(report
    ? {
        ok: report.ok,
        events: report.stats.events,
        lines: report.stats.lines,
        failed: report.verdicts.filter((v) => v.status === 'fail').map((v) => v.rule),
      }
    : { ok: true }),
  ...(mode !== 'check-file' ? { generated: genStats } : {}),
};
process.stdout.write(JSON.stringify(result) + '\n');
