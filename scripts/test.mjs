#!/usr/bin/env node
// `npm test`: every step runs, even after one fails, and the end says which failed (a red type check
// should not hide a red test file). Exit 0 only when all passed. The end also names each failed test with
// the first line of its error: CI often keeps only the tail of a log, and a bare "tests failed" there
// costs a whole rerun to diagnose.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const resultsFile = 'test-results/vitest.json';
mkdirSync('test-results', { recursive: true });
rmSync(resultsFile, { force: true });

// Each inner list runs side by side: the type check and the code lint each keep one core busy.
const steps = [
  [
    ['type check', 'npm', ['run', '--silent', 'typecheck']],
    ['format and code lint', 'npm', ['run', '--silent', 'lint:code']],
  ],
  [['build', 'npm', ['run', '--silent', 'build']]],
  [
    [
      'tests',
      'npx',
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${resultsFile}`,
        ...process.argv.slice(2),
      ],
    ],
  ],
  [['package lint', 'npm', ['run', '--silent', 'lint:package']]],
];

const results = [];
for (const group of steps) results.push(...(await Promise.all(group.map(runStep))));

/** One step, its output on the terminal; what it ended with. */
function runStep([name, command, args]) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    const end = (status, signal) =>
      done({
        name,
        ok: status === 0,
        end: signal ?? status,
        seconds: ((Date.now() - started) / 1000).toFixed(0),
      });
    child.on('error', () => end(127, null));
    child.on('close', end);
  });
}

console.log('\nnpm test:');
for (const r of results)
  console.log(
    `  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s${r.ok ? '' : `, exit ${r.end}`})`,
  );
for (const line of failedTests()) console.log(`    ${line}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);

/** One line per failed test (or per file that failed to load), from vitest's JSON report. */
function failedTests() {
  let report;
  try {
    report = JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    return [];
  }
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = file.name.replace(`${process.cwd()}/`, '');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failed)
      lines.push(
        `✗ ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0], test.duration)}`,
      );
    if (failed.length === 0 && file.status === 'failed')
      lines.push(`✗ ${where}: ${firstLine(file.message)}`);
  }
  return lines;
}

function firstLine(message, duration) {
  let line =
    String(message ?? '')
      .split('\n')
      .find((l) => l.trim() !== '') ?? '';
  // vitest's JSON report keeps no message for a test that ran out of time, only this placeholder.
  if (line === 'Error: STACK_TRACE_ERROR')
    line = `timed out, or failed without a message, after ${Math.round((duration ?? 0) / 1000)} s`;
  // Printable ASCII only, bounded: this goes to a terminal and to CI's tail.
  return line.replace(/[^\x20-\x7e]/g, '?').slice(0, 240);
}
