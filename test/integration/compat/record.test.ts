/**
 * recordContract on real processes: the reference tools and the kit's own CLI, each surface found from discovery
 * alone, every probe in a sandbox of its own (nothing written where the caller runs it); the same contract as the
 * tool run in memory; and a program that offers nothing is one clear error. Needs `npm run build`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareContracts } from '../../../src/checks/compat/judge.js';
import { formatContract } from '../../../src/checks/compat/contract-file.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';
import { processTarget } from '../../../src/lint/aoi/target.js';
import { ContractRecordError, recordContract } from '../../../src/lint/contract/record.js';
import { CLI } from '../../support/kit-cli.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = (name: string) => join(root, 'fixtures', 'bin', name);

describe.concurrent('recordContract on processes', () => {
  it('notes: the AOI surface and the dispatch manifest, the same bytes as in memory', async () => {
    const [asProcess, inMemory] = await Promise.all([
      recordContract(processTarget(process.execPath, [bin('notes')])),
      recordContract(inMemoryTarget(notes)),
    ]);
    expect(formatContract(asProcess)).toBe(formatContract(inMemory));
    expect(Object.keys(asProcess.aoi!.schemas!['dev.aoi-testkit.notes.events']!)).toEqual([
      '1.0.0',
      '2.0.0',
    ]);
  }, 60_000);

  it('the fault breaking-without-major-bump, as the kit fakes it: its 1.1.0 breaks its 1.0.0 under one major', async () => {
    const contract = await recordContract(
      processTarget(process.execPath, [
        CLI,
        'fake',
        '--fault',
        'breaking-without-major-bump',
        'well-behaved',
      ]),
    );
    expect(contract.aoi!.capabilities!.schemas).toEqual([
      { default: '1.0.0', name: 'dev.aoi-testkit.notes.events', versions: ['1.0.0', '1.1.0'] },
    ]);
    expect(compareContracts(contract, contract).findings.map((f) => f.id)).toEqual([
      'COMPAT-01/field-removed',
    ]);
  }, 60_000);

  it('helpdesk: the cmdhelp tree with every leaf in full detail, walked through scoped help', async () => {
    const contract = await recordContract(processTarget(process.execPath, [bin('helpdesk')]));
    expect(contract.aoi).toBeUndefined();
    expect(contract.cmdhelp!.capability).toMatch(/^cmdhelp\/0\.1: /);
    const commands = contract.cmdhelp!.document!.commands as Record<string, { flags?: object }>;
    expect(Object.keys(commands)).toContain('ticket create');
    // The root lists leaves by summary only (§4); the contract has each leaf as `help <leaf>` shows it.
    expect(Object.keys(commands['ticket create']!.flags ?? {}).length).toBeGreaterThan(0);
    expect(contract.tool).toEqual({ name: 'helpdesk', version: expect.any(String) });
  }, 60_000);

  it("the kit's own CLI: all three surfaces, the manifest where its help documents it", async () => {
    const contract = await recordContract(processTarget(process.execPath, [CLI]));
    expect(Object.keys(contract).sort()).toEqual([
      '$schema',
      'aoi',
      'cmdhelp',
      'contract',
      'exec',
      'tool',
    ]);
    expect(contract.exec!.manifestArgs).toEqual(['exec', 'manifest', '--output', 'json']);
    expect(compareContracts(contract, contract).findings).toEqual([]);
  }, 60_000);

  it("every probe runs in a sandbox: a tool that writes where it runs and in HOME touches neither of the caller's", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aoi-contract-tool-'));
    const mark = `aoi-contract-${randomUUID()}`;
    const tool = join(dir, 'tool.sh');
    writeFileSync(
      tool,
      `#!/bin/sh\ntouch "./${mark}" "$HOME/${mark}"\ncase "$1" in capabilities) echo '{"tool":"t","tool_version":"1.0.0","commands":[]}';; *) exit 64;; esac\n`,
      { mode: 0o755 },
    );
    const contract = await recordContract(processTarget(tool));
    expect(contract.aoi!.capabilities).toEqual({ commands: [], tool: 't', tool_version: '1.0.0' });
    expect(existsSync(join(process.cwd(), mark))).toBe(false);
    expect(existsSync(join(homedir(), mark))).toBe(false);
  }, 60_000);

  it('a program that offers no surface: one error naming it, not an empty contract', async () => {
    await expect(
      recordContract(processTarget(process.execPath, ['-e', 'process.exit(3)']), {
        timeoutMs: 5_000,
      }),
    ).rejects.toThrow(ContractRecordError);
    await expect(
      recordContract(processTarget(process.execPath, [bin('helpdesk')]), { surfaces: ['aoi'] }),
    ).rejects.toThrow(/offers no aoi to record a contract from/);
  }, 60_000);
});
