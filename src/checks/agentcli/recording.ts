import type { AgentCliManifest } from '../../spec/agentcli/manifest.js';
import type { AgentTranscript, LifecycleRecord } from '../../spec/agentcli/transcript.js';
import type { Finding } from '../../stream/finding.js';
import { checkAgentLifecycle } from './lifecycle.js';
import { checkPreflight, type PreflightInput } from './preflight.js';
import { checkRunnerSecrets, type RunnerSecretsInput } from './runner-secrets.js';
import { checkSessionPolicy, type SessionPolicyInput } from './session-policy.js';
import { checkTurns } from './turns.js';

/**
 * A recorded conversation with a fake agent, as `fixtures/transcripts/agents/*.json` holds it: the transcript, what
 * the checkers are given, and (for tear-downs) the agent's lifecycle log with the processes still alive when judged.
 */
export interface AgentRecordingFixture {
  readonly transcript: AgentTranscript;
  readonly options: {
    readonly capabilities?: AgentCliManifest['capabilities'];
    readonly secrets?: readonly string[];
    /** AGENTCLI-29's input (with `lifecycle`). */
    readonly preflight?: PreflightInput;
    /** AGENTCLI-30's input (with `lifecycle`). */
    readonly runnerSecrets?: RunnerSecretsInput;
    /** AGENTCLI-27/28's input (with `lifecycle`). */
    readonly policy?: SessionPolicyInput;
  };
  readonly lifecycle?: {
    readonly records: readonly LifecycleRecord[];
    readonly alive: readonly number[];
  };
}

/**
 * Every checker a recording feeds: the turn checker on its transcript, AGENTCLI-26 on its lifecycle log, and with
 * the log AGENTCLI-29 (`preflight`), AGENTCLI-30 (`runnerSecrets`) and AGENTCLI-27/28 (`policy`). `ok` when none
 * found an error; the findings in that order; the normalised event types of the conversation.
 */
export function judgeAgentRecording(fixture: AgentRecordingFixture): {
  ok: boolean;
  findings: Finding[];
  events: string[];
} {
  const report = checkTurns(fixture.transcript, fixture.options);
  const findings = [...report.findings];
  let ok = report.ok;
  if (fixture.lifecycle) {
    const { records, alive } = fixture.lifecycle;
    const reports = [
      checkAgentLifecycle(records, { alive: (pid) => alive.includes(pid) }),
      ...(fixture.options.preflight ? [checkPreflight(records, fixture.options.preflight)] : []),
      ...(fixture.options.runnerSecrets
        ? [checkRunnerSecrets(records, fixture.options.runnerSecrets)]
        : []),
      ...(fixture.options.policy ? [checkSessionPolicy(records, fixture.options.policy)] : []),
    ];
    for (const r of reports) {
      findings.push(...r.findings);
      ok &&= r.ok;
    }
  }
  return { ok, findings, events: report.events.map((e) => e.type) };
}
