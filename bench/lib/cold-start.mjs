// Cold start of the kit's processes against `node -e 0`, measured in the same run: each command is
// started `runs` times, interleaved so that load hits all of them alike; the median wall time counts.
import { spawnSync } from 'node:child_process';
import { median } from './format.mjs';

export function coldStart(commands, runs = 21) {
  const times = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    commands.forEach(({ argv, env }, c) => {
      const started = performance.now();
      const result = spawnSync(argv[0], argv.slice(1), {
        stdio: 'ignore',
        env: { ...process.env, ...env },
      });
      if (result.status !== 0) throw new Error(`${argv.join(' ')} exited ${result.status}`);
      times[c].push(performance.now() - started);
    });
  }
  return commands.map(({ label }, c) => ({ label, medianMs: median(times[c]) }));
}
