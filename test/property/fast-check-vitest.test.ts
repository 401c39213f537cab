import { fc, test } from '@fast-check/vitest';
import { afterAll, describe, expect } from 'vitest';
import {
  aoiRun,
  aoiStream,
  aoiStreamWithDefect,
  chunked,
  scheduledChunks,
} from '../../src/arbitraries/index.js';
import { checkStream, checkStreamAsync, createStreamChecker } from '../../src/checks/aoi/stream.js';

/** The arbitraries as a user of @fast-check/vitest writes them: `test.prop`, with shrinking and seeds. */
describe('with @fast-check/vitest', () => {
  test.prop([aoiStream({ kind: 'read' })])(
    'a read command’s stream passes the checker',
    (stream) => {
      expect(
        checkStream(stream.bytes, { exitCode: stream.exitCode, signal: stream.signal }).ok,
      ).toBe(true);
    },
  );

  test.prop({ stream: aoiStreamWithDefect(['crash-before-summary', 'mixing-prose']) })(
    'a labelled defect is reported',
    ({ stream }) => {
      const report = checkStream(stream.bytes, {
        exitCode: stream.exitCode,
        signal: stream.signal,
        unbounded: stream.unbounded,
      });
      expect(report.findings.map((f) => f.id)).toContain(stream.defect.violates[0]);
    },
  );

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
      expect((await checkStreamAsync(web, end)).findings).toEqual(
        checkStream(run.stdout, end).findings,
      );
    },
  );

  describe('scheduledChunks(): exit delivered before, between and after the chunks', () => {
    // Finite streams that end well, in a few chunks: the order of exit and chunks is what varies.
    const cutStreams = chunked(
      aoiStream({
        kind: ['read', 'mutate', 'dry-run', 'doctor'],
        outcome: ['ok', 'truncated'],
        maxItems: 5,
      }),
      { maxCuts: 4 },
    );
    const orders = { exitBeforeLastChunk: 0, exitAfterLastChunk: 0 };

    /** The consumer under test: feeds a streaming checker as chunks come, takes the exit status whenever it comes, judges once it has both. */
    async function consume(
      chunks: AsyncIterable<Uint8Array>,
      exit: Promise<number | null>,
      order: string[],
    ) {
      const checker = createStreamChecker();
      const reading = (async () => {
        for await (const chunk of chunks) {
          order.push('chunk');
          checker.write(chunk);
        }
      })();
      const [exitCode] = await Promise.all([exit, reading]);
      return checker.end({ exitCode, signal: null });
    }

    /** The same consumer gone wrong: it judges when the process exits, whatever it has read by then. */
    async function consumeUntilExit(
      chunks: AsyncIterable<Uint8Array>,
      exit: Promise<number | null>,
      order: string[],
    ) {
      const checker = createStreamChecker();
      let exited = false;
      void (async () => {
        for await (const chunk of chunks) {
          if (exited) return;
          order.push('chunk');
          checker.write(chunk);
        }
      })();
      const exitCode = await exit;
      exited = true;
      return checker.end({ exitCode, signal: null });
    }

    /** One run: schedule exit, consume, and say where exit came relative to the chunks. */
    async function run(
      s: fc.Scheduler,
      stream: { chunks: Uint8Array[]; exitCode: number | null },
      consumer: typeof consume,
    ) {
      const order: string[] = [];
      const exit = s.schedule(Promise.resolve(stream.exitCode), 'exit').then((code) => {
        order.push('exit');
        return code;
      });
      // waitFor, not waitAll: each chunk is scheduled only once the previous one was read.
      const report = await s.waitFor(consumer(scheduledChunks(s, stream.chunks), exit, order));
      return { report, exitFirst: order.indexOf('exit') < order.lastIndexOf('chunk') };
    }

    afterAll(() => {
      // The property met both orders, so it could have failed on either.
      expect(orders.exitBeforeLastChunk).toBeGreaterThan(0);
      expect(orders.exitAfterLastChunk).toBeGreaterThan(0);
    });

    test.prop([fc.scheduler(), cutStreams], { numRuns: 100 })(
      'the consumer’s verdict is the checker’s on the whole buffer, in every order',
      async (s, stream) => {
        const { report, exitFirst } = await run(s, stream, consume);
        if (exitFirst) orders.exitBeforeLastChunk++;
        else orders.exitAfterLastChunk++;
        expect(report.findings).toEqual(
          checkStream(stream.bytes, { exitCode: stream.exitCode, signal: null }).findings,
        );
        expect(report.ok).toBe(true);
      },
    );

    test('the property fails a consumer that judges at exit: ordering matters, and the scheduler finds it', async () => {
      const result = await fc.check(
        fc.asyncProperty(fc.scheduler(), cutStreams, async (s, stream) => {
          const { report } = await run(s, stream, consumeUntilExit);
          expect(report.ok).toBe(true);
        }),
        { numRuns: 100, seed: 42 },
      );
      expect(result.failed).toBe(true);
    });
  });
});
