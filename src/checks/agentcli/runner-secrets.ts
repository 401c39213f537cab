import type { LifecycleRecord } from '../../spec/agentcli/transcript.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';
import { isObject } from '../../stream/json.js';
import { canaryScanner } from '../../secrets/canary-scan.js';
import { VerdictCollector, type Report } from '../verdict.js';

export interface RunnerSecretsInput {
  /** The secrets the runner was given for the agent (its auth): AGENTCLI-30 is judged only with them. */
  secrets: readonly string[];
  /** What the runner logged (its stderr, its logger's lines) while it ran the agent: judged when given. */
  runnerLog?: string;
}

export interface RunnerSecretsReport extends Report {
  ok: boolean;
  findings: Finding[];
}

/**
 * AGENTCLI-30 — AIP-45 §Auth surface: the runner passes secrets "via sandbox.env.set (never argv, never logs)".
 * - secret-on-argv: a secret, in any encoding the kit's canary scanner finds, in the argv an agent process
 *   logged in its `start` record (the kit's fakes log it);
 * - secret-in-logs: one in the runner's own log text.
 * Findings name the encoding and the place, never the value (excerpts are masked). Never throws.
 */
export function checkRunnerSecrets(
  records: readonly LifecycleRecord[],
  input: RunnerSecretsInput,
): RunnerSecretsReport {
  const secrets = (Array.isArray(input?.secrets) ? input.secrets : []).filter(
    (s): s is string => typeof s === 'string' && s.length >= 4,
  );
  const out = new VerdictCollector({ keepPerSubRule: Infinity, secrets });
  const list = (Array.isArray(records) ? records : []).filter(
    (r): r is LifecycleRecord =>
      isObject(r) && typeof r.event === 'string' && typeof r.pid === 'number',
  );
  if (secrets.length === 0) {
    out.notApplicable('AGENTCLI-30', 'no secrets given');
    return report(out);
  }
  const scanner = canaryScanner(secrets);
  const starts = list.filter((r) => r.event === 'start' && Array.isArray(r.argv));
  for (const start of starts) {
    const argv = (start.argv as unknown[]).filter((a): a is string => typeof a === 'string');
    const hit = argv
      .map((arg, i) => ({ i, hit: scanner.hits(arg)[0] }))
      .find((x) => x.hit !== undefined);
    if (hit) {
      out.addFinding(
        makeFinding(
          'AGENTCLI-30/secret-on-argv',
          `a secret (${hit.hit!.encoding}) is argument ${hit.i + 1} of the agent (pid ${start.pid}): any user of the machine can read it in the process list`,
          { line: list.indexOf(start) + 1, excerpt: toExcerpt(argv.join(' '), secrets) },
        ),
      );
    }
  }
  const log = typeof input.runnerLog === 'string' ? input.runnerLog : undefined;
  if (log !== undefined) {
    log.split('\n').forEach((line, i) => {
      const hit = scanner.hits(line)[0];
      if (hit)
        out.addFinding(
          makeFinding(
            'AGENTCLI-30/secret-in-logs',
            `a secret (${hit.encoding}) in line ${i + 1} of the runner's log`,
            { line: i + 1, excerpt: toExcerpt(line, secrets) },
          ),
        );
    });
  }
  if (starts.length === 0 && log === undefined)
    out.notApplicable('AGENTCLI-30', 'no agent argv logged and no runner log given');
  return report(out);
}

function report(out: VerdictCollector): RunnerSecretsReport {
  const { ok, verdicts, findings } = out.report(['AGENTCLI-30']);
  return { ok, findings: [...findings], verdicts: [...verdicts] };
}
