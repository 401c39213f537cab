import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// lint/ joins run/ and checks/: the probe hands back its own verdict so that a runner's test needs one object.
import { checkAgentLifecycle, type LifecycleReport } from '../../checks/agentcli/lifecycle.js';
import {
  checkPreflight,
  type PreflightInput,
  type PreflightReport,
} from '../../checks/agentcli/preflight.js';
import {
  checkRunnerSecrets,
  type RunnerSecretsInput,
  type RunnerSecretsReport,
} from '../../checks/agentcli/runner-secrets.js';
import {
  checkSessionPolicy,
  type SessionPolicyInput,
  type SessionPolicyReport,
} from '../../checks/agentcli/session-policy.js';
import { AGENT_LIFECYCLE_LOG_ENV, type LifecycleRecord } from '../../spec/agentcli/transcript.js';

export interface AgentLifecycleProbe {
  /** The JSONL file the agent appends its lifecycle records to. */
  readonly logFile: string;
  /** Add to the agent's environment (the runner under test must pass it through). */
  readonly env: { readonly AOI_TESTKIT_AGENT_LOG: string };
  /** The records so far; a torn last line (the agent is mid-write) is skipped. */
  records(): LifecycleRecord[];
  /** AGENTCLI-26 now: call once the runner says the agent is torn down. */
  check(): LifecycleReport;
  /**
   * AGENTCLI-27 and 28 on the log so far: the continuation strategy and the host's turns, max_turns, and — with
   * `idle` — whether the last session ended after its idle timeout (`judgedAt` defaults to now).
   */
  checkSession(
    input: Omit<SessionPolicyInput, 'idle'> & {
      idle?: Omit<NonNullable<SessionPolicyInput['idle']>, 'judgedAt'> & { judgedAt?: number };
    },
  ): SessionPolicyReport;
  /** AGENTCLI-29 on the log so far: did the runner check the version and the setup before it spawned the agent? */
  checkPreflight(input: PreflightInput): PreflightReport;
  /** AGENTCLI-30 on the log so far: no secret on the agent's argv, nor in the runner's log (when given). */
  checkRunnerSecrets(input: RunnerSecretsInput): RunnerSecretsReport;
  /**
   * Resolves with the first record passing `test` once the agent has written it (the log file is the handshake;
   * it is read every 25 ms), or with undefined after `timeoutMs`.
   */
  waitFor(
    test: (record: LifecycleRecord) => boolean,
    timeoutMs: number,
  ): Promise<LifecycleRecord | undefined>;
  /** Removes the temporary directory. */
  cleanup(): void;
}

/**
 * Whether a process exists (signal 0; EPERM means it exists but is not ours). A zombie — dead, waiting for
 * its parent (or a PID 1 that never reaps) — counts as gone (Linux: the state in /proc/<pid>/stat).
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** The records of a fake agent's lifecycle log so far; a torn last line (the agent is mid-write, or was killed) is skipped. */
export function readLifecycleLog(file: string): LifecycleRecord[] {
  if (!existsSync(file)) return [];
  const out: LifecycleRecord[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const record: unknown = JSON.parse(line);
      if (record !== null && typeof record === 'object') out.push(record as LifecycleRecord);
    } catch {
      // a torn line: the agent was killed mid-write
    }
  }
  return out;
}

/**
 * A lifecycle log for a kit fake agent started by the runner under test, and the AGENTCLI-26 check on it:
 * did the runner SIGTERM, escalate to SIGKILL after 5 s, and leave no process behind?
 *
 * @example
 * const probe = agentLifecycleProbe();
 * const agent = fakeAgentCommand('agent-acp.hangs-on-sigterm');
 * const session = await runner.start({ ...agent, env: { ...process.env, ...agent.env, ...probe.env } });
 * await session.close();
 * expect(probe.check().findings).toEqual([]);
 * probe.cleanup();
 */
export function agentLifecycleProbe(options: { dir?: string } = {}): AgentLifecycleProbe {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'aoi-agent-lifecycle-'));
  const owned = options.dir === undefined;
  const logFile = join(dir, 'lifecycle.jsonl');
  const records = (): LifecycleRecord[] => readLifecycleLog(logFile);
  return {
    logFile,
    env: { [AGENT_LIFECYCLE_LOG_ENV]: logFile } as { AOI_TESTKIT_AGENT_LOG: string },
    records,
    check: () => checkAgentLifecycle(records(), { alive: processAlive }),
    checkSession: ({ idle, ...rest }) =>
      checkSessionPolicy(records(), {
        ...rest,
        ...(idle ? { idle: { ...idle, judgedAt: idle.judgedAt ?? Date.now() } } : {}),
      }),
    checkPreflight: (input) => checkPreflight(records(), input),
    checkRunnerSecrets: (input) => checkRunnerSecrets(records(), input),
    waitFor: async (test, timeoutMs) => {
      for (
        const deadline = Date.now() + timeoutMs;
        ;
        await new Promise((resolve) => setTimeout(resolve, 25))
      ) {
        const found = records().find(test);
        if (found || Date.now() >= deadline) return found;
      }
    },
    cleanup: () => {
      if (owned) rmSync(dir, { recursive: true, force: true });
    },
  };
}
