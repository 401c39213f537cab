import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { makeAgentFault } from '../../src/fakes/agentcli/faults/index.js';
import { makeFault } from '../../src/fakes/aoi/faults/index.js';
import { runCli } from '../../src/run/run-cli.js';

import { runKit } from '../support/kit-cli.js';
const AGENT_ACP = new URL('../../fixtures/bin/agent-acp', import.meta.url).pathname;
// A private TMPDIR: whatever the kit leaves in it is litter.
const tmp = mkdtempSync(join(tmpdir(), 'aoi-ranges-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const cli = (args: string[]) => runKit([...args], { env: { TMPDIR: tmp }, timeoutMs: 60_000 });
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe(
  'numeric options: out of range is a usage error naming the range',
  { timeout: 120_000 },
  () => {
    // [args over the boundary, the message's range, args at the boundary, the status they give (not 64; check of an
    // empty stream without an exit status: 1, no summary)]
    const cases: [string, string[], string, string[], number][] = [
      [
        'lint --timeout-ms above',
        ['lint', '--timeout-ms', '3600001', '--', '/no/such/program'],
        '100 to 3600000',
        ['lint', '--timeout-ms', '3600000', '--', '/no/such/program'],
        66,
      ],
      [
        'lint --timeout-ms 2^31',
        ['lint', '--timeout-ms', '2147483648', '--', '/no/such/program'],
        '100 to 3600000',
        ['lint', '--timeout-ms', '100', '--', '/no/such/program'],
        66,
      ],
      [
        'lint --timeout-ms below',
        ['lint', '--timeout-ms', '99', '--', '/no/such/program'],
        '100 to 3600000',
        ['lint', '--timeout-ms', '100', '--', '/no/such/program'],
        66,
      ],
      [
        'lint --max-output-bytes below',
        ['lint', '--max-output-bytes', '1023', '--', '/no/such/program'],
        '1024 to 1073741824',
        ['lint', '--max-output-bytes', '1024', '--', '/no/such/program'],
        66,
      ],
      [
        'lint --max-output-bytes above',
        ['lint', '--max-output-bytes', '1073741825', '--', '/no/such/program'],
        '1024 to 1073741824',
        ['lint', '--max-output-bytes', '1073741824', '--', '/no/such/program'],
        66,
      ],
      [
        'lint --timeout-ms fraction',
        ['lint', '--timeout-ms', '100.5', '--', '/no/such/program'],
        '100 to 3600000',
        ['lint', '--timeout-ms', '100', '--', '/no/such/program'],
        66,
      ],
      [
        'check --exit-code',
        ['check', '/dev/null', '--exit-code', '256'],
        '0 to 255',
        ['check', '/dev/null', '--exit-code', '255'],
        0,
      ],
      [
        'check --max-line-bytes below',
        ['check', '/dev/null', '--max-line-bytes', '63'],
        '64 to 1073741824',
        ['check', '/dev/null', '--max-line-bytes', '64'],
        1,
      ],
      [
        'check --max-line-bytes above',
        ['check', '/dev/null', '--max-line-bytes', '1073741825'],
        '64 to 1073741824',
        ['check', '/dev/null', '--max-line-bytes', '1073741824'],
        1,
      ],
      [
        'check --max-line-bytes hex',
        ['check', '/dev/null', '--max-line-bytes', '0x400'],
        '64 to 1073741824',
        ['check', '/dev/null', '--max-line-bytes', '1024'],
        1,
      ],
      [
        'consumer --timeout-ms above',
        ['consumer', '--timeout-ms', '3600001', '--', '/no/such/program'],
        '100 to 3600000',
        ['consumer', '--timeout-ms', '3600000', '--', '/no/such/program'],
        66,
      ],
      [
        'check --signal',
        ['check', '/dev/null', '--signal', 'SIGBOGUS'],
        'SIGKILL',
        ['check', '/dev/null', '--signal', 'SIGKILL'],
        0,
      ],
      ['help --depth', ['help', '--depth', '101'], '0 to 100', ['help', '--depth', '100'], 0],
      [
        'fake --seed',
        ['fake', '--seed', '4294967296', 'well-behaved', '--', 'list', '--output', 'jsonl'],
        '0 to 4294967295',
        ['fake', '--seed', '4294967295', 'well-behaved', '--', 'list', '--output', 'jsonl'],
        0,
      ],
      [
        'fake --seed negative',
        ['fake', '--seed', '-1', 'well-behaved', '--', 'list', '--output', 'jsonl'],
        '0 to 4294967295',
        ['fake', '--seed', '0', 'well-behaved', '--', 'list', '--output', 'jsonl'],
        0,
      ],
      [
        'fake --fault blank-lines count',
        [
          'fake',
          '--fault',
          'blank-lines={"count":100001,"after":1}',
          'well-behaved',
          '--',
          'list',
          '--output',
          'jsonl',
        ],
        '100000',
        [
          'fake',
          '--fault',
          'blank-lines={"count":100000,"after":1}',
          'well-behaved',
          '--',
          'list',
          '--output',
          'jsonl',
        ],
        0,
      ],
      [
        'fake --fault blank-lines 1e9',
        [
          'fake',
          '--fault',
          'blank-lines={"count":1e9}',
          'well-behaved',
          '--',
          'list',
          '--output',
          'jsonl',
        ],
        '100000',
        [
          'fake',
          '--fault',
          'blank-lines={"count":1}',
          'well-behaved',
          '--',
          'list',
          '--output',
          'jsonl',
        ],
        0,
      ],
      [
        'fake --fault mixing-prose lines',
        [
          'fake',
          '--fault',
          'mixing-prose={"lines":100001}',
          'well-behaved',
          '--',
          'list',
          '--output',
          'jsonl',
        ],
        '100000',
        [
          'fake',
          '--fault',
          'mixing-prose={"lines":100000}',
          'well-behaved',
          '--',
          'list',
          '--output',
          'jsonl',
        ],
        0,
      ],
    ];
    for (const [name, over, range, at, status] of cases) {
      test(name, async () => {
        const rejected = await cli(over);
        expect(rejected.exitCode).toBe(64);
        expect(text(rejected.stderr)).toContain(range);
        const accepted = await cli(at);
        // Accepted: whatever the run then says, not a usage error (lint: the missing program, 66).
        expect(accepted.exitCode, text(accepted.stderr)).toBe(status);
      });
    }

    test('a delay in ms is bounded at 600000', () => {
      expect(() => makeFault('slow', { firstByteMs: 600_001 })).toThrow(
        /firstByteMs must be a number no larger than 600000 ms/,
      );
      expect(() => makeFault('slow', { firstByteMs: 600_000 })).not.toThrow();
      expect(() => makeFault('blank-lines', { count: 100_001 })).toThrow(
        /count must be a number no larger than 100000 in size/,
      );
      expect(() => makeFault('blank-lines', { count: 100_000 })).not.toThrow();
    });

    test('the agent fakes bound their fault parameters too: a count, a size in bytes, a delay', async () => {
      const agent = (fault: string) =>
        runCli(process.execPath, [AGENT_ACP, '--fault', fault], {
          env: { TMPDIR: tmp },
          timeoutMs: 60_000,
        });
      for (const [over, range] of [
        ['slow-handshake={"ms":600001}', '600000 ms'],
        ['huge-frame={"bytes":268435457}', '268435456 bytes'],
        ['events-after-turn-end={"count":1e9}', '100000 in size'],
      ]) {
        const run = await agent(over!);
        expect(run.exitCode, over).toBe(64);
        expect(text(run.stderr)).toContain(range);
      }
      expect(() => makeAgentFault('huge-frame', { bytes: 268_435_456 })).not.toThrow();
      expect(() => makeAgentFault('slow-handshake', { ms: 600_000 })).not.toThrow();
    });

    test('exec --input-file /missing exits 66 (EX_NOINPUT), as its help says', async () => {
      const run = await cli(['exec', '--input-file', '/no/such/batch.jsonl']);
      expect(run.exitCode).toBe(66);
      expect(text(run.stderr)).toContain('--input-file /no/such/batch.jsonl: no such file');
    });

    test('fake without a state directory leaves no temp dir: a normal exit, a failing one, one killed by its own signal', async () => {
      expect(
        (await cli(['fake', 'well-behaved', '--', 'list', '--output', 'jsonl'])).exitCode,
      ).toBe(0);
      expect(
        (await cli(['fake', 'well-behaved', '--', 'no-such-command', '--output', 'jsonl']))
          .exitCode,
      ).not.toBe(0);
      expect(
        (await cli(['fake', 'killed-mid-stream', '--', 'search', 'x', '--output', 'jsonl'])).signal,
      ).toBe('SIGKILL');
      expect(readdirSync(tmp)).toEqual([]);
    });
  },
);
