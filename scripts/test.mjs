#!/usr/bin/env node
// `npm test`: every step runs, even after one fails, and the end says which failed (a red type check
// should not hide a red test file). Exit 0 only when all passed.
import { spawnSync } from 'node:child_process';

const steps = [
  ['type check', 'npm', ['run', '--silent', 'typecheck']],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['tests', 'npx', ['vitest', 'run', ...process.argv.slice(2)]],
  ['package lint', 'npm', ['run', '--silent', 'lint:package']],
];

const results = [];
for (const [name, command, args] of steps) {
  const started = Date.now();
  const { status, signal } = spawnSync(command, args, { stdio: 'inherit' });
  results.push({ name, ok: status === 0, end: signal ?? status, seconds: ((Date.now() - started) / 1000).toFixed(0) });
}
console.log('\nnpm test:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s${r.ok ? '' : `, exit ${r.end}`})`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
