import * as faults from '../fakes/aoi/faults/index.js';
import { runAsProcess } from '../fakes/aoi/engine/process.js';
import { notes } from '../fakes/aoi/notes/index.js';
import { exitWith, runVerb } from './entry.js';
import { resolveScenario, scenarioFakeArgs } from '../corpus/scenario-files.js';
import { VERBS } from './surface.js';
import { UsageError } from '../errors.js';

/**
 * `aoi-testkit fake …` as the whole process, for the bin's shortcut (dist/cli/main.js runs this module's
 * CommonJS build, dist/cli/fake.js): the fake, without the ESM loader and the rest of the CLI. A fake must
 * start nearly as fast as node itself: tests start them by the hundred.
 */
export function fakeMain(argv: string[]): void {
  exitWith(runVerb(argv, () => runFake(argv.slice(1))));
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
export async function runFake(args: string[]): Promise<number> {
  // A consumer scenario's upstream, as a process: its bytes, then its end (the tool a wrapper is judged with).
  if (/^consumer\./.test(args[0] ?? '')) return runConsumerFake(args);
  // A cmdhelp, exec or agent scenario names its fake by its command: run that command's words (app: none).
  if (/^(cmdhelp|exec|agent|app)\./.test(args[0] ?? ''))
    args = [...scenarioFakeArgs(args[0]!), ...args.slice(1)];
  // Fake agent CLIs (AIP-45): their own bundled programs, loaded only when asked for (they carry the ACP/MCP SDKs).
  const agent = await runAgentFake(args);
  if (agent !== undefined) return agent;
  const helpdesk = await runHelpdeskFake(args);
  if (helpdesk !== undefined) return helpdesk;
  // Only what a fake process needs (imported above), not all of aoi-testkit/fakes: a fake must start nearly as fast as node.
  const fakes = { ...faults, runAsProcess, notes };
  let seed: number | undefined;
  const extra: ReturnType<typeof fakes.makeFault>[] = [];
  const env: Record<string, string> = {};
  // The valued flags of fake (the table's); --list stands where the preset would.
  const valued = Object.entries(VERBS.fake.flags)
    .filter(([, f]) => f.type !== 'bool')
    .map(([name]) => `--${name}`);
  const isOption = (arg: string | undefined) =>
    arg !== undefined && valued.includes(arg.split('=')[0]!);
  while (isOption(args[0])) {
    const [flag, inline] = args[0]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = inline ?? args[1];
    args = args.slice(inline === undefined ? 2 : 1);
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    if (flag === '--seed') {
      seed = Number(value);
      if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff)
        throw new UsageError(`--seed must be an integer from 0 to 4294967295, got "${value}"`);
      continue;
    }
    if (flag === '--env') {
      const [name, assigned] = value.split(/=(.*)/s, 2) as [string, string | undefined];
      // Never echo the value (it may be a token), nor a word without `=` (it may be one).
      if (assigned === undefined) throw new UsageError('--env needs NAME=VALUE');
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
        throw new UsageError(
          `--env needs NAME=VALUE, with NAME a variable name (got "${name.slice(0, 64)}")`,
        );
      env[name] = assigned;
      continue;
    }
    const [id, json] = value.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!fakes.isFaultId(id)) {
      const known = [
        ...Object.keys(fakes.FAULT_CATALOGUE),
        ...Object.keys(fakes.BEHAVIOUR_FAULT_CATALOGUE),
        ...Object.keys(fakes.CONTRACT_FAULT_CATALOGUE),
      ];
      throw new UsageError(`--fault: unknown fault "${id}"; known faults: ${known.join(', ')}`);
    }
    let params: unknown = {};
    try {
      if (json !== undefined) params = JSON.parse(json);
    } catch {
      params = undefined;
    }
    if (params === null || typeof params !== 'object' || Array.isArray(params)) {
      throw new UsageError(
        `--fault ${id}: the parameters must be a JSON object, as in --fault '${id}={"name":value}'`,
      );
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
    const [{ AGENT_PRESETS }, { HELPDESK_PRESETS }] = await Promise.all([
      import('../fakes/agentcli/presets.js'),
      import('../fakes/cmdhelp/presets.js'),
    ]);
    const list = [
      ...Object.entries(fakes.PRESETS),
      ...Object.entries(HELPDESK_PRESETS),
      ...Object.entries(AGENT_PRESETS),
    ]
      .map(([id, p]) => `${id.padEnd(34)} ${p.description}\n`)
      .join('');
    if (preset === undefined) throw new UsageError(`fake needs a preset:\n${list}`);
    process.stdout.write(list);
    return 0;
  }
  if (/^(cmdhelp|exec|agent|app)\./.test(preset))
    throw new UsageError(
      `fake ${preset}: the ${preset.split('.')[0]} scenarios take no --seed, --fault or --env; run aoi-testkit fake ${preset} [args...]`,
    );
  // A scenario id of the corpus names its preset, faults, seed and environment (`aoi-testkit scenarios` lists them).
  const scenario = Object.hasOwn(fakes.PRESETS, preset) ? undefined : resolveScenario(preset);
  if (scenario) {
    extra.unshift(...scenario.faults.map(([id, params]) => fakes.makeFault(id, params)));
    seed ??= scenario.seed;
    for (const [name, value] of Object.entries(scenario.env)) env[name] ??= value;
  }
  const base = scenario?.preset ?? preset;
  if (!Object.hasOwn(fakes.PRESETS, base))
    throw new UsageError(
      `unknown fake "${preset}": neither a preset (aoi-testkit fake --list) nor a scenario (aoi-testkit scenarios)`,
    );
  Object.assign(process.env, env);
  // The fake owns stdout from here: what a closed pipe does is its behaviour's to decide, not the
  // kit's own emitter's (which would exit 141 at the first EPIPE).
  process.stdout.removeAllListeners('error');
  // A child of the tool (exec's subprocess-per-line) is the clean tool, started the way this one was.
  const self = [process.execPath, process.argv[1] ?? '', 'fake', 'well-behaved', '--'];
  await fakes.runAsProcess(fakes.notes, {
    argv: toolArgs,
    faults: [...fakes.presetFaults(base), ...extra],
    seed: seed ?? 1,
    self,
  });
  return 0;
}

