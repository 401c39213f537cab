import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { batchLines } from '../../../spec/exec/request.js';
import { parseArgs } from 'node:util';
import type { FakeContext, FakeTool } from '../../engine/types.js';
import { execFaultsOf } from './exec-faults.js';
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
 */

export type DangerLevel = 'safe' | 'mutating' | 'destructive';

/** Every notes command with its danger level (REQ-C-002), and whether exec may dispatch it. */
export const NOTES_COMMANDS: Record<string, { description: string; danger: DangerLevel; dispatchable: boolean }> = {
  search: { description: 'Find notes whose title or body contains the query.', danger: 'safe', dispatchable: true },
  list: { description: 'List notes, one bounded page at a time.', danger: 'safe', dispatchable: true },
  get: { description: 'Show one note.', danger: 'safe', dispatchable: true },
  create: { description: 'Create a note.', danger: 'mutating', dispatchable: true },
  update: { description: 'Change the title or body of a note.', danger: 'mutating', dispatchable: true },
  delete: { description: 'Delete notes (needs --confirm).', danger: 'destructive', dispatchable: true },
  doctor: { description: 'Readiness checks.', danger: 'safe', dispatchable: true },
  import: { description: 'Create notes from JSONL on stdin.', danger: 'mutating', dispatchable: false },
  watch: { description: 'Heartbeats until interrupted (unbounded).', danger: 'safe', dispatchable: false },
  sync: { description: 'Pull notes from the backend.', danger: 'mutating', dispatchable: false },
  login: { description: 'Interactive sign-in (human mode only).', danger: 'safe', dispatchable: false },
  schema: { description: 'Print the event schema.', danger: 'safe', dispatchable: false },
  'input-schema': { description: 'Print the input schema of import.', danger: 'safe', dispatchable: false },
  capabilities: { description: 'Print the AOI capabilities document.', danger: 'safe', dispatchable: false },
  manifest: { description: 'Print the command manifest (danger levels) as JSON.', danger: 'safe', dispatchable: false },
  exec: { description: 'Dispatch a JSONL batch of commands in one process.', danger: 'destructive', dispatchable: false },
};

/** `notes manifest --output json`: a ManifestResponse of the CLI Agent Spec (a fault drops every danger_level). */
export function manifest(withDangerLevels = true): object {
  const exit = (description: string, side: 'none' | 'partial' | 'complete' = 'none') => ({ description, retryable: false, side_effects: side });
  const commands = Object.fromEntries(
    Object.entries(NOTES_COMMANDS).map(([name, c]) => [
      name,
      {
        description: c.description,
        ...(withDangerLevels ? { danger_level: c.danger } : {}),
        flags: c.danger === 'safe' ? {} : { 'dry-run': { type: 'boolean', required: false, description: 'Plan the change; change nothing.' } },
        exit_codes: { '0': exit('The command succeeded.', c.danger === 'safe' ? 'none' : 'complete'), '1': exit('The command failed; nothing was changed.') },
      },
    ]),
  );
  return { schema_version: '1.0', framework_version: `notes ${TOOL_VERSION}`, etag: `notes-${TOOL_VERSION}-${Object.keys(commands).length}`, commands };
}

export async function printManifest(ctx: FakeContext): Promise<number> {
  await ctx.print(`${JSON.stringify(manifest(!execFaultsOf(ctx.env).has('broken-manifest')))}\n`);
  return 0;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);


/** The notes argv a request stands for (without --output and --state-dir). */
export function argvOf(request: Json & { _cmd: string }, dryRun: boolean, withOpts = true): string[] {
  const argv: string[] = [request._cmd];
  const flags: string[] = [];
  for (const [key, value] of Object.entries(request)) {
    if (key === '_cmd' || key === '_opts') continue;
    if (key === 'id' || key === 'query') argv.push(String(value));
    else if (key === 'ids' && Array.isArray(value)) argv.push(...value.map(String));
    else if (key === 'tags' && Array.isArray(value)) for (const t of value) flags.push(`--tag=${String(t)}`);
    else if (value === true) flags.push(`--${key}`);
    else if (typeof value === 'string' || typeof value === 'number') flags.push(`--${key}=${value}`);
  }
  if (withOpts && isObject(request._opts)) {
    for (const [key, value] of Object.entries(request._opts)) {
      if (value === true) flags.push(`--${key}`);
      else if (typeof value === 'string' || typeof value === 'number') flags.push(`--${key}=${value}`);
    }
  }
  if (dryRun && !flags.includes('--dry-run')) flags.push('--dry-run');
  return [...argv, ...flags];
}

