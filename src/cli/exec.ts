/**
 * `aoi-testkit exec [--input-file F] [--ignore-errors] [--dry-run]`: batch dispatch ("Designing a Built-In
 * Batch Dispatch Command"), as `notes exec` does it. JSONL in (stdin or --input-file), every line parsed before
 * any runs; each routed by `_cmd` to one of the kit's read-only verbs, run in this process; one ResponseEnvelope
 * out per line, `_cmd` and `_line` in `meta`. Exit 0 all ok, 1 a line failed (without --ignore-errors the batch
 * stops after it), 2 a malformed stream (DISPATCH_PARSE_ERROR, nothing run), 64 a usage error of exec itself.
 *
 * `aoi-testkit exec manifest --output json` is the dispatch manifest (the guide's `tool manifest --output json`:
 * `_cmd` names with danger levels). It lives under exec because `aoi-testkit manifest` is the AGENT-CLI.md
 * validator verb.
 *
 * Payloads (every key but `_cmd` and `_opts`; `_opts` are the same keys as per-line flags and win over them):
 * - `check`: the stream as exactly one of `file` (a path), `stream` (the JSONL text) or `events` (an array of
 *   objects, one a line); `unbounded`, `strict` (booleans), `exit-code` (integer), `signal`,
 *   `expect-schema-version` (strings), `max-line-bytes` (integer) as for the verb (not `secret`). data: `{ ok, stream: {bytes, lines, events}, checks }`
 *   with the verb's aoi:check events; a non-conformant stream fails the line (NOT_CONFORMANT), data kept.
 * - `manifest`: the AGENT-CLI.md as `file` or `text`; `strict`. data: `{ valid, findings, checks }`; not valid
 *   fails the line (NOT_VALID), data kept.
 * - `scenarios`: `kind` (stream|lint|cmdhelp|exec|app|agent), `spec` (aoi|cmdhelp|exec|app|agent). data:
 *   `{ count, scenarios }` (the whole scenario files).
 * - `schema`, `capabilities`: no payload. data: the document the verb prints.
 * - `help`: `command` (a command name), `depth` (integer). data: the cmdhelp JSON document.
 * `output`, `format`, `color`, `no-color` are accepted and ignored with a warning (the envelope is the output).
 * `lint`, `fake` and `exec` are in the manifest but not dispatchable (lint starts processes and takes seconds;
 * fake owns the process and its stdout). Every dispatchable command is safe, so --dry-run changes nothing.
 */
import { readInputFile } from '../read-file.js';
import { batchLines } from '../spec/exec/request.js';
import { parseArgs } from 'node:util';
import { validateAgentCliManifest } from '../agents.js';
import { checkStream } from '../index.js';
import { checkEvent } from '../report/jsonl.js';
import { capabilities, eventSchema } from './discovery.js';
import { TOOL, TOOL_VERSION } from '../report/meta.js';
import { COMMANDS, helpDocument, isCommand } from './help.js';
import { loadScenarios } from './scenarios.js';
import {
  dangerOf,
  execKeys,
  flagRange,
  parseOptions,
  type ExecKey,
  type ExecVerb,
  type VerbName,
} from './surface.js';
import { InputError, UsageError, ioReason } from './usage.js';
import { sanitise } from '../stream/sanitise.js';
import type { CmdhelpFlag } from '../spec/cmdhelp/types.js';
import { isObject } from '../stream/json.js';

type Json = Record<string, unknown>;

/** A line that failed: its error code and message, and data to keep (check, manifest). */
class LineError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

interface Answer {
  data: unknown;
  warnings: string[];
}

const IGNORED = ['output', 'format', 'color', 'no-color'];

function readPath(path: unknown, what: string): string {
  if (typeof path !== 'string' || path === '' || path === '-')
    throw new LineError('INVALID_ARGUMENT', `${what}: file must be a path (stdin is the batch)`);
  try {
    return readInputFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new LineError(
      code === 'ENOENT' ? 'FILE_NOT_FOUND' : 'FILE_NOT_READABLE',
      `cannot read ${path}: ${ioReason(error)}`,
    );
  }
}

function one(p: Json, what: string, keys: readonly string[]): string {
  const given = keys.filter((k) => p[k] !== undefined);
  if (given.length !== 1)
    throw new LineError(
      'INVALID_ARGUMENT',
      `${what} needs exactly one of ${keys.join(', ')}${given.length ? `, got ${given.join(' and ')}` : ''}`,
    );
  return given[0]!;
}

