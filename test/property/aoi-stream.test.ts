import { readdirSync, readFileSync, statSync } from 'node:fs';
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
  STREAM_OUTCOMES,
  type GeneratedStream,
} from '../../src/arbitraries/index.js';
import { checkStream, createStreamChecker } from '../../src/checks/aoi/stream.js';
import { ERROR_CATEGORIES, FRAMEWORK_EVENT_TYPES, type FrameworkEventType } from '../../src/spec/aoi/constants.js';
import { validateCapabilities, validateFrameworkEvent } from '../../src/spec/aoi/schemas.js';

const endOf = (stream: GeneratedStream) => ({ exitCode: stream.exitCode, signal: stream.signal });
const judged = (stream: GeneratedStream) => ({ unbounded: stream.unbounded, strict: true });
const findingsOf = (report: ReturnType<typeof checkStream>) => report.findings.map((f) => `${f.id} (line ${f.line ?? '-'}): ${f.message}`);

describe('aoiStream(): the checker never fails a conformant stream', () => {
  it('whole: no finding at all, not even a warning, over every kind and outcome', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(aoiStream(), (stream) => {
        seen.add(`${stream.kind}/${stream.outcome}`);
        expect(findingsOf(checkStream(stream.bytes, { ...judged(stream), ...endOf(stream) }))).toEqual([]);
      }),
      { numRuns: 400 },
    );
    // Every kind and every outcome was drawn (the property did not pass by never meeting one).
    for (const kind of COMMAND_KINDS) expect([...seen].some((key) => key.startsWith(`${kind}/`))).toBe(true);
    for (const outcome of STREAM_OUTCOMES) expect([...seen].some((key) => key.endsWith(`/${outcome}`))).toBe(true);
  });

  it('in any chunking: cut inside UTF-8 characters, at line ends, one byte at a time', () => {
    const chunkedStream = aoiStream({ maxItems: 8 }).chain((stream) => chunked(stream.bytes).map((chunks) => ({ stream, chunks })));
    fc.assert(
      fc.property(chunkedStream, ({ stream, chunks }) => {
        const checker = createStreamChecker(judged(stream));
        for (const chunk of chunks) checker.write(chunk);
        expect(findingsOf(checker.end(endOf(stream)))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('summaries agree with the stream: ok with the exit status, counts with the events, truncated with a cursor', () => {
    fc.assert(
      fc.property(aoiStream({ kind: ['read', 'mutate', 'doctor'], outcome: ['ok', 'truncated', 'partial', 'failed'] }), (stream) => {
        const summary = stream.events.at(-1)!;
        expect(stream.events[0]!.type).toBe('aoi:meta');
        expect(summary.type).toBe('aoi:summary');
        expect(summary.ok === true).toBe(stream.exitCode === 0);
        expect(summary.truncated === true).toBe(typeof summary.next_cursor === 'string');
        const items = stream.events.filter((e) => !e.type.startsWith('aoi:') || e.type === 'aoi:check' || e.type === 'aoi:plan');
        if (summary.count !== undefined) expect(summary.count).toBe(items.length);
      }),
      { numRuns: 200 },
    );
  });

  it('honours its options, and refuses nonsense with a RangeError', () => {
    fc.assert(
      fc.property(aoiStream({ kind: 'doctor', outcome: 'failed', minItems: 3, maxItems: 5 }), (stream) => {
        expect(stream.kind).toBe('doctor');
        expect(stream.exitCode).not.toBe(0);
        expect(stream.events.length).toBeGreaterThanOrEqual(3 + 3); // meta, ≥3 body events, ≥1 error, summary
      }),
      { numRuns: 50 },
    );
    expect(() => aoiStream({ minItems: 5, maxItems: 2 })).toThrow(RangeError);
    expect(() => aoiStream({ kind: 'nope' as never })).toThrow(/unknown kind "nope"/);
    expect(() => aoiStream({ kind: 'doctor', outcome: 'truncated' })).toThrow(/no stream has that kind and outcome/);
  });
});

describe('events are valid by construction', () => {
  const framework = { 'aoi:meta': aoiMeta(), 'aoi:summary': aoiSummary(), 'aoi:error': aoiError(), 'aoi:warning': aoiWarning(), 'aoi:check': aoiCheck(), 'aoi:plan': aoiPlan(), 'aoi:progress': aoiProgress(), 'aoi:heartbeat': aoiHeartbeat() };

  it('has an arbitrary for every framework event type', () => {
    expect(Object.keys(framework).sort()).toEqual([...FRAMEWORK_EVENT_TYPES].sort());
  });

  it.each(Object.entries(framework))('%s validates against its schema and survives a JSON round trip', (type, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, (event) => {
        expect(event.type).toBe(type);
        expect(validateFrameworkEvent(type as FrameworkEventType, event)).toEqual([]);
        expect(JSON.parse(JSON.stringify(event))).toEqual(JSON.parse(JSON.stringify(event)));
      }),
      { numRuns: 100 },
    );
  });

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
          if (command.destructive) expect([command.read_only, command.requires_confirm]).toEqual([false, true]);
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

  it('aoiInputJsonl(): valid lines parse to the records; malformed ones do not parse, at the line numbers given', () => {
    fc.assert(
      fc.property(aoiInputJsonl({ minMalformed: 1, maxMalformed: 4 }), (input) => {
        const text = Buffer.from(input.bytes).toString('utf8');
        const lines = text.split('\n').slice(0, -1);
        expect(lines).toEqual(input.lines);
        const unparsable = lines.flatMap((line, i) => {
          try {
            JSON.parse(line);
            return [];
          } catch {
            return [i + 1];
          }
        });
        expect(unparsable).toEqual(input.malformedLines);
        expect(input.malformedLines.length).toBeGreaterThanOrEqual(1);
        expect(lines.filter((_, i) => !input.malformedLines.includes(i + 1)).map((line) => JSON.parse(line))).toEqual(input.records);
      }),
    );
  });
});

describe('layering', () => {
  it('the arbitraries never import the checks: generated streams are right or wrong on their own terms', () => {
    const dir = new URL('../../src/arbitraries/', import.meta.url);
    const sources: string[] = [];
    const walk = (at: URL) => {
      for (const name of readdirSync(at)) {
        const url = new URL(name, at);
        if (statSync(url).isDirectory()) walk(new URL(`${name}/`, at));
        else if (name.endsWith('.ts')) sources.push(url.pathname);
      }
    };
    walk(dir);
    expect(sources.length).toBeGreaterThan(5);
    expect(sources.filter((path) => /from\s+['"][^'"]*\/checks\//.test(readFileSync(path, 'utf8')))).toEqual([]);
  });
});
