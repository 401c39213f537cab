import { appliesTo, type Behaviour } from '../engine/behaviour.js';
import type { FakeContext, FakeTool } from '../engine/types.js';
import { parse, UsageProblem } from './args.js';
import * as commands from './commands.js';
import { HELP, importInputSchema } from './discovery.js';
import { exec, offersExec, printManifest } from './exec.js';
import { printCapabilities, printSchema } from './discovery-commands.js';
import { redact } from './redact.js';
import { Out, TOOL, TOOL_VERSION, type SchemaVersion } from './out.js';
import { sync } from './sync.js';

/** The commands that change nothing (and so take no --dry-run). */
const READ_ONLY = new Set(['search', 'list', 'get', 'doctor', 'watch']);

const COMMANDS: Record<string, (cmd: commands.Command) => Promise<number>> = {
  search: commands.search,
  list: commands.list,
  get: commands.get,
  create: commands.create,
  update: commands.update,
  delete: commands.remove,
  import: commands.importNotes,
  doctor: commands.doctor,
  watch: commands.watch,
  login: commands.login,
  sync,
};

/**
 * `--schema-version 1`, `2`, or a full version: the version asked for exactly, else the first of its major (§5.1).
 * Faults: an unsupported version falls back to the default, or every version is checked and then ignored.
 */
function negotiate(requested: string | undefined, behaviour: Behaviour): SchemaVersion {
  const offered = behaviour.schemaVersions;
  if (requested === undefined) return offered[0]!;
  const major = requested.replace(/^v/i, '').split('.')[0];
  const version =
    offered.find((v) => v === requested.replace(/^v/i, '')) ??
    offered.find((v) => v.split('.')[0] === major);
  if (!version && behaviour.schemaVersion !== 'falls-back')
    throw new UsageProblem(
      `--schema-version ${requested} is not supported (supported: ${offered.join(', ')})`,
    );
  return !version || behaviour.schemaVersion === 'always-default' ? offered[0]! : version;
}

/**
 * `notes`, the well-behaved reference AOI-CLI tool: every rule of AOI-CLI v0.2 holds for it. Faults
 * make it misbehave; they never change this code.
 */
export const notes: FakeTool = async (ctx: FakeContext) => {
  const wantsJsonl = ctx.argv.some(
    (a, i) =>
      a === '--output=jsonl' ||
      a === '--format=jsonl' ||
      ((a === '--output' || a === '--format') && ctx.argv[i + 1] === 'jsonl'),
  );
  let out: Out | undefined;
  // Batch dispatch (exec) and its manifest speak the CLI Agent Spec's envelopes, not AOI JSONL: they are
  // deliberately absent from `capabilities`, so that the AOI linter does not judge them as AOI commands.
  const first = ctx.argv.find((a) => !a.startsWith('-'));
  if (first === 'exec' && offersExec(ctx)) return exec(ctx, notes);
  if (first === 'manifest') return printManifest(ctx);
  try {
    const { values: flags, positionals } = parse(ctx.argv, ctx.behaviour);
    const [name, ...operands] = positionals;
    if (flags.version) return print(ctx, `${TOOL} ${TOOL_VERSION}\n`);
    if (flags.help || name === undefined || name === 'help') {
      if ((name === undefined && !flags.help) || (flags.help && ctx.behaviour.help === 'fails')) {
        await ctx.stderr(HELP);
        return ctx.behaviour.usageExitCode;
      }
      return print(ctx, HELP);
    }
    const output = flags.output ?? flags.format ?? 'text';
    // A fault: the machine-mode flag is an unknown option here, refused before any output (§16.1).
    if (output === 'jsonl' && appliesTo(ctx.behaviour.machineFlagRefused, name)) {
      await ctx.stderr(`notes: error: unrecognized arguments: --output jsonl\n`);
      return ctx.behaviour.usageExitCode;
    }
    if (!['text', 'jsonl', 'json'].includes(output))
      throw new UsageProblem(`--output must be text, json or jsonl, got "${output}"`);
    const version = negotiate(flags['schema-version'], ctx.behaviour);
    // Discovery: one JSON document, no network, no credentials, no state (§3, §17).
    if (name === 'schema') return await printSchema(ctx, version);
    if (name === 'capabilities') return await printCapabilities(ctx);
    if (name === 'input-schema') {
      if ((flags.command ?? 'import') !== 'import')
        throw new UsageProblem(
          `no input schema for "${flags.command}": only import reads structured input`,
        );
      return print(ctx, `${JSON.stringify(importInputSchema())}\n`);
    }
    const run = COMMANDS[name];
    if (!run) throw new UsageProblem(`unknown command "${name}"`);
    // --dry-run belongs to the commands that change something (capabilities: supports_dry_run); a
    // read-only one refuses it rather than pretend to plan.
    if (flags['dry-run'] && READ_ONLY.has(name))
      throw new UsageProblem(`${name} is read-only: it takes no --dry-run`);
    out = new Out(ctx, output === 'jsonl', version);
    const stateDir = flags['state-dir'];
    return await run({ ctx: stateDir ? { ...ctx, stateDir } : ctx, out, flags, operands });
  } catch (error) {
    if (!(error instanceof UsageProblem)) throw error;
    // The message may quote what the caller typed: never a value it was given as a secret (§11).
    const message = redact(error.message, ctx);
    if (out?.started) {
      // Found mid-command (a bad --cursor): the stream has begun, so it ends with a summary.
      await out.error('usage', 'USAGE_ERROR', message, false);
      await out.summary(false);
    } else {
      // Usage errors may come before the stream starts (§2, §20): a structured error, no meta.
      if (wantsJsonl)
        await ctx.emit({
          type: 'aoi:error',
          category: 'usage',
          code: 'USAGE_ERROR',
          message,
          retryable: false,
        });
      await ctx.stderr(`notes: ${message}\n`);
    }
    // A fault: the whole command line, secrets and all, "to help debugging".
    if (ctx.behaviour.usageErrorEchoesArgv)
      await ctx.stderr(`notes: invoked as: notes ${ctx.argv.join(' ')}\n`);
    return ctx.behaviour.usageExitCode;
  }
};

async function print(ctx: FakeContext, text: string): Promise<number> {
  await ctx.print(text);
  return 0;
}
