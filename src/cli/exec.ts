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
import { parseArgs } from 'node:util';
import { capabilities, eventSchema } from './discovery.js';
import { TOOL, TOOL_VERSION } from '../report/meta.js';
import { COMMANDS, helpDocument, isCommand } from './help.js';
import {
  dangerOf,
  execKeys,
  flagRange,
  parseOptions,
  type ExecVerb,
  type VerbName,
} from './surface.js';
import { UsageError } from './usage.js';
import { sanitise } from '../stream/sanitise.js';
import {
  dispatchManifest,
  LIBRARY_COMMANDS,
  LineError,
  readBatch,
  runBatch,
  type Answer,
  type BatchCommands,
  type Json,
} from '../verbs/exec.js';

/** What each verb the table (surface.ts) marks for exec does with a line: the library's, and the CLI's documents. */
const RUN: Record<ExecVerb, (p: Json) => Answer> = {
  ...LIBRARY_COMMANDS,
  schema: () => ({ data: eventSchema(), warnings: [] }),
  capabilities: () => ({ data: capabilities(), warnings: [] }),
  help: (p) => {
    const command = typeof p.command === 'string' ? p.command : '';
    if (command !== '' && !isCommand(command))
      throw new LineError('INVALID_ARGUMENT', `help: unknown command "${command}"`);
    // depth is in the table's range: the batch checked it.
    return { data: helpDocument(command, (p.depth as number | undefined) ?? 0), warnings: [] };
  },
};

/** The verbs exec dispatches: their payload keys and ranges from the table, what they do from RUN. */
const BATCH: BatchCommands = {
  dispatchable: (cmd) => {
    const keys = execKeys(cmd);
    return keys && { keys, range: (key) => flagRange(cmd, key), run: RUN[cmd as ExecVerb] };
  },
  isCommand,
};

/** `aoi-testkit exec manifest --output json`: the dispatch manifest of the table's verbs (verbs/exec.ts). */
export const execManifest = (): object =>
  dispatchManifest(
    TOOL,
    TOOL_VERSION,
    Object.fromEntries(
      Object.entries(COMMANDS).map(([name, command]) => [
        name,
        { command, keys: execKeys(name), danger: dangerOf(name as VerbName) },
      ]),
    ),
  );

/** Write and wait when the pipe is full: a large batch must not buffer everything in memory. */
async function write(text: string): Promise<void> {
  if (!process.stdout.write(text))
    await new Promise<void>((resolve) => process.stdout.once('drain', resolve));
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

  const input = await readBatch(inputFile);

  // --dry-run goes to mutating and destructive commands only; every dispatchable command is safe.
  const outcome = await runBatch(input, BATCH, {
    continueOnError: values['ignore-errors'] === true,
    write,
  });
  if (outcome.parseError !== undefined)
    // quotes the input line
    process.stderr.write(
      `aoi-testkit exec: DISPATCH_PARSE_ERROR: ${sanitise(outcome.parseError)}\n`,
    );
  return outcome.status;
}