let scenarioCache: ReturnType<typeof loadScenarios> | undefined;

/** What each verb the table (surface.ts) marks for exec does with a line's payload, its keys already checked. */
const RUN: Record<ExecVerb, (p: Json) => Answer> = {
  check: (p) => {
    const from = one(p, 'check', ['file', 'stream', 'events']);
    let input: string;
    if (from === 'file') input = readPath(p.file, 'check');
    else if (from === 'stream') input = String(p.stream);
    else input = (p.events as unknown[]).map((e) => `${JSON.stringify(e)}\n`).join('');
    const exitCode = p['exit-code'] as number | undefined;
    const maxLineBytes = p['max-line-bytes'] as number | undefined;
    const report = checkStream(input, {
      unbounded: p.unbounded === true,
      strict: p.strict === true,
      ...(exitCode !== undefined ? { exitCode } : {}),
      ...(typeof p.signal === 'string' ? { signal: p.signal } : {}),
      ...(typeof p['expect-schema-version'] === 'string'
        ? { schemaVersion: p['expect-schema-version'] }
        : {}),
      ...(maxLineBytes !== undefined ? { maxLineBytes } : {}),
    });
    const data = {
      ok: report.ok,
      stream: { bytes: report.stats.bytes, lines: report.stats.lines, events: report.stats.events },
      checks: report.verdicts.map((v) => checkEvent(v)),
    };
    if (!report.ok)
      throw new LineError(
        'NOT_CONFORMANT',
        `not conformant: ${report.verdicts
          .filter((v) => v.status === 'fail')
          .map((v) => v.rule)
          .join(', ')} failed`,
        data,
      );
    return { data, warnings: [] };
  },
  manifest: (p) => {
    const from = one(p, 'manifest', ['file', 'text']);
    const text = from === 'file' ? readPath(p.file, 'manifest') : String(p.text);
    const path = from === 'file' ? String(p.file) : undefined;
    const report = validateAgentCliManifest(text, {
      ...(path ? { path } : { noDirectory: 'given as text' }),
      strict: p.strict === true,
    });
    const { verdicts } = report;
    const data = {
      valid: report.ok,
      findings: report.findings.length,
      checks: verdicts.map((v) => checkEvent(v)),
    };
    if (!report.ok) throw new LineError('NOT_VALID', 'not a valid AGENT-CLI.md', data);
    return { data, warnings: [] };
  },
  scenarios: (p) => {
    scenarioCache ??= loadScenarios();
    const scenarios = scenarioCache.filter(
      (s) =>
        (p.kind === undefined || s.kind === p.kind) && (p.spec === undefined || s.spec === p.spec),
    );
    return { data: { count: scenarios.length, scenarios }, warnings: [] };
  },
  schema: () => ({ data: eventSchema(), warnings: [] }),
  capabilities: () => ({ data: capabilities(), warnings: [] }),
  help: (p) => {
    const command = typeof p.command === 'string' ? p.command : '';
    if (command !== '' && !isCommand(command))
      throw new LineError('INVALID_ARGUMENT', `help: unknown command "${command}"`);
    const depth = (p.depth as number | undefined) ?? 0;
    if (depth < 0)
      throw new LineError('INVALID_ARGUMENT', `help: depth must be 0 or more, got ${depth}`);
    return { data: helpDocument(command, depth), warnings: [] };
  },
};

/** A verb exec dispatches: its payload keys (from the table) and what it does. */
function dispatchable(
  cmd: string,
): { keys: Record<string, ExecKey>; run: (p: Json) => Answer } | undefined {
  const keys = execKeys(cmd);
  return keys && { keys, run: RUN[cmd as ExecVerb] };
}

/** A FlagEntry of the CLI Agent Spec's ManifestResponse, from a payload key's option or a CLI flag's cmdhelp type. */
function flagEntry(type: string, description: string, values?: readonly unknown[]): Json {
  return {
    type,
    required: false,
    description,
    ...(values ? { enum_values: values.map(String) } : {}),
  };
}
const payloadFlag = (key: string, option: ExecKey, description: string | undefined): Json =>
  Array.isArray(option)
    ? flagEntry('enum', description ?? `the ${key} of the line`, option)
    : flagEntry(
        option === 'objects'
          ? 'array'
          : option === 'bool'
            ? 'boolean'
            : option === 'int'
              ? 'integer'
              : 'string',
        description ?? `the ${key} of the line`,
      );