interface Outcome {
  exitCode: number;
  events: Json[];
}

/** Run one notes command in this process, its events captured, stdin never readable. */
async function dispatchInProcess(tool: FakeTool, ctx: FakeContext, argv: string[]): Promise<Outcome> {
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

/** A fault: the line is run by a new notes process (only when this is one: process-only faults act only then). */
function dispatchAsProcess(ctx: FakeContext, argv: string[]): Outcome | undefined {
  const [program, ...words] = ctx.self ?? [];
  if (program === undefined) return undefined;
  const child = spawnSync(program, [...words, ...argv, '--output', 'jsonl', '--state-dir', ctx.stateDir], { input: '', env: { ...process.env, AOI_TESTKIT_EXEC_FAULTS: '' }, encoding: 'utf8' });
  const events = child.stdout
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Json];
      } catch {
        return [];
      }
    });
  return { exitCode: child.status ?? 1, events };
}

function envelope(outcome: Outcome, cmd: string, line: number, started: number, placement: string): Json {
  const error = outcome.events.find((e) => e.type === 'aoi:error');
  const items = outcome.events.filter((e) => !['aoi:meta', 'aoi:summary', 'aoi:error', 'aoi:warning'].includes(String(e.type)));
  const warnings = outcome.events.filter((e) => e.type === 'aoi:warning').map((e) => String(e.message ?? ''));
  const ok = outcome.exitCode === 0;
  const tags = { _cmd: cmd, _line: line };
  return {
    ...(placement === 'top-level' || placement === 'both' ? tags : {}),
    ok,
    data: ok ? { items } : null,
    error: ok ? null : { code: String(error?.code ?? 'COMMAND_FAILED'), message: String(error?.message ?? `${cmd} exited ${outcome.exitCode}`), retryable: error?.retryable === true, exit_code: outcome.exitCode },
    warnings,
    meta: { duration_ms: Math.max(0, Math.round(performance.now() - started)), ...(placement === 'top-level' ? {} : tags) },
  };
}

const failure = (cmd: string, line: number, code: string, message: string, placement: string): Json => envelope({ exitCode: 1, events: [{ type: 'aoi:error', code, message, retryable: false }] }, cmd, line, performance.now(), placement);

/** A pass-through filter: blocking reads and writes of 4 KiB, as a small C filter would do them. */
const FILTER_SOURCE = `const fs = require('node:fs'); const b = Buffer.alloc(4096);
for (;;) { const n = fs.readSync(0, b); if (n === 0) break; for (let o = 0; o < n; ) o += fs.writeSync(1, b, o, n - o); }`;

/**
 * A fault: the envelopes go through a child filter (as tools that pipe their output through a formatter do),
 * and its output is read only after all of them were written to it. A small batch fits in the pipe buffers;
 * a large one (a few hundred KiB) fills them, the filter blocks writing, stops reading, and this waits forever.
 */
