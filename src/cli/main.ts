import { constants } from 'node:os';
import { parseArgs } from 'node:util';
import type { CheckArgs } from './check.js';
import type { ManifestArgs } from './manifest.js';
import { Emitter, SCHEMA_VERSION, TOOL_VERSION } from './emitter.js';
import { wantsColour } from './colour.js';
import { parseReporting } from './reporters/options.js';
import { parseOptions, VERBS } from './surface.js';
import { HELP, InputError, intFlag, UsageError } from './usage.js';
import { sanitise } from '../stream/sanitise.js';

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
    if (verb === '--help' || verb === '-h') {
      process.stdout.write(HELP);
      return 0;
    }
    // cmdhelp v0.1: `help …`, the capability bit, and `<verb> --help --format F` (help.ts).
    if (verb === 'help' || verb === '--cmdhelp-capabilities' || asksFormattedHelp(verb, rest)) {
      const words = asksFormattedHelp(verb, rest) ? [verb, ...rest] : verb === 'help' ? rest : ['--capabilities'];
      return (await import('./help.js')).runHelp(words);
    }
    // `<verb> --help` / `-h`: that verb's help, exit 0 (the kit's own flags only: not a linted program's, not a fake's after its preset).
    if (asksVerbHelp(verb, rest)) return (await import('./help.js')).runHelp([verb]);
    if (verb === '--version') {
      process.stdout.write(`aoi-testkit ${TOOL_VERSION}\n`);
      return 0;
    }
    // A fake's arguments are the fake's: its own --schema-version is its business, not the kit's.
    if (verb === 'fake') return await runFake(rest);
    negotiateSchemaVersion(rest);
    // One handler for every verb that runs: end the processes and temp dirs the kit started, exit 130/143.
    // scenarios --run lints the corpus's fakes in memory, in temp dirs of its own.
    if (verb === 'check' || verb === 'lint' || verb === 'exec' || verb === 'consumer' || (verb === 'scenarios' && rest.includes('--run'))) {
      const { onInterrupt } = await import('../run/interrupt.js');
      const { writePartialReport } = await import('./partial.js');
      // exec's stdout is its envelopes, one per line as they happen: no AOI stream is appended to it.
      onInterrupt((signal) => writePartialReport(verb, signal, machine && verb !== 'exec' ? emitter : undefined));
    }
    // Loaded on demand: --help and --version must not pay for the checker and ajv.
    if (verb === 'check') return await (await import('./check.js')).runCheck(parseCheckArgs(rest), emitter);
    if (verb === 'lint') {
      const lint = await import('./lint.js');
      return await lint.runLint(lint.parseLintArgs(rest), emitter);
    }
    if (verb === 'consumer') {
      const consumer = await import('./consumer.js');
      return await consumer.runConsumer(consumer.parseConsumerArgs(rest), emitter);
    }
    if (verb === 'schema' || verb === 'capabilities') return await discovery(verb, rest);
    if (verb === 'scenarios') return await (await import('./scenarios.js')).runScenarios(rest, emitter);
    if (verb === 'manifest') return await (await import('./manifest.js')).runManifest(parseManifestArgs(rest), emitter);
    if (verb === 'exec') return await (await import('./exec.js')).runExec(rest);
    const nearest = nearestVerb(verb);
    throw new UsageError(`unknown command "${verb}"${nearest ? `; did you mean "${nearest}"?` : ''} (aoi-testkit --help lists the commands)`);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof InputError)) throw error;
    process.stderr.write(`aoi-testkit: ${sanitise(error.message)}\n`); // may quote the program or its output
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
 * `aoi-testkit fake [--seed N] [--fault ID[=JSON]]... [--env NAME=VALUE]... <preset> [args...]`: the reference
 * tool `notes` with a preset's faults, and any `--fault` on top (stream or behaviour faults, each with optional
 * JSON parameters), as a real process (state in $AOI_TESTKIT_STATE_DIR). `--seed N` makes random faults
 * repeat; `--env` sets a variable of the tool's environment (its pretend backend, `NOTES_BACKEND`; its exec
 * faults, `AOI_TESTKIT_EXEC_FAULTS`). The options go before the preset; everything after it is the tool's,
 * after an optional `--` (which keeps the kit from reading options such as --schema-version itself). A
 * scenario id of the corpus runs that scenario's fake. The process exits from inside; this returns only for
 * `--list` or a usage error.
 */
