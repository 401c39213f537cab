/** The §16.1 judges (help, machine mode, INTERACTIVE_REQUIRED, default bound) and the start judge: each fails on a breaking input and passes on a clean one. */
import { describe, expect, it } from 'vitest';
import {
  judgeDefaultBound,
  judgeHelp,
  judgeInteractive,
  judgeMachineModeSelectable,
  promptIn,
  UNBOUNDED_ITEMS,
} from '../../../src/checks/aoi/probe/surface.js';
import { eventsOf } from '../../../src/checks/aoi/probe/types.js';
import { judgeStart, type StartAttempt } from '../../../src/checks/start.js';
import { probeOutcome } from '../../support/probe-outcome.js';

const run = probeOutcome;
const bytes = (text: string) => Buffer.from(text);
const judged = (fn: (report: (id: string) => void) => void) => {
  const ids: string[] = [];
  fn((id) => ids.push(id));
  return ids;
};

describe('§16.1 judges', () => {
  it('--help: exit 0 with help passes; non-zero, silence or a hang fails', () => {
    expect(judged((r) => judgeHelp(run({ stdout: bytes('usage: tool\n') }), r))).toEqual([]);
    expect(judged((r) => judgeHelp(run({ stderr: bytes('usage: tool\n') }), r))).toEqual([]);
    expect(
      judged((r) => judgeHelp(run({ exitCode: 2, stderr: bytes('error: unknown --help\n') }), r)),
    ).toEqual(['AOI-01/help-failed']);
    expect(judged((r) => judgeHelp(run(), r))).toEqual(['AOI-01/help-failed']);
    expect(
      judged((r) => judgeHelp(run({ timedOut: true, exitCode: null, signal: 'SIGKILL' }), r)),
    ).toEqual(['AOI-01/help-failed']);
  });

  it('machine mode: refused flag with a working human mode fails; JSONL answers, failures without the flag, and always-machine tools pass', () => {
    const refused = run({
      exitCode: 2,
      stderr: bytes('tool: error: unrecognized arguments: --output jsonl\n'),
    });
    expect(
      judged((r) =>
        judgeMachineModeSelectable(
          refused,
          run({ stdout: bytes('3 notes\n') }),
          '--output jsonl',
          r,
        ),
      ),
    ).toEqual(['AOI-02/machine-mode-unselectable']);
    // It failed both ways: the invocation itself is bad, not the flag.
    expect(
      judged((r) => judgeMachineModeSelectable(refused, run({ exitCode: 2 }), '--output jsonl', r)),
    ).toEqual([]);
    // A failure that still answers on stdout took the flag.
    expect(
      judged((r) =>
        judgeMachineModeSelectable(
          run({ exitCode: 1, stdout: bytes('{"type":"aoi:error"}\n') }),
          run(),
          '--output jsonl',
          r,
        ),
      ),
    ).toEqual([]);
    expect(
      judged((r) =>
        judgeMachineModeSelectable(
          run({ stdout: bytes('{"type":"aoi:summary","ok":true}\n') }),
          run(),
          '--output jsonl',
          r,
        ),
      ),
    ).toEqual([]);
  });

  it('INTERACTIVE_REQUIRED: a prompt without the error fails; the error, or no prompt, passes', () => {
    const prompt = run({ exitCode: 1, stderr: bytes('Delete 2 note(s)? [y/N] aborted\n') });
    expect(judged((r) => judgeInteractive(prompt, [], r))).toEqual([
      'AOI-05/interactive-required-missing',
    ]);
    // A prompt that did not wait on an open stdin (it read nothing, or gave up): the message says how stdin was.
    const messages: string[] = [];
    judgeInteractive(prompt, [], (_id, message) => messages.push(message), [], 'open');
    expect(messages).toEqual([
      expect.stringMatching(/^on a stdin nobody writes, machine mode printed a prompt/),
    ]);
    const password = run({
      exitCode: 1,
      stdout: bytes('Password: '),
      stderr: bytes('Traceback (most recent call last):\nEOFError\n'),
    });
    expect(judged((r) => judgeInteractive(password, eventsOf(password.stdout), r))).toEqual([
      'AOI-05/interactive-required-missing',
    ]);
    const structured = run({
      exitCode: 77,
      stdout: bytes(
        '{"type":"aoi:error","category":"authn","code":"INTERACTIVE_REQUIRED","message":"run tool login","retryable":false}\n',
      ),
      stderr: bytes('Password: '),
    });
    expect(judged((r) => judgeInteractive(structured, eventsOf(structured.stdout), r))).toEqual([]);
    expect(
      judged((r) =>
        judgeInteractive(run({ exitCode: 64, stderr: bytes('delete needs --confirm\n') }), [], r),
      ),
    ).toEqual([]);
    // A hang is AOI-03's to report.
    expect(
      judged((r) =>
        judgeInteractive(run({ timedOut: true, stderr: bytes('Continue? [y/N] ') }), [], r),
      ),
    ).toEqual([]);
    // Cut by the kit's output cap mid-line: the last line is where the kit stopped reading, not a prompt.
    expect(
      judged((r) =>
        judgeInteractive(
          run({ outputCapped: 4096, stdout: bytes('{"type":"row","text":"Are you sure?') }),
          [],
          r,
        ),
      ),
    ).toEqual([]);
    expect(promptIn(bytes('note "passwords: rotate" created\n'))).toBeUndefined();
    // Data is not a prompt: a JSON line quoting one (a scenario's description), a diagnostic naming a password field.
    const quoted = run({
      stdout: bytes(
        '{"type":"scenario","description":"delete asks \\"[y/N]\\" on stderr"}\n{"type":"aoi:summary","ok":true}\n',
      ),
    });
    expect(judged((r) => judgeInteractive(quoted, eventsOf(quoted.stdout), r))).toEqual([]);
    expect(promptIn(bytes('error: password: must be at least 12 characters\n'))).toBeUndefined();
    expect(promptIn(bytes('{"level":"info","msg":"Continue? [y/N]"}\n'))).toBeUndefined();
    expect(promptIn(bytes('Enter passphrase for key: '))).toBe('Enter passphrase for key: ');
  });

  it('bounded by default: declared bounded:false, or more items than the ceiling untruncated, fails', () => {
    const items = (n: number, truncated: boolean) => ({
      events: [
        ...Array.from({ length: n }, (_, i) => ({ type: 'entry', id: String(i) })),
        { type: 'aoi:summary', ok: true, truncated },
      ],
    });
    expect(judged((r) => judgeDefaultBound(true, items(10, false), r))).toEqual([]);
    expect(
      judged((r) => judgeDefaultBound(undefined, items(UNBOUNDED_ITEMS + 1, true), r)),
    ).toEqual([]);
    expect(judged((r) => judgeDefaultBound(false, items(3, false), r))).toEqual([
      'AOI-11/unbounded-by-default',
    ]);
    expect(
      judged((r) => judgeDefaultBound(undefined, items(UNBOUNDED_ITEMS + 1, false), r)),
    ).toEqual(['AOI-11/unbounded-by-default']);
  });
});