/** `aoi-testkit fake consumer.<stdin|spawn>.<name> [args...]`: the upstream of a consumer scenario (any arguments are ignored, as the tool ignores them). */
async function runConsumerFake(args: string[]): Promise<number> {
  const [{ CONSUMER_SCENARIOS }, { playConsumerScenario }] = await Promise.all([
    import('../spec/consumer/scenarios.js'),
    import('../fakes/consumer/tool-on-path.js'),
  ]);
  const scenario = CONSUMER_SCENARIOS.find((s) => s.id === args[0]);
  if (!scenario && args[0]?.startsWith('consumer.runtime.'))
    throw new UsageError(
      `${args[0]} is an APP-runtime scenario: its package is made afresh per run, not a fake; run aoi-testkit consumer --app-runtime --scenario ${args[0]} -- <runtime>`,
    );
  if (!scenario)
    throw new UsageError(
      `unknown consumer scenario "${args[0]}"; aoi-testkit scenarios --kind consumer lists them`,
    );
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
  await run([
    ...found.faults.flatMap((id) => ['--fault', id]),
    ...(rest[0] === '--' ? rest.slice(1) : rest),
  ]);
  return 0;
}

/**
 * `aoi-testkit fake helpdesk[.<fault>] [--fault ID]... [args...]`: the reference cmdhelp tool, in this process
 * (state in $AOI_TESTKIT_STATE_DIR), the preset's fault first. Undefined when the preset is not helpdesk's.
 */
async function runHelpdeskFake(args: string[]): Promise<number | undefined> {
  const [preset, ...rest] = args;
  if (preset === undefined || !/^helpdesk(\.|$)/.test(preset)) return undefined;
  const [{ HELPDESK_PRESETS }, { runHelpdesk }, { reachOut }] = await Promise.all([
    import('../fakes/cmdhelp/presets.js'),
    import('../fakes/cmdhelp/index.js'),
    import('../fakes/cmdhelp/reach.js'),
  ]);
  const found = HELPDESK_PRESETS[preset];
  if (!found) throw new UsageError(`unknown fake "${preset}"; aoi-testkit fake --list names them`);
  const result = runHelpdesk(
    [
      ...found.faults.flatMap((id) => ['--fault', id]),
      ...(rest[0] === '--' ? rest.slice(1) : rest),
    ],
    { env: process.env },
  );
  await reachOut(result);
  await new Promise<void>((done) => process.stdout.write(result.stdout, () => done()));
  await new Promise<void>((done) => process.stderr.write(result.stderr, () => done()));
  return result.exitCode;
}
