// The README's main job as a user runs it: `aoi-testkit lint` of the reference tool with the reference plan
// (setup and invocations), specs detected (AOI and exec), measured `runs` times. Wall time, and the CPU time of
// the lint and every probe it started (bash's `times`, which counts all waited-for descendants).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './format.mjs';

/** `times`' second line: the children's user and system time, as `0m1.234s 0m0.456s`. */
const seconds = (field) => {
  const [, m, s] = /^(\d+)m([\d.]+)s$/.exec(field) ?? [];
  return Number(m) * 60 + Number(s);
};

/** `env`: changes to this process's environment for the lint (a variable set to undefined is removed). */
export async function lintWallTime(root, runs = 3, env = {}) {
  const { REFERENCE_LINT_PLAN: plan } = await import(join(root, 'dist/fakes.js'));
  const quote = (argv) => argv.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
  const argv = [
    process.execPath,
    join(root, 'dist/cli/main.js'),
    'lint',
    '--output',
    'jsonl',
    ...plan.setup.flatMap((args) => ['--setup', quote(args)]),
    ...plan.invocations.flatMap((args) => ['--invoke', quote(args)]),
    '--',
    process.execPath,
    join(root, 'fixtures/bin/notes'),
  ];
  const work = mkdtempSync(join(tmpdir(), 'aoi-bench-lint-'));
  const out = join(work, 'lint.jsonl');
  const walls = [];
  const cpus = [];
  let summary;
  try {
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const result = spawnSync(
        'bash',
        ['-c', '"$@" > "$OUT"; code=$?; times; exit $code', 'bash', ...argv],
        { encoding: 'utf8', env: withChanges({ ...process.env, OUT: out }, env) },
      );
      walls.push(performance.now() - started);
      const [user, system] = result.stdout.trim().split('\n').pop().split(/\s+/).map(seconds);
      cpus.push((user + system) * 1000);
      summary = readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .find((e) => e.type === 'aoi:summary');
      if (result.status !== 0 || summary?.ok !== true)
        throw new Error(`the README's lint of the reference tool failed (exit ${result.status})`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return {
    medianMs: median(walls),
    cpuMs: median(cpus),
    probes: summary.probes,
    verdicts: summary.count,
    commands: summary.commands.length,
    specs: summary.specs.filter((s) => s.status === 'run').map((s) => s.spec),
  };
}

function withChanges(base, changes) {
  const env = { ...base, ...changes };
  for (const [name, value] of Object.entries(changes)) if (value === undefined) delete env[name];
  return env;
}
