import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aoiRun, aoiStream, chunked } from '../../src/arbitraries/index.js';
import {
  checkStream,
  createStreamChecker,
  type StreamReport,
} from '../../src/checks/aoi/stream.js';
import { loadTranscripts, type Transcript } from '../support/transcripts.js';

/**
 * The checker's report must not depend on how the bytes arrive: every golden transcript, cut
 * anywhere (inside UTF-8 characters, between \r and \n, one byte at a time), is judged exactly as
 * the whole buffer is.
 */
const transcripts = loadTranscripts();

/** What must not depend on chunking: verdicts with their counts, findings with lines and evidence. */
function essence(report: StreamReport) {
  return {
    ok: report.ok,
    stats: report.stats,
    verdicts: report.verdicts.map((v) => ({
      rule: v.rule,
      status: v.status,
      errors: v.errors,
      warnings: v.warnings,
    })),
    findings: report.findings.map((f) => ({
      id: f.id,
      severity: f.severity,
      line: f.line,
      endLine: f.endLine,
      message: f.message,
      excerpt: f.excerpt,
    })),
  };
}

function whole({ bytes, options, end }: Transcript) {
  return essence(checkStream(bytes, { ...options, ...end }));
}

function inChunks({ options, end }: Transcript, chunks: readonly Uint8Array[]) {
  const checker = createStreamChecker(options);
  for (const chunk of chunks) checker.write(chunk);
  return essence(checker.end(end));
}

