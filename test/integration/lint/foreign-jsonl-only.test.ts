import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { lintCli } from '../../../src/lint/aoi/lint.js';
import { processTarget } from '../../../src/lint/aoi/target.js';
import { expectDeclared, foreignTool, lintForeign } from './foreign-tool.js';

/**
 * jsonl-only (fixtures/foreign/jsonl-only/colours.sh): a POSIX shell tool that only speaks AOI JSONL, linted with
 * an empty --machine-flag (nothing to add: discovery is the bare `schema` and `capabilities`). Clean, the lint
 * finds nothing; each defect is caught by exactly the sub-rules tool.json declares.
 */
const tool = foreignTool('jsonl-only');

describe('aoi-testkit lint on jsonl-only, an always-machine-mode shell tool', () => {
  test(
    'the clean tool: zero findings, ok; every probe ran without a machine-mode flag',
    { timeout: 180_000 },
    async () => {
      const report = await lintForeign(tool);
      expectDeclared(report, []);
      expect(report.ok).toBe(true);
      expect(report.commands).toEqual(['list', 'get', 'status']);
      expect(report.verdicts.filter((v) => v.rule === 'AOI-01').map((v) => v.status)).toEqual([
        'pass',
        'pass',
        'pass',
      ]); // schema, capabilities, --help
      expect(report.verdicts.filter((v) => v.rule === 'AOI-02').map((v) => v.status)).toEqual([
        'pass',
        'pass',
        'pass',
      ]);
    },
  );

  test.each(Object.entries(tool.defects))(
    'defect %s: exactly its declared findings',
    { timeout: 300_000 },
    async (defect, { findings }) => {
      const report = await lintForeign(tool, defect);
      expectDeclared(report, findings);
    },
  );
});

describe('AOI-13 where the kit cannot find how to ask for a version', () => {
  // The same tool, its --help silent about --accept-schema: the kit asks --schema-version, which the tool refuses.
  // Its capabilities still advertise versions 1 and 2, so nothing shows whether a version is honoured.
  const dir = mkdtempSync(join(tmpdir(), 'colours-terse-'));
  const colours = new URL('../../../fixtures/foreign/jsonl-only/colours.sh', import.meta.url)
    .pathname;
  const terse = join(dir, 'colours-terse.sh');
  writeFileSync(
    terse,
    `#!/bin/sh\ncase "$1" in --help|-h) echo 'usage: colours list | get NAME | status | schema | capabilities'; exit 0 ;; esac\nexec sh '${colours}' "$@"\n`,
    { mode: 0o755 },
  );
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test(
    'refused negotiations are said in the verdict, and a refused unsupported version proves nothing',
    { timeout: 180_000 },
    async () => {
      const report = await lintCli(processTarget('sh', [terse]), {
        only: ['AOI-13'],
        machineFlag: [],
      });
      expect(report.findings).toEqual([]);
      const list = report.verdicts.find((v) => v.rule === 'AOI-13' && v.command === 'list')!;
      expect(list.notes).toEqual(
        expect.arrayContaining([
          '`--schema-version 1` (a version capabilities advertise) was refused (exit 64): not judged whether it is honoured',
          '`--schema-version 2` (a version capabilities advertise) was refused (exit 64): not judged whether it is honoured',
          '`--schema-version 1` (a version capabilities advertise) was refused (exit 64): not judged whether it is honoured; so the refusal of `--schema-version 999` proves nothing',
        ]),
      );
      // The control: asked the way its --help says, the same tool is judged without a note.
      const judged = await lintCli(processTarget('sh', [colours]), {
        only: ['AOI-13'],
        machineFlag: [],
      });
      expect(
        judged.verdicts.filter((v) => v.rule === 'AOI-13').flatMap((v) => v.notes ?? []),
      ).toEqual([]);
    },
  );
});
