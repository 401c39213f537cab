import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { AGENT_LIFECYCLE_LOG_ENV, type AgentProtocol } from '../../spec/agentcli/transcript.js';
import type { AgentCliManifest } from '../../spec/agentcli/manifest.js';
import {
  RUNNER_SECRET_ENV,
  type RunnerScenarioSpec,
} from '../../spec/agentcli/runner-scenarios.js';
import { fakeAgentProgram } from './index.js';
import { AGENT_LIFETIME_ENV } from './runtime.js';
import type { AgentFakeId } from './presets.js';

/**
 * A runner scenario's agent, as a runner under test finds it: a directory holding an AGENT-CLI.md (whose `bin` is
 * an executable shim) and the shim, which runs the kit's fake agent with the scenario's faults. Three things make
 * what the runner does to it observable, whatever environment the runner passes the agent:
 * - the shim sets the lifecycle log (`lifecycle.jsonl` here), so the agent records its handshake, turns, cancels,
 *   answers, signals, children and exit; a version check (`bin --version`) is recorded too;
 * - it carries `markerEnv=marker`, so that an agent (or a helper of it) left running is found after the runner ended;
 * - the agent leaves the runner's process group (setsid) when it does not lead one of its own, so that the
 *   harness's kill of the runner's group after the runner exits does not hide an agent the runner left running. A
 *   runner that kills the agent by pid, or the group the agent leads, reaches it all the same.
 * The agent also ends itself after `lifetimeMs`, whatever it was doing.
 */
export interface RunnerPackageOptions {
  /** The variable and value that mark the agent's processes. */
  readonly markerEnv: string;
  readonly marker: string;
  readonly lifetimeMs: number;
  /** The Node.js binary (default: this one). */
  readonly node?: string;
}

export interface RunnerPackage {
  /** The AGENT-CLI.md (absolute). */
  readonly manifestPath: string;
  /** Its frontmatter as JSON, beside it (`AGENT-CLI.json`), for runners without a YAML parser. */
  readonly manifestJsonPath: string;
  /** The manifest as written. */
  readonly manifest: AgentCliManifest & Record<string, unknown>;
  /** The agent's command line, as shell words: the manifest's bin (and its bin_args, none). */
  readonly command: string;
  /** Whether the agent leaves the runner's process group (needs `setsid` and /proc): what it left running is then seen. */
  readonly detaches: boolean;
  /** The agent's lifecycle log (JSON lines; see AGENT_LIFECYCLE_LOG_ENV). */
  readonly logFile: string;
}

const FAKES: Readonly<Record<AgentProtocol, AgentFakeId>> = {
  acp: 'agent-acp',
  mcp: 'agent-mcp',
  proprietary: 'agent-repl',
};

