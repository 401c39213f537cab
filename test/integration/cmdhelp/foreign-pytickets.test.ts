/**
 * The live cmdhelp checks on a tool the kit did not shape: pytickets (fixtures/foreign/pytickets), Python's
 * argparse, its workspace the working directory. Clean, in a prepared workspace, it gets no finding; each defect
 * gets exactly the sub-rule it breaks — the §5.3, §7, §8-network and group --depth checks of issue 20 among them.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkCmdhelp } from '../../../src/lint/cmdhelp/check.js';
import { networkNamespaceSupport } from '../../../src/run/network-tripwire.js';

const TOOL = fileURLToPath(
  new URL('../../../fixtures/foreign/pytickets/pytickets.py', import.meta.url),
);
const namespace = await networkNamespaceSupport();
// A busy 2-core machine: one check runs some forty Python processes.
const TIMEOUT = 120_000;

let workspace = '';
beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'pytickets-ws-'));
  mkdirSync(join(workspace, '.pytickets'));
  writeFileSync(join(workspace, '.pytickets', 'projects'), 'web\nmobile\n');
});

const check = (defect?: string) =>
  checkCmdhelp('python3', [TOOL], {
    cwd: workspace,
    env: defect ? { PYTICKETS_DEFECT: defect } : {},
    timeoutMs: 60_000,
  });

describe('checkCmdhelp on pytickets (argparse, foreign)', () => {
  it(
    'clean, in a prepared workspace: no finding; the enum is the workspace’s; argparse’s refusal of --open=true is judged',
    async () => {
      const report = await check();
      expect(report.findings).toEqual([]);
      expect(
        report.verdicts.filter((v) => v.status !== 'pass').map((v) => `${v.rule} ${v.status}`),
      ).toEqual(['CMDHELP-08 not_applicable']);
      expect(report.document?.commands['ticket list']?.flags?.project?.enum).toEqual([
        'web',
        'mobile',
      ]);
      // Every bool flag and dynamic enum was judged: nothing was left in a note.
      expect(report.verdicts.find((v) => v.rule === 'CMDHELP-02')?.notes ?? []).toEqual([]);
    },
    TIMEOUT,
  );

  for (const [defect, finding] of [
    ['bool-takes-value', 'CMDHELP-02/bool-takes-value'],
    ['stale-projects', 'CMDHELP-02/dynamic-enum-differs'],
    ['capability-phones-home', 'CMDHELP-01/network'],
    ['group-depth-ignored', 'CMDHELP-04/depth-ignored'],
  ] as const) {
    it(
      `${defect}: exactly ${finding}`,
      async () => {
        const report = await check(defect);
        expect([...new Set(report.findings.map((f) => f.id))]).toEqual([finding]);
      },
      TIMEOUT,
    );
  }

  // A libc lookup with no proxy in sight: only the network-namespace tripwire sees it (issue 34, row 6).
  it.skipIf(!namespace.available)(
    'capability-resolves: exactly CMDHELP-01/network, and the verdict says the namespace watched',
    async () => {
      const report = await check('capability-resolves');
      expect([...new Set(report.findings.map((f) => f.id))]).toEqual(['CMDHELP-01/network']);
      expect(report.findings[0]!.message).toContain('namespace dns mirror.pytickets.example');
      expect(report.verdicts.find((v) => v.rule === 'CMDHELP-01')?.notes?.join('\n')).toContain(
        'network watched by a network namespace',
      );
    },
    TIMEOUT,
  );
});
