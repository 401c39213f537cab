import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { batchLines } from '../../../spec/exec/request.js';
import type { DangerLevel } from '../../../spec/exec/types.js';
import type { FakeContext, FakeTool } from '../engine/types.js';
import {
  decide,
  execFaultsOf,
  type ExecManifest,
  type ExecOutcome,
} from '../../exec/faults/index.js';
import { TOOL_VERSION } from './out.js';

/**
 * `notes exec`: the batch dispatch of the guide "Designing a Built-In Batch Dispatch Command". JSONL in
 * (stdin or --input-file), each line routed by `_cmd` to a notes command run in this process, one
 * ResponseEnvelope out per line with `_cmd` and `_line` in `meta` (upstream's schema forbids them at the top
 * level; `AOI_TESTKIT_EXEC_ENVELOPE=top-level|both` moves or copies them there). Exit 0 all ok, 1 a line
 * failed, 2 a malformed stream (DISPATCH_PARSE_ERROR, nothing dispatched). Without --ignore-errors the
 * batch stops after the first failed line (the guide's "default behavior"); with it, every line runs.
 *
 * Payload fields become the command's flags (`{"title":"x"}` → `--title=x`, `tags` → `--tag` each,
 * `true` → a bare flag); `id`, `ids` and `query` are its operands. `_opts` are flags too: true → `--flag`,
 * a string or number → `--flag=value`, false → nothing.
 *
 * Faults (src/fakes/exec/faults/) act only through the hooks this engine calls: `decide(faults, hook, conforming)`.
 */

/** Every notes command with its danger level (REQ-C-002), and whether exec may dispatch it. */
export const NOTES_COMMANDS: Record<
  string,
  { description: string; danger: DangerLevel; dispatchable: boolean }
> = {
  search: {
    description: 'Find notes whose title or body contains the query.',
    danger: 'safe',
    dispatchable: true,
  },
  list: {
    description: 'List notes, one bounded page at a time.',
    danger: 'safe',
    dispatchable: true,
  },
  get: { description: 'Show one note.', danger: 'safe', dispatchable: true },
  create: { description: 'Create a note.', danger: 'mutating', dispatchable: true },
  update: {
    description: 'Change the title or body of a note.',
    danger: 'mutating',
    dispatchable: true,
  },
  delete: {
    description: 'Delete notes (needs --confirm).',
    danger: 'destructive',
    dispatchable: true,
  },
  doctor: { description: 'Readiness checks.', danger: 'safe', dispatchable: true },
  import: {
    description: 'Create notes from JSONL on stdin.',
    danger: 'mutating',
    dispatchable: false,
  },
  watch: {
    description: 'Heartbeats until interrupted (unbounded).',
    danger: 'safe',
    dispatchable: false,
  },
  sync: { description: 'Pull notes from the backend.', danger: 'mutating', dispatchable: false },
  login: {
    description: 'Interactive sign-in (human mode only).',
    danger: 'safe',
    dispatchable: false,
  },
  schema: { description: 'Print the event schema.', danger: 'safe', dispatchable: false },
  'input-schema': {
    description: 'Print the input schema of import.',
    danger: 'safe',
    dispatchable: false,
  },
  capabilities: {
    description: 'Print the AOI capabilities document.',
    danger: 'safe',
    dispatchable: false,
  },
  manifest: {
    description: 'Print the command manifest (danger levels) as JSON.',
    danger: 'safe',
    dispatchable: false,
  },
  exec: {
    description: 'Dispatch a JSONL batch of commands in one process.',
    danger: 'destructive',
    dispatchable: false,
  },
};

/** `notes manifest --output json`: a ManifestResponse of the CLI Agent Spec. */
export function manifest(): ExecManifest {
  const exit = (description: string, side: 'none' | 'partial' | 'complete' = 'none') => ({
    description,
    retryable: false,
    side_effects: side,
  });
  const commands = Object.fromEntries(
    Object.entries(NOTES_COMMANDS).map(([name, c]) => [
      name,
      {
        description: c.description,
        danger_level: c.danger,
        flags:
          c.danger === 'safe'
            ? {}
            : {
                'dry-run': {
                  type: 'boolean',
                  required: false,
                  description: 'Plan the change; change nothing.',
                },
              },
        exit_codes: {
          '0': exit('The command succeeded.', c.danger === 'safe' ? 'none' : 'complete'),
          '1': exit('The command failed; nothing was changed.'),
        },
      },
    ]),
  );
  return {
    schema_version: '1.0',
    framework_version: `notes ${TOOL_VERSION}`,
    etag: `notes-${TOOL_VERSION}-${Object.keys(commands).length}`,
    commands,
  };
}

export async function printManifest(ctx: FakeContext): Promise<number> {
  await ctx.print(
    `${JSON.stringify(decide(execFaultsOf(ctx.env), (f) => f.manifest, manifest()))}\n`,
  );
  return 0;
}

