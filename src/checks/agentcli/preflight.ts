import semver from 'semver';
import type { AgentCliManifest } from '../../spec/agentcli/manifest.js';
import type { LifecycleRecord } from '../../spec/agentcli/transcript.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';
import { isObject } from '../../stream/json.js';
import { VerdictCollector, type Report } from '../verdict.js';

export interface PreflightInput {
  /** The manifest's `version_check`: the version the agent printed is judged against it. */
  versionCheck?: AgentCliManifest['version_check'];
  /** Setup steps (ids) not done and not skipped when the runner was asked to start: it must not spawn. */
  setupPending?: readonly string[];
  /** What the runner threw when it refused to start (headless, setup pending): judged when `setupPending` is given. */
  refusal?: unknown;
}

export interface PreflightReport extends Report {
  ok: boolean;
  findings: Finding[];
}

export type VersionOutcome =
  | { ok: true; version: string }
  | { ok: false; why: string }
  | { ok: 'unknown'; version: string; why: string };

/**
 * AIP-29's version check on what the agent printed: the first capture group of `parse`, tested against `range`.
 * AIP-29's schema calls `range` an "npm-style semver range", so npm's own semver library judges it: comparators,
 * `^`, `~`, `||`, hyphen and x-ranges, with npm's rules (a prerelease satisfies only a range that names a
 * prerelease of the same version). A range npm cannot parse gives `unknown`: the text asks for no more.
 */
export function versionCheckOutcome(
  check: Pick<NonNullable<AgentCliManifest['version_check']>, 'parse' | 'range'>,
  output: string,
): VersionOutcome {
  let re: RegExp;
  try {
    re = new RegExp(check.parse, 'm');
  } catch {
    return { ok: false, why: `parse ${JSON.stringify(check.parse)} is not a regex` };
  }
  const version = re.exec(output)?.[1];
  if (version === undefined)
    return { ok: false, why: `the output does not match parse ${JSON.stringify(check.parse)}` };
  if (semver.valid(version) === null)
    return { ok: false, why: `${JSON.stringify(version)} is not a semver version` };
  if (semver.validRange(check.range) === null)
    return {
      ok: 'unknown',
      version,
      why: `range ${JSON.stringify(check.range)} is not an npm semver range`,
    };
  if (!semver.satisfies(version, check.range))
    return { ok: false, why: `version ${version} is outside range ${JSON.stringify(check.range)}` };
  return { ok: true, version };
}

/** The step ids a refusal names: any array property of it whose items are ids or `{id}`. */
function namedSteps(refusal: Record<string, unknown>): Set<string> {
  const ids = new Set<string>();
  for (const value of Object.values(refusal)) {
    if (!Array.isArray(value)) continue;
    for (const item of value) {
      if (typeof item === 'string') ids.add(item);
      else if (isObject(item) && typeof item.id === 'string') ids.add(item.id);
    }
  }
  return ids;
}

/**
 * AGENTCLI-29 on the fake's lifecycle log (`version` for each `--version` run, `start` for each agent process):
 * - no-version-check (warning): an agent process started with no version check before it;
 * - version-check-ignored: every version check before the start failed (`versionCheckOutcome`), and it started;
 * - spawned-before-setup: an agent process started while setup steps were pending;
 * - setup-not-reported: the runner's refusal is not `code: "setup_required"` naming every pending step.
 * Nothing started is the refusal's case: judged with `setupPending`. Never throws.
 */
export function checkPreflight(
  records: readonly LifecycleRecord[],
  input: PreflightInput = {},
): PreflightReport {
  const list = (Array.isArray(records) ? records : []).filter(
    (r): r is LifecycleRecord =>
      isObject(r) && typeof r.event === 'string' && typeof r.pid === 'number',
  );
  const out = new VerdictCollector({ keepPerSubRule: Infinity });
  const at = (r: LifecycleRecord) => ({
    line: list.indexOf(r) + 1,
    excerpt: toExcerpt(JSON.stringify(r)),
  });
  const add = (id: string, message: string, r?: LifecycleRecord) =>
    out.addFinding(makeFinding(id, message, r ? at(r) : {}));
  const start = list.find((r) => r.event === 'start');
  const versions = start
    ? list.slice(0, list.indexOf(start)).filter((r) => r.event === 'version')
    : list.filter((r) => r.event === 'version');
  const check = input.versionCheck;
  const pending = (input.setupPending ?? []).filter((s) => typeof s === 'string');
  let judged = false;

  if (
    check &&
    isObject(check) &&
    typeof check.parse === 'string' &&
    typeof check.range === 'string'
  ) {
    if (start && versions.length === 0) {
      judged = true;
      add(
        'AGENTCLI-29/no-version-check',
        `the agent (pid ${start.pid}) was started with no version check before it`,
        start,
      );
    } else if (versions.length > 0) {
      const outcomes = versions.map((v) =>
        typeof v.output === 'string' && (v.code ?? 0) === 0
          ? versionCheckOutcome(check, v.output)
          : ({ ok: false, why: `the check exited ${v.code}` } as const),
      );
      if (outcomes.some((o) => o.ok === 'unknown') && !outcomes.some((o) => o.ok === true))
        out.skip(
          'AGENTCLI-29',
          outcomes.find((o) => o.ok === 'unknown')!.why ?? 'range not evaluated',
        );
      else {
        judged = true;
        const failed = outcomes.every((o) => o.ok === false);
        if (failed && start)
          add(
            'AGENTCLI-29/version-check-ignored',
            `the version check failed (${(outcomes.at(-1) as { why: string }).why}) and the agent was started anyway (pid ${start.pid})`,
            start,
          );
      }
    }
  }
  if (input.setupPending !== undefined) {
    judged = true;
    if (pending.length > 0 && start)
      add(
        'AGENTCLI-29/spawned-before-setup',
        `the agent (pid ${start.pid}) was started with setup ${pending.map((s) => JSON.stringify(s)).join(', ')} pending`,
        start,
      );
    if (pending.length > 0 && !start && 'refusal' in input) {
      const refusal = input.refusal;
      const code = isObject(refusal) ? refusal.code : undefined;
      const named = isObject(refusal) ? namedSteps(refusal) : new Set<string>();
      const missing = pending.filter((s) => !named.has(s));
      if (code !== 'setup_required' || missing.length > 0) {
        add(
          'AGENTCLI-29/setup-not-reported',
          code !== 'setup_required'
            ? `the runner refused to start with code ${JSON.stringify(code ?? null)}, not "setup_required"`
            : `the setup_required refusal does not name the pending step${missing.length > 1 ? 's' : ''} ${missing.map((s) => JSON.stringify(s)).join(', ')}`,
        );
      }
    }
  }
  if (!judged) out.notApplicable('AGENTCLI-29', 'no version_check and no setup state given');
  const { ok, verdicts, findings } = out.report(['AGENTCLI-29']);
  return { ok, findings: [...findings], verdicts: [...verdicts] };
}
