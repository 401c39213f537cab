/**
 * Every CMDHELP rule judged from a recorded help surface, no process: helpdesk in memory, recorded by the live
 * check's own plan, then judged. The clean tool passes; each fault is caught by exactly the sub-rules it declares.
 */
import { describe, expect, it } from 'vitest';
import { judgeCmdhelp } from '../../../src/checks/cmdhelp/judge.js';
import { HELPDESK_FAULTS, runHelpdesk } from '../../../src/fakes/cmdhelp/index.js';
import { listedValues } from '../../../src/checks/cmdhelp/probe/dynamic-enum.js';
import { recordHelpSurface, type HelpRunner } from '../../../src/lint/cmdhelp/record.js';

const encode = (text: string) => new TextEncoder().encode(text);
const inMemory =
  (faults: readonly string[]): HelpRunner =>
  async (words, env) => {
    const r = runHelpdesk([...faults.flatMap((id) => ['--fault', id]), ...words], {
      env: env ?? {},
    });
    return {
      stdout: encode(r.stdout),
      stderr: encode(r.stderr),
      exitCode: r.exitCode,
      signal: null,
    };
  };

describe('judgeCmdhelp on a recording of helpdesk in memory', () => {
  it('the clean tool passes every rule', async () => {
    const report = judgeCmdhelp(await recordHelpSurface(inMemory([]), 'helpdesk'));
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.valid).toBe(true);
    expect(report.verdicts.map((v) => `${v.rule} ${v.status}`)).toEqual(
      ['01', '02', '03', '04', '05', '06', '07', '08'].map((n) => `CMDHELP-${n} pass`),
    );
  });
  for (const fault of HELPDESK_FAULTS.filter((f) => !f.processOnly)) {
    it(`${fault.id}: exactly ${fault.violates.join(', ')}`, async () => {
      const report = judgeCmdhelp(await recordHelpSurface(inMemory([fault.id]), 'helpdesk'), {
        strict: true,
      });
      expect([...new Set(report.findings.map((f) => f.id))].sort()).toEqual(
        [...fault.violates].sort(),
      );
      expect(report.ok).toBe(false);
      for (const f of report.findings) expect(f.probe).toMatch(/^helpdesk /);
    });
  }
  it('a process-only fault (a network attempt) behaves well in memory: the process proves it (live-scenarios-process)', async () => {
    const processOnly = HELPDESK_FAULTS.filter((f) => f.processOnly).map((f) => f.id);
    expect(processOnly).toEqual(['capability-phones-home']);
    expect(
      judgeCmdhelp(await recordHelpSurface(inMemory(processOnly), 'helpdesk')).findings,
    ).toEqual([]);
  });
  it('a recording without the runs its answers call for is refused, not judged', async () => {
    const recording = await recordHelpSurface(inMemory([]), 'helpdesk');
    expect(() => judgeCmdhelp({ ...recording, runs: new Map() })).toThrow(
      /the recording has no run of `helpdesk help --format \w+`/,
    );
  });
});

describe('the live §5.3 and §7 probes ask only what is safe, and say what they could not judge', () => {
  const rewritten =
    (from: string, to: string, faults: readonly string[] = []): HelpRunner =>
    async (words, env) => {
      const run = await inMemory(faults)(words, env);
      return { ...run, stdout: encode(new TextDecoder().decode(run.stdout).split(from).join(to)) };
    };
  it('an enum_source naming another program is never run, and is not judged', async () => {
    const recording = await recordHelpSurface(
      rewritten('dynamic:helpdesk queue list', 'dynamic:rm -rf /', ['stale-queues']),
      'helpdesk',
    );
    expect(
      [...recording.runs.keys()].filter(
        (k) => JSON.parse(k)[0] === '-rf' || JSON.parse(k)[0] === 'rm',
      ),
    ).toEqual([]);
    expect(judgeCmdhelp(recording).findings).toEqual([]);
  });
  it('a listing that fails leaves the enum unjudged, with a note instead of a pass that means nothing', async () => {
    const recording = await recordHelpSurface(
      rewritten('dynamic:helpdesk queue list', 'dynamic:helpdesk ticket', ['stale-queues']),
      'helpdesk',
    );
    const report = judgeCmdhelp(recording);
    expect(report.findings.map((f) => f.message)).toEqual([]);
    expect(report.verdicts.find((v) => v.rule === 'CMDHELP-02')?.notes?.join(' ')).toMatch(
      /§7 not judged for some dynamic enums: `ticket` exits 2/,
    );
  });
  it('a listing is a JSON array of strings, else one value per non-empty line', () => {
    expect(listedValues('["a","b c"]\n')).toEqual(['a', 'b c']);
    expect(listedValues('  a\n\nb\r\n')).toEqual(['a', 'b']);
    expect(listedValues('{"a":1}')).toEqual(['{"a":1}']);
  });
  it('a tool that answers --help before parsing is not judged on §5.3, and the verdict says why', async () => {
    // Every leaf flag ignored under --help: the value, an unknown flag and a wrong int are all answered.
    const eager: HelpRunner = async (words, env) =>
      inMemory(['bool-takes-value'])(
        words.includes('--help') && !words.includes('--format')
          ? words.filter((w) => !w.startsWith('--') || w === '--help')
          : words,
        env,
      );
    const report = judgeCmdhelp(await recordHelpSurface(eager, 'helpdesk'));
    expect(report.findings.map((f) => f.id)).toEqual([]);
    expect(report.verdicts.find((v) => v.rule === 'CMDHELP-02')?.notes?.join(' ')).toMatch(
      /answers --help before it parses its flags/,
    );
  });
});
