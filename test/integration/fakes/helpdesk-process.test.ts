/** `aoi-testkit fake helpdesk[.FAULT]`: the reference cmdhelp tool and its faults, listed and run like the notes presets. */
import { describe, expect, test } from 'vitest';
import { HELPDESK_FAULTS, runHelpdesk } from '../../../src/fakes/cmdhelp/index.js';

import { runKit } from '../../support/kit-cli.js';
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const fake = (args: string[], env: Record<string, string> = {}) =>
  runKit(['fake', ...args], { env, timeoutMs: 20_000 });

describe('aoi-testkit fake helpdesk', () => {
  test('fake --list names helpdesk and one helpdesk.<fault> per fault, with its description', async () => {
    const run = await fake(['--list']);
    expect(run.exitCode).toBe(0);
    const rows = new Map(
      text(run.stdout)
        .trimEnd()
        .split('\n')
        .map((line) => [line.split(/\s+/, 1)[0]!, line.slice(line.indexOf(' ')).trim()]),
    );
    expect(rows.get('helpdesk')).toMatch(/cmdhelp/);
    for (const fault of HELPDESK_FAULTS)
      expect(rows.get(`helpdesk.${fault.id}`), fault.id).toBe(fault.description);
    // The notes presets and the agent presets are still listed around them.
    expect(rows.has('well-behaved')).toBe(true);
    expect(rows.has('agent-acp')).toBe(true);
  });

  test('fake helpdesk runs the tool: the same output and exit status as in memory', async () => {
    for (const argv of [
      ['help', '--capabilities'],
      ['help', 'ticket', '--format', 'json'],
      ['help', '--format', 'yaml'],
    ]) {
      const run = await fake(['helpdesk', ...argv]);
      const memory = runHelpdesk(argv, { env: {} });
      expect(
        { stdout: text(run.stdout), stderr: text(run.stderr), exitCode: run.exitCode },
        argv.join(' '),
      ).toEqual(memory);
    }
  });

  test('a helpdesk.<fault> preset switches its fault on; --fault adds more; `--` is optional', async () => {
    const patched = await fake(['helpdesk.capability-patch', '--', 'help', '--capabilities']);
    expect(text(patched.stdout)).toBe('cmdhelp/0.1.0: text, md, json, llm\n');
    const both = await fake([
      'helpdesk.capability-patch',
      '--fault',
      'capability-missing-text',
      'help',
      '--capabilities',
    ]);
    expect(text(both.stdout)).toBe('cmdhelp/0.1.0: md, json, llm\n');
    const deep = JSON.parse(
      text(
        (await fake(['helpdesk.depth-unbounded', 'help', '--format', 'json', '--depth', '1']))
          .stdout,
      ),
    ) as { commands: Record<string, object> };
    expect(deep.commands['ticket create']).toHaveProperty('flags');
  });

  test('an unknown helpdesk preset is a usage error naming fake --list', async () => {
    const run = await fake(['helpdesk.no-such-fault']);
    expect(run.exitCode).toBe(64);
    expect(text(run.stderr)).toContain('aoi-testkit fake --list');
  });

  test('its code is loaded as CommonJS, without the ES module loader (which would parse each chunk again for its exports)', async () => {
    for (const args of [['helpdesk', 'help', '--capabilities'], ['--list']]) {
      const run = await fake(args, { NODE_DEBUG: 'esm' });
      expect([run.exitCode, text(run.stderr).match(/^ESM \d+: .*/m)?.[0]], args.join(' ')).toEqual([
        0,
        undefined,
      ]);
    }
  });
});
