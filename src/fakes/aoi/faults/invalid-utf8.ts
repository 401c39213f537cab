import {
  consequencesOfLosing,
  distinct,
  matches,
  perRun,
  pick,
  worstOf,
  type ByteLine,
  type FaultFactory,
  type Target,
} from './stream-fault.js';

export type BadBytes = 'latin1' | 'cut-sequence' | 'lone-byte';

export interface InvalidUtf8Params {
  /** Which events carry bad bytes (default: domain events). */
  target: Target;
  /** How many of them (default 1: the first). */
  occurrences: number;
  /**
   * The bad bytes, appended to the event's first text field; by default chosen with the run's seed:
   * `latin1` ("café" with é as the single byte E9), `cut-sequence` (a 3-byte € cut after 2 bytes),
   * `lone-byte` (FF, never valid in UTF-8).
   */
  how?: BadBytes;
}

const BYTES: Record<BadBytes, { bytes: number[]; lenient: string }> = {
  latin1: { bytes: [0x20, 0x63, 0x61, 0x66, 0xe9], lenient: ' caf\uFFFD' },
  'cut-sequence': { bytes: [0x20, 0xe2, 0x82], lenient: ' \uFFFD' },
  'lone-byte': { bytes: [0x20, 0xff], lenient: ' \uFFFD' },
};
const MARK = '\uE000';
/** Fields that hold human text, where a stray encoding shows up first. */
const TEXT_FIELDS = ['title', 'snippet', 'message', 'body', 'name', 'detail'];

/**
 * A line that is not valid UTF-8 (§2: machine-mode stdout MUST be UTF-8), as from a tool that passes a
 * Latin-1 file name or a cut multi-byte character through. A strict UTF-8 consumer loses the event.
 *
 * The line is a `ByteLine`: the engine writes its `bytes`; `raw` is the same line as a lenient decoder
 * would read it.
 */
export const invalidUtf8: FaultFactory<InvalidUtf8Params> = (params = {}) => {
  const p: InvalidUtf8Params = { target: 'domain', occurrences: 1, ...params };
  if (!Number.isInteger(p.occurrences) || p.occurrences < 1)
    throw new RangeError(
      `invalid-utf8: occurrences must be a positive integer, got ${p.occurrences}`,
    );
  const done = perRun(() => ({ count: 0 }));
  const violates = distinct(['AOI-02/not-utf8', ...consequencesOfLosing(p.target)]);
  return {
    id: 'invalid-utf8',
    description: `puts bytes that are not UTF-8 into ${p.occurrences} event line(s)`,
    violates,
    severity: worstOf(violates),
    params: p,
    onEvent(event, state) {
      const run = done(state);
      if (!matches(p.target, event) || run.count >= p.occurrences) return [event];
      run.count++;
      const texts = Object.keys(event).filter(
        (key) => key !== 'type' && typeof event[key] === 'string',
      );
      const field = texts.find((key) => TEXT_FIELDS.includes(key)) ?? texts[0];
      const [before, after] =
        field === undefined
          ? JSON.stringify({ ...event, text: MARK }).split(MARK)
          : JSON.stringify({ ...event, [field]: `${event[field] as string}${MARK}` }).split(MARK);
      const bad =
        BYTES[p.how ?? pick<BadBytes>(['latin1', 'cut-sequence', 'lone-byte'], state.random)];
      const line: ByteLine = {
        raw: `${before}${bad.lenient}${after}\n`,
        bytes: new Uint8Array(
          Buffer.concat([
            Buffer.from(before!, 'utf8'),
            Buffer.from(bad.bytes),
            Buffer.from(`${after}\n`, 'utf8'),
          ]),
        ),
      };
      return [line];
    },
  };
};
