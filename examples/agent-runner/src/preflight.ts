/**
 * What a runner does before it spawns an agent (AIP-45 §Lifecycle, §Setup surface): run the manifest's version
 * check and stop when it fails, then make sure every setup step is done or skipped — a headless caller gets
 * `code: "setup_required"` with the pending step ids. Nothing is spawned when either stops it.
 */
import { execFile } from 'node:child_process';
import type { AgentCliConfig, AgentCliManifest } from '../../../src/agents.js';
import { startAcpAgent, type AcpSession, type AcpStartOptions } from './acp-runner.js';

export class AgentVersionError extends Error {
  readonly code = 'version_mismatch';
}

export class AgentSetupRequiredError extends Error {
  readonly code = 'setup_required';
  constructor(readonly pending: string[]) {
    super(`setup required before the agent can start: ${pending.join(', ')}`);
  }
}

export interface PrepareOptions {
  /** The environment of the version check and skip_if commands (and of the agent). */
  env?: NodeJS.ProcessEnv;
  /** The agent's resolved auth: variable name → secret value, for the agent's environment only. */
  auth?: Readonly<Record<string, string>>;
  /** Where the runner writes its own log lines. */
  log?: (line: string) => void;
  /** Setup steps the caller has done already (their ids). */
  setupDone?: readonly string[];
}

/** Runs a manifest command line (split on spaces: manifests give plain argv, no shell). */
function run(
  cmd: string,
  env: NodeJS.ProcessEnv | undefined,
  timeoutMs: number,
): Promise<{ code: number; stdout: string }> {
  const [file, ...args] = cmd.trim().split(/\s+/);
  return new Promise((resolve) => {
    execFile(
      file!,
      args,
      { env: env ?? process.env, timeout: timeoutMs, encoding: 'utf8' },
      (error, stdout) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout });
      },
    );
  });
}

interface SetupStep {
  id: string;
  skip_if?: { cmd: string; exit_code?: number; timeout_ms?: number };
}

const parts = (v: string) => v.split('.').map(Number);
function satisfies(version: string, range: string): boolean {
  return range
    .trim()
    .split(/\s+/)
    .every((comparator) => {
      const m = /^(>=|<=|>|<|=)?v?(\d+\.\d+\.\d+)$/.exec(comparator);
      if (!m)
        throw new AgentVersionError(
          `this runner cannot evaluate the range ${JSON.stringify(range)}`,
        );
      const [a, b] = [parts(version), parts(m[2]!)];
      const d = a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
      const op = m[1] ?? '=';
      return op === '>='
        ? d >= 0
        : op === '<='
          ? d <= 0
          : op === '>'
            ? d > 0
            : op === '<'
              ? d < 0
              : d === 0;
    });
}

/** The version check, then the setup gate. Throws AgentVersionError or AgentSetupRequiredError; spawns no agent. */
export async function prepareAgent(
  manifest: AgentCliManifest,
  options: PrepareOptions = {},
): Promise<{ version: string }> {
  const check = manifest.version_check;
  const { code, stdout } = await run(check.cmd, options.env, check.timeout_ms ?? 5000);
  if (code !== 0) throw new AgentVersionError(`the version check exited ${code}`);
  const version = new RegExp(check.parse, 'm').exec(stdout)?.[1];
  if (version === undefined)
    throw new AgentVersionError(`the version check printed no version matching ${check.parse}`);
  if (!satisfies(version, check.range))
    throw new AgentVersionError(`${manifest.name} ${version} is outside ${check.range}`);

  const pending: string[] = [];
  // The kit types setup steps loosely (AIP-29's step kinds); this runner reads id and skip_if.
  for (const step of (manifest.setup ?? []) as unknown as readonly SetupStep[]) {
    if (options.setupDone?.includes(step.id)) continue;
    if (step.skip_if) {
      const skip = await run(step.skip_if.cmd, options.env, step.skip_if.timeout_ms ?? 5000);
      if (skip.code === (step.skip_if.exit_code ?? 0)) continue;
    }
    pending.push(step.id);
  }
  // This runner is headless: it answers no prompt itself, so any pending step stops it.
  if (pending.length > 0) throw new AgentSetupRequiredError(pending);
  return { version };
}

/** prepareAgent, then startAcpAgent with the auth in the agent's environment (AIP-45 §Auth surface: never argv, never logs). */
export async function startCheckedAcpAgent(
  manifest: AgentCliManifest,
  config: AgentCliConfig = {},
  options: AcpStartOptions & PrepareOptions = {},
): Promise<AcpSession> {
  await prepareAgent(manifest, options);
  const auth = options.auth ?? {};
  options.log?.(
    `starting ${manifest.name}: ${manifest.bin} ${(manifest.bin_args ?? []).join(' ')} (auth in env: ${Object.keys(auth).join(', ') || 'none'})`,
  );
  return startAcpAgent(manifest, config, {
    ...options,
    env: { ...(options.env ?? process.env), ...auth },
    secrets: [...(options.secrets ?? []), ...Object.values(auth)],
  });
}
