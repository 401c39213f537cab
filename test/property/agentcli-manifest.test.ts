import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agentCliManifest,
  agentCliManifestWithDefect,
  agentCliMarkdown,
  MANIFEST_DEFECTS,
} from '../../src/arbitraries/agentcli/index.js';
import { validateAgentCliManifest } from '../../src/checks/agentcli/manifest.js';
import { AGENTCLI_SUB_RULES } from '../../src/spec/agentcli/rules.js';

const numRuns = Number(process.env.PROPERTY_RUNS ?? 200);

describe('the manifest arbitraries and the validator agree', () => {
  it('every generated manifest is valid, as an object and as AGENT-CLI.md text', () => {
    fc.assert(
      fc.property(agentCliManifest(), (manifest) => {
        expect(validateAgentCliManifest(manifest).findings).toEqual([]);
        expect(validateAgentCliManifest(agentCliMarkdown(manifest)).findings).toEqual([]);
      }),
      { numRuns },
    );
  });

  it('every defect is reported as exactly the sub-rule it is labelled with', () => {
    fc.assert(
      fc.property(agentCliManifestWithDefect(), ({ subRule, manifest }) => {
        expect(
          validateAgentCliManifest(agentCliMarkdown(manifest)).findings.map((f) => f.id),
        ).toEqual([subRule]);
      }),
      { numRuns },
    );
  });

  it('the defect catalogue names only registered manifest sub-rules, and each defect can be drawn', () => {
    const manifestSubRules = new Set(
      AGENTCLI_SUB_RULES.filter((s) => s.judgedBy === 'manifest').map((s) => s.id),
    );
    for (const defect of MANIFEST_DEFECTS) expect(manifestSubRules).toContain(defect.subRule);
    for (const subRule of new Set(MANIFEST_DEFECTS.map((d) => d.subRule))) {
      const [drawn] = fc.sample(agentCliManifestWithDefect({ subRules: [subRule] }), {
        numRuns: 1,
        seed: 7,
      });
      expect(drawn!.subRule).toBe(subRule);
    }
  });
});
