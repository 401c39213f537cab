/**
 * Batch dispatch ("Designing a Built-In Batch Dispatch Command"), as `notes exec` does it: JSONL in, every line
 * parsed before any runs; each routed by `_cmd` to a command of the batch, run in this process; one
 * ResponseEnvelope out per line, `_cmd` and `_line` in `meta`. The commands are the caller's (the CLI's table
 * names them and their keys); check, manifest and scenarios are the library's, here.
 */
import { validateAgentCliManifest } from '../agents.js';
import { loadScenarios } from '../corpus/scenario-files.js';
import { InputError, ioReason, UsageError } from '../errors.js';
import { checkStream } from '../index.js';
import { readInputFile } from '../read-file.js';
import { checkEvent } from '../report/jsonl.js';
import type { CmdhelpCommand, CmdhelpFlag } from '../spec/cmdhelp/types.js';
import { batchLines } from '../spec/exec/request.js';
import { isObject } from '../stream/json.js';

export type Json = Record<string, unknown>;

/** The type of a payload key: a flag's (bool, string, int), a list of objects, or one of some values. */
export type ExecKey = 'bool' | 'string' | 'int' | 'objects' | readonly string[];

/** A line that failed: its error code and message, and data to keep (check, manifest). */
export class LineError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** What a command answers for a line: its data and its warnings. */
export interface Answer {
  data: unknown;
  warnings: string[];
}

/** A command the batch dispatches: its payload keys, the accepted range of an int key, and what it does. */
export interface BatchCommand {
  readonly keys: Readonly<Record<string, ExecKey>>;
  readonly range: (key: string) => readonly [number, number] | undefined;
  readonly run: (payload: Json) => Answer;
}

/** The commands of a batch: those it dispatches, and whether a name it does not is a command of the tool at all. */
export interface BatchCommands {
  readonly dispatchable: (cmd: string) => BatchCommand | undefined;
  readonly isCommand: (cmd: string) => boolean;
}