const cliFlag = (flag: CmdhelpFlag): Json =>
  flag.enum
    ? flagEntry('enum', flag.description ?? '', flag.enum)
    : flagEntry(
        flag.type === 'bool' ? 'boolean' : flag.type === 'int' ? 'integer' : 'string',
        flag.description ?? '',
      );

const NOT_DISPATCHED = ' Not dispatched by exec: it runs as a process of its own.';

/**
 * `aoi-testkit exec manifest --output json`: the guide's `tool manifest --output json`, a ManifestResponse of
 * the CLI Agent Spec (it validates against upstream's schema). Every command is listed, as upstream asks. For a
 * command exec dispatches, `flags` are the payload keys a line may carry (`_opts` takes the same); `lint`,
 * `fake` and `exec` run as processes of their own, say so in their description, and are refused per line.
 */
export function execManifest(): object {
  const commands = Object.fromEntries(
    Object.entries(COMMANDS).map(([name, c]) => {
      const d = execKeys(name);
      const cli = (c.flags ?? {}) as Record<string, CmdhelpFlag>;
      const flags = d
        ? Object.entries(d).map(([key, option]) => [
            key,
            payloadFlag(key, option, cli[key]?.description),
          ])
        : Object.entries(cli).map(([flag, f]) => [flag, cliFlag(f)]);
      const entry: Json = {
        description: d ? c.summary : `${c.summary}${NOT_DISPATCHED}`,
        danger_level: dangerOf(name as VerbName),
        flags: Object.fromEntries(flags),
        exit_codes: Object.fromEntries(
          Object.entries(c.exit_codes ?? {}).map(([code, e]) => [
            code,
            {
              description: typeof e === 'string' ? e : e.when,
              retryable: false,
              side_effects: 'none',
            },
          ]),
        ),
      };
      return [name, entry];
    }),
  );
  return {
    schema_version: '1.0',
    framework_version: `${TOOL} ${TOOL_VERSION}`,
    etag: `${TOOL}-${TOOL_VERSION}-${Object.keys(commands).length}`,
    commands,
  };
}

/** The payload and `_opts` of a line, merged and type-checked against the command's keys. */
function payloadOf(
  cmd: string,
  keys: Record<string, ExecKey>,
  request: Json,
): { payload: Json; warnings: string[] } {
  const merged: Json = {};
  const warnings: string[] = [];
  const entries = [
    ...Object.entries(request).filter(([k]) => k !== '_cmd' && k !== '_opts'),
    ...Object.entries(isObject(request._opts) ? request._opts : {}),
  ];
  for (const [key, value] of entries) {
    if (IGNORED.includes(key)) {
      warnings.push(`${key} is ignored inside exec: every line answers one JSON envelope`);
      continue;
    }
    const type = keys[key];
    if (type === undefined)
      throw new LineError(
        'INVALID_ARGUMENT',
        `${cmd}: unknown field "${key}"${Object.keys(keys).length ? ` (known: ${Object.keys(keys).join(', ')})` : ' (it takes none)'}`,
      );
    const ok =
      type === 'objects'
        ? Array.isArray(value) && value.every(isObject)
        : type === 'bool'
          ? typeof value === 'boolean'
          : type === 'int'
            ? Number.isInteger(value) || (typeof value === 'string' && /^-?\d+$/.test(value))
            : type === 'string'
              ? typeof value === 'string'
              : type.includes(String(value));
    if (!ok)
      throw new LineError(
        'INVALID_ARGUMENT',
        `${cmd}: ${key} must be ${type === 'objects' ? 'an array of objects' : typeof type === 'string' ? (type === 'bool' ? 'a boolean' : type === 'int' ? 'an integer' : 'a string') : `one of ${type.join(', ')}`}`,
      );
    // An int flag's range is the table's, as on the command line (intFlag).
    const range = type === 'int' ? flagRange(cmd, key) : undefined;
    if (range && (Number(value) < range[0] || Number(value) > range[1]))
      throw new LineError(
        'INVALID_ARGUMENT',
        `${cmd}: ${key} must be an integer from ${range[0]} to ${range[1]}, got ${Number(value)}`,
      );
    if (value === false) delete merged[key];
    else merged[key] = type === 'int' ? Number(value) : value;
  }
  return { payload: merged, warnings };
}

function envelope(
  cmd: string | undefined,
  line: number,
  started: number,
  answer:
    | { ok: true; data: unknown; warnings: string[] }
    | { ok: false; error: LineError; warnings: string[] },
): Json {
  return {
    ok: answer.ok,
    data: answer.ok ? answer.data : answer.error.data,
    error: answer.ok
      ? null
      : { code: answer.error.code, message: answer.error.message, retryable: false },
    warnings: answer.warnings,
    meta: {
      ...(cmd !== undefined ? { _cmd: cmd } : {}),
      _line: line,
      duration_ms: Math.max(0, Math.round(performance.now() - started)),
    },
  };
}

