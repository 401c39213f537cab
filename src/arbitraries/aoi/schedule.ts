import type fc from 'fast-check';

/**
 * Deliver chunks one by one as `fc.scheduler()` decides, so that a property explores every order in
 * which a consumer can see the chunks, the child's `exit`, a timeout or a kill it scheduled too.
 * Each chunk, labelled `chunk i/n`, is scheduled when the reader asks for it, so release them with
 * `s.waitFor(theConsumersPromise)` (`waitAll` would stop before the reader asks for the next one).
 *
 * @example
 * await fc.assert(
 *   fc.asyncProperty(fc.scheduler(), aoiStream({ kind: 'read', outcome: 'ok' }), async (s, stream) => {
 *     const exit = s.schedule(Promise.resolve(stream.exitCode), 'exit');
 *     const read = (async () => {
 *       const checker = createStreamChecker();
 *       for await (const chunk of scheduledChunks(s, [stream.bytes.subarray(0, 9), stream.bytes.subarray(9)])) checker.write(chunk);
 *       return checker;
 *     })();
 *     const [checker, exitCode] = await s.waitFor(Promise.all([read, exit]));
 *     expect(checker.end({ exitCode }).ok).toBe(true);
 *   }),
 * );
 */
export async function* scheduledChunks(
  scheduler: fc.Scheduler,
  chunks: readonly Uint8Array[],
): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < chunks.length; i++) {
    yield await scheduler.schedule(Promise.resolve(chunks[i]!), `chunk ${i + 1}/${chunks.length}`);
  }
}
