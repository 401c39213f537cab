import { Emitter } from './emitter.js';
import { InputError, UsageError } from '../errors.js';
import { sanitise } from '../stream/sanitise.js';

/**
 * One verb of the kit's CLI as the whole process: `body` returns the exit status; a UsageError or InputError
 * becomes its message on stderr (and an AOI error stream with --output jsonl) and its status; stdout is
 * flushed before the status is returned.
 */
export async function runVerb(
  argv: string[],
  body: (emitter: Emitter, machine: boolean) => Promise<number>,
): Promise<number> {
  const emitter = new Emitter();
  const machine = wantsJsonl(argv);
  try {
    return await body(emitter, machine);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof InputError)) throw error;
    // May quote the program or its output: each line sanitised, and every line after the first indented (a failed
    // setup shows the tool's aoi:error and stderr there), so none reads as a line of the kit's own.
    const [first, ...more] = error.message.split('\n');
    process.stderr.write(
      `aoi-testkit: ${[sanitise(first!), ...more.map((line) => sanitise(/^\s/.test(line) ? line : `  ${line}`))].join('\n')}\n`,
    );
    if (machine) {
      emitter.meta(argv[0] ?? '');
      emitter.emit({
        type: 'aoi:error',
        category: error.category,
        code: error.code,
        message: error.message,
        retryable: false,
      });
      emitter.emit({ type: 'aoi:summary', ok: false, count: 0, warning_count: 0, error_count: 1 });
    }
    return error.exitCode;
  } finally {
    await emitter.close();
  }
}

/** The process's exit status from a run: its status, or 70 for a bug in the kit (said briefly, never with a stack trace on stdout). */
export function exitWith(run: Promise<number>): void {
  run.then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `aoi-testkit: internal error: ${sanitise((error as Error)?.message ?? String(error))}\n`,
      );
      process.exitCode = 70;
    },
  );
}

/** JSONL on stdout (`--output jsonl`, `--reporter jsonl` without a file): a usage error is then an AOI stream too. */
function wantsJsonl(argv: string[]): boolean {
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const own = argv.slice(0, end);
  return own.some(
    (arg, i) =>
      ['--output=jsonl', '--format=jsonl', '--reporter=jsonl'].includes(arg) ||
      (['--output', '--format', '--reporter'].includes(arg) && own[i + 1] === 'jsonl'),
  );
}