async function throughFilter(text: string): Promise<string> {
  const child = spawn(process.execPath, ['-e', FILTER_SOURCE], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(text);
  await once(child.stdin, 'finish');
  const chunks: Buffer[] = [];
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** `notes exec [--ignore-errors] [--dry-run] [--input-file PATH] [--output jsonl|json]`. */
export async function exec(ctx: FakeContext, tool: FakeTool): Promise<number> {
  const faults = execFaultsOf(ctx.env);
  const placement = ctx.env.AOI_TESTKIT_EXEC_ENVELOPE ?? 'meta';
  let flags: { 'ignore-errors'?: boolean; 'dry-run'?: boolean; 'input-file'?: string; 'state-dir'?: string };
  try {
    flags = parseArgs({
      args: ctx.argv.filter((a) => a !== 'exec'),
      options: { 'ignore-errors': { type: 'boolean' }, 'dry-run': { type: 'boolean' }, 'input-file': { type: 'string' }, output: { type: 'string' }, format: { type: 'string' }, 'state-dir': { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    await ctx.stderr(`notes exec: ${(error as Error).message}\n`);
    return 2;
  }
  const stateCtx = flags['state-dir'] ? { ...ctx, stateDir: flags['state-dir'] } : ctx;
  let input: string;
  if (flags['input-file'] !== undefined && !faults.has('input-file-ignored')) {
    try {
      input = readFileSync(flags['input-file'], 'utf8');
    } catch (error) {
      await ctx.stderr(`notes exec: cannot read --input-file: ${(error as Error).message}\n`);
      return 2;
    }
    if (faults.has('reads-stdin') && ctx.stdinReadable) await ctx.readStdin();
  } else {
    input = ctx.stdinReadable ? await ctx.readStdin() : '';
  }

  const continueOnError = flags['ignore-errors'] === true && !faults.has('stops-under-ignore-errors');
  const dryRun = flags['dry-run'] === true;
  let failed = false;
  let stopped = false;
  /** Run one line; its envelope, or undefined once the batch has stopped after a failure. */
  const dispatch = async (line: number, request: Json & { _cmd: string }): Promise<Json | undefined> => {
    if (stopped) return undefined;
    const started = performance.now();
    const cmd = request._cmd;
    const known = NOTES_COMMANDS[cmd];
    let env: Json;
    if (!known) env = failure(cmd, line, 'UNKNOWN_COMMAND', `no command "${cmd}" (see notes manifest --output json)`, placement);
    else if (!known.dispatchable) env = failure(cmd, line, 'NOT_DISPATCHABLE', `"${cmd}" cannot run inside exec`, placement);
    else {
      const forward = dryRun && !faults.has('dry-run-not-forwarded') && (known.danger !== 'safe' || faults.has('dry-run-to-safe'));
      const argv = argvOf(request, forward, !faults.has('opts-ignored'));
      const outcome = (faults.has('subprocess-per-line') ? dispatchAsProcess(stateCtx, argv) : undefined) ?? (await dispatchInProcess(tool, stateCtx, argv));
      env = envelope(outcome, cmd, line, started, placement);
    }
    if (faults.has('wrong-line')) {
      if ('_line' in env) env._line = line - 1;
      if ('_line' in (env.meta as Json)) (env.meta as Json)._line = line - 1;
    }
    if (env.ok !== true) failed = true;
    if (failed && !continueOnError) stopped = true;
    return env;
  };

  // Parse every line before dispatching any (exit 2 on the first malformed one); a fault dispatches as it parses.
  const early = faults.has('dispatches-before-parsing');
  const requests: { line: number; request: Json & { _cmd: string } }[] = [];
  const answers: { line: number; env: Json }[] = [];
  for (const parsed of batchLines(input)) {
    if ('problem' in parsed) {
      const message = `input line ${parsed.line}: ${parsed.problem}`;
      const env = failure('', parsed.line, 'DISPATCH_PARSE_ERROR', message, placement);
      const tags = (env.meta as Json);
      delete tags._cmd;
      delete env._cmd;
      await ctx.print(`${JSON.stringify(env)}\n`);
      await ctx.stderr(`notes exec: DISPATCH_PARSE_ERROR: ${message}\n`);
      return faults.has('parse-error-exit-1') ? 1 : 2;
    }
    if (early) {
      const env = await dispatch(parsed.line, parsed.request);
      if (env) answers.push({ line: parsed.line, env });
    } else requests.push({ line: parsed.line, request: parsed.request });
  }

  const inFilter = faults.has('deadlock') && ctx.self !== undefined;
  let held = '';
  const write = async (env: Json, line: number) => {
    if (faults.has('lost-lines') && line % 3 === 0) return;
    if (inFilter) held += `${JSON.stringify(env)}\n`;
    else await ctx.print(`${JSON.stringify(env)}\n`);
  };
  for (const { line, env } of answers) await write(env, line);
  for (const { line, request } of requests) {
    const env = await dispatch(line, request);
    if (!env) break;
    await write(env, line);
  }
  if (inFilter) await ctx.print(await throughFilter(held));
  return failed ? 1 : 0;
}
