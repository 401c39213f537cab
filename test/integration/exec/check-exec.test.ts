import { beforeAll, describe, expect, it } from 'vitest';
import { checkExec } from '../../../src/lint/exec/index.js';
import { EXEC_FAULTS } from '../../../src/fakes/exec/faults/index.js';
import { NOTES_EXEC_PLAN } from '../../../src/fakes/aoi/notes/exec-plan.js';
import { bundleNotes } from './notes-bin.js';

let bin: string;
beforeAll(async () => {
  bin = await bundleNotes();
});

type Report = Awaited<ReturnType<typeof checkExec>>;
const failing = (report: Report) =>
  [...new Set(report.findings.filter((f) => f.severity === 'error').map((f) => f.id))].sort();
const statuses = (report: Report) =>
  Object.fromEntries(report.verdicts.map((v) => [v.rule, v.status]));
const faults = (id: string) => ({ AOI_TESTKIT_EXEC_FAULTS: id });

// Concurrent: each check waits on the tool's processes far more than it computes, and each has its own state.
describe.concurrent('checkExec on notes as a process', () => {
  it('the clean reference tool passes every EXEC rule', async () => {
    const report = await checkExec(process.execPath, [bin], { plan: NOTES_EXEC_PLAN });
    expect(failing(report)).toEqual([]);
    expect(report.findings).toEqual([]);
    expect(report.planSource).toBe('given');
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
      'EXEC-11:pass',
    ]);
  }, 120_000);

  // That each fault is caught by exactly the sub-rules it declares is proven once, on the corpus's exec scenarios
  // (test/integration/corpus/live-scenarios-process.test.ts: notes clean and with each exec fault, as processes).

  it('no-exec: EXEC-01 fails, and every other rule is skipped rather than judged on nothing', async () => {
    const report = await checkExec(process.execPath, [bin], {
      plan: NOTES_EXEC_PLAN,
      env: faults('no-exec'),
    });
    expect(statuses(report)).toMatchObject({ 'EXEC-01': 'fail' });
    for (const v of report.verdicts.slice(1))
      expect([v.rule, v.status, v.reason]).toEqual([
        v.rule,
        'skip',
        'exec answered no envelope (EXEC-01/no-exec)',
      ]);
  }, 120_000);

  it('dispatches-before-parsing: EXEC-07/dispatched is found by the state alone (the output is that of a clean tool)', async () => {
    const report = await checkExec(process.execPath, [bin], {
      plan: NOTES_EXEC_PLAN,
      env: faults('dispatches-before-parsing'),
      bulkLines: 100,
    });
    const found = report.findings.filter((f) => f.id === 'EXEC-07/dispatched');
    expect(found.map((f) => f.message)).toEqual([
      'the state changed although line 2 of the batch is malformed: a line of it was dispatched',
      'the state changed although line 2 of the batch is malformed: a line of it was dispatched (under --ignore-errors)',
    ]);
  }, 120_000);

  it('malformed-skipped-under-ignore-errors: the malformed batch under --ignore-errors exits 1 and dispatches; without it the tool is clean', async () => {
    const report = await checkExec(process.execPath, [bin], {
      plan: NOTES_EXEC_PLAN,
      env: faults('malformed-skipped-under-ignore-errors'),
      bulkLines: 100,
    });
    expect(failing(report)).toEqual(['EXEC-07/dispatched', 'EXEC-07/exit']);
    for (const f of report.findings) expect(f.probe, f.message).toMatch(/--ignore-errors$/);
    expect(report.probes.find((p) => p.probe === 'malformed-ignore-errors')?.exitCode).toBe(1);
    expect(report.probes.find((p) => p.probe === 'malformed')?.exitCode).toBe(2);
  }, 120_000);

  it('opts-leak: line 1’s _opts {"dry-run": true} reach line 2, which then leaves no trace; everything else passes', async () => {
    const report = await checkExec(process.execPath, [bin], {
      plan: NOTES_EXEC_PLAN,
      env: faults('opts-leak'),
      bulkLines: 100,
    });
    expect(failing(report)).toEqual(['EXEC-09/leaked']);
    expect(report.findings[0]!.message).toMatch(
      /^\{"dry-run":true\} of line 1 acted on line 2 too/,
    );
  }, 120_000);

  it('deadlock: the large batch is killed at its timeout, and the finding says so', async () => {
    const report = await checkExec(process.execPath, [bin], {
      plan: NOTES_EXEC_PLAN,
      env: faults('deadlock'),
      bulkLines: 10_000,
      bulkTimeoutMs: 8_000,
    });
    const probe = report.probes.find((p) => p.probe === 'large')!;
    expect(probe.timedOut).toBe(true);
    // 24 s when the machine was busy: a batch out of time then is asked again, three times longer.
    expect(report.findings.find((f) => f.id === 'EXEC-10/deadlock')?.message).toMatch(
      /^a batch of 10000 lines \(\d+ bytes in\) did not finish in (?:8000|24000) ms and was killed/,
    );
  }, 120_000);

  it('findings are capped at ten per sub-rule over all runs, and every occurrence is counted', async () => {
    const report = await checkExec(process.execPath, [bin], {
      plan: NOTES_EXEC_PLAN,
      env: faults('lost-lines'),
      bulkLines: 600,
    });
    const kept = report.findings.filter((f) => f.id === 'EXEC-03/missing-output');
    expect(kept).toHaveLength(10);
    // 200 of the 600 bulk lines alone are lost, besides those of the smaller batches.
    expect(report.verdicts.find((v) => v.rule === 'EXEC-03')!.errors).toBeGreaterThan(200);
  }, 120_000);

  it('a manifest elsewhere than `manifest --output json` is a warning (an error under strict)', async () => {
    const elsewhere = {
      plan: NOTES_EXEC_PLAN,
      manifestArgs: ['manifest', '--output=json'],
      bulkLines: 100,
    };
    const report = await checkExec(process.execPath, [bin], elsewhere);
    expect(report.ok).toBe(true);
    expect(report.findings.map((f) => [f.id, f.severity])).toEqual([
      ['EXEC-01/manifest-location', 'warning'],
    ]);
    expect(report.verdicts[0]).toMatchObject({ rule: 'EXEC-01', status: 'pass', warnings: 1 });
    const strict = await checkExec(process.execPath, [bin], { ...elsewhere, strict: true });
    expect(strict.ok).toBe(false);
    expect(strict.verdicts[0]).toMatchObject({ rule: 'EXEC-01', status: 'fail' });
  }, 120_000);
});