async function runFake(args: string[]): Promise<number> {
  // A consumer scenario's upstream, as a process: its bytes, then its end (the tool a wrapper is judged with).
  if (/^consumer\./.test(args[0] ?? '')) return runConsumerFake(args);
  // A cmdhelp, exec or agent scenario names its fake by its command: run that command's words (app: none).
  if (/^(cmdhelp|exec|agent|app)\./.test(args[0] ?? '')) args = [...(await import('./scenarios.js')).scenarioFakeArgs(args[0]!), ...args.slice(1)];
  // Fake agent CLIs (AIP-45): their own bundled programs, loaded only when asked for (they carry the ACP/MCP SDKs).
  const agent = await runAgentFake(args);
  if (agent !== undefined) return agent;
  const helpdesk = await runHelpdeskFake(args);
  if (helpdesk !== undefined) return helpdesk;
  // Only what a fake process needs, not all of aoi-testkit/fakes: a fake must start nearly as fast as node.
  const [faults, { runAsProcess }, { notes }] = await Promise.all([import('../fakes/aoi/faults/index.js'), import('../fakes/aoi/engine/process.js'), import('../fakes/aoi/notes/index.js')]);
  const fakes = { ...faults, runAsProcess, notes };
  let seed: number | undefined;
  const extra: ReturnType<typeof fakes.makeFault>[] = [];
  const env: Record<string, string> = {};
  // The valued flags of fake (the table's); --list stands where the preset would.
  const valued = Object.entries(VERBS.fake.flags).filter(([, f]) => f.type !== 'bool').map(([name]) => `--${name}`);
  const isOption = (arg: string | undefined) => arg !== undefined && valued.includes(arg.split('=')[0]!);
  while (isOption(args[0])) {
    const [flag, inline] = args[0]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = inline ?? args[1];
    args = args.slice(inline === undefined ? 2 : 1);
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    if (flag === '--seed') {
      seed = Number(value);
      if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff) throw new UsageError(`--seed must be an integer from 0 to 4294967295, got "${value}"`);
      continue;
    }
    if (flag === '--env') {
      const [name, assigned] = value.split(/=(.*)/s, 2) as [string, string | undefined];
      // Never echo the value (it may be a token), nor a word without `=` (it may be one).
      if (assigned === undefined) throw new UsageError('--env needs NAME=VALUE');
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new UsageError(`--env needs NAME=VALUE, with NAME a variable name (got "${name.slice(0, 64)}")`);
      env[name] = assigned;
      continue;
    }
    const [id, json] = value.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!fakes.isFaultId(id)) {
      const known = [...Object.keys(fakes.FAULT_CATALOGUE), ...Object.keys(fakes.BEHAVIOUR_FAULT_CATALOGUE)];
      throw new UsageError(`--fault: unknown fault "${id}"; known faults: ${known.join(', ')}`);
    }
    let params: unknown = {};
    try {
      if (json !== undefined) params = JSON.parse(json);
    } catch {
      params = undefined;
    }
    if (params === null || typeof params !== 'object' || Array.isArray(params)) {
      throw new UsageError(`--fault ${id}: the parameters must be a JSON object, as in --fault '${id}={"name":value}'`);
    }
    try {
      extra.push(fakes.makeFault(id, params));
    } catch (error) {
      throw new UsageError(`--fault ${id}: ${(error as Error).message}`);
    }
  }
  const [preset, ...rest] = args;
  const toolArgs = rest[0] === '--' ? rest.slice(1) : rest;
  if (preset === undefined || preset === '--list') {
    const [{ AGENT_PRESETS }, { HELPDESK_PRESETS }] = await Promise.all([import('../fakes/agentcli/presets.js'), import('../fakes/cmdhelp/presets.js')]);
    const list = [...Object.entries(fakes.PRESETS), ...Object.entries(HELPDESK_PRESETS), ...Object.entries(AGENT_PRESETS)].map(([id, p]) => `${id.padEnd(34)} ${p.description}\n`).join('');
    if (preset === undefined) throw new UsageError(`fake needs a preset:\n${list}`);
    process.stdout.write(list);
    return 0;
  }
  if (/^(cmdhelp|exec|agent|app)\./.test(preset)) throw new UsageError(`fake ${preset}: the ${preset.split('.')[0]} scenarios take no --seed, --fault or --env; run aoi-testkit fake ${preset} [args...]`);
  // A scenario id of the corpus names its preset, faults, seed and environment (`aoi-testkit scenarios` lists them).
  const scenario = Object.hasOwn(fakes.PRESETS, preset) ? undefined : (await import('./scenarios.js')).resolveScenario(preset);
  if (scenario) {
    extra.unshift(...scenario.faults.map(([id, params]) => fakes.makeFault(id, params)));
    seed ??= scenario.seed;
    for (const [name, value] of Object.entries(scenario.env)) env[name] ??= value;
  }
  const base = scenario?.preset ?? preset;
  if (!Object.hasOwn(fakes.PRESETS, base)) throw new UsageError(`unknown fake "${preset}": neither a preset (aoi-testkit fake --list) nor a scenario (aoi-testkit scenarios)`);
  Object.assign(process.env, env);
  // The fake owns stdout from here: what a closed pipe does is its behaviour's to decide, not the
  // kit's own emitter's (which would exit 141 at the first EPIPE).
  process.stdout.removeAllListeners('error');
  // A child of the tool (exec's subprocess-per-line) is the clean tool, started the way this one was.
  const self = [process.execPath, process.argv[1] ?? '', 'fake', 'well-behaved', '--'];
  await fakes.runAsProcess(fakes.notes, { argv: toolArgs, faults: [...fakes.presetFaults(base), ...extra], seed: seed ?? 1, self });
  return 0;
}

