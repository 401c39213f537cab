import fc from 'fast-check';
import { aoiText } from './values.js';

/** Lines a sink must reject as `INPUT_JSONL_PARSE_ERROR` (§19.4): none of them parses as JSON. */
const MALFORMED = [
  '{"title":"cut off',
  '{"title":"trailing comma",}',
  "{'title':'single quotes'}",
  '{title:"unquoted key"}',
  '{"title":"bad escape \\x41"}',
  'plain text, not JSON',
  '{"title":"two objects"}{"title":"on one line"}',
  'NaN',
] as const;

/** Input JSONL for a sink (`--input-jsonl -`), with the answer key. */
export interface GeneratedInput {
  /** The bytes to write to the sink's stdin: one line each, LF-terminated. */
  readonly bytes: Uint8Array;
  /** Every line, in order (without its newline). */
  readonly lines: readonly string[];
  /** The records of the valid lines, in order. */
  readonly records: readonly object[];
  /** 1-based numbers of the malformed lines: where `line_number` must point (§19.4). */
  readonly malformedLines: readonly number[];
}

export interface AoiInputJsonlOptions {
  /** Most malformed lines (default 0: all valid). */
  maxMalformed?: number;
  /** Fewest malformed lines (default 0; 1 forces at least one). */
  minMalformed?: number;
  /** Most valid records (default 10). */
  maxRecords?: number;
  /** The records (default: notes with a title, sometimes a body and tags). */
  record?: fc.Arbitrary<object>;
}

const note = fc.record(
  { title: aoiText(), body: aoiText({ maxLength: 200 }), tags: fc.array(aoiText({ maxLength: 12 }), { maxLength: 3 }) },
  { requiredKeys: ['title'] },
);

/**
 * Input JSONL for sinks (§19.4): valid records, and malformed lines at arbitrary places when asked
 * (cut-off objects, trailing commas, single quotes, prose, two objects on a line), with the 1-based
 * line numbers a sink's `INPUT_JSONL_PARSE_ERROR` must report.
 *
 * @example
 * fc.assert(
 *   fc.property(aoiInputJsonl({ minMalformed: 1, maxMalformed: 3 }), async (input) => {
 *     const run = await runInMemory(myTool, { argv: ['import', '--input-jsonl', '-', '--continue-on-error', '--output', 'jsonl'], stdin: input.bytes });
 *     // every aoi:error's line_number is one of input.malformedLines
 *   }),
 * );
 */
export function aoiInputJsonl(options: AoiInputJsonlOptions = {}): fc.Arbitrary<GeneratedInput> {
  const minMalformed = options.minMalformed ?? 0;
  const maxMalformed = Math.max(minMalformed, options.maxMalformed ?? minMalformed);
  const records = fc.array(options.record ?? note, { maxLength: options.maxRecords ?? 10 });
  const bad = fc.array(fc.tuple(fc.constantFrom(...MALFORMED), fc.nat()), { minLength: minMalformed, maxLength: maxMalformed });
  return fc.tuple(records, bad).map(([valid, malformed]) => {
    const lines: { text: string; record?: object }[] = valid.map((record) => ({ text: JSON.stringify(record), record }));
    for (const [text, at] of malformed) lines.splice(at % (lines.length + 1), 0, { text });
    return {
      bytes: Buffer.from(lines.map((line) => `${line.text}\n`).join(''), 'utf8'),
      lines: lines.map((line) => line.text),
      records: lines.flatMap((line) => (line.record ? [line.record] : [])),
      malformedLines: lines.flatMap((line, i) => (line.record ? [] : [i + 1])),
    };
  });
}
