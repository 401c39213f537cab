import { describe, expect, it } from 'vitest';
import { checkExecOutput } from '../../../src/checks/exec/index.js';
import { EXEC_SUB_RULES } from '../../../src/spec/exec/rules.js';
import { execInMemory, jsonl } from './support.js';

const ids = (r: ReturnType<typeof checkExecOutput>) =>
  [...new Set(r.findings.map((f) => f.id))].sort();
const MIXED = [
  { _cmd: 'create', title: 'a' },
  { _cmd: 'list' },
  { _cmd: 'get', id: 'n_9' },
  { _cmd: 'get', id: 'n_0001' },
  { _cmd: 'search', query: 'a' },
  { _cmd: 'doctor' },
];
const env = (line: number, cmd: string, ok = true, where: 'meta' | 'top' = 'meta') => ({
  ...(where === 'top' ? { _cmd: cmd, _line: line } : {}),
  ok,
  data: ok ? {} : null,
  error: ok ? null : { code: 'E', message: 'm' },
  warnings: [],
  meta: { duration_ms: 1, ...(where === 'meta' ? { _cmd: cmd, _line: line } : {}) },
});

describe('checkExecOutput on notes exec in memory', () => {
  for (const flags of [[], ['--ignore-errors'], ['--dry-run']]) {
    it(`the clean tool passes (${flags.join(' ') || 'default'})`, async () => {
      const r = await execInMemory(MIXED, flags);
      const report = checkExecOutput(r.input, r.stdout, r.exitCode, {
        ignoreErrors: flags.includes('--ignore-errors'),
        stderr: r.stderr,
      });
      expect(report.findings).toEqual([]);
      expect(report.ok).toBe(true);
    });
  }

  it('the clean tool passes on a malformed stream (EXEC-07 judged, 03…06 not applicable)', async () => {
    const r = await execInMemory([MIXED[0], '{"_cmd": 3}', MIXED[1]]);
    const report = checkExecOutput(r.input, r.stdout, r.exitCode, { stderr: r.stderr });
    expect(report.malformed).toBe(true);
    expect(report.findings).toEqual([]);
    expect(report.verdicts.map((v) => `${v.rule}:${v.status}`)).toEqual([
      'EXEC-02:pass',
      'EXEC-03:not_applicable',
      'EXEC-04:not_applicable',
      'EXEC-05:not_applicable',
      'EXEC-06:not_applicable',
      'EXEC-07:pass',
    ]);
  });

  const faults: [string, string[], unknown[], string[]][] = [
    ['lost-lines', ['--ignore-errors'], MIXED, ['EXEC-03/missing-output']],
    ['wrong-line', ['--ignore-errors'], MIXED, ['EXEC-03/wrong-line']],
    ['parse-error-exit-1', [], [MIXED[0], '{nope'], ['EXEC-07/exit']],
    [
      'stops-under-ignore-errors',
      ['--ignore-errors'],
      MIXED,
      ['EXEC-05/stopped-under-ignore-errors'],
    ],
  ];
  for (const [fault, flags, lines, expected] of faults) {
    it(`fault ${fault} is caught by exactly ${expected.join(', ')}`, async () => {
      const r = await execInMemory(lines, flags, { AOI_TESTKIT_EXEC_FAULTS: fault });
      const report = checkExecOutput(r.input, r.stdout, r.exitCode, {
        ignoreErrors: flags.includes('--ignore-errors'),
        stderr: r.stderr,
      });
      expect(ids(report)).toEqual(expected);
      // and the same batch on the clean tool passes
      const clean = await execInMemory(lines, flags);
      expect(
        ids(
          checkExecOutput(clean.input, clean.stdout, clean.exitCode, {
            ignoreErrors: flags.includes('--ignore-errors'),
            stderr: clean.stderr,
          }),
        ),
      ).toEqual([]);
    });
  }
});

