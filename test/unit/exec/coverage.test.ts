/**
 * Every EXEC sub-rule is shown failing somewhere: by a case of the fixtures/exec corpus (whose verdicts
 * fixtures.test.ts checks) or by a notes exec fault (which test/integration/exec/check-exec.test.ts proves is
 * caught by exactly the sub-rules it declares). The one sub-rule neither can show is named here with its test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXEC_FAULTS } from '../../../src/fakes/exec/faults/index.js';
import { EXEC_SUB_RULES } from '../../../src/spec/exec/rules.js';

const root = fileURLToPath(new URL('../../../fixtures/exec/', import.meta.url));
const byFixture = new Set(
  readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      (
        JSON.parse(readFileSync(join(root, d.name, 'expected.json'), 'utf8')) as {
          judgements: { findings: string[] }[];
        }
      ).judgements.flatMap((j) => j.findings),
    ),
);
const byFault = new Set(EXEC_FAULTS.flatMap((f) => f.violates));
/** Not a fault of the tool but a choice of the checker's caller (`manifestArgs`): check-exec.test.ts, cli-exec.test.ts. */
const byLiveTest = new Set(['EXEC-01/manifest-location']);

describe('coverage of the EXEC sub-rules', () => {
  it('every sub-rule is shown failing: by a fixture, a notes exec fault, or a named live test', () => {
    for (const sub of EXEC_SUB_RULES)
      expect(
        byFixture.has(sub.id) || byFault.has(sub.id) || byLiveTest.has(sub.id),
        `${sub.id} is never shown failing`,
      ).toBe(true);
  });

  it('every document sub-rule (EXEC-02…07) fails in some fixture: the language-neutral corpus shows them all', () => {
    for (const sub of EXEC_SUB_RULES.filter((s) => s.judgedBy === 'document'))
      expect(byFixture.has(sub.id), `${sub.id} has no fixture`).toBe(true);
  });

  it('every probe sub-rule (judged only by running a tool) has a fault', () => {
    for (const sub of EXEC_SUB_RULES.filter((s) => s.judgedBy === 'probe' && !byLiveTest.has(s.id)))
      expect(byFault.has(sub.id), `${sub.id} has no notes exec fault`).toBe(true);
  });

  it('faults and fixtures name only sub-rules the registry defines', () => {
    const ids = new Set(EXEC_SUB_RULES.map((s) => s.id));
    for (const id of [...byFault, ...byFixture]) expect(ids.has(id), id).toBe(true);
  });
});
