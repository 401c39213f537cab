import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APP_MANIFEST_DEFECTS,
  appManifest,
  appManifestWithDefect,
  appMarkdown,
} from '../../src/arbitraries/app/index.js';
import { validateAppManifest } from '../../src/checks/app/manifest.js';
import { APP_SUB_RULES } from '../../src/spec/app/rules.js';

const numRuns = Number(process.env.PROPERTY_RUNS ?? 200);

describe('the APP.md arbitraries and the validator agree', () => {
  it('every generated manifest is valid, as an object and as APP.md text', () => {
    fc.assert(
      fc.property(appManifest(), (manifest) => {
        expect(validateAppManifest(manifest).findings).toEqual([]);
        expect(validateAppManifest(appMarkdown(manifest)).findings).toEqual([]);
      }),
      { numRuns },
    );
  });

  it('every defect is reported as exactly the sub-rule it is labelled with', () => {
    fc.assert(
      fc.property(appManifestWithDefect(), ({ subRule, markdown }) => {
        expect(validateAppManifest(markdown).findings.map((f) => f.id)).toEqual([subRule]);
      }),
      { numRuns },
    );
  });

  it('the defect catalogue names only registered manifest sub-rules', () => {
    const manifestSubRules = new Set(
      APP_SUB_RULES.filter((s) => s.judgedBy === 'manifest').map((s) => s.id),
    );
    for (const defect of APP_MANIFEST_DEFECTS) expect(manifestSubRules).toContain(defect.subRule);
  });
});