describe('checkExecOutput on hand-made batches', () => {
  const input = jsonl([{ _cmd: 'a' }, { _cmd: 'b' }, { _cmd: 'c' }]);
  const output = (envs: unknown[]) => jsonl(envs);

  it('envelope reading: either (default) accepts both places; meta and top-level accept one', () => {
    const top = output([
      env(1, 'a', true, 'top'),
      env(2, 'b', true, 'top'),
      env(3, 'c', true, 'top'),
    ]);
    const meta = output([env(1, 'a'), env(2, 'b'), env(3, 'c')]);
    expect(ids(checkExecOutput(input, top, 0))).toEqual([]);
    expect(ids(checkExecOutput(input, meta, 0))).toEqual([]);
    expect(ids(checkExecOutput(input, top, 0, { envelope: 'meta' }))).toEqual([
      'EXEC-03/misplaced',
    ]);
    expect(ids(checkExecOutput(input, meta, 0, { envelope: 'top-level' }))).toEqual([
      'EXEC-03/misplaced',
    ]);
    expect(ids(checkExecOutput(input, meta, 0, { envelope: 'meta' }))).toEqual([]);
  });

  it('EXEC-02: not JSON, a broken shape, ok and error disagreeing', () => {
    expect(
      ids(
        checkExecOutput(
          input,
          `processing…\n${output([env(1, 'a'), env(2, 'b'), env(3, 'c')])}`,
          0,
        ),
      ),
    ).toEqual(['EXEC-02/not-json']);
    const noWarnings = { ...env(2, 'b'), warnings: undefined };
    expect(
      ids(
        checkExecOutput(
          input,
          output([env(1, 'a'), JSON.parse(JSON.stringify(noWarnings)), env(3, 'c')]),
          0,
        ),
      ),
    ).toEqual(['EXEC-02/shape']);
    expect(
      ids(
        checkExecOutput(
          input,
          output([
            env(1, 'a'),
            { ...env(2, 'b'), error: { code: 'X', message: 'y' } },
            env(3, 'c'),
          ]),
          0,
        ),
      ),
    ).toEqual(['EXEC-02/ok-error-mismatch']);
  });

  it('EXEC-03/04: no _line, extra envelopes, a wrong _cmd, no _cmd', () => {
    const noLine = { ...env(2, 'b'), meta: { duration_ms: 1, _cmd: 'b' } };
    expect(ids(checkExecOutput(input, output([env(1, 'a'), noLine, env(3, 'c')]), 0))).toEqual([
      'EXEC-03/no-line',
    ]);
    expect(
      ids(checkExecOutput(input, output([env(1, 'a'), env(2, 'b'), env(3, 'c'), env(3, 'c')]), 0)),
    ).toEqual(['EXEC-03/extra-output']);
    expect(ids(checkExecOutput(input, output([env(1, 'a'), env(2, 'x'), env(3, 'c')]), 0))).toEqual(
      ['EXEC-04/wrong-cmd'],
    );
    const noCmd = { ...env(2, 'b'), meta: { duration_ms: 1, _line: 2 } };
    expect(ids(checkExecOutput(input, output([env(1, 'a'), noCmd, env(3, 'c')]), 0))).toEqual([
      'EXEC-04/no-cmd',
    ]);
  });

  it('a stop after a failure is fine by default, an error under --ignore-errors; a gap is always missing output', () => {
    const stopped = output([env(1, 'a'), env(2, 'b', false)]);
    expect(ids(checkExecOutput(input, stopped, 1))).toEqual([]);
    expect(ids(checkExecOutput(input, stopped, 1, { ignoreErrors: true }))).toEqual([
      'EXEC-05/stopped-under-ignore-errors',
    ]);
    expect(ids(checkExecOutput(input, output([env(1, 'a'), env(3, 'c')]), 0))).toEqual([
      'EXEC-03/missing-output',
    ]);
    expect(ids(checkExecOutput(input, output([env(1, 'a'), env(2, 'b')]), 0))).toEqual([
      'EXEC-03/missing-output',
    ]);
  });

  it('EXEC-06: exit 0 with a failure, 1 with none, 2 or a signal on a valid batch', () => {
    const oneFailed = output([env(1, 'a'), env(2, 'b', false), env(3, 'c')]);
    const allOk = output([env(1, 'a'), env(2, 'b'), env(3, 'c')]);
    expect(ids(checkExecOutput(input, oneFailed, 0))).toEqual(['EXEC-06/zero-despite-failure']);
    expect(ids(checkExecOutput(input, oneFailed, 1))).toEqual([]);
    expect(ids(checkExecOutput(input, allOk, 1))).toEqual(['EXEC-06/wrong-exit']);
    expect(ids(checkExecOutput(input, allOk, 2))).toEqual(['EXEC-06/wrong-exit']);
    expect(ids(checkExecOutput(input, allOk, null))).toEqual(['EXEC-06/wrong-exit']);
  });

  it('EXEC-07: a malformed batch wants exit 2, DISPATCH_PARSE_ERROR (stdout or stderr), and no ok envelope', () => {
    const bad = jsonl([{ _cmd: 'a' }, '{']);
    const parseError = output([
      { ...env(2, '', false), error: { code: 'DISPATCH_PARSE_ERROR', message: 'line 2' } },
    ]);
    expect(ids(checkExecOutput(bad, parseError, 2))).toEqual([]);
    expect(ids(checkExecOutput(bad, '', 2, { stderr: 'DISPATCH_PARSE_ERROR at line 2' }))).toEqual(
      [],
    );
    expect(ids(checkExecOutput(bad, '', 2))).toEqual(['EXEC-07/no-parse-error']);
    expect(ids(checkExecOutput(bad, parseError, 1))).toEqual(['EXEC-07/exit']);
    expect(
      ids(
        checkExecOutput(
          bad,
          output([
            env(1, 'a'),
            { ...env(2, '', false), error: { code: 'DISPATCH_PARSE_ERROR', message: 'x' } },
          ]),
          2,
        ),
      ),
    ).toEqual(['EXEC-07/dispatched']);
  });

  it('findings carry the rule page, a fix and an excerpt; never throws on junk', () => {
    const report = checkExecOutput(input, '\u0000\u001b[31m{not json\n', 0);
    const f = report.findings[0]!;
    expect(f.docs).toBe('docs/rules/EXEC-02.md');
    expect(f.fix).toBe(EXEC_SUB_RULES.find((s) => s.id === 'EXEC-02/not-json')!.fix);
    expect(f.excerpt).toContain('\\u001b');
    expect(() =>
      checkExecOutput(new Uint8Array([0xff, 0xfe]), new Uint8Array([0xff]), 7),
    ).not.toThrow();
  });
});