const shQuote = (value: string) =>
  /^[A-Za-z0-9_./=:,@%+-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;

/** The arm's clean manifest, with the scenario's variant applied. */
function manifestOf(
  scenario: RunnerScenarioSpec,
  fake: AgentFakeId,
  bin: string,
): AgentCliManifest & Record<string, unknown> {
  const v = scenario.manifest;
  const arm = scenario.arm;
  const continuation = v.continuation ?? (arm === 'mcp' ? 'none' : 'pinned-session');
  const protocolArm =
    arm === 'acp'
      ? { acp: `./${fake}.ACP.md` }
      : arm === 'mcp'
        ? { mcp: { command: bin, args: [], transport: 'stdio' } }
        : { adapter: 'aoi-testkit' };
  return {
    name: fake,
    id: `aoi-testkit-${fake}`,
    description: `The aoi-testkit fake ${arm === 'proprietary' ? 'line-REPL' : arm.toUpperCase()} agent of the runner scenario ${scenario.id}.`,
    version: '0.1.0',
    bin,
    bin_args: [],
    install: [{ method: 'npm', package: 'aoi-testkit' }],
    version_check: {
      cmd: `${bin} --version`,
      parse: `^aoi-fake-${fake}\\s+(\\d+\\.\\d+\\.\\d+)`,
      range: v.versionRange ?? '>=0.1.0 <1.0.0',
      timeout_ms: 5000,
    },
    ...(v.setupPending
      ? {
          setup: [
            {
              id: 'choose-workspace',
              kind: 'prompt',
              prompt: 'Which workspace should the agent work in?',
              type: 'text',
              persist: { env: 'FAKE_AGENT_WORKSPACE' },
            },
          ],
        }
      : {}),
    ...(v.auth ? { auth: { state: { env: [RUNNER_SECRET_ENV] } } } : {}),
    sandbox: { provider: 'local' },
    protocol: (v.protocol ??
      (arm === 'proprietary' ? 'proprietary' : arm)) as AgentCliManifest['protocol'],
    ...protocolArm,
    session: {
      mode: v.resumable ? 'resumable' : arm === 'mcp' ? 'ephemeral' : 'persistent',
      ...(v.maxTurns !== undefined ? { max_turns: v.maxTurns } : {}),
      context_carryover: continuation !== 'transcript' && arm !== 'mcp',
    },
    capabilities: {
      streaming: arm !== 'mcp',
      tool_calls: true,
      sub_agents: false,
      file_io: false,
      multimodal: false,
      resumable: v.resumable === true,
      bidirectional: arm !== 'mcp',
    },
    continuation: {
      default: continuation,
      supported: continuation === 'none' ? ['none'] : [continuation, 'none'],
    },
  } as AgentCliManifest & Record<string, unknown>;
}

/** Write the scenario's agent under `dir` (which must exist and be empty). Needs the built kit (`dist/bin`). */
export function writeRunnerPackage(
  dir: string,
  scenario: RunnerScenarioSpec,
  options: RunnerPackageOptions,
): RunnerPackage {
  const fake = FAKES[scenario.arm];
  const home = join(dir, fake);
  const binDir = join(dir, 'bin');
  mkdirSync(home, { recursive: true });
  mkdirSync(binDir, { recursive: true });
  const log = join(dir, 'lifecycle.jsonl');
  writeFileSync(log, '');
  const bin = join(binDir, fake);
  const node = shQuote(options.node ?? process.execPath);
  const program = shQuote(fakeAgentProgram(fake));
  const faults = scenario.faults
    .map(([id, params]) =>
      shQuote(Object.keys(params).length > 0 ? `${id}=${JSON.stringify(params)}` : id),
    )
    .flatMap((fault) => ['--fault', fault])
    .join(' ');
  const args = scenario.agentArgs.map(shQuote).join(' ');
  const detaches =
    existsSync('/proc/self/stat') &&
    ['/usr/bin/setsid', '/bin/setsid'].some((path) => existsSync(path));
  const run = `${node} ${program}`;
  const shim = [
    '#!/bin/sh',
    `# aoi-testkit runner scenario agent (${scenario.id})`,
    `${AGENT_LIFECYCLE_LOG_ENV}=${shQuote(log)}; export ${AGENT_LIFECYCLE_LOG_ENV}`,
    `${AGENT_LIFETIME_ENV}=${options.lifetimeMs}; export ${AGENT_LIFETIME_ENV}`,
    `${options.markerEnv}=${shQuote(options.marker)}; export ${options.markerEnv}`,
    // A version check runs the fake's --version (logged), with no faults.
    `if [ "$1" = --version ]; then exec ${run} --version; fi`,
    // Field 5 of /proc/<pid>/stat is the process group; the shell's own name has no space ("(sh)").
    'pgid=$$; read -r _pid _comm _state _ppid pgid _rest < /proc/$$/stat 2>/dev/null',
    `if [ "$pgid" != "$$" ] && command -v setsid >/dev/null 2>&1; then exec setsid ${run} ${faults} ${args} "$@"; fi`,
    `exec ${run} ${faults} ${args} "$@"`,
    '',
  ].join('\n');
  writeFileSync(bin, shim);
  chmodSync(bin, 0o755);
  const manifest = manifestOf(scenario, fake, bin);
  const manifestPath = join(home, 'AGENT-CLI.md');
  writeFileSync(
    manifestPath,
    `---\n${stringify(manifest, { lineWidth: 0 })}---\n\n# ${fake}\n\nThe agent of the aoi-testkit runner scenario \`${scenario.id}\`: ${scenario.description}\n`,
  );
  const manifestJsonPath = join(home, 'AGENT-CLI.json');
  writeFileSync(manifestJsonPath, `${JSON.stringify(manifest, null, 2)}\n`);
  if (scenario.arm === 'acp')
    writeFileSync(
      join(home, `${fake}.ACP.md`),
      `---\nname: ${fake}\nacp_rev: "1"\ndescription: ACP protocol version 1 over stdio (newline-delimited JSON-RPC).\n---\n`,
    );
  return {
    manifestPath,
    manifestJsonPath,
    manifest,
    command: shQuote(bin),
    detaches,
    logFile: log,
  };
}
