/**
 * A failed --setup says what the tool said: how it ended, its aoi:error events and the end of its stderr, each line
 * masked, sanitised and bounded (setupFailure, the message of LintSetupError).
 */
import { describe, expect, test } from 'vitest';
import { setupFailure } from '../../../src/lint/aoi/setup-failure.js';
import { probeOutcome } from '../../support/probe-outcome.js';

const encode = (text: string) => new TextEncoder().encode(text);
const run = (
  stderr: string,
  end: Partial<{ exitCode: number | null; signal: string | null; timedOut: boolean }> = {},
) => probeOutcome({ stderr: encode(stderr), exitCode: 1, ...end });
const CANARY = 'aoiCanary_0123456789ab+cdef01234567';
const TOKEN = `ghp_${'a1B2c3D4e5'.repeat(4)}`;

describe('setupFailure', () => {
  test('its aoi:error (category, code, message) under how it ended', () => {
    const message = setupFailure(
      'get n99 --format jsonl',
      {
        run: run('', { exitCode: 66 }),
        events: [
          { type: 'aoi:meta', tool: 'notes' },
          {
            type: 'aoi:error',
            category: 'not_found',
            code: 'NOTE_NOT_FOUND',
            message: 'no note n99',
          },
          { type: 'aoi:summary', ok: false },
        ],
      },
      [],
    );
    expect(message).toBe(
      'setup `get n99 --format jsonl` ended with exit 66\n  aoi:error not_found NOTE_NOT_FOUND: no note n99',
    );
  });

  test('the last 8 lines of stderr, saying how many there were; secrets masked, escapes visible, no CI command', () => {
    const lines = [
      ...Array.from({ length: 30 }, (_, i) => `init: step ${i + 1}`),
      `init: \u001b[31mred\u001b[0m token ${TOKEN}`,
      '::error::forged',
      `init: canary ${CANARY}`,
    ];
    const message = setupFailure(
      'init',
      { run: run(`${lines.join('\n')}\n\n`, { exitCode: 3 }), events: [] },
      [CANARY],
    );
    const out = message.split('\n');
    expect(out[0]).toBe('setup `init` ended with exit 3');
    expect(out[1]).toBe('  stderr (last 8 of 33 lines):');
    expect(out.slice(2)).toHaveLength(8);
    expect(out[2]).toBe('    init: step 26');
    expect(message).not.toContain('step 25\n');
    expect(message).not.toContain(TOKEN);
    expect(message).not.toContain(CANARY);
    expect(message).not.toContain('\u001b');
    expect(message).toContain('\\u001b[31mred');
    expect(message).not.toMatch(/^\s*::/m);
    expect(out.at(-1)).toBe('    init: canary ***');
  });

  test('each line an excerpt: a long line is cut; a huge stderr is read from its end only', () => {
    const long = 'x'.repeat(10_000);
    const message = setupFailure('init', { run: run(`${long}\n`.repeat(100)), events: [] }, []);
    for (const line of message.split('\n')) expect(line.length).toBeLessThan(140);
    expect(message.split('\n')[1]).toBe('  stderr (last 1 of 100 lines):');
  });

  test('a timeout and a signal say so; nothing printed says that too', () => {
    expect(
      setupFailure(
        'init',
        { run: run('', { exitCode: null, signal: 'SIGKILL', timedOut: true }), events: [] },
        [],
      ),
    ).toBe(
      'setup `init` ended with signal SIGKILL (the kit stopped it: timeout)\n  it printed no aoi:error event and nothing on stderr',
    );
  });

  test('at most 3 aoi:error events, then how many more', () => {
    const events = Array.from({ length: 5 }, (_, i) => ({
      type: 'aoi:error',
      category: 'validation',
      code: `E${i}`,
      message: 'bad',
    }));
    const message = setupFailure('import', { run: run(''), events }, []);
    expect(message.split('\n').slice(1)).toEqual([
      '  aoi:error validation E0: bad',
      '  aoi:error validation E1: bad',
      '  aoi:error validation E2: bad',
      '  (2 more aoi:error events)',
    ]);
  });
});
