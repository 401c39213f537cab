import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cmdhelpCapabilityLine,
  cmdhelpDocument,
  cmdhelpDocumentWithDefect,
  CMDHELP_DOCUMENT_DEFECTS,
} from '../../src/arbitraries/cmdhelp/index.js';
import { parseCapabilityLine, validateCmdhelpDocument } from '../../src/checks/cmdhelp/index.js';
import { CMDHELP_SUB_RULES } from '../../src/spec/cmdhelp/rules.js';

describe('cmdhelp properties', () => {
  it('generated valid documents validate with no finding', () => {
    fc.assert(
      fc.property(cmdhelpDocument(), (doc) => {
        expect(validateCmdhelpDocument(doc).findings).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('a generated defect gives exactly its sub-rule', () => {
    fc.assert(
      fc.property(cmdhelpDocumentWithDefect(), ({ subRule, document }) => {
        expect([...new Set(validateCmdhelpDocument(document).findings.map((f) => f.id))]).toEqual([
          subRule,
        ]);
      }),
      { numRuns: 300 },
    );
  });

  it('every defect names a registered document sub-rule', () => {
    for (const d of CMDHELP_DOCUMENT_DEFECTS)
      expect(CMDHELP_SUB_RULES.find((s) => s.id === d.subRule)?.judgedBy).toBe('document');
  });

  it('generated capability lines parse', () => {
    fc.assert(fc.property(cmdhelpCapabilityLine(), (line) => parseCapabilityLine(line).ok));
  });

  it('validateCmdhelpDocument never throws on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => typeof validateCmdhelpDocument(v).valid === 'boolean'),
      { numRuns: 300 },
    );
  });
});