/** Whether `exec` is a notes command (a fault may take it away). */
export const offersExec = (ctx: FakeContext): boolean =>
  decide(execFaultsOf(ctx.env), (f) => f.offersExec, true);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The notes argv a request stands for (without --output and --state-dir). */
export function argvOf(
  request: Json & { _cmd: string },
  dryRun: boolean,
  withOpts = true,
): string[] {
  const argv: string[] = [request._cmd];
  const flags: string[] = [];
  for (const [key, value] of Object.entries(request)) {
    if (key === '_cmd' || key === '_opts') continue;
    if (key === 'id' || key === 'query') argv.push(String(value));
    else if (key === 'ids' && Array.isArray(value)) argv.push(...value.map(String));
    else if (key === 'tags' && Array.isArray(value))
      for (const t of value) flags.push(`--tag=${String(t)}`);
    else if (value === true) flags.push(`--${key}`);
    else if (typeof value === 'string' || typeof value === 'number')
      flags.push(`--${key}=${value}`);
  }
  if (withOpts && isObject(request._opts)) {
    for (const [key, value] of Object.entries(request._opts)) {
      if (value === true) flags.push(`--${key}`);
      else if (typeof value === 'string' || typeof value === 'number')
        flags.push(`--${key}=${value}`);
    }
  }
  if (dryRun && !flags.includes('--dry-run')) flags.push('--dry-run');
  return [...argv, ...flags];
}

/** Run one notes command in this process, its events captured, stdin never readable. */
async function dispatchInProcess(
  tool: FakeTool,
  ctx: FakeContext,
  argv: string[],
): Promise<ExecOutcome> {
  const events: Json[] = [];
  let text = '';
  const sub: FakeContext = {
    ...ctx,
    argv: [...argv, '--output', 'jsonl', '--state-dir', ctx.stateDir],
    stdinReadable: false,
    readStdin: async () => '',
    readStdinBytes: async () => new Uint8Array(),
    emit: async (event) => void events.push(event),
    print: async (t) => void (text += t),
    stderr: async () => {},
  };
  const exitCode = await tool(sub);
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      events.push(JSON.parse(line) as Json);
    } catch {
      // human text: not an event
    }
  }
  return { exitCode, events };
}

function envelope(
  outcome: ExecOutcome,
  cmd: string,
  line: number,
  started: number,
  placement: string,
): Json {
  const error = outcome.events.find((e) => e.type === 'aoi:error');
  const items = outcome.events.filter(
    (e) => !['aoi:meta', 'aoi:summary', 'aoi:error', 'aoi:warning'].includes(String(e.type)),
  );
  const warnings = outcome.events
    .filter((e) => e.type === 'aoi:warning')
    .map((e) => String(e.message ?? ''));
  const ok = outcome.exitCode === 0;
  const tags = { _cmd: cmd, _line: line };
  return {
    ...(placement === 'top-level' || placement === 'both' ? tags : {}),
    ok,
    data: ok ? { items } : null,
    error: ok
      ? null
      : {
          code: String(error?.code ?? 'COMMAND_FAILED'),
          message: String(error?.message ?? `${cmd} exited ${outcome.exitCode}`),
          retryable: error?.retryable === true,
          exit_code: outcome.exitCode,
        },
    warnings,
    meta: {
      duration_ms: Math.max(0, Math.round(performance.now() - started)),
      ...(placement === 'top-level' ? {} : tags),
    },
  };
}

const failure = (
  cmd: string,
  line: number,
  code: string,
  message: string,
  placement: string,
): Json =>
  envelope(
    { exitCode: 1, events: [{ type: 'aoi:error', code, message, retryable: false }] },
    cmd,
    line,
    performance.now(),
    placement,
  );