describe('judgeStart: a program that cannot start', () => {
  const attempt = (argv: string[], over: Partial<StartAttempt> = {}): StartAttempt => ({
    argv,
    stdout: new Uint8Array(),
    stderr: new Uint8Array(),
    exitCode: 0,
    signal: null,
    timedOut: false,
    spawnError: null,
    ...over,
  });
  const ARGVS = [['--help'], ['schema', '--output', 'json'], ['capabilities', '--output', 'json']];

  it('not found is 66, not executable is 69', () => {
    expect(
      judgeStart('nosuch', [attempt(['--help'], { spawnError: 'ENOENT', exitCode: null })]),
    ).toMatchObject({ exitCode: 66, message: 'cannot start: nosuch: no such program (ENOENT)' });
    expect(
      judgeStart('./tool', [attempt(['--help'], { spawnError: 'EACCES', exitCode: null })]),
    ).toMatchObject({ exitCode: 69, message: expect.stringContaining('not executable') });
  });

  it('the same failure for everything (sandbox paths masked) is "started but cannot run", with the first stderr line', () => {
    const missing = ARGVS.map((argv, i) =>
      attempt(argv, {
        exitCode: 2,
        paths: [`/tmp/s${i}/cwd`],
        stderr: bytes(
          `python3: can't open file '/tmp/s${i}/cwd/missing.py': [Errno 2] No such file or directory\n`,
        ),
      }),
    );
    expect(judgeStart('python3 missing.py', missing)).toEqual({
      exitCode: 66,
      message: expect.stringMatching(
        /^cannot start: python3 missing\.py: python3: can't open file 'missing\.py': \[Errno 2\] No such file or directory \(exit 2/,
      ),
    });
    const broken = ARGVS.map((argv) =>
      attempt(argv, { exitCode: 3, stderr: bytes('tool: libfoo.so.1: version mismatch\n') }),
    );
    expect(judgeStart('tool', broken)).toMatchObject({
      exitCode: 69,
      message: expect.stringContaining('libfoo.so.1'),
    });
  });

  it('a tool that answers anything differently, on stdout, or exits 0 once, started', () => {
    const differs = ARGVS.map((argv) =>
      attempt(argv, {
        exitCode: 2,
        stderr: bytes(`error: unrecognized arguments: ${argv.join(' ')}\n`),
      }),
    );
    expect(judgeStart('tool', differs)).toBeUndefined();
    const once = ARGVS.map((argv, i) =>
      attempt(argv, { exitCode: i === 0 ? 0 : 2, stderr: bytes('config missing\n') }),
    );
    expect(judgeStart('tool', once)).toBeUndefined();
    const printed = ARGVS.map((argv) =>
      attempt(argv, { exitCode: 1, stdout: bytes('Usage: tool\n') }),
    );
    expect(judgeStart('tool', printed)).toBeUndefined();
    expect(judgeStart('tool', [attempt(['--help'], { exitCode: 1 })])).toBeUndefined();
  });

  it('masks secrets and makes control characters visible in the quoted line', () => {
    const leaky = ARGVS.map((argv) =>
      attempt(argv, {
        exitCode: 1,
        stderr: bytes('fatal: token sk-live-0123456789abcdef rejected \u001b[31mred\n'),
      }),
    );
    const message = judgeStart('tool', leaky, ['sk-live-0123456789abcdef'])!.message;
    expect(message).not.toContain('sk-live-0123456789abcdef');
    expect(message).not.toContain('\u001b');
  });
});
