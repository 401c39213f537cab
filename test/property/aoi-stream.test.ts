import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aoiCapabilities,
  aoiCheck,
  aoiError,
  aoiErrorTaxonomy,
  aoiHeartbeat,
  aoiInputJsonl,
  aoiMeta,
  aoiPlan,
  aoiProgress,
  aoiStream,
  aoiSummary,
  aoiWarning,
  anyDomainEvent,
  chunked,
  COMMAND_KINDS,
  isUnreservedType,
  MALFORMED_LINES,
  STREAM_OUTCOMES,
  TOLERATED_LINES,
  type GeneratedStream,
} from '../../src/arbitraries/index.js';
import { checkStream, createStreamChecker } from '../../src/checks/aoi/stream.js';
import {
  ERROR_CATEGORIES,
  FRAMEWORK_EVENT_TYPES,
  type FrameworkEventType,
} from '../../src/spec/aoi/constants.js';
import { validateCapabilities, validateFrameworkEvent } from '../../src/spec/aoi/schemas.js';

const endOf = (stream: GeneratedStream) => ({ exitCode: stream.exitCode, signal: stream.signal });
const judged = (stream: GeneratedStream) => ({ unbounded: stream.unbounded, strict: true });
const findingsOf = (report: ReturnType<typeof checkStream>) =>
  report.findings.map((f) => `${f.id} (line ${f.line ?? '-'}): ${f.message}`);