/** `aoi-testkit fake consumer.<stdin|spawn>.<name> [args...]`: the upstream of a consumer scenario (any arguments are ignored, as the tool ignores them). */
async function runConsumerFake(args: string[]): Promise<number> {
  const [{ CONSUMER_SCENARIOS }, { playConsumerScenario }] = await Promise.all([import('../spec/consumer/scenarios.js'), import('../fakes/consumer/tool-on-path.js')]);
  const scenario = CONSUMER_SCENARIOS.find((s) => s.id === args[0]);
  if (!scenario) throw new UsageError(`unknown consumer scenario "${args[0]}"; aoi-testkit scenarios --kind consumer lists them`);
  process.stdout.removeAllListeners('error');
  await playConsumerScenario(scenario);
  return 0;
}

/**
 * `aoi-testkit fake agent-acp|agent-mcp|agent-repl[.<fault>] [--fault ID[=JSON]]... [--script S] [agent args...]`:
 * runs the bundled fake agent (dist/bin/agent-*.js) in this process, the preset's fault first. Undefined when the
 * preset is not an agent's (the `--seed`/`--fault` options of the notes presets come before it).
 */
async function runAgentFake(args: string[]): Promise<number | undefined> {
  const [preset, ...rest] = args;
  if (preset === undefined || !/^agent-(acp|mcp|repl)(\.|$)/.test(preset)) return undefined;
  const { AGENT_PRESETS } = await import('../fakes/agentcli/presets.js');
  const found = AGENT_PRESETS[preset];
  if (!found) throw new UsageError(`unknown fake "${preset}"; aoi-testkit fake --list names them`);
  const bin = new URL(`../bin/${found.fake}.js`, import.meta.url);
  const { run } = (await import(bin.href)) as { run: (argv: readonly string[]) => Promise<never> };
  process.stdout.removeAllListeners('error');
  await run([...found.faults.flatMap((id) => ['--fault', id]), ...(rest[0] === '--' ? rest.slice(1) : rest)]);
  return 0;
}

