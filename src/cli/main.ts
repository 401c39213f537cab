import { parseArgs } from 'node:util';
import type { CheckArgs } from './check.js';
import { Emitter, TOOL_VERSION } from './emitter.js';
import { HELP, InputError, UsageError } from './usage.js';

/** The kit's CLI: human text by default, AOI JSONL with --output jsonl. Returns the exit status. */
export async function main(argv: string[]): Promise<number> {
  const emitter = new Emitter();
  const machine = wantsJsonl(argv);
  try {
    const [verb, ...rest] = argv;
    if (verb === undefined) {
      process.stderr.write(HELP);
      return 64;
    }
    if (verb === '--help' || verb === '-h' || verb === 'help') {
      process.stdout.write(HELP);
      return 0;
    }
    if (verb === '--version') {
      process.stdout.write(`aoi-testkit ${TOOL_VERSION}\n`);
      return 0;
    }
    // Loaded on demand: --help and --version must not pay for the checker and ajv.
    if (verb === 'check') return await (await import('./check.js')).runCheck(parseCheckArgs(rest), emitter);
    if (verb === 'fake') return await runFake(rest);
    throw new UsageError(`unknown command "${verb}"; try aoi-testkit --help`);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof InputError)) throw error;
    process.stderr.write(`aoi-testkit: ${error.message}\n`);
    if (machine) {
      emitter.meta(argv[0] ?? '');
      emitter.emit({ type: 'aoi:error', category: error.category, code: error.code, message: error.message, retryable: false });
      emitter.emit({ type: 'aoi:summary', ok: false, count: 0, warning_count: 0, error_count: 1 });
    }
    return error.exitCode;
  } finally {
    await emitter.close();
  }
}

/**
 * `aoi-testkit fake <preset> [args...]`: the reference tool `notes` with a preset's faults, as a real
 * process (state in $AOI_TESTKIT_STATE_DIR). `--seed N` before the preset makes random faults repeat.
 * The process exits from inside; this returns only for a usage error.
 */
async function runFake(args: string[]): Promise<number> {
  let seed = 1;
  if (args[0] === '--seed') {
    seed = Number(args[1]);
    if (!Number.isInteger(seed)) throw new UsageError(`--seed must be an integer, got "${args[1]}"`);
    args = args.slice(2);
  }
  const [preset, ...toolArgs] = args;
  const fakes = await import('../fakes/index.js');
  if (preset === undefined || preset === '--list') {
    const list = Object.entries(fakes.PRESETS).map(([id, p]) => `${id.padEnd(28)} ${p.description}\n`).join('');
    if (preset === undefined) throw new UsageError(`fake needs a preset:\n${list}`);
    process.stdout.write(list);
    return 0;
  }
  if (!Object.hasOwn(fakes.PRESETS, preset)) throw new UsageError(`unknown fake "${preset}"; aoi-testkit fake --list shows them`);
  await fakes.runAsProcess(fakes.notes, { argv: toolArgs, faults: fakes.presetFaults(preset), seed });
  return 0;
}

function wantsJsonl(argv: string[]): boolean {
  return argv.some((arg, i) => arg === '--output=jsonl' || arg === '--format=jsonl' || ((arg === '--output' || arg === '--format') && argv[i + 1] === 'jsonl'));
}

function parseCheckArgs(args: string[]): CheckArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        output: { type: 'string' },
        format: { type: 'string' },
        unbounded: { type: 'boolean' },
        strict: { type: 'boolean' },
        'exit-code': { type: 'string' },
        signal: { type: 'string' },
        'schema-version': { type: 'string' },
        'no-color': { type: 'boolean' },
        color: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  if (positionals.length > 1) throw new UsageError(`check takes one FILE (or -), got ${positionals.length}`);
  const output = values.output ?? values.format ?? 'text';
  if (output !== 'text' && output !== 'jsonl') throw new UsageError(`--output must be text or jsonl, got "${output}"`);
  let exitCode: number | undefined;
  if (values['exit-code'] !== undefined) {
    exitCode = Number(values['exit-code']);
    if (!Number.isInteger(exitCode) || exitCode < 0 || exitCode > 255) throw new UsageError(`--exit-code must be an integer 0-255, got "${values['exit-code']}"`);
  }
  const noColor = values['no-color'] === true || (process.env.NO_COLOR ?? '') !== '';
  return {
    file: positionals[0],
    output,
    unbounded: values.unbounded ?? false,
    strict: values.strict ?? false,
    exitCode,
    signal: values.signal,
    schemaVersion: values['schema-version'],
    color: !noColor && (values.color === true || process.stdout.isTTY === true),
  };
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A bug in the kit: say so briefly, never with a stack trace on stdout.
    process.stderr.write(`aoi-testkit: internal error: ${(error as Error)?.message ?? String(error)}\n`);
    process.exitCode = 70;
  },
);