describe('aoiStream(): the checker never fails a conformant stream', () => {
  it('whole: no finding at all, not even a warning, over every kind and outcome', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(aoiStream(), (stream) => {
        seen.add(`${stream.kind}/${stream.outcome}`);
        expect(
          findingsOf(checkStream(stream.bytes, { ...judged(stream), ...endOf(stream) })),
        ).toEqual([]);
      }),
      { numRuns: 400 },
    );
    // Every kind and every outcome was drawn (the property did not pass by never meeting one).
    for (const kind of COMMAND_KINDS)
      expect([...seen].some((key) => key.startsWith(`${kind}/`))).toBe(true);
    for (const outcome of STREAM_OUTCOMES)
      expect([...seen].some((key) => key.endsWith(`/${outcome}`))).toBe(true);
  });

  it('in any chunking: cut inside UTF-8 characters, at line ends, one byte at a time', () => {
    fc.assert(
      fc.property(chunked(aoiStream({ maxItems: 8 })), (stream) => {
        const checker = createStreamChecker(judged(stream));
        for (const chunk of stream.chunks) checker.write(chunk);
        expect(findingsOf(checker.end(endOf(stream)))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('summaries agree with the stream: ok with the exit status, counts with the events, truncated with a cursor', () => {
    fc.assert(
      fc.property(
        aoiStream({
          kind: ['read', 'mutate', 'doctor'],
          outcome: ['ok', 'truncated', 'partial', 'failed'],
        }),
        (stream) => {
          const summary = stream.events.at(-1)!;
          expect(stream.events[0]!.type).toBe('aoi:meta');
          expect(summary.type).toBe('aoi:summary');
          expect(summary.ok === true).toBe(stream.exitCode === 0);
          expect(summary.truncated === true).toBe(typeof summary.next_cursor === 'string');
          const items = stream.events.filter(
            (e) => !e.type.startsWith('aoi:') || e.type === 'aoi:check' || e.type === 'aoi:plan',
          );
          if (summary.count !== undefined) expect(summary.count).toBe(items.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('honours its options, and refuses nonsense with a RangeError', () => {
    fc.assert(
      fc.property(
        aoiStream({ kind: 'doctor', outcome: 'failed', minItems: 3, maxItems: 5 }),
        (stream) => {
          expect(stream.kind).toBe('doctor');
          expect(stream.exitCode).not.toBe(0);
          expect(stream.events.length).toBeGreaterThanOrEqual(3 + 3); // meta, ≥3 checks, ≥1 error, summary
        },
      ),
      { numRuns: 50 },
    );
    expect(() => aoiStream({ minItems: 5, maxItems: 2 })).toThrow(RangeError);
    expect(() => aoiStream({ minErrors: 0 })).toThrow(/1 <= minErrors <= maxErrors/);
    expect(() => aoiStream({ minErrors: 3, maxErrors: 2 })).toThrow(RangeError);
    expect(() => aoiStream({ maxErrors: 1.5 })).toThrow(RangeError);
    expect(() => aoiStream({ kind: 'nope' as never })).toThrow(/unknown kind "nope"/);
    expect(() => aoiStream({ kind: 'doctor', outcome: 'truncated' })).toThrow(
      /no stream has that kind and outcome/,
    );
  });

  /** What summary.count counts (§8.3): domain events, aoi:check and aoi:plan; not progress, warnings, heartbeats or errors. */
  const itemsOf = (stream: GeneratedStream) =>
    stream.events.filter(
      (e) => !e.type.startsWith('aoi:') || e.type === 'aoi:check' || e.type === 'aoi:plan',
    );
  const errorsOf = (stream: GeneratedStream) => stream.events.filter((e) => e.type === 'aoi:error');

  it('minItems/maxItems bound the items exactly (progress, warnings and heartbeats come on top), on every kind', () => {
    const kinds = fc.constantFrom(...COMMAND_KINDS);
    fc.assert(
      fc.property(
        kinds,
        fc.nat({ max: 30 }),
        fc.nat({ max: 4 }),
        fc.integer({ min: 0, max: 1_000 }),
        (kind, n, spread, seed) => {
          const outcomes =
            kind === 'unbounded' ? undefined : STREAM_OUTCOMES.filter((o) => o !== 'usage-error');
          const exact = aoiStream({ kind, outcome: outcomes, minItems: n, maxItems: n });
          const ranged = aoiStream({ kind, outcome: outcomes, minItems: n, maxItems: n + spread });
          for (const stream of fc.sample(exact, { numRuns: 5, seed })) {
            expect(itemsOf(stream), `${stream.kind}/${stream.outcome}`).toHaveLength(n);
            const summary = stream.events.at(-1); // none at all: an unbounded stream without meta or items, killed
            if (summary?.type === 'aoi:summary' && summary.count !== undefined)
              expect(summary.count).toBe(n);
          }
          for (const stream of fc.sample(ranged, { numRuns: 5, seed })) {
            expect(itemsOf(stream).length).toBeGreaterThanOrEqual(n);
            expect(itemsOf(stream).length).toBeLessThanOrEqual(n + spread);
          }
        },
      ),
      { numRuns: 60 },
    );
    // The asides really come on top: over many streams of exactly 10 items, some have more than 12 events.
    const sizes = fc
      .sample(aoiStream({ kind: 'read', outcome: 'ok', minItems: 10, maxItems: 10 }), {
        numRuns: 200,
        seed: 4,
      })
      .map((s) => s.events.length);
    expect(Math.max(...sizes)).toBeGreaterThan(12);
  });

  it('minErrors/maxErrors give the exact number of aoi:error events of partial and failed streams; none elsewhere', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.nat({ max: 3 }),
        fc.integer({ min: 0, max: 1_000 }),
        (k, spread, seed) => {
          for (const stream of fc.sample(
            aoiStream({
              kind: ['read', 'mutate', 'doctor'],
              outcome: ['partial', 'failed'],
              minErrors: k,
              maxErrors: k,
            }),
            { numRuns: 5, seed },
          )) {
            expect(errorsOf(stream), `${stream.kind}/${stream.outcome}`).toHaveLength(k);
            expect(stream.exitCode).not.toBe(0);
          }
          for (const stream of fc.sample(
            aoiStream({ outcome: ['partial', 'failed'], minErrors: k, maxErrors: k + spread }),
            { numRuns: 5, seed },
          )) {
            if (stream.unbounded) continue; // interrupted or killed: no error of its own
            expect(errorsOf(stream).length).toBeGreaterThanOrEqual(k);
            expect(errorsOf(stream).length).toBeLessThanOrEqual(k + spread);
          }
          for (const stream of fc.sample(
            aoiStream({ outcome: ['ok', 'truncated'], minErrors: k, maxErrors: k }),
            { numRuns: 5, seed },
          )) {
            expect(errorsOf(stream)).toHaveLength(0);
          }
        },
      ),
      { numRuns: 40 },
    );
    // A usage error is one aoi:error alone, whatever the bounds.
    for (const stream of fc.sample(
      aoiStream({
        kind: ['read', 'mutate', 'dry-run', 'doctor'],
        outcome: 'usage-error',
        minErrors: 3,
        maxErrors: 3,
      }),
      { numRuns: 10, seed: 1 },
    )) {
      expect(stream.events.map((e) => e.type)).toEqual(['aoi:error']);
    }
  });
});

describe('events are valid by construction', () => {
  const framework = {
    'aoi:meta': aoiMeta(),
    'aoi:summary': aoiSummary(),
    'aoi:error': aoiError(),
    'aoi:warning': aoiWarning(),
    'aoi:check': aoiCheck(),
    'aoi:plan': aoiPlan(),
    'aoi:progress': aoiProgress(),
    'aoi:heartbeat': aoiHeartbeat(),
  };

  it('has an arbitrary for every framework event type', () => {
    expect(Object.keys(framework).sort()).toEqual([...FRAMEWORK_EVENT_TYPES].sort());
  });

  it.each(Object.entries(framework))(
    '%s validates against its schema and survives a JSON round trip',
    (type, arbitrary) => {
      fc.assert(
        fc.property(arbitrary, (event) => {
          expect(event.type).toBe(type);
          expect(validateFrameworkEvent(type as FrameworkEventType, event)).toEqual([]);
          expect(JSON.parse(JSON.stringify(event))).toEqual(JSON.parse(JSON.stringify(event)));
        }),
        { numRuns: 100 },
      );
    },
  );

  it('aoi:error: retryable agrees with the category default of §9.1', () => {
    fc.assert(
      fc.property(aoiError(), (error) => {
        const retry = ERROR_CATEGORIES[error.category as keyof typeof ERROR_CATEGORIES].retry;
        if (retry !== 'maybe') expect(error.retryable).toBe(retry === 'yes');
        expect(error.code).toMatch(/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/);
      }),
    );
  });

  it('domain events use unreserved names only, and reach the astral planes', () => {
    let astral = false;
    fc.assert(
      fc.property(anyDomainEvent(), (event) => {
        expect(isUnreservedType(event.type)).toBe(true);
        if (/[\u{10000}-\u{10FFFF}]/u.test(JSON.stringify(event))) astral = true;
      }),
      { numRuns: 300 },
    );
    expect(astral).toBe(true);
  });
});

describe('manifests, taxonomies and input', () => {
  it('aoiCapabilities() validates against the capabilities schema, command names unique, flags coherent', () => {
    fc.assert(
      fc.property(aoiCapabilities(), (manifest) => {
        expect(validateCapabilities(manifest)).toEqual([]);
        const names = manifest.commands.map((c) => c.name);
        expect(new Set(names).size).toBe(names.length);
        for (const command of manifest.commands) {
          if (command.destructive)
            expect([command.read_only, command.requires_confirm]).toEqual([false, true]);
          expect(command.bounded === true).toBe(command.unbounded !== true);
        }
      }),
    );
  });

  it('aoiErrorTaxonomy(): unique codes, retryable as §9.1 says, an exit status per §6', () => {
    fc.assert(
      fc.property(aoiErrorTaxonomy(), (entries) => {
        expect(new Set(entries.map((e) => e.code)).size).toBe(entries.length);
        for (const entry of entries) {
          const retry = ERROR_CATEGORIES[entry.category].retry;
          if (retry !== 'maybe') expect(entry.retryable).toBe(retry === 'yes');
          expect(entry.exit_code).toBeGreaterThan(0);
        }
      }),
    );
  });

  /** A strict reader of one input line (docs/spec-notes.md): UTF-8 without a BOM, one JSON object; a trailing CR is JSON whitespace. */
  const strictRecord = (bytes: Uint8Array): object | undefined => {
    if (!isUtf8(bytes) || (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf))
      return undefined;
    try {
      const value: unknown = JSON.parse(Buffer.from(bytes).toString('utf8'));
      return value !== null && typeof value === 'object' && !Array.isArray(value)
        ? value
        : undefined;
    } catch {
      return undefined;
    }
  };

  it('aoiInputJsonl(): every line is what its label says; records, malformed and tolerated line numbers agree', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        aoiInputJsonl({ minMalformed: 1, maxMalformed: 4, maxTolerated: 2, maxRecords: 4 }),
        (input) => {
          // .equals, not toEqual: lines over 64 KiB make a deep comparison byte by byte slow.
          expect(
            Buffer.from(input.bytes).equals(
              Buffer.concat(
                input.entries.flatMap((e) => [Buffer.from(e.bytes), Buffer.from('\n')]),
              ),
            ),
          ).toBe(true);
          expect(input.lines).toEqual(
            Buffer.from(input.bytes).toString('utf8').split('\n').slice(0, -1),
          );
          for (const entry of input.entries) {
            seen.add(entry.label);
            const record = strictRecord(entry.bytes);
            if (entry.kind === 'malformed')
              expect(record, `${entry.label}: ${entry.text}`).toBeUndefined();
            else expect(record, entry.label).toEqual(entry.record);
            if (entry.label === 'crlf') expect(entry.bytes.at(-1)).toBe(0x0d);
            if (entry.label === 'long-line') expect(entry.bytes.length).toBeGreaterThan(64 * 1024);
            if (entry.label === 'not-utf8') expect(isUtf8(entry.bytes)).toBe(false);
            if (entry.label === 'not-an-object') expect(() => JSON.parse(entry.text)).not.toThrow();
            if (entry.label === 'blank') expect(entry.text.trim()).toBe('');
          }
          const numbers = (kind: string) =>
            input.entries.flatMap((e, i) => (e.kind === kind ? [i + 1] : []));
          expect(input.malformedLines).toEqual(numbers('malformed'));
          expect(input.toleratedLines).toEqual(numbers('tolerated'));
          expect(input.malformedLines.length).toBeGreaterThanOrEqual(1);
          expect(input.records).toEqual(
            input.entries.filter((e) => e.kind !== 'malformed').map((e) => strictRecord(e.bytes)),
          );
        },
      ),
      { numRuns: 200 },
    );
    expect([...seen].sort()).toEqual(['record', ...TOLERATED_LINES, ...MALFORMED_LINES].sort());
  });

  it('aoiInputJsonl(): draws only the kinds asked for, in the numbers asked for; refuses nonsense with a RangeError', () => {
    fc.assert(
      fc.property(
        aoiInputJsonl({
          minMalformed: 2,
          maxMalformed: 2,
          malformed: ['blank', 'bom'],
          minTolerated: 1,
          maxTolerated: 1,
          tolerated: ['crlf'],
        }),
        (input) => {
          expect(input.malformedLines).toHaveLength(2);
          expect(input.toleratedLines).toHaveLength(1);
          expect(new Set(input.entries.map((e) => e.label))).toEqual(
            new Set(
              input.entries
                .map((e) => e.label)
                .filter((l) => ['record', 'blank', 'bom', 'crlf'].includes(l)),
            ),
          );
        },
      ),
      { numRuns: 100 },
    );
    for (const input of fc.sample(aoiInputJsonl(), { numRuns: 50, seed: 3 }))
      expect(input.entries.every((e) => e.kind === 'record')).toBe(true);
    expect(() => aoiInputJsonl({ malformed: ['nope' as never] })).toThrow(
      /unknown malformed line "nope"/,
    );
    expect(() => aoiInputJsonl({ maxMalformed: 1, malformed: [] })).toThrow(RangeError);
    expect(() => aoiInputJsonl({ minTolerated: -1 })).toThrow(RangeError);
  });
});
