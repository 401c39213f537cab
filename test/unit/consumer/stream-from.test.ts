import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkStream, checkStreamAsync } from '../../../src/index.js';
import { isArbitrary, jsonlChunks, streamFrom, webStreamFrom } from '../../../src/fakes/index.js';

const META = { type: 'aoi:meta', tool: 'notes', command: 'search' };
const HIT = { type: 'hit', title: 'café ☕' }; // 2- and 3-byte characters: chunkSize 1 cuts inside them
const SUMMARY = { type: 'aoi:summary', ok: true, count: 1 };
const EVENTS = [META, HIT, SUMMARY];
const JSONL = EVENTS.map((event) => `${JSON.stringify(event)}\n`).join('');

/** Every chunk a Node Readable delivers, as it delivers them. */
async function chunksOf(stream: Readable): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return chunks;
}

async function webChunksOf(stream: ReadableStream<Uint8Array>): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read())
    chunks.push(Buffer.from(next.value));
  return chunks;
}

const text = (chunks: Uint8Array[]) => Buffer.concat(chunks).toString('utf8');
const sizes = (chunks: Uint8Array[]) => chunks.map((chunk) => chunk.length);

describe('streamFrom: what a stream is made of', () => {
  test('events: one compact JSONL line per object; strings written as given (prose, broken lines)', async () => {
    expect(text(await chunksOf(streamFrom(EVENTS)))).toBe(JSONL);
    const mixed = await chunksOf(
      streamFrom([META, 'Loading… done\n', '{"type":"hit"', '\n', SUMMARY]),
    );
    expect(text(mixed)).toBe(
      `${JSON.stringify(META)}\nLoading… done\n{"type":"hit"\n${JSON.stringify(SUMMARY)}\n`,
    );
    // Any iterable, not only arrays.
    expect(text(await chunksOf(streamFrom(new Set(EVENTS))))).toBe(JSONL);
  });

  test('bytes are delivered unchanged, invalid UTF-8 included; one chunk unless cut', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"type":"hit","t":"'),
      Buffer.from([0xff, 0xc3]),
      Buffer.from('"}\r\n'),
    ]);
    const chunks = await chunksOf(streamFrom(bytes));
    expect(chunks).toHaveLength(1);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  test('chunks already cut are delivered as they are; chunkSize or cuts cut the whole again', async () => {
    const bytes = Buffer.from(JSONL);
    const precut = [bytes.subarray(0, 7), bytes.subarray(7, 8), bytes.subarray(8)];
    expect(sizes(await chunksOf(streamFrom(precut)))).toEqual([7, 1, bytes.length - 8]);
    const recut = await chunksOf(streamFrom(precut, { chunkSize: 10 }));
    expect(recut.slice(0, -1).every((chunk) => chunk.length === 10)).toBe(true);
    expect(Buffer.concat(recut).equals(bytes)).toBe(true);
  });

  test('chunkSize 1 cuts inside every UTF-8 character; cuts split at exact offsets of the whole stream', async () => {
    const byByte = await chunksOf(streamFrom(EVENTS, { chunkSize: 1 }));
    expect(byByte.every((chunk) => chunk.length === 1)).toBe(true);
    expect(text(byByte)).toBe(JSONL);
    // Between \r and \n, and after the first byte of "é": the two cuts a line reader most often gets wrong.
    const crlf = Buffer.from('{"type":"aoi:meta"}\r\n{"type":"hit","t":"é"}\r\n');
    const at = [crlf.indexOf('\r') + 1, crlf.indexOf('é') + 1];
    const cut = await chunksOf(streamFrom(crlf, { cuts: [at[1]!, at[0]!] }));
    expect(sizes(cut)).toEqual([at[0], at[1]! - at[0]!, crlf.length - at[1]!]);
    expect(cut[1]![0]).toBe(0x0a);
    expect(Buffer.concat(cut).equals(crlf)).toBe(true);
    // chunkSize and cuts together, counted from the start of the stream.
    expect(
      sizes(await chunksOf(streamFrom(Buffer.from('abcdefghij'), { chunkSize: 4, cuts: [6] }))),
    ).toEqual([4, 2, 2, 2]);
  });

  test('jsonlChunks: the same bytes and cuts, as an array', () => {
    const chunks = jsonlChunks(EVENTS, { chunkSize: 16 });
    expect(text(chunks)).toBe(JSONL);
    expect(chunks.slice(0, -1).every((chunk) => chunk.length === 16)).toBe(true);
    expect(jsonlChunks([])).toEqual([]);
  });

  test('an empty source is an empty stream that ends', async () => {
    expect(await chunksOf(streamFrom([]))).toEqual([]);
    expect(await chunksOf(streamFrom(new Uint8Array()))).toEqual([]);
    expect(await webChunksOf(webStreamFrom([]))).toEqual([]);
  });
});