/** How a batch ran: 0 every line ok, 1 a line failed, 2 a malformed stream (nothing run; `parseError` says where). */
export interface BatchOutcome {
  readonly status: 0 | 1 | 2;
  readonly parseError?: string;
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

/** What the library's commands do with a line's payload, its keys already checked. */
export const LIBRARY_COMMANDS = {
  check: (p: Json): Answer => {
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
  manifest: (p: Json): Answer => {
    const from = one(p, 'manifest', ['file', 'text']);
    const text = from === 'file' ? readPath(p.file, 'manifest') : String(p.text);
    const path = from === 'file' ? String(p.file) : undefined;
    const report = validateAgentCliManifest(text, {
      ...(path ? { path } : { noDirectory: 'given as text' }),
      strict: p.strict === true,
    });
    const data = {
      valid: report.ok,
      findings: report.findings.length,
      checks: report.verdicts.map((v) => checkEvent(v)),
    };
    if (!report.ok) throw new LineError('NOT_VALID', 'not a valid AGENT-CLI.md', data);
    return { data, warnings: [] };
  },
  scenarios: (p: Json): Answer => {
    scenarioCache ??= loadScenarios();
    const scenarios = scenarioCache.filter(
      (s) =>
        (p.kind === undefined || s.kind === p.kind) && (p.spec === undefined || s.spec === p.spec),
    );
    return { data: { count: scenarios.length, scenarios }, warnings: [] };
  },
};

const typeName = (type: ExecKey): string =>
  type === 'objects'
    ? 'an array of objects'
    : typeof type === 'string'
      ? type === 'bool'
        ? 'a boolean'
        : type === 'int'
          ? 'an integer'
          : 'a string'
      : `one of ${type.join(', ')}`;

/** The payload and `_opts` of a line, merged and type-checked against the command's keys. */
function payloadOf(
  cmd: string,
  command: BatchCommand,
  request: Json,
): { payload: Json; warnings: string[] } {
  const { keys } = command;
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
    if (!ok) throw new LineError('INVALID_ARGUMENT', `${cmd}: ${key} must be ${typeName(type)}`);
    // An int key's range is the command's, as on the command line.
    const range = type === 'int' ? command.range(key) : undefined;
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
function dispatch(request: Json & { _cmd: string }, line: number, commands: BatchCommands): Json {
  const started = performance.now();
  const cmd = request._cmd;
  let warnings: string[] = [];
  try {
    const command = commands.dispatchable(cmd);
    if (!command) {
      if (commands.isCommand(cmd))
        throw new LineError(
          'NOT_DISPATCHABLE',
          `"${cmd}" cannot run inside exec (see aoi-testkit exec manifest --output json)`,
        );
      throw new LineError(
        'UNKNOWN_COMMAND',
        `no command "${cmd}" (see aoi-testkit exec manifest --output json)`,
      );
    }
    const parsed = payloadOf(cmd, command, request);
    warnings = parsed.warnings;
    const answer = command.run(parsed.payload);
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

/**
 * Run a batch: every line parsed first (a malformed one runs nothing: its envelope, status 2), then each line
 * dispatched and its envelope written as it is answered; after a failed line the batch stops unless
 * `continueOnError`. `write` is awaited, so a slow reader holds the batch back instead of memory filling.
 */
export async function runBatch(
  input: string,
  commands: BatchCommands,
  options: { continueOnError: boolean; write: (line: string) => Promise<void> },
): Promise<BatchOutcome> {
  const requests: { line: number; request: Json & { _cmd: string } }[] = [];
  for (const parsed of batchLines(input)) {
    if ('problem' in parsed) {
      const message = `input line ${parsed.line}: ${parsed.problem}`;
      const error = new LineError('DISPATCH_PARSE_ERROR', message);
      await options.write(
        `${JSON.stringify(envelope(undefined, parsed.line, performance.now(), { ok: false, error, warnings: [] }))}\n`,
      );
      return { status: 2, parseError: message };
    }
    requests.push({ line: parsed.line, request: parsed.request });
  }
  let failed = false;
  for (const { line, request } of requests) {
    const env = dispatch(request, line, commands);
    if (env.ok !== true) failed = true;
    await options.write(`${JSON.stringify(env)}\n`);
    if (failed && !options.continueOnError) break;
  }
  return { status: failed ? 1 : 0 };
}

/** A command as the dispatch manifest lists it: its cmdhelp entry, its payload keys when a batch dispatches it. */
export interface ManifestCommand {
  readonly command: CmdhelpCommand;
  readonly keys: Readonly<Record<string, ExecKey>> | undefined;
  readonly danger: 'safe' | 'mutating';
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
 * The dispatch manifest (the guide's `tool manifest --output json`): a ManifestResponse of the CLI Agent Spec (it
 * validates against upstream's schema). Every command is listed, as upstream asks. For a command a batch
 * dispatches, `flags` are the payload keys a line may carry (`_opts` takes the same); the others run as processes
 * of their own, say so in their description, and are refused per line.
 */
export function dispatchManifest(
  tool: string,
  version: string,
  commands: Readonly<Record<string, ManifestCommand>>,
): object {
  const entries = Object.entries(commands).map(([name, { command: c, keys, danger }]) => {
    const cli = (c.flags ?? {}) as Record<string, CmdhelpFlag>;
    const flags = keys
      ? Object.entries(keys).map(([key, option]) => [
          key,
          payloadFlag(key, option, cli[key]?.description),
        ])
      : Object.entries(cli).map(([flag, f]) => [flag, cliFlag(f)]);
    const entry: Json = {
      description: keys ? c.summary : `${c.summary}${NOT_DISPATCHED}`,
      danger_level: danger,
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
  });
  return {
    schema_version: '1.0',
    framework_version: `${tool} ${version}`,
    etag: `${tool}-${version}-${entries.length}`,
    commands: Object.fromEntries(entries),
  };
}

/** The batch: the text of `--input-file`, else of stdin (piped: a terminal is no batch). */
export async function readBatch(
  inputFile: string | undefined,
  stdin: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
): Promise<string> {
  if (inputFile === undefined) {
    if (stdin.isTTY)
      throw new UsageError('exec: no batch given: pipe JSONL into it, or pass --input-file F');
    const chunks: Buffer[] = [];
    for await (const chunk of stdin as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return readInputFile(inputFile);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(
      `exec: cannot read --input-file ${inputFile}: ${ioReason(error)}`,
      code === 'ENOENT' ? 'not_found' : 'io',
      code === 'ENOENT' ? 'INPUT_FILE_NOT_FOUND' : 'INPUT_FILE_UNREADABLE',
    );
  }
}
