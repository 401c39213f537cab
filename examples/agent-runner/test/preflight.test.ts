/**
 * What the runner does before the spawn — the version check and the setup gate — on the kit's fake ACP agent
 * under the `agent-acp-outdated` and `agent-acp-setup` manifests, judged by the lifecycle probe's
 * `checkPreflight` (AGENTCLI-29). It runs against src/preflight.ts, or the deliberately buggy
 * src/preflight-buggy.ts with RUNNER_IMPL=buggy (meta.test.ts checks that it catches every bug there).
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import {
  agentLifecycleProbe,
  fakeAgentCommand,
  validateAgentCliManifest,
  type AgentCliManifest,
  type AgentLifecycleProbe,
} from '../../../src/agents.js';
import {
  AgentVersionError,
  startCheckedAcpAgent,
  type AcpSession,
  type PrepareOptions,
} from '../src/index.js';

const manifestOf = (name: string) =>
  validateAgentCliManifest(
    readFileSync(new URL(`../../../fixtures/agents/${name}/AGENT-CLI.md`, import.meta.url), 'utf8'),
  ).manifest!;

/**
 * The manifest with `bin` and `version_check.cmd` on the kit's fake (a manifest's own paths are install paths), and a
 * version check timeout for a loaded machine: starting a node program can take seconds there.
 */
function manifestFor(name: string): AgentCliManifest {
  const base = manifestOf(name);
  const [program] = fakeAgentCommand('agent-acp').args;
  return {
    ...base,
    bin: process.execPath,
    bin_args: [program!, ...(base.bin_args ?? [])],
    version_check: {
      ...base.version_check,
      cmd: `${process.execPath} ${program} --version`,
      timeout_ms: 30_000,
    },
  };
}

const sessions: AcpSession[] = [];
const probes: AgentLifecycleProbe[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close().catch(() => {})));
  for (const probe of probes.splice(0)) {
    for (const r of probe.records()) {
      if (r.event !== 'start') continue;
      try {
        process.kill(-r.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    probe.cleanup();
  }
});

/** Starts through the runner's preflight with a lifecycle probe; the outcome is the session or what was thrown. */
async function startChecked(manifest: AgentCliManifest, more: Omit<PrepareOptions, 'env'> = {}) {
  const probe = agentLifecycleProbe();
  probes.push(probe);
  const outcome = await startCheckedAcpAgent(
    manifest,
    {},
    { env: { ...process.env, ...probe.env }, ...more },
  ).then(
    (session) => {
      sessions.push(session);
      return session;
    },
    (error: unknown) => error,
  );
  return { probe, outcome };
}

describe('before the spawn', () => {
  test('version check: a compatible agent is checked, then started', async () => {
    const manifest = manifestFor('agent-acp-transcript');
    const { probe, outcome } = await startChecked(manifest);
    expect(outcome).not.toBeInstanceOf(Error);
    expect(probe.checkPreflight({ versionCheck: manifest.version_check }).findings).toEqual([]);
  });

  test('version check: an agent outside the manifest’s range is never spawned', async () => {
    const manifest = manifestFor('agent-acp-outdated');
    const { probe, outcome } = await startChecked(manifest);
    expect(probe.checkPreflight({ versionCheck: manifest.version_check }).findings).toEqual([]);
    expect(outcome).toBeInstanceOf(AgentVersionError);
  });

  test('setup: a headless start with setup pending is refused with setup_required and the pending steps; nothing spawned', async () => {
    const manifest = manifestFor('agent-acp-setup');
    const { probe, outcome } = await startChecked(manifest);
    const report = probe.checkPreflight({
      versionCheck: manifest.version_check,
      setupPending: ['choose-workspace'],
      refusal: outcome,
    });
    expect(report.findings).toEqual([]);
    expect(report.verdicts[0]?.status).toBe('pass');
  });
});

describe('secrets', () => {
  test('auth: the secret reaches the agent in its environment only — not on argv, not in the runner’s log', async () => {
    const secret = 'sk-ant-aoi-testkit-canary-0004'; // a fake canary, never a real key
    const log: string[] = [];
    const { probe, outcome } = await startChecked(manifestFor('agent-acp-transcript'), {
      auth: { ANTHROPIC_API_KEY: secret },
      log: (line) => log.push(line),
    });
    expect(outcome).not.toBeInstanceOf(Error);
    const report = probe.checkRunnerSecrets({ secrets: [secret], runnerLog: log.join('\n') });
    expect(report.findings).toEqual([]);
    expect(report.verdicts[0]?.status).toBe('pass');
  });
});
