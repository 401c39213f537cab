// exec batch dispatch: N operations through one `notes exec` against N separate `notes` invocations, in the
// same benchmark run. The separate invocations run one after another, as an agent makes its tool calls: each is
// a new `node fixtures/bin/notes …` process with stdin closed, its output read to EOF. A few hundred of them run;
// their mean cost, times N, is the separate total (each is one node start, so the mean does not depend on N).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './format.mjs';

/** Run `node program ...args` with the state dir; resolve { ms, code, stdoutLines, stderr }. stdin is closed. */
function runNode(program, args, stateDir) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [program, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, AOI_TESTKIT_STATE_DIR: stateDir },
    });
    let lines = 0;
    let err = '';
    child.stdout.on('data', (chunk) => {
      for (const byte of chunk) if (byte === 0x0a) lines++;
    });
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ ms: performance.now() - started, code, stdoutLines: lines, stderr: err }),
    );
  });
}

/** The operations: safe reads of a one-note store (get, list, search), so that every operation does the same work each time. */
const OPS = [
  { line: { _cmd: 'get', id: 'n_0001' }, argv: ['get', 'n_0001'] },
  { line: { _cmd: 'list', limit: 1 }, argv: ['list', '--limit', '1'] },
  { line: { _cmd: 'search', query: 'bench' }, argv: ['search', 'bench'] },
];

/**
 * @param {string} notes path of the built notes (dist/bin/notes.js)
 * @param {{ ops?: number, separate?: number, runs?: number, onProgress?: (done: number, of: number) => void }} [options]
 * @returns {Promise<{ ops: number, separate: number, runs: number, execMs: number, execOpsPerS: number, separateOpsPerS: number, perInvocationMs: number, ratio: number }>}
 */
export async function execSpeed(
  notes,
  { ops = 10_000, separate = ops, runs = 3, onProgress } = {},
) {
  const work = mkdtempSync(join(tmpdir(), 'aoi-bench-exec-'));
  try {
    const state = mkdtempSync(join(work, 'state-'));
    const setup = await runNode(
      notes,
      ['create', '--title', 'bench note', '--body', 'bench', '--output', 'jsonl'],
      state,
    );
    if (setup.code !== 0)
      throw new Error(`notes create exited ${setup.code}: ${setup.stderr.slice(0, 200)}`);

    // One exec of all the operations, from --input-file (the guide's way for a large batch); median of `runs`.
    const file = join(work, 'batch.jsonl');
    writeFileSync(
      file,
      `${Array.from({ length: ops }, (_, i) => JSON.stringify(OPS[i % OPS.length].line)).join('\n')}\n`,
    );
    const execTimes = [];
    for (let r = 0; r < runs; r++) {
      const res = await runNode(notes, ['exec', '--input-file', file], state);
      if (res.code !== 0 || res.stdoutLines !== ops)
        throw new Error(
          `notes exec exited ${res.code} with ${res.stdoutLines} envelope(s) for ${ops} lines: ${res.stderr.slice(0, 200)}`,
        );
      execTimes.push(res.ms);
    }

    // The same operations as separate invocations, one after another: `separate` of them (each costs a node
    // start, so their mean is the same whether 300 or 10,000 run; the total is extrapolated to `ops`).
    const started = performance.now();
    for (let i = 0; i < separate; i++) {
      const op = OPS[i % OPS.length];
      const res = await runNode(notes, [...op.argv, '--output', 'jsonl'], state);
      if (res.code !== 0)
        throw new Error(
          `notes ${op.argv.join(' ')} exited ${res.code}: ${res.stderr.slice(0, 200)}`,
        );
      if ((i + 1) % 100 === 0) onProgress?.(i + 1, separate);
    }
    const perInvocationMs = (performance.now() - started) / separate;

    const execMs = median(execTimes);
    return {
      ops,
      separate,
      runs,
      execMs,
      execOpsPerS: ops / (execMs / 1000),
      separateOpsPerS: 1000 / perInvocationMs,
      perInvocationMs,
      ratio: (perInvocationMs * ops) / execMs,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