/** `notes exec [--ignore-errors] [--dry-run] [--input-file PATH] [--output jsonl|json]`. */
export async function exec(ctx: FakeContext, tool: FakeTool): Promise<number> {
  const faults = execFaultsOf(ctx.env);
  const placement = ctx.env.AOI_TESTKIT_EXEC_ENVELOPE ?? 'meta';
  let flags: {
    'ignore-errors'?: boolean;
    'dry-run'?: boolean;
    'input-file'?: string;
    'state-dir'?: string;
  };
  try {
    flags = parseArgs({
      args: ctx.argv.filter((a) => a !== 'exec'),
      options: {
        'ignore-errors': { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        'input-file': { type: 'string' },
        output: { type: 'string' },
        format: { type: 'string' },
        'state-dir': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    await ctx.stderr(`notes exec: ${(error as Error).message}\n`);
    return 2;
  }
  const stateCtx = flags['state-dir'] ? { ...ctx, stateDir: flags['state-dir'] } : ctx;
  let input: string;
  if (flags['input-file'] !== undefined && decide(faults, (f) => f.readsInputFile, true)) {
    try {
      input = readFileSync(flags['input-file'], 'utf8');
    } catch (error) {
      await ctx.stderr(`notes exec: cannot read --input-file: ${(error as Error).message}\n`);
      return 2;
    }
    if (decide(faults, (f) => f.readsStdinBesideInputFile, false) && ctx.stdinReadable)
      await ctx.readStdin();
  } else {
    input = ctx.stdinReadable ? await ctx.readStdin() : '';
  }

  const continueOnError = decide(
    faults,
    (f) => f.continuesAfterFailure,
    flags['ignore-errors'] === true,
  );
  const dryRun = flags['dry-run'] === true;
  let failed = false;
  let stopped = false;
  const carriesOpts = decide(faults, (f) => f.carriesOpts, false);
  let carried: Json = {};
  /** Run one line; its envelope, or undefined once the batch has stopped after a failure. */
  const dispatch = async (
    line: number,
    request: Json & { _cmd: string },
  ): Promise<Json | undefined> => {
    if (stopped) return undefined;
    const started = performance.now();
    const cmd = request._cmd;
    const known = NOTES_COMMANDS[cmd];
    let env: Json;
    if (!known)
      env = failure(
        cmd,
        line,
        'UNKNOWN_COMMAND',
        `no command "${cmd}" (see notes manifest --output json)`,
        placement,
      );
    else if (!known.dispatchable)
      env = failure(cmd, line, 'NOT_DISPATCHABLE', `"${cmd}" cannot run inside exec`, placement);
    else {
      const forward =
        dryRun &&
        decide(faults, (f) => f.forwardsDryRun, true) &&
        decide(faults, (f) => f.dryRunReaches, known.danger !== 'safe', known.danger);
      if (carriesOpts) carried = { ...carried, ...(isObject(request._opts) ? request._opts : {}) };
      const withCarried = carriesOpts ? { ...request, _opts: carried } : request;
      const argv = argvOf(
        withCarried,
        forward,
        decide(faults, (f) => f.forwardsOpts, true),
      );
      let outcome: ExecOutcome | undefined;
      for (const fault of faults) outcome ??= fault.dispatchLine?.(stateCtx, argv);
      outcome ??= await dispatchInProcess(tool, stateCtx, argv);
      env = envelope(outcome, cmd, line, started, placement);
    }
    env = decide(faults, (f) => f.envelope, env, line);
    if (env.ok !== true) failed = true;
    if (failed && !continueOnError) stopped = true;
    return env;
  };

  // Parse every line before dispatching any (exit 2 on the first malformed one); a fault dispatches as it parses.
  const early = decide(faults, (f) => f.dispatchesWhileParsing, false);
  const requests: { line: number; request: Json & { _cmd: string }; problem?: string }[] = [];
  const answers: { line: number; env: Json }[] = [];
  const skipsMalformed = decide(
    faults,
    (f) => f.skipsMalformedLine,
    false,
    flags['ignore-errors'] === true,
  );
  for (const parsed of batchLines(input)) {
    if ('problem' in parsed) {
      if (skipsMalformed && !early) {
        requests.push({ line: parsed.line, request: { _cmd: '' }, problem: parsed.problem });
        continue;
      }
      const message = `input line ${parsed.line}: ${parsed.problem}`;
      const env = failure('', parsed.line, 'DISPATCH_PARSE_ERROR', message, placement);
      const tags = env.meta as Json;
      delete tags._cmd;
      delete env._cmd;
      await ctx.print(`${JSON.stringify(env)}\n`);
      await ctx.stderr(`notes exec: DISPATCH_PARSE_ERROR: ${message}\n`);
      return decide(faults, (f) => f.malformedExit, 2);
    }
    if (early) {
      const env = await dispatch(parsed.line, parsed.request);
      if (env) answers.push({ line: parsed.line, env });
    } else requests.push({ line: parsed.line, request: parsed.request });
  }

  let filter: ((text: string) => Promise<string>) | undefined;
  for (const fault of faults) filter ??= fault.outputFilter?.(ctx);
  let held = '';
  const write = async (env: Json, line: number) => {
    if (!decide(faults, (f) => f.writesEnvelope, true, line)) return;
    if (filter) held += `${JSON.stringify(env)}\n`;
    else await ctx.print(`${JSON.stringify(env)}\n`);
  };
  for (const { line, env } of answers) await write(env, line);
  for (const { line, request, problem } of requests) {
    const env =
      problem === undefined
        ? await dispatch(line, request)
        : failure('', line, 'DISPATCH_PARSE_ERROR', `input line ${line}: ${problem}`, placement);
    if (problem !== undefined) failed = true;
    if (!env) break;
    await write(env, line);
  }
  if (filter) await ctx.print(await filter(held));
  return failed ? 1 : 0;
}