describe.concurrent('checkExec without a plan: one built from the manifest’s safe commands', () => {
  it('notes: the commands that succeed bare become the plan; EXEC-08 (state) and EXEC-09 are skipped with the reason', async () => {
    const report = await checkExec(process.execPath, [bin], { bulkLines: 600 });
    expect(report.planSource).toBe('manifest');
    expect(report.plan!.ok.map((l) => l._cmd).sort()).toEqual(['doctor', 'list']);
    expect(report.plan!.failing).toEqual({ _cmd: 'no-such-command' });
    expect(failing(report)).toEqual([]);
    expect(statuses(report)).toEqual({
      'EXEC-01': 'pass',
      'EXEC-02': 'pass',
      'EXEC-03': 'pass',
      'EXEC-04': 'pass',
      'EXEC-05': 'pass',
      'EXEC-06': 'pass',
      'EXEC-07': 'pass',
      'EXEC-08': 'skip',
      'EXEC-09': 'skip',
      'EXEC-10': 'pass',
      'EXEC-11': 'pass',
    });
    expect(report.verdicts.find((v) => v.rule === 'EXEC-08')!.reason).toMatch(
      /^the plan has no mutating line \(a plan built from the manifest tries only safe commands; [^)]*\), so nothing shows whether --dry-run reaches mutating and destructive commands; the manifest’s mutating and destructive commands: create, update, delete, import, sync, …; only "a safe line runs as without --dry-run" was judged$/,
    );
  }, 120_000);

  it('still catches faults, the safe half of EXEC-08 included', async () => {
    for (const fault of ['wrong-line', 'dry-run-to-safe']) {
      const report = await checkExec(process.execPath, [bin], {
        env: faults(fault),
        bulkLines: 300,
      });
      expect(failing(report), fault).toEqual(EXEC_FAULTS.find((f) => f.id === fault)!.violates);
    }
  }, 120_000);

  it('a broken manifest: EXEC-01 fails and the rest is skipped, saying why', async () => {
    const report = await checkExec(process.execPath, [bin], { env: faults('broken-manifest') });
    expect(report.planSource).toBe('none');
    expect(failing(report)).toEqual(['EXEC-01/manifest']);
    expect(report.verdicts[1]!.reason).toBe(
      'no exec plan given, and none could be built from the manifest: the manifest has no safe command without required flags to try',
    );
  }, 60_000);
});
