import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkExec, type ExecPlan } from '../../../src/lint/exec/index.js';

/**
 * The exec probes on a tool the kit did not shape (fixtures/foreign/pytasks: Python, standard library, dotted
 * commands, argparse per line): clean, it gets no finding at all; each defect its exec.json declares gets
 * exactly its sub-rules. Every probe is a real Python process.
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
interface ExecForeignTool {
  command: string[];
  stateDirEnv: string;
  plan: ExecPlan;
  defectEnv: string;
  defects: Record<string, { findings: string[] }>;
}
const tool = JSON.parse(
  readFileSync(`${ROOT}fixtures/foreign/pytasks/exec.json`, 'utf8'),
) as ExecForeignTool;
const [, script] = tool.command;

const check = (env: Record<string, string> = {}) =>
  // 300 lines are over a 64 KiB pipe buffer out; the 5,000-line default would only slow a busy machine.
  checkExec('python3', [`${ROOT}${script}`], {
    plan: tool.plan,
    stateDirEnv: tool.stateDirEnv,
    env,
    bulkLines: 300,
    timeoutMs: 30_000,
  });

describe('checkExec on pytasks (a foreign Python exec)', () => {
  it('the clean tool: no finding, every rule judged but EXEC-11 (a Node-only count)', async () => {
    const report = await check();
    expect(report.findings).toEqual([]);
    expect(report.verdicts.map((v) => `${v.rule}:${v.status}`)).toEqual([
      'EXEC-01:pass',
      'EXEC-02:pass',
      'EXEC-03:pass',
      'EXEC-04:pass',
      'EXEC-05:pass',
      'EXEC-06:pass',
      'EXEC-07:pass',
      'EXEC-08:pass',
      'EXEC-09:pass',
      'EXEC-10:pass',
      'EXEC-11:skip',
    ]);
  }, 180_000);

  it('the clean tool meets both readings of EXEC-05 (it stops, and answers every line not run)', async () => {
    for (const failure of ['stops', 'one-in-one-out'] as const) {
      const report = await checkExec('python3', [`${ROOT}${script}`], {
        plan: tool.plan,
        stateDirEnv: tool.stateDirEnv,
        failure,
        bulkLines: 50,
        timeoutMs: 30_000,
      });
      expect(report.findings, failure).toEqual([]);
    }
  }, 240_000);

  for (const [defect, { findings }] of Object.entries(tool.defects)) {
    it(`${defect}: exactly ${findings.join(', ')}`, async () => {
      const report = await check({ [tool.defectEnv]: defect });
      expect([...new Set(report.findings.map((f) => f.id))].sort()).toEqual([...findings].sort());
    }, 180_000);
  }
});
