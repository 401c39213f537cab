import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { makeCaller, PROGRAMS, runKit, type Caller } from './support.js';

// Issue 38, item 9: after Ctrl-C the partial report must not blame the tool for the kit's own kill ("`--help` ended
// with signal SIGKILL"). The tool (hostile.py, HOSTILE_MODE=help-hangs) answers the start check's --help, then hangs
// on every later --help ignoring SIGTERM, so the interrupt's clean-up has to SIGKILL it; it says it hangs in a file
// (the handshake), and only then is the kit interrupted. With --only AOI-01 that probe is the lint's last: the kill
// ends it, so the lint would go on to judge it.

const HOSTILE = join(PROGRAMS, 'hostile.py');
const callers: Caller[] = [];
afterEach(() => {
  for (const caller of callers.splice(0)) caller.remove();
});

test.each([
  ['SIGINT', 130, ['--only', 'AOI-01']],
  ['SIGTERM', 143, ['--spec', 'aoi']],
] as const)(
  'interrupted by %s while a --help probe hangs: exit %i, the partial report, nothing blamed on the kill',
  async (signal, status, select) => {
    const caller = makeCaller();
    callers.push(caller);
    const calls = join(caller.root, 'help-calls');
    const run = await runKit(
      ['lint', ...select, '--output', 'jsonl', '--timeout-ms', '120000', '--', 'python3', HOSTILE],
      caller,
      { HOSTILE_MODE: 'help-hangs', HOSTILE_READY: calls },
      {
        signal,
        ready: () => {
          try {
            return readFileSync(calls, 'utf8').includes('hanging');
          } catch {
            return false;
          }
        },
      },
    );
    expect(run.code).toBe(status);
    expect(run.stderr).toContain(`interrupted by ${signal}; partial report: 0 finding(s) so far`);
    const events = run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { type: string; reason?: string; partial?: boolean });
    expect(events.at(-1)).toMatchObject({
      type: 'aoi:summary',
      reason: 'interrupted',
      partial: true,
    });
    // No verdict, no finding, no error about a run the kit itself ended.
    expect(events.filter((e) => e.type === 'aoi:check' || e.type === 'aoi:warning')).toEqual([]);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/SIGKILL|help-failed|cannot start/);
    expect(caller.left()).toEqual([]);
  },
  240_000,
);