/**
 * `aoi-testkit fake helpdesk[.<fault>] [--fault ID]... [args...]`: the reference cmdhelp tool, in this process
 * (state in $AOI_TESTKIT_STATE_DIR), the preset's fault first. Undefined when the preset is not helpdesk's.
 */
async function runHelpdeskFake(args: string[]): Promise<number | undefined> {
  const [preset, ...rest] = args;
  if (preset === undefined || !/^helpdesk(\.|$)/.test(preset)) return undefined;
  const [{ HELPDESK_PRESETS }, { runHelpdesk }, { reachOut }] = await Promise.all([import('../fakes/cmdhelp/presets.js'), import('../fakes/cmdhelp/index.js'), import('../fakes/cmdhelp/reach.js')]);
  const found = HELPDESK_PRESETS[preset];
  if (!found) throw new UsageError(`unknown fake "${preset}"; aoi-testkit fake --list names them`);
  const result = runHelpdesk([...found.faults.flatMap((id) => ['--fault', id]), ...(rest[0] === '--' ? rest.slice(1) : rest)], { env: process.env });
  await reachOut(result);
  await new Promise<void>((done) => process.stdout.write(result.stdout, () => done()));
  await new Promise<void>((done) => process.stderr.write(result.stderr, () => done()));
  return result.exitCode;
}

/**
 * `--schema-version V` selects the version of the kit's own output (AOI-CLI §5.1): only 1 exists, so
 * anything else is a usage error. Removed from the verb's arguments (never from a linted program's).
 */
function negotiateSchemaVersion(args: string[]): void {
  const end = args.includes('--') ? args.indexOf('--') : args.length;
  for (let i = 0; i < end; i++) {
    const [flag, inline] = args[i]!.split(/=(.*)/s, 2);
    if (flag !== '--schema-version') continue;
    const value = inline ?? args[i + 1];
    if (value === undefined || value.replace(/^v/i, '').split('.')[0] !== SCHEMA_VERSION.split('.')[0]) {
      throw new UsageError(`--schema-version ${value ?? '(missing)'} is not supported (supported: ${SCHEMA_VERSION})`);
    }
    args.splice(i, inline === undefined ? 2 : 1);
    return negotiateSchemaVersion(args);
  }
}

/** `schema --output json` and `capabilities --output json`: one JSON document, no network, no state (§3, §17). */
async function discovery(verb: 'schema' | 'capabilities', args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args, strict: true, options: parseOptions(verb) }));
  } catch (error) {
    throw new UsageError(`${verb}: ${(error as Error).message}`);
  }
  const format = values.output ?? values.format ?? 'json';
  if (format !== 'json') throw new UsageError(`${verb} prints one JSON document: --output json, got "${format}"`);
  const { capabilities, eventSchema } = await import('./discovery.js');
  process.stdout.write(`${JSON.stringify(verb === 'schema' ? eventSchema() : capabilities())}\n`);
  return 0;
}

/** `<verb> --help --format F` (cmdhelp §3 parity): --help and --format before any `--` (for fake and help: --help first). */
function asksFormattedHelp(verb: string, rest: readonly string[]): boolean {
  const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  const help = verb === 'fake' || verb === 'help' ? rest[0] === '--help' || rest[0] === '-h' : own.includes('--help') || own.includes('-h');
  return help && own.some((a) => a === '--format' || a.startsWith('--format='));
}