describe('streamFrom: a fast-check arbitrary, sampled once', () => {
  test('an arbitrary of events, of bytes, of pre-cut chunks, of a run { stdout }', async () => {
    expect(isArbitrary(fc.constant(EVENTS))).toBe(true);
    expect(isArbitrary(EVENTS)).toBe(false);
    expect(text(await chunksOf(streamFrom(fc.constant(EVENTS))))).toBe(JSONL);
    expect(text(await chunksOf(streamFrom(fc.constant(new Uint8Array(Buffer.from(JSONL))))))).toBe(
      JSONL,
    );
    const bytes = Buffer.from(JSONL);
    const precut = [bytes.subarray(0, 3), bytes.subarray(3)];
    expect(sizes(await chunksOf(streamFrom(fc.constant(precut))))).toEqual([3, bytes.length - 3]);
    const run = { stdout: bytes, stderr: '', exitCode: 0, signal: null };
    const fromRun = await chunksOf(streamFrom(fc.constant(run), { chunkSize: 5 }));
    expect(fromRun[0]).toHaveLength(5);
    expect(text(fromRun)).toBe(JSONL);
    // A stream cut by chunked(arbitrary) carries its bytes and its chunks: it arrives in its cuts.
    const cut = { bytes, chunks: precut, events: EVENTS };
    expect(sizes(await chunksOf(streamFrom(fc.constant(cut))))).toEqual([3, bytes.length - 3]);
    expect(sizes(await chunksOf(streamFrom(fc.constant(cut), { chunkSize: 100 })))).toEqual([
      100,
      bytes.length - 100,
    ]);
  });

  test('the same seed gives the same stream; the seed picks among the values', async () => {
    const streams = ['{"type":"a"}\n', '{"type":"b"}\n', '{"type":"c"}\n', '{"type":"d"}\n'];
    const arbitrary = fc.constantFrom(...streams);
    const sample = async (seed: number) => text(await chunksOf(streamFrom(arbitrary, { seed })));
    const bySeed = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(sample));
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(sample))).toEqual(bySeed);
    expect(new Set(bySeed).size).toBeGreaterThan(1);
    expect(bySeed.every((value) => streams.includes(value))).toBe(true);
    // No seed is seed 1.
    expect(text(await chunksOf(streamFrom(arbitrary)))).toBe(bySeed[0]);
  });

  test('a value that is no stream fails the stream with a TypeError', async () => {
    await expect(chunksOf(streamFrom(fc.constant(42)))).rejects.toThrow(TypeError);
    await expect(webChunksOf(webStreamFrom(fc.constant(null)))).rejects.toThrow(TypeError);
  });
});

describe('webStreamFrom', () => {
  test('the same chunks as streamFrom, for events, bytes and arbitraries', async () => {
    const options = { chunkSize: 3, cuts: [1] };
    expect(await webChunksOf(webStreamFrom(EVENTS, options))).toEqual(
      await chunksOf(streamFrom(EVENTS, options)),
    );
    const bytes = Buffer.from(JSONL);
    expect(await webChunksOf(webStreamFrom(bytes, options))).toEqual(
      await chunksOf(streamFrom(bytes, options)),
    );
    const arbitrary = fc.constantFrom(JSONL, `${JSON.stringify(META)}\n`);
    expect(await webChunksOf(webStreamFrom(arbitrary, { seed: 7, chunkSize: 2 }))).toEqual(
      await chunksOf(streamFrom(arbitrary, { seed: 7, chunkSize: 2 })),
    );
  });
});

describe('options and readers', () => {
  test.each([
    ['chunkSize 0', { chunkSize: 0 }],
    ['chunkSize -1', { chunkSize: -1 }],
    ['chunkSize 1.5', { chunkSize: 1.5 }],
    ['chunkSize NaN', { chunkSize: Number.NaN }],
    ['a negative cut', { cuts: [-1] }],
    ['a fractional cut', { cuts: [2.5] }],
  ])('%s is a RangeError, at once', (_label, options) => {
    expect(() => streamFrom(EVENTS, options)).toThrow(RangeError);
    expect(() => webStreamFrom(EVENTS, options)).toThrow(RangeError);
    expect(() => streamFrom(fc.constant(EVENTS), options)).toThrow(RangeError);
    expect(() => jsonlChunks(EVENTS, options)).toThrow(RangeError);
  });

  test('checkStreamAsync judges a stream cut into single bytes as it judges the whole', async () => {
    const whole = checkStream(JSONL, { exitCode: 0 });
    const report = await checkStreamAsync(streamFrom(EVENTS, { chunkSize: 1 }), { exitCode: 0 });
    expect(report.summary).toMatchObject({ ok: true });
    expect([report.findings, report.stats]).toEqual([whole.findings, whole.stats]);
    const web = await checkStreamAsync(webStreamFrom(EVENTS, { chunkSize: 1 }), { exitCode: 0 });
    expect([web.findings, web.stats]).toEqual([whole.findings, whole.stats]);
  });
});
