import { beforeAll, describe, expect, it } from 'vitest';
import { checkExec } from '../../../src/checks/exec/index.js';
import { EXEC_FAULTS } from '../../../src/fakes/tools/notes/exec-faults.js';
import { NOTES_EXEC_PLAN } from '../../../src/fakes/tools/notes/exec-plan.js';
import { bundleNotes } from './notes-bin.js';

let bin: string;
beforeAll(async () => {
  bin = await bundleNotes();
});

const failing = (report: Awaited<ReturnType<typeof checkExec>>) => [...new Set(report.findings.filter((f) => f.severity === 'error').map((f) => f.id))].sort();

describe('checkExec on notes as a process', () => {
  it('the clean reference tool passes every EXEC rule', async () => {
    const report = await checkExec(process.execPath, [bin], { plan: NOTES_EXEC_PLAN });
    expect(failing(report)).toEqual([]);
    expect(report.verdicts.map((v) => `${v.rule}:${v.status}`)).toEqual([
      'EXEC-01:pass', 'EXEC-02:pass', 'EXEC-03:pass', 'EXEC-04:pass', 'EXEC-05:pass', 'EXEC-06:pass', 'EXEC-07:pass', 'EXEC-08:pass', 'EXEC-09:pass', 'EXEC-10:pass', 'EXEC-11:pass',
    ]);
  }, 120_000);

  for (const fault of EXEC_FAULTS) {
    it(`fault ${fault.id} is caught by exactly ${fault.violates.join(', ')}`, async () => {
      const report = await checkExec(process.execPath, [bin], { plan: NOTES_EXEC_PLAN, env: { AOI_TESTKIT_EXEC_FAULTS: fault.id }, bulkLines: 600 });
      expect(failing(report)).toEqual([...fault.violates].sort());
    }, 120_000);
  }
});
