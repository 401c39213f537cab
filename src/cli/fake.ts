import { exitWith, runVerb } from './entry.js';
import { resolveScenario, scenarioFakeArgs } from '../corpus/scenario-files.js';
import { faultFromFlag, NOTES_PRESETS, runNotesPreset } from '../fakes/aoi/run-preset.js';
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
 * `--list` or a usage error. Each family's runner is its fakes' (src/fakes/<family>/run-*.ts); the rarer
 * families' are loaded only when named (the agents carry the ACP/MCP SDKs).
 */
export async function runFake(args: string[]): Promise<number> {
  const first = args[0] ?? '';
  // A consumer scenario's upstream, as a process: its bytes, then its end (the tool a wrapper is judged with).
  if (/^consumer\./.test(first))
    return (await import('../fakes/consumer/run-scenario.js')).runConsumerScenario(first);
  // A cmdhelp, exec or agent scenario names its fake by its command: run that command's words (app: none).
  if (/^(cmdhelp|exec|agent|app)\./.test(first))
    args = [...scenarioFakeArgs(first), ...args.slice(1)];
  const [preset, ...rest] = args;
  if (preset !== undefined && /^agent-(acp|mcp|repl)(\.|$)/.test(preset))
    return (await import('../fakes/agentcli/run-preset.js')).runAgentPreset(preset, rest);
  if (preset !== undefined && /^helpdesk(\.|$)/.test(preset))
    return (await import('../fakes/cmdhelp/run-preset.js')).runHelpdeskPreset(preset, rest);
  return runNotesFake(args);
}

/** The notes fake: its options (the table's valued flags of `fake`), then the preset or scenario and the tool's words. */
async function runNotesFake(args: string[]): Promise<number> {
  let seed: number | undefined;
  const faults: ReturnType<typeof faultFromFlag>[] = [];
  const env: Record<string, string> = {};
  // --list stands where the preset would.
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
    } else if (flag === '--env') {
      const [name, assigned] = value.split(/=(.*)/s, 2) as [string, string | undefined];
      // Never echo the value (it may be a token), nor a word without `=` (it may be one).
      if (assigned === undefined) throw new UsageError('--env needs NAME=VALUE');
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
        throw new UsageError(
          `--env needs NAME=VALUE, with NAME a variable name (got "${name.slice(0, 64)}")`,
        );
      env[name] = assigned;
    } else faults.push(faultFromFlag(value));
  }
  const [preset, ...rest] = args;
  if (preset === undefined || preset === '--list') {
    const [{ AGENT_PRESETS }, { HELPDESK_PRESETS }] = await Promise.all([
      import('../fakes/agentcli/presets.js'),
      import('../fakes/cmdhelp/presets.js'),
    ]);
    const list = [
      ...Object.entries(NOTES_PRESETS),
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
  const toolArgs = rest[0] === '--' ? rest.slice(1) : rest;
  // A scenario id of the corpus names its preset, faults, seed and environment (`aoi-testkit scenarios` lists them).
  const scenario = Object.hasOwn(NOTES_PRESETS, preset) ? undefined : resolveScenario(preset);
  return runNotesPreset({ preset, scenario, faults, seed, env, args: toolArgs });
}
