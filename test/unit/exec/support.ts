import { runInMemory } from '../../../src/fakes/aoi/engine/memory.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';

export const jsonl = (lines: readonly unknown[]): string =>
  `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`;

/** `notes exec` in memory: the batch on stdin, faults by env. */
export async function execInMemory(
  lines: readonly unknown[],
  flags: readonly string[] = [],
  env: Record<string, string> = {},
  stateDir?: string,
) {
  const input = jsonl(lines);
  const run = await runInMemory(notes, {
    argv: ['exec', ...flags],
    stdin: input,
    env,
    ...(stateDir ? { stateDir } : {}),
  });
  const stdout = Buffer.from(run.stdout).toString('utf8');
  const envelopes = stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown> & { meta: Record<string, unknown> });
  return {
    input,
    run,
    stdout,
    stderr: Buffer.from(run.stderr).toString('utf8'),
    envelopes,
    exitCode: run.exitCode,
  };
}
