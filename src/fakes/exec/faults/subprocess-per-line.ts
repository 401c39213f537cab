import { define, EXEC_FAULTS_ENV, type ExecFaultFactory } from './fault.js';

/** Every line is run by a new notes process (only when notes is one: in memory it has no program to start). */
export const subprocessPerLine: ExecFaultFactory = () =>
  define({
    id: 'subprocess-per-line',
    description: 'every line is run by starting notes again as a child process',
    violates: ['EXEC-11/subprocess-per-line'],
    params: {},
    processOnly: true,
    dispatchLine(ctx, argv) {
      const [program, ...words] = ctx.self ?? [];
      if (program === undefined) return undefined;
      // child_process is loaded here, not when notes starts (process.getBuiltinModule): a fake's cold start.
      const child = process
        .getBuiltinModule('node:child_process')
        .spawnSync(program, [...words, ...argv, '--output', 'jsonl', '--state-dir', ctx.stateDir], {
          input: '',
          env: { ...process.env, [EXEC_FAULTS_ENV]: '' },
          encoding: 'utf8',
        });
      const events = child.stdout
        .split('\n')
        .filter((l) => l.trim())
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as Record<string, unknown>];
          } catch {
            return [];
          }
        });
      return { exitCode: child.status ?? 1, events };
    },
  });
