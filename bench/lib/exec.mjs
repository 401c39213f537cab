// exec batch dispatch: N operations through one `notes exec` against N separate `notes` invocations, measured
// in the same run. The separate invocations are timed on a sample (default 200) and extrapolated to N: running
// 10,000 processes would take minutes and measure the machine's process table more than the tool.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './format.mjs';

/** Run `node program ...args` with the state dir; resolve { ms, code, stdoutLines }. stdin is /dev/null unless input is given. */
function runNode(program, args, stateDir, input) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [program, ...args], { stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], env: { ...process.env, AOI_TESTKIT_STATE_DIR: stateDir } });
    let lines = 0;
    let err = '';
    child.stdout.on('data', (chunk) => {
      for (const byte of chunk) if (byte === 0x0a) lines++;
    });
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - started, code, stdoutLines: lines, stderr: err }));
    if (input !== undefined) child.stdin.end(input);
  });
}

/** The operations: safe reads of a one-note store (get, list, search), so that every line does the same work each time. */
const OPS = [
  { line: { _cmd: 'get', id: 'n_0001' }, argv: ['get', 'n_0001'] },
  { line: { _cmd: 'list', limit: 1 }, argv: ['list', '--limit', '1'] },
  { line: { _cmd: 'search', query: 'bench' }, argv: ['search', 'bench'] },
];

/**
 * @param {string} notesBin path of the built notes (dist/bin/notes.js)
 * @returns {Promise<{ ops: number, sample: number, execMs: number, perInvocationMs: number, separateMs: number, ratio: number }>}
 */
export async function execSpeed(notesBin, { ops = 10_000, sample = 200, runs = 3 } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'aoi-bench-exec-'));
  try {
    const state = mkdtempSync(join(work, 'state-'));
    const setup = await runNode(notesBin, ['create', '--title', 'bench note', '--body', 'bench', '--output', 'jsonl'], state);
    if (setup.code !== 0) throw new Error(`notes create exited ${setup.code}: ${setup.stderr.slice(0, 200)}`);
    const file = join(work, 'batch.jsonl');
    writeFileSync(file, `${Array.from({ length: ops }, (_, i) => JSON.stringify(OPS[i % OPS.length].line)).join('\n')}\n`);
    const execTimes = [];
    for (let r = 0; r < runs; r++) {
      const res = await runNode(notesBin, ['exec', '--input-file', file], state);
      if (res.code !== 0 || res.stdoutLines !== ops) throw new Error(`notes exec exited ${res.code} with ${res.stdoutLines} envelope(s) for ${ops} lines: ${res.stderr.slice(0, 200)}`);
      execTimes.push(res.ms);
    }
    const times = [];
    for (let i = 0; i < sample; i++) {
      const op = OPS[i % OPS.length];
      const res = await runNode(notesBin, [...op.argv, '--output', 'jsonl'], state);
      if (res.code !== 0) throw new Error(`notes ${op.argv.join(' ')} exited ${res.code}`);
      times.push(res.ms);
    }
    const execMs = median(execTimes);
    const perInvocationMs = times.reduce((a, b) => a + b, 0) / times.length;
    const separateMs = perInvocationMs * ops;
    return { ops, sample, execMs, perInvocationMs, separateMs, ratio: separateMs / execMs };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