describe('chunking does not change the report', () => {
  it('has transcripts to chunk', () => {
    expect(transcripts.length).toBeGreaterThan(0);
  });

  it.each(transcripts)('$name: any chunking gives the whole-buffer report', (transcript) => {
    const expected = whole(transcript);
    fc.assert(
      fc.property(chunked(transcript.bytes), (chunks) => {
        expect(inChunks(transcript, chunks)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it.each(transcripts)('$name: one byte at a time gives the whole-buffer report', (transcript) => {
    const { bytes } = transcript;
    const oneByte = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    expect(inChunks(transcript, oneByte)).toEqual(whole(transcript));
  });
});

describe('chunked()', () => {
  const sample = new TextEncoder().encode(
    '{"type":"aoi:meta"}\r\n{"type":"hit","title":"機械 🤖"}\n',
  );

  it('produces non-empty chunks that concatenate to the input', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }),
        fc.integer({ min: 0, max: 8 }),
        (bytes, maxCuts) =>
          fc.assert(
            fc.property(chunked(bytes, { maxCuts }), (chunks) => {
              expect(Buffer.concat(chunks)).toEqual(Buffer.from(bytes));
              for (const chunk of chunks) expect(chunk.length).toBeGreaterThan(0);
            }),
            { numRuns: 5 },
          ),
      ),
      { numRuns: 50 },
    );
  });

  it('cuts inside multi-byte characters, between \\r and \\n, and one byte at a time', () => {
    const samples = fc.sample(chunked(sample), { numRuns: 500, seed: 42 });
    const cutsOf = (chunks: Uint8Array[]) =>
      chunks.slice(0, -1).reduce<number[]>((acc, c) => [...acc, (acc.at(-1) ?? 0) + c.length], []);
    const allCuts = new Set(samples.flatMap(cutsOf));
    const crlf = sample.indexOf(0x0a); // the first \n follows the \r
    expect(allCuts.has(crlf)).toBe(true);
    expect([...allCuts].some((at) => (sample[at]! & 0xc0) === 0x80)).toBe(true);
    expect(samples.some((chunks) => chunks.length === sample.length)).toBe(true);
  });

  it('shrinks a failure to a single cut', () => {
    const bytes = new TextEncoder().encode('機械モード');
    // A property that fails on any cut at all: the counterexample must shrink to exactly one cut.
    const failure = fc.check(
      fc.property(chunked(bytes), (chunks) => chunks.length === 1),
      { seed: 7, numRuns: 200 },
    );
    expect(failure.failed).toBe(true);
    expect(failure.counterexample?.[0]).toHaveLength(2);
  });

  it('gives an empty input no chunks and a one-byte input one chunk', () => {
    expect(fc.sample(chunked(new Uint8Array(0)), 3)).toEqual([[], [], []]);
    expect(fc.sample(chunked(new Uint8Array([7])), 1)).toEqual([[new Uint8Array([7])]]);
  });
});

describe('chunked(arbitrary): the value and its cuts drawn together, both shrinking', () => {
  const sample = new TextEncoder().encode(
    '{"type":"aoi:meta"}\r\n{"type":"hit","title":"機械 🤖"}\n',
  );
  const cutsOf = (chunks: Uint8Array[]) =>
    chunks.slice(0, -1).reduce<number[]>((acc, c) => [...acc, (acc.at(-1) ?? 0) + c.length], []);

  it('of bytes: non-empty chunks that concatenate to the bytes drawn', () => {
    fc.assert(
      fc.property(
        fc
          .uint8Array({ maxLength: 64 })
          .chain((bytes) =>
            fc.tuple(fc.constant(bytes), chunked(fc.constant(bytes), { maxCuts: 8 })),
          ),
        ([bytes, chunks]) => {
          expect(Buffer.concat(chunks)).toEqual(Buffer.from(bytes));
          for (const chunk of chunks) expect(chunk.length).toBeGreaterThan(0);
          expect(chunks.length).toBeLessThanOrEqual(Math.max(9, bytes.length));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('of streams and runs: each value keeps its fields and gains chunks of its own bytes (or stdout)', () => {
    fc.assert(
      fc.property(
        chunked(aoiStream({ maxItems: 6 })),
        chunked(aoiRun({ stream: { maxItems: 6 } })),
        (stream, run) => {
          expect(Buffer.concat(stream.chunks)).toEqual(Buffer.from(stream.bytes));
          expect(Buffer.from(stream.bytes).toString('utf8')).toBe(
            stream.events.map((e) => `${JSON.stringify(e)}\n`).join(''),
          );
          expect(Buffer.concat(run.chunks)).toEqual(Buffer.from(run.stdout));
          expect(typeof run.consistent).toBe('boolean');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('cuts inside multi-byte characters, between \\r and \\n, and one byte at a time', () => {
    const samples = fc.sample(chunked(fc.constant(sample)), { numRuns: 500, seed: 42 });
    const allCuts = new Set(samples.flatMap(cutsOf));
    expect(allCuts.has(sample.indexOf(0x0a))).toBe(true); // between \r and \n
    expect([...allCuts].some((at) => (sample[at]! & 0xc0) === 0x80)).toBe(true); // inside a character
    expect(samples.some((chunks) => chunks.length === sample.length)).toBe(true);
    // Tricky offsets are favoured: most cuts land on one.
    const tricky = (at: number) =>
      (sample[at]! & 0xc0) === 0x80 || sample[at] === 0x0a || sample[at - 1] === 0x0a;
    const cuts = samples.filter((chunks) => chunks.length < sample.length).flatMap(cutsOf);
    expect(cuts.filter(tricky).length / cuts.length).toBeGreaterThan(0.5);
  });

  it('shrinks the stream and the cuts together: "a stream with a hit, cut at all" fails on one minimal hit and one cut', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const failure = fc.check(
        fc.property(
          chunked(aoiStream({ kind: 'read', outcome: 'ok' })),
          (stream) => stream.chunks.length === 1 || !stream.events.some((e) => e.type === 'hit'),
        ),
        { seed, numRuns: 300 },
      );
      expect(failure.failed).toBe(true);
      const stream = failure.counterexample![0];
      expect(stream.events.slice(1)).toEqual([
        { type: 'hit', id: 'n_0000', title: '', rank: 1, snippet: '' },
        { type: 'aoi:summary', ok: true },
      ]);
      expect(stream.chunks).toHaveLength(2);
      // The first tricky offset: right before the meta's newline.
      expect(cutsOf(stream.chunks)).toEqual([Buffer.from(stream.bytes).indexOf(0x0a)]);
    }
  });

  it('refuses what it cannot cut with a TypeError', () => {
    expect(() => chunked({} as never)).toThrow(TypeError);
    expect(() => fc.sample(chunked(fc.constant({ bytes: 'text' }) as never), 1)).toThrow(
      /Uint8Array/,
    );
  });
});
