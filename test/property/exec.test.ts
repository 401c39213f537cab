import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conformingExecOutput,
  execBatch,
  GENERIC_EXEC_COMMANDS,
  malformedExecBatch,
  malformedExecLine,
  mixedDangerBatch,
} from '../../src/arbitraries/exec/index.js';
import { checkExecOutput, parseExecInput } from '../../src/checks/exec/index.js';
import { runInMemory } from '../../src/fakes/aoi/engine/memory.js';
import { notes } from '../../src/fakes/aoi/notes/index.js';

const numRuns = Number(process.env.PROPERTY_RUNS ?? 200);
const NOTES_LEVELS = {
  list: 'safe',
  get: 'safe',
  search: 'safe',
  doctor: 'safe',
  create: 'mutating',
  update: 'mutating',
  delete: 'destructive',
} as const;

/** A notes request for a generated command: payload the command understands. */
const notesLine = (cmd: string, i: number): Record<string, unknown> => {
  switch (cmd) {
    case 'get':
    case 'update':
      return {
        _cmd: cmd,
        id: `n_000${(i % 3) + 1}`,
        ...(cmd === 'update' ? { title: `t${i}` } : {}),
      };
    case 'delete':
      return { _cmd: cmd, id: `n_000${(i % 3) + 1}`, confirm: true };
    case 'search':
      return { _cmd: cmd, query: 'note' };
    case 'create':
      return { _cmd: cmd, title: `note ${i}` };
    default:
      return { _cmd: cmd };
  }
};

describe('exec properties', () => {
  it('the checker passes every conforming output, in every envelope placement, stopping or not', () => {
    fc.assert(
      fc.property(
        execBatch({ commands: GENERIC_EXEC_COMMANDS, blankLines: true }),
        fc.constantFrom('meta', 'top-level', 'both'),
        fc.boolean(),
        (batch, placement, stop) => {
          const out = fc.sample(conformingExecOutput(batch, { placement, stop }), {
            numRuns: 1,
            seed: batch.lines.length,
          })[0]!;
          const report = checkExecOutput(batch.text, out.text, out.exitCode, {
            ignoreErrors: !stop,
          });
          expect(report.findings).toEqual([]);
          const reading = placement === 'both' ? 'either' : placement;
          expect(
            checkExecOutput(batch.text, out.text, out.exitCode, {
              ignoreErrors: !stop,
              envelope: reading,
            }).findings,
          ).toEqual([]);
        },
      ),
      { numRuns },
    );
  });

  it('dropping any one envelope of a complete --ignore-errors output is caught (EXEC-03 or EXEC-05, and EXEC-06 only if the exit lies)', () => {
    fc.assert(
      fc.property(
        execBatch({ commands: GENERIC_EXEC_COMMANDS, minLines: 1 }),
        fc.nat(),
        (batch, pick) => {
          const out = fc.sample(conformingExecOutput(batch, { placement: 'meta' }), {
            numRuns: 1,
            seed: pick,
          })[0]!;
          const lines = out.text.trimEnd().split('\n');
          lines.splice(pick % lines.length, 1);
          const report = checkExecOutput(batch.text, lines.join('\n'), out.exitCode, {
            ignoreErrors: true,
          });
          const ids = new Set(report.findings.map((f) => f.id));
          expect(
            ids.has('EXEC-03/missing-output') || ids.has('EXEC-05/stopped-under-ignore-errors'),
          ).toBe(true);
        },
      ),
      { numRuns },
    );
  });

  it('every generated malformed line is malformed to the checker, and notes answers its batch with exit 2 and nothing dispatched', async () => {
    fc.assert(
      fc.property(malformedExecLine(), ({ text }) => {
        expect(parseExecInput(text)[0]?.problem).toBeDefined();
      }),
      { numRuns },
    );
    await fc.assert(
      fc.asyncProperty(
        malformedExecBatch({ commands: { list: 'safe', create: 'mutating' }, withOpts: false }),
        async (batch) => {
          const run = await runInMemory(notes, { argv: ['exec'], stdin: batch.text });
          const stdout = Buffer.from(run.stdout).toString();
          const report = checkExecOutput(batch.text, stdout, run.exitCode, { stderr: run.stderr });
          expect(report.malformed).toBe(true);
          expect(run.exitCode).toBe(2);
          expect(report.findings).toEqual([]);
          expect(JSON.parse(stdout.trim()).meta._line).toBe(batch.firstMalformed);
        },
      ),
      { numRuns: Math.min(numRuns, 100) },
    );
  });

  it('notes exec passes the checker on any mixed-danger batch of its commands, with and without --ignore-errors and --dry-run', async () => {
    await fc.assert(
      fc.asyncProperty(
        mixedDangerBatch(NOTES_LEVELS, 10),
        fc.subarray(['--ignore-errors', '--dry-run']),
        async (batch, flags) => {
          const text = `${batch.requests.map((r, i) => JSON.stringify(notesLine(r.request._cmd, i))).join('\n')}\n`;
          const run = await runInMemory(notes, { argv: ['exec', ...flags], stdin: text });
          const report = checkExecOutput(text, run.stdout, run.exitCode, {
            ignoreErrors: flags.includes('--ignore-errors'),
            envelope: 'meta',
          });
          expect(report.findings).toEqual([]);
        },
      ),
      { numRuns: Math.min(numRuns, 100) },
    );
  });
});
