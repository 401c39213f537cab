#!/usr/bin/env node
// `npm test` (the fast suite) and `npm run test:e2e` (`node scripts/test.mjs e2e`, every other process-level
// proof); CONTRIBUTING.md says which proves what. Every step runs, even after one fails, and the end says which
// failed (a red type check should not hide a red test file). Exit 0 only when all passed. The end also names each
// failed test with the first line of its error (CI often keeps only the tail of a log, and a bare "tests failed"
// there costs a whole rerun to diagnose), and what the suite cost: the fast suite against its budget
// (test/suites.json), so that a slow file landing in it is seen by the next person who runs it.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

const e2e = process.argv[2] === 'e2e';
const vitestArgs = process.argv.slice(e2e ? 3 : 2);
const resultsFile = `test-results/vitest${e2e ? '-e2e' : ''}.json`;
mkdirSync('test-results', { recursive: true });
rmSync(resultsFile, { force: true });
const suites = JSON.parse(readFileSync('test/suites.json', 'utf8'));

const vitest = (projects) => [
  'tests',
  'npx',
  [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...vitestArgs,
  ],
];

// Each inner list runs side by side: the type check and the code lint each keep one core busy.
const steps = e2e
  ? [[['build', 'npm', ['run', '--silent', 'build']]], [vitest(['e2e'])]]
  : [
      [
        ['type check', 'npm', ['run', '--silent', 'typecheck']],
        ['format and code lint', 'npm', ['run', '--silent', 'lint:code']],
      ],
      [['build', 'npm', ['run', '--silent', 'build']]],
      [vitest(['unit', 'process'])],
      [['package lint', 'npm', ['run', '--silent', 'lint:package']]],
    ];

const started = Date.now();
const results = [];
for (const group of steps) results.push(...(await Promise.all(group.map(runStep))));
const seconds = Math.round((Date.now() - started) / 1000);

console.log(`\nnpm ${e2e ? 'run test:e2e' : 'test'}:`);
for (const r of results)
  console.log(
    `  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s${r.ok ? '' : `, exit ${r.end}`})`,
  );
const report = readReport();
for (const line of failedTests(report)) console.log(`    ${line}`);
for (const line of cost(report)) console.log(`  ${line}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);

/** One step, its output on the terminal; what it ended with. */
function runStep([name, command, args]) {
  const began = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    const end = (status, signal) =>
      done({
        name,
        ok: status === 0,
        end: signal ?? status,
        seconds: Math.round((Date.now() - began) / 1000),
      });
    child.on('error', () => end(127, null));
    child.on('close', end);
  });
}

/** vitest's JSON report, or undefined when the tests never ran. */
function readReport() {
  try {
    return JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    return undefined;
  }
}

/** One line per failed test (or per file that failed to load), from vitest's JSON report. */
function failedTests(report) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    const where = relative(process.cwd(), file.name);
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

/**
 * What the run cost: the whole against the fast suite's budget, the costliest files (vitest's time for each, which
 * waits on processes as much as it computes), and the process proofs over their own budget. Said, never failed on:
 * a timing depends on the machine and its load, and a red suite for a busy machine would teach people to ignore it.
 */
function cost(report) {
  const files = (report?.testResults ?? [])
    .map((f) => ({ file: relative(process.cwd(), f.name), s: (f.endTime - f.startTime) / 1000 }))
    .sort((a, b) => b.s - a.s);
  const lines = [];
  if (!e2e) {
    const budget = suites.npmTestBudgetSeconds;
    lines.push(
      `${minutes(seconds)} in all; the fast suite's budget is ${minutes(budget)} on 2 cores${seconds > budget ? ' — OVER BUDGET: move a process-level file to the e2e suite (test/suites.json)' : ''}`,
    );
  } else lines.push(`${minutes(seconds)} in all`);
  if (files.length > 0)
    lines.push(
      `costliest files: ${files
        .slice(0, 5)
        .map((f) => `${f.file.replace(/^test\//, '')} ${Math.round(f.s)} s`)
        .join(', ')}`,
    );
  const proofs = new Set(suites.processProofs.map((p) => p.file));
  const over = files.filter((f) => proofs.has(f.file) && f.s > suites.processProofBudgetSeconds);
  if (over.length > 0)
    lines.push(
      `process proofs over their ${suites.processProofBudgetSeconds} s budget: ${over.map((f) => `${f.file} (${Math.round(f.s)} s)`).join(', ')}`,
    );
  return lines;
}

function minutes(s) {
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
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
