// Wall time of a full `aoi-testkit lint` of the reference tool, as a user runs it (a child process
// that probes `node fixtures/bin/notes` with the reference lint plan), measured `runs` times.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median } from './format.mjs';

export async function lintWallTime(root, runs = 3) {
  const { REFERENCE_LINT_PLAN: plan } = await import(join(root, 'dist/fakes.js'));
  const quote = (argv) => argv.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
  const args = [
    join(root, 'dist/cli/main.js'),
    'lint',
    // The AOI lint: detection would also judge notes' exec (a plan built from its manifest), a separate measure.
    '--spec',
    'aoi',
    '--output',
    'jsonl',
    ...plan.setup.flatMap((argv) => ['--setup', quote(argv)]),
    ...plan.invocations.flatMap((argv) => ['--invoke', quote(argv)]),
    '--',
    process.execPath,
    join(root, 'fixtures/bin/notes'),
  ];
  const times = [];
  let summary;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    times.push(performance.now() - started);
    summary = JSON.parse(result.stdout.trim().split('\n').pop());
    if (result.status !== 0 || !summary.ok) throw new Error(`lint of the reference tool failed (exit ${result.status})`);
  }
  return { medianMs: median(times), probes: summary.probes, verdicts: summary.count, commands: summary.commands.length };
}
