import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { aoiRun, aoiStream, aoiStreamWithDefect, chunked, scheduledChunks } from '../../src/arbitraries/index.js';
import { checkStream, checkStreamAsync } from '../../src/checks/aoi/stream.js';

/** The arbitraries as a user of @fast-check/vitest writes them: `test.prop`, with shrinking and seeds. */
describe('with @fast-check/vitest', () => {
  test.prop([aoiStream({ kind: 'read' })])('a read command’s stream passes the checker', (stream) => {
    expect(checkStream(stream.bytes, { exitCode: stream.exitCode, signal: stream.signal }).ok).toBe(true);
  });

  test.prop({ stream: aoiStreamWithDefect(['crash-before-summary', 'mixing-prose']) })('a labelled defect is reported', ({ stream }) => {
    const report = checkStream(stream.bytes, { exitCode: stream.exitCode, signal: stream.signal });
    expect(report.findings.map((f) => f.id)).toContain(stream.defect.violates[0]);
  });

  test.prop([chunked(aoiRun({ consistent: true }))], { numRuns: 50 })(
    'checkStreamAsync over a web stream of the chunks agrees with the whole buffer',
    async (run) => {
      const web = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of run.chunks) controller.enqueue(chunk);
          controller.close();
        },
      });
      const end = { exitCode: run.exitCode, signal: run.signal, unbounded: run.unbounded };
      expect((await checkStreamAsync(web, end)).findings).toEqual(checkStream(run.stdout, end).findings);
    },
  );

  test.prop([fc.scheduler(), aoiStream({ outcome: 'ok', maxItems: 5 })], { numRuns: 50 })(
    'scheduledChunks(): any interleaving of chunk delivery with the exit event gives the same verdict',
    async (s, stream) => {
      const chunks = [stream.bytes.subarray(0, 7), stream.bytes.subarray(7)].filter((c) => c.length > 0);
      const order: string[] = [];
      const exited = s.schedule(Promise.resolve(stream.exitCode), 'exit').then((code) => {
        order.push('exit');
        return code;
      });
      const reading = (async () => {
        const seen: Uint8Array[] = [];
        for await (const chunk of scheduledChunks(s, chunks)) {
          order.push('chunk');
          seen.push(chunk);
        }
        return Buffer.concat(seen);
      })();
      // waitFor, not waitAll: each chunk is scheduled only once the previous one was read.
      const [bytes, exitCode] = await s.waitFor(Promise.all([reading, exited]));
      expect(order.filter((o) => o === 'chunk')).toHaveLength(chunks.length);
      expect(checkStream(bytes, { exitCode, signal: stream.signal, unbounded: stream.unbounded }).ok).toBe(true);
    },
  );
});