/** Run one line in this process; never throws for a line's own failure. */
function dispatch(request: Json & { _cmd: string }, line: number): Json {
  const started = performance.now();
  const cmd = request._cmd;
  let warnings: string[] = [];
  try {
    const d = dispatchable(cmd);
    if (!d) {
      if (isCommand(cmd))
        throw new LineError(
          'NOT_DISPATCHABLE',
          `"${cmd}" cannot run inside exec (see aoi-testkit exec manifest --output json)`,
        );
      throw new LineError(
        'UNKNOWN_COMMAND',
        `no command "${cmd}" (see aoi-testkit exec manifest --output json)`,
      );
    }
    const parsed = payloadOf(cmd, d.keys, request);
    warnings = parsed.warnings;
    const answer = d.run(parsed.payload);
    return envelope(cmd, line, started, {
      ok: true,
      data: answer.data,
      warnings: [...warnings, ...answer.warnings],
    });
  } catch (error) {
    const e =
      error instanceof LineError
        ? error
        : new LineError('INTERNAL_ERROR', (error as Error)?.message ?? String(error));
    return envelope(cmd, line, started, { ok: false, error: e, warnings });
  }
}

/** Write and wait when the pipe is full: a large batch must not buffer everything in memory. */
async function write(text: string): Promise<void> {
  if (!process.stdout.write(text))
    await new Promise<void>((resolve) => process.stdout.once('drain', resolve));
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** `aoi-testkit exec …`; returns the exit status. */
export async function runExec(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { ...parseOptions('exec'), help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new UsageError(`exec: ${(error as Error).message}`);
  }
  const { positionals } = parsed;
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const inputFile = values['input-file'] as string | undefined;
  if (values.help) return (await import('./help.js')).runHelp(['exec']);
  const output = values.output ?? values.format;
  if (positionals[0] === 'manifest' && positionals.length === 1) {
    if (output !== undefined && output !== 'json')
      throw new UsageError(
        `exec manifest prints one JSON document: --output json, got "${output}"`,
      );
    await write(`${JSON.stringify(execManifest())}\n`);
    return 0;
  }
  if (positionals.length > 0)
    throw new UsageError(`exec takes no arguments but "manifest", got "${positionals.join(' ')}"`);
  if (output !== undefined && output !== 'jsonl' && output !== 'json')
    throw new UsageError(`exec answers one JSON envelope a line: --output jsonl, got "${output}"`);

  let input: string;
  if (inputFile !== undefined) {
    try {
      input = readInputFile(inputFile);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new InputError(
        `exec: cannot read --input-file ${inputFile}: ${ioReason(error)}`,
        code === 'ENOENT' ? 'not_found' : 'io',
        code === 'ENOENT' ? 'INPUT_FILE_NOT_FOUND' : 'INPUT_FILE_UNREADABLE',
      );
    }
  } else {
    if (process.stdin.isTTY)
      throw new UsageError('exec: no batch given: pipe JSONL into it, or pass --input-file F');
    input = await readStdin();
  }

  // Parse every line before running any: a malformed stream runs nothing (exit 2).
  const requests: { line: number; request: Json & { _cmd: string } }[] = [];
  for (const parsed of batchLines(input)) {
    if ('problem' in parsed) {
      const message = `input line ${parsed.line}: ${parsed.problem}`;
      await write(
        `${JSON.stringify(envelope(undefined, parsed.line, performance.now(), { ok: false, error: new LineError('DISPATCH_PARSE_ERROR', message), warnings: [] }))}\n`,
      );
      process.stderr.write(`aoi-testkit exec: DISPATCH_PARSE_ERROR: ${sanitise(message)}\n`); // quotes the input line
      return 2;
    }
    requests.push({ line: parsed.line, request: parsed.request });
  }

  // --dry-run goes to mutating and destructive commands only; every dispatchable command is safe.
  const continueOnError = values['ignore-errors'] === true;
  let failed = false;
  for (const { line, request } of requests) {
    const env = dispatch(request, line);
    if (env.ok !== true) failed = true;
    await write(`${JSON.stringify(env)}\n`);
    if (failed && !continueOnError) break;
  }
  return failed ? 1 : 0;
}