const isHelpFlag = (arg: string | undefined) => arg === '--help' || arg === '-h';

/** `--help`/`-h` among a verb's own arguments: before `--` (lint), or first (fake, whose later words are the fake's; help, whose words are commands). */
function asksVerbHelp(verb: string, rest: readonly string[]): boolean {
  if (!Object.hasOwn(VERBS, verb)) return false;
  if (verb === 'fake' || verb === 'help') return isHelpFlag(rest[0]) && (verb === 'fake' || rest.length === 1);
  const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
  return own.some(isHelpFlag);
}

/** The verb nearest to a mistyped one (edit distance at most 2, or a prefix of at least 3 letters), if any. */
function nearestVerb(word: string): string | undefined {
  const distance = (a: string, b: string): number => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row = next;
    }
    return row[b.length]!;
  };
  const lower = word.toLowerCase();
  const scored = Object.keys(VERBS)
    .map((name) => ({ name, d: lower.length >= 3 && name.startsWith(lower) ? 0 : distance(lower, name) }))
    .filter(({ d }) => d <= Math.min(2, Math.floor(word.length / 2)))
    .sort((a, b) => a.d - b.d);
  return scored[0]?.name;
}

/** JSONL on stdout (`--output jsonl`, `--reporter jsonl` without a file): a usage error is then an AOI stream too. */
function wantsJsonl(argv: string[]): boolean {
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const own = argv.slice(0, end);
  return own.some((arg, i) => ['--output=jsonl', '--format=jsonl', '--reporter=jsonl'].includes(arg) || (['--output', '--format', '--reporter'].includes(arg) && own[i + 1] === 'jsonl'));
}

/** `manifest [FILE|-] [--strict] [--output text|jsonl]`. */
function parseManifestArgs(args: string[]): ManifestArgs {
  const { values, file } = parseVerbArgs('manifest', args);
  return { file, reporting: parseReporting(values), strict: values.strict === true };
}

/** A verb's flags (from the table) and its one optional FILE; bad flags are usage errors (--help is answered before: asksVerbHelp). */
function parseVerbArgs(verb: 'check' | 'manifest', args: string[]): { values: Record<string, string | string[] | boolean | undefined>; file: string | undefined } {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, strict: true, options: parseOptions(verb) });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed as { values: Record<string, string | string[] | boolean | undefined>; positionals: string[] };
  if (positionals.length > 1) throw new UsageError(`${verb} takes one FILE (or -), got ${positionals.length}`);
  return { values, file: positionals[0] };
}

function parseCheckArgs(args: string[]): CheckArgs {
  const { values, file } = parseVerbArgs('check', args);
  const reporting = parseReporting(values);
  const text = (key: string): string | undefined => (typeof values[key] === 'string' ? (values[key] as string) : undefined);
  const signal = text('signal');
  if (signal !== undefined && !Object.hasOwn(constants.signals, signal)) throw new UsageError(`--signal must be a signal name, one of ${Object.keys(constants.signals).join(', ')}; got "${signal.slice(0, 64)}"`);
  // Never echoed in an error: a secret is a secret even when it is a bad one.
  const secrets = (values.secret as string[] | undefined) ?? [];
  if (secrets.some((s) => s === '')) throw new UsageError('--secret needs a non-empty value');
  return {
    file,
    reporting,
    unbounded: values.unbounded === true,
    strict: values.strict === true,
    exitCode: intFlag('check', 'exit-code', text('exit-code')),
    signal,
    schemaVersion: text('expect-schema-version'),
    maxLineBytes: intFlag('check', 'max-line-bytes', text('max-line-bytes')),
    secrets,
    color: wantsColour(values),
  };
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A bug in the kit: say so briefly, never with a stack trace on stdout.
    process.stderr.write(`aoi-testkit: internal error: ${sanitise((error as Error)?.message ?? String(error))}\n`);
    process.exitCode = 70;
  },
);
