import type fc from 'fast-check';

/**
 * Deliver chunks one by one as `fc.scheduler()` decides, so that a property explores every order in
 * which a consumer can see the chunks, the child's `exit`, a timeout or a kill it scheduled too.
 * Each chunk, labelled `chunk i/n`, is scheduled when the reader asks for it, so release them with
 * `s.waitFor(theConsumersPromise)` (`waitAll` would stop before the reader asks for the next one).
 *
 * @example
 * await fc.assert(
 *   fc.asyncProperty(fc.scheduler(), aoiStream(), async (s, stream) => {
 *     const exit = s.schedule(Promise.resolve(stream.exitCode), 'exit');
 *     const result = await s.waitFor(consume(scheduledChunks(s, [stream.bytes]), exit));
 *     expect(result.ok).toBe(stream.exitCode === 0);
 *   }),
 * );
 */
export async function* scheduledChunks(scheduler: fc.Scheduler, chunks: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < chunks.length; i++) {
    yield await scheduler.schedule(Promise.resolve(chunks[i]!), `chunk ${i + 1}/${chunks.length}`);
  }
}
