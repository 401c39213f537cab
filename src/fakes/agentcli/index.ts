import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_LIFECYCLE_LOG_ENV } from '../../spec/agentcli/transcript.js';
import { kitRoot } from '../../package-root.js';
import { AGENT_FAULT_CATALOGUE, type AgentFaultId } from './faults/index.js';
import { AGENT_ARMS, AGENT_PRESETS, type AgentFakeId } from './presets.js';

export {
  AGENT_ARMS,
  AGENT_PRESETS,
  isAgentPreset,
  type AgentFakeId,
  type AgentPreset,
} from './presets.js';
export { AGENT_FAULT_CATALOGUE, type AgentFaultId } from './faults/index.js';

export interface FakeAgentOptions {
  /** More faults on top of the preset's: `'ignores-cancel'`, `['crash-mid-turn', { afterUpdates: 1 }]`. */
  faults?: readonly (AgentFaultId | readonly [AgentFaultId, object])[];
  /** A bundled script by name (`default`, `minimal`) or a script file. */
  script?: string;
  /** The agent's own arguments after the kit's (what a manifest's modes and options patch). */
  args?: readonly string[];
  /** Sessions live here (`--state-dir`): give one to `session/load` in a new process. */
  stateDir?: string;
  /** A file the agent appends its lifecycle records to (`AOI_TESTKIT_AGENT_LOG`): start, child, signal, exit. */
  lifecycleLog?: string;
}

export interface FakeAgentCommand {
  /** `process.execPath`. */
  command: string;
  /** The bundled program, the preset's faults, your options. */
  args: string[];
  /** Variables to add to the child's environment (the lifecycle log). */
  env: Record<string, string>;
}

/**
 * The command line of a fake agent CLI — `agent-acp`, `agent-mcp`, `agent-repl`, or a preset such as
 * `agent-acp.hangs-on-sigterm` (`AGENT_PRESETS`) — for the runner under test to spawn as it spawns a
 * real agent: a real process speaking the real protocol (the ACP and MCP SDKs are bundled in).
 *
 * @example
 * const agent = fakeAgentCommand('agent-acp.crash-mid-turn', { args: ['--model', 'fake-large'] });
 * const session = await myRunner.start({ command: agent.command, args: agent.args, env: { ...process.env, ...agent.env } });
 */
export function fakeAgentCommand(preset: string, options: FakeAgentOptions = {}): FakeAgentCommand {
  const found = AGENT_PRESETS[preset];
  if (!found)
    throw new RangeError(
      `fakeAgentCommand: unknown fake agent "${preset}"; one of ${Object.keys(AGENT_ARMS).join(', ')} or a preset of AGENT_PRESETS`,
    );
  for (const fault of options.faults ?? []) {
    const id = typeof fault === 'string' ? fault : fault[0];
    if (!Object.hasOwn(AGENT_FAULT_CATALOGUE, id))
      throw new RangeError(`fakeAgentCommand: unknown fault "${id}"; see AGENT_FAULT_CATALOGUE`);
  }
  const args = [fakeAgentProgram(found.fake), ...found.faults.flatMap((id) => ['--fault', id])];
  for (const fault of options.faults ?? [])
    args.push(
      '--fault',
      typeof fault === 'string' ? fault : `${fault[0]}=${JSON.stringify(fault[1])}`,
    );
  if (options.script !== undefined) args.push('--script', options.script);
  if (options.stateDir !== undefined) args.push('--state-dir', options.stateDir);
  args.push(...(options.args ?? []));
  return {
    command: process.execPath,
    args,
    env:
      options.lifecycleLog !== undefined ? { [AGENT_LIFECYCLE_LOG_ENV]: options.lifecycleLog } : {},
  };
}

/** The bundled program of a fake agent (`dist/bin/agent-*.js`), or an error that says how to get one. */
export function fakeAgentProgram(fake: AgentFakeId): string {
  const root = kitRoot();
  const program = root === undefined ? undefined : join(root, 'dist', 'bin', `${fake}.js`);
  if (program !== undefined && existsSync(program)) return program;
  throw new Error(
    `aoi-testkit: the fake agent ${fake} is a built program and there is none${program ? ` at ${program}: run \`npm run build\` in the aoi-testkit checkout` : ' (no aoi-testkit package root above this module)'}`,
  );
}
