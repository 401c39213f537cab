/**
 * The live cmdhelp checker against the helpdesk fake as a real process: the clean tool passes every rule. That
 * each fault is caught by exactly the sub-rules it declares is proven once, on the corpus's cmdhelp scenarios
 * (test/integration/corpus/live-scenarios-process.test.ts: one per helpdesk preset, as processes).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkCmdhelp } from '../../../src/lint/cmdhelp/check.js';
import { HELPDESK_FAULTS } from '../../../src/fakes/cmdhelp/index.js';
import { toBeCmdhelpConformant } from '../../../src/matchers/to-be-cmdhelp-conformant.js';
import { buildHelpdesk } from './setup.js';
import { rulePage } from '../../../src/report/rule-pages.js';

let bin = '';
beforeAll(() => {
  bin = buildHelpdesk();
});

describe('checkCmdhelp on helpdesk', () => {
  it('the clean reference tool passes every CMDHELP rule (CMDHELP-08 judged, not skipped)', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'helpdesk-state-'));
    writeFileSync(join(stateDir, 'queues.json'), JSON.stringify(['hr', 'ops']));
    const report = await checkCmdhelp('node', [bin], { env: { AOI_TESTKIT_STATE_DIR: stateDir } });
    expect(report.findings).toEqual([]);
    expect(report.verdicts.map((v) => `${v.rule} ${v.status}`)).toEqual(
      ['01', '02', '03', '04', '05', '06', '07', '08'].map((n) => `CMDHELP-${n} pass`),
    );
    expect(report.capability?.formats).toEqual(['text', 'md', 'json', 'llm']);
    expect(Object.keys(report.document?.commands ?? {})).toEqual([
      'queue',
      'queue list',
      'queue show',
      'status',
      'ticket',
      'ticket close',
      'ticket create',
      'ticket list',
    ]);
    expect(report.document?.commands['ticket create']?.flags?.queue?.enum).toEqual(['hr', 'ops']);
  });

  it('faults can be chosen through AOI_TESTKIT_CMDHELP_FAULTS; each finding names its probe', async () => {
    const report = await checkCmdhelp('node', [bin], {
      env: { AOI_TESTKIT_CMDHELP_FAULTS: 'capability-patch,bool-with-value' },
    });
    const declared = HELPDESK_FAULTS.filter((f) =>
      ['capability-patch', 'bool-with-value'].includes(f.id),
    ).flatMap((f) => f.violates);
    expect([...new Set(report.findings.map((f) => f.id))].sort()).toEqual(declared.sort());
    for (const f of report.findings) expect(f.probe, f.id).toMatch(/^node /);
  });

  it('a capability line that changes between runs fails CMDHELP-01/unstable', async () => {
    const counter = join(mkdtempSync(join(tmpdir(), 'cmdhelp-counter-')), 'n');
    const script = `const fs=require('fs');const f=process.env.COUNTER_FILE;let n=0;try{n=+fs.readFileSync(f,'utf8')}catch{}fs.writeFileSync(f,String(n+1));
if(process.argv.includes('--capabilities')){process.stdout.write(n%2?'cmdhelp/0.1: json, md, text\\n':'cmdhelp/0.1: text, md, json\\n')}else{process.stderr.write('no\\n');process.exit(2)}`;
    const report = await checkCmdhelp('node', ['-e', script, '--'], {
      env: { COUNTER_FILE: counter },
    });
    expect(report.findings.map((f) => f.id)).toContain('CMDHELP-01/unstable');
    expect(report.findings.map((f) => f.id)).not.toContain('CMDHELP-01/missing');
  });

  it('a tool without cmdhelp fails CMDHELP-01 and does not throw', async () => {
    const report = await checkCmdhelp('node', [
      '-e',
      'process.stderr.write("no help\\n"); process.exit(2)',
    ]);
    expect(report.valid).toBe(false);
    expect(report.verdicts.find((v) => v.rule === 'CMDHELP-01')?.status).toBe('fail');
    expect(report.findings.map((f) => f.id)).toContain('CMDHELP-01/missing');
  });
});

describe('toBeCmdhelpConformant', () => {
  it('passes on the clean tool', async () => {
    const result = await toBeCmdhelpConformant(['node', bin]);
    expect(result.pass).toBe(true);
  });
  it('fails with hint, rule, probe, fix and docs link', async () => {
    const result = await toBeCmdhelpConformant({
      command: 'node',
      args: [bin, '--fault', 'bool-with-value'],
    });
    expect(result.pass).toBe(false);
    const message = result.message();
    expect(message).toMatch(/^expect\(received\)\.toBeCmdhelpConformant\(\)/);
    expect(message).toContain('CMDHELP-07/bool-with-value');
    // The sub-rule id names its rule once (it was `CMDHELP-07: CMDHELP-07/bool-with-value: …`).
    expect(message).toMatch(/^CMDHELP-07\/bool-with-value: /m);
    expect(message).not.toMatch(/CMDHELP-07: CMDHELP-07/);
    expect(message).toContain('probe: node ');
    expect(message).toContain('fix: ');
    expect(message).toContain(`see ${rulePage('docs/rules/CMDHELP-07.md')}`);
  });
  it('rejects what is not an argv', async () => {
    await expect(toBeCmdhelpConformant(42)).rejects.toThrow(TypeError);
  });
});
