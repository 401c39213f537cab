import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunked } from '../../src/arbitraries/index.js';
import { createStreamChecker, STREAM_RULE_IDS } from '../../src/checks/aoi/stream.js';

/** The checker on input no tool should ever write: it must not throw, and its report stays bounded. */
describe('the checker on arbitrary bytes', () => {
  const MAX_PER_SUB_RULE = 3;

  it('never throws, counts every byte, keeps at most maxFindingsPerSubRule findings per sub-rule', () => {
    fc.assert(
      fc.property(
        chunked(fc.uint8Array({ maxLength: 512 }), { maxCuts: 8 }),
        fc.option(fc.integer({ min: 0, max: 255 })),
        (chunks, exitCode) => {
          const bytes = Buffer.concat(chunks);
          const checker = createStreamChecker({
            maxFindingsPerSubRule: MAX_PER_SUB_RULE,
            maxLineBytes: 64,
          });
          for (const chunk of chunks) checker.write(chunk);
          const report = checker.end({ exitCode });
          expect(report.stats.bytes).toBe(bytes.length);
          expect(report.verdicts.map((v) => v.rule)).toEqual([...STREAM_RULE_IDS]);
          const perSubRule = new Map<string, number>();
          for (const finding of report.findings)
            perSubRule.set(finding.id, (perSubRule.get(finding.id) ?? 0) + 1);
          for (const count of perSubRule.values())
            expect(count).toBeLessThanOrEqual(MAX_PER_SUB_RULE);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('text that nearly is JSONL: fragments of events, braces, quotes and newlines in any order', () => {
    const fragment = fc.constantFrom(
      '{',
      '}',
      '"',
      '"type"',
      ':',
      '"aoi:summary"',
      '"aoi:meta"',
      ',"ok":true',
      '[',
      ']',
      '\n',
      '\r\n',
      '\\',
      '\u001b[31m',
      '\u00e9',
      '\ud83e\udd16',
      ' ',
      'null',
    );
    fc.assert(
      fc.property(
        fc.array(fragment, { maxLength: 80 }),
        fc.integer({ min: 1, max: 7 }),
        (parts, size) => {
          const bytes = Buffer.from(parts.join(''), 'utf8');
          const checker = createStreamChecker({ strict: true });
          for (let i = 0; i < bytes.length; i += size) checker.write(bytes.subarray(i, i + size));
          expect(checker.end({ exitCode: 0 }).stats.bytes).toBe(bytes.length);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('huge lines: each is reported once and skipped, never buffered whole', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 4096 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 997 }),
        (lengths, chunkSize) => {
          const maxLineBytes = 1024;
          const lines = lengths.map((n, i) => `{"type":"hit","i":${i},"pad":"${'x'.repeat(n)}"}\n`);
          const bytes = Buffer.from(lines.join(''), 'utf8');
          const checker = createStreamChecker({ maxLineBytes, maxFindingsPerSubRule: 100 });
          for (let i = 0; i < bytes.length; i += chunkSize)
            checker.write(bytes.subarray(i, i + chunkSize));
          const report = checker.end({ exitCode: 0 });
          const tooLong = report.findings
            .filter((f) => f.id === 'AOI-02/line-too-long')
            .map((f) => f.line);
          const expected = lines.flatMap((line, i) =>
            Buffer.byteLength(line) - 1 > maxLineBytes ? [i + 1] : [],
          );
          expect(tooLong).toEqual(expected);
          expect(report.stats.lines).toBe(lines.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});
