/**
 * Every CMDHELP rule judged from a recorded help surface, no process: helpdesk in memory, recorded by the live
 * check's own plan, then judged. The clean tool passes; each fault is caught by exactly the sub-rules it declares.
 */
import { describe, expect, it } from 'vitest';
import { judgeCmdhelp } from '../../../src/checks/cmdhelp/judge.js';
import { HELPDESK_FAULTS, runHelpdesk } from '../../../src/fakes/cmdhelp/index.js';
import { recordHelpSurface, type HelpRunner } from '../../../src/lint/cmdhelp/record.js';

const encode = (text: string) => new TextEncoder().encode(text);
const inMemory =
  (faults: readonly string[]): HelpRunner =>
  async (words, env) => {
    const r = runHelpdesk([...faults.flatMap((id) => ['--fault', id]), ...words], { env: env ?? {} });
    return { stdout: encode(r.stdout), stderr: encode(r.stderr), exitCode: r.exitCode, signal: null };
  };

describe('judgeCmdhelp on a recording of helpdesk in memory', () => {
  it('the clean tool passes every rule', async () => {
    const report = judgeCmdhelp(await recordHelpSurface(inMemory([]), 'helpdesk'));
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.valid).toBe(true);
    expect(report.verdicts.map((v) => `${v.rule} ${v.status}`)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08'].map((n) => `CMDHELP-${n} pass`));
  });
  for (const fault of HELPDESK_FAULTS.filter((f) => !f.processOnly)) {
    it(`${fault.id}: exactly ${fault.violates.join(', ')}`, async () => {
      const report = judgeCmdhelp(await recordHelpSurface(inMemory([fault.id]), 'helpdesk'), { strict: true });
      expect([...new Set(report.findings.map((f) => f.id))].sort()).toEqual([...fault.violates].sort());
      expect(report.ok).toBe(false);
      for (const f of report.findings) expect(f.probe).toMatch(/^helpdesk /);
    });
  }
  it('a process-only fault (a network attempt) behaves well in memory: the process proves it (live-scenarios-process)', async () => {
    const processOnly = HELPDESK_FAULTS.filter((f) => f.processOnly).map((f) => f.id);
    expect(processOnly).toEqual(['capability-phones-home']);
    expect(judgeCmdhelp(await recordHelpSurface(inMemory(processOnly), 'helpdesk')).findings).toEqual([]);
  });
  it('a recording without the runs its answers call for is refused, not judged', async () => {
    const recording = await recordHelpSurface(inMemory([]), 'helpdesk');
    expect(() => judgeCmdhelp({ ...recording, runs: new Map() })).toThrow(/the recording has no run of `helpdesk help --format \w+`/);
  });
});
