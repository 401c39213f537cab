import { createHash } from 'node:crypto';
import type { AgentCliManifest } from '../../spec/agentcli/manifest.js';
import {
  runnerRulesOf,
  type RunnerScenarioSpec,
  type RunnerTurn,
} from '../../spec/agentcli/runner-scenarios.js';
import type { LifecycleRecord } from '../../spec/agentcli/transcript.js';
import { isObject } from '../../stream/json.js';
import { timedVerdict, VerdictCollector, type Report } from '../verdict.js';
import { checkAgentLifecycle } from './lifecycle.js';
import { checkPreflight } from './preflight.js';
import { checkRunnerSecrets } from './runner-secrets.js';
import { checkSessionPolicy } from './session-policy.js';
import { checkTurns } from './turns.js';

/** What one run of the runner on one scenario left behind, as the kit recorded it (lint/agentcli/runner.ts). */
export interface RunnerRecording {
  readonly scenario: RunnerScenarioSpec;
  /** The AGENT-CLI.md the kit wrote for the scenario. */
  readonly manifest: AgentCliManifest;
  /** How the runner ended. `timedOut`: the kit killed its process tree after `timeoutMs`. */
  readonly run: {
    readonly stdout: Uint8Array;
    readonly stderr: Uint8Array;
    readonly exitCode: number | null;
    readonly signal: string | null;
    readonly timedOut: boolean;
    readonly durationMs: number;
  };
  readonly timeoutMs: number;
  /** The fake agent's lifecycle log: what reached it, from whom, and how it ended. */
  readonly records: readonly LifecycleRecord[];
  /** The lines of the runner's events file ($AOI_RUNNER_EVENTS); null when it wrote none. */
  readonly events: readonly string[] | null;
  /** The agent's pids (and its helpers') still alive when the kit looked after the runner ended; null: not observable. */
  readonly alive: readonly number[] | null;
  /** When the kit sent the runner SIGINT (Date.now()), in a cancel scenario; null when it never did. */
  readonly cancelSentAt: number | null;
  /** The secret the runner was given for the agent, when the manifest has auth. */
  readonly secret?: string;
}

/** How one turn ended in the runner's events. */
export interface RunnerTurnEnd {
  readonly type: string;
  readonly stopReason?: string;
}

/** What the runner reported in one scenario. */
export interface RunnerOutcome {
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** How many events it reported; null when it wrote no events file. */
  readonly events: number | null;
  /** How each of its turns ended (its last event), in order. */
  readonly turnEnds: readonly RunnerTurnEnd[];
  /** Failure: a non-zero exit, death by a signal, or a turn that ended in an error event. */
  readonly failed: boolean;
}

export interface RunnerScenarioResult {
  readonly id: string;
  readonly arm: RunnerScenarioSpec['arm'];
  readonly must: RunnerScenarioSpec['must'];
  /** Null when the runner did not end on its own. */
  readonly outcome: RunnerOutcome | null;
  /** Agent processes the runner started (version checks not counted), turns that reached one, cancels it got. */
  readonly agent: { readonly starts: number; readonly prompts: number; readonly cancels: number };
  readonly durationMs: number;
}

/** The verdict on a runner: one per (scenario × rule the scenario judges), the scenario's id as the verdict's command. */
export interface RunnerReport extends Report {
  readonly scenarios: readonly RunnerScenarioResult[];
}

export interface JudgeRunnerOptions {
  /** Warnings fail their rule (the kit's one meaning of strict). */
  readonly strict?: boolean;
}

const decoder = new TextDecoder();
const textOf = (bytes: Uint8Array) => decoder.decode(bytes);
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const short = (text: string, max = 60) =>
  JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);

/** The runner's events: each line parsed (a line that is not JSON is kept as its text, for the turn checker to report). */
function parseEvents(lines: readonly string[]): unknown[] {
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return line;
      }
    });
}

type Json = Record<string, unknown>;

/**
 * The runner's events by turn: by their `turn` (the 0-based index into AOI_RUNNER_TURNS) when they carry one;
 * else, with one turn given, all of them; else split after each turn-end.
 */
export function runnerTurns(events: readonly unknown[], given: number): Json[][] {
  const objects = events.filter(isObject) as Json[];
  if (objects.some((e) => typeof e.turn === 'number')) {
    const turns: Json[][] = [];
    let current = 0;
    for (const event of objects) {
      if (typeof event.turn === 'number' && Number.isInteger(event.turn) && event.turn >= 0)
        current = event.turn;
      (turns[current] ??= []).push(event);
    }
    return Array.from({ length: turns.length }, (_, i) => turns[i] ?? []);
  }
  if (given <= 1) return objects.length > 0 ? [objects] : [];
  const turns: Json[][] = [[]];
  for (const event of objects) {
    turns.at(-1)!.push(event);
    if (event.type === 'turn-end') turns.push([]);
  }
  if (turns.at(-1)!.length === 0) turns.pop();
  return turns;
}

/** What the runner reported: its exit, and how each turn of its events ended. */
export function runnerOutcomeOf(recording: RunnerRecording): RunnerOutcome {
  const { run } = recording;
  const events = recording.events === null ? null : parseEvents(recording.events);
  const turns = events === null ? [] : runnerTurns(events, recording.scenario.turns.length);
  const turnEnds = turns
    .filter((t) => t.length > 0)
    .map((t) => {
      const last = t.at(-1)!;
      return {
        type: String(last.type),
        ...(typeof last.stopReason === 'string' ? { stopReason: last.stopReason } : {}),
      };
    });
  const failed =
    run.exitCode !== 0 || run.signal !== null || turnEnds.some((end) => end.type === 'error');
  return {
    exitCode: run.exitCode,
    signal: run.signal,
    events: events === null ? null : events.length,
    turnEnds,
    failed,
  };
}

/** The outcome in words: `exit 0, 3 event(s), turns ended turn-end end_turn`. */
export function describeRunnerOutcome(outcome: RunnerOutcome): string {
  const end = outcome.signal !== null ? `killed by ${outcome.signal}` : `exit ${outcome.exitCode}`;
  const events =
    outcome.events === null
      ? ', no events'
      : `, ${outcome.events} event(s)${outcome.turnEnds.length > 0 ? `, turns ended ${outcome.turnEnds.map((e) => (e.stopReason ? `${e.type} ${e.stopReason}` : e.type)).join(' · ')}` : ''}`;
  return `${end}${events}`;
}

/** The prompt record that delivered each given turn (the first unused one that ends with its text), if any. */
function deliveries(
  turns: readonly RunnerTurn[],
  records: readonly LifecycleRecord[],
): (LifecycleRecord | undefined)[] {
  const prompts = records.filter((r) => r.event === 'prompt' && typeof r.text === 'string');
  const used = new Set<LifecycleRecord>();
  return turns.map((turn) => {
    const found = prompts.find((p) => !used.has(p) && delivers(turn, p));
    if (found) used.add(found);
    return found;
  });
}

/** Whether a prompt record is the given turn: its text ends with the prompt (mcp: the tool and its arguments). */
function delivers(turn: RunnerTurn, record: LifecycleRecord): boolean {
  const text = record.text!;
  if (turn.tool === undefined) return text.trimEnd().endsWith(turn.prompt.trimEnd());
  if (record.tool !== turn.tool) return false;
  const args = turn.arguments ?? {};
  if (typeof args.text === 'string') return text.trimEnd().endsWith(args.text.trimEnd());
  try {
    return sameJson(JSON.parse(text), args);
  } catch {
    return false;
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]))
    );
  }
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  return a === b;
}

/** The `prompt-end` that answered a prompt record: the next one of the same process and session. */
function endOf(
  records: readonly LifecycleRecord[],
  prompt: LifecycleRecord,
): LifecycleRecord | undefined {
  return records
    .slice(records.indexOf(prompt) + 1)
    .find(
      (r) => r.event === 'prompt-end' && r.pid === prompt.pid && r.sessionId === prompt.sessionId,
    );
}

/** What a refusal said: the first JSON object in the runner's events or stdout with a `code` (or `error.code`). */
function refusalOf(events: readonly unknown[], stdout: string): unknown {
  const candidates = [
    ...events,
    ...stdout.split('\n').flatMap((line) => {
      try {
        return [JSON.parse(line) as unknown];
      } catch {
        return [];
      }
    }),
  ].filter(isObject);
  for (const candidate of candidates) {
    if (typeof candidate.code === 'string') return candidate;
    if (isObject(candidate.error) && typeof candidate.error.code === 'string')
      return candidate.error;
  }
  return undefined;
}

/** Whether `text` states the exit: the status beside a word for it, or the signal's name. */
function statesExit(text: string, fatal: LifecycleRecord): boolean {
  if (typeof fatal.signal === 'string') return text.includes(fatal.signal);
  const code = String(fatal.code);
  return new RegExp(
    `(exit|status|code|returncode)[^\\n]{0,40}?\\b${code}\\b|\\b${code}\\b[^\\n]{0,20}?(exit|status|code)`,
    'i',
  ).test(text);
}

/**
 * AGENTCLI-22, 23 and 26…35 on recorded runs of one runner, one scenario at a time: what a correct runner must do
 * with the scenario's agent (`scenario.must`), judged from the agent's own lifecycle log and the runner's report (its
 * exit, its output, its events). A rule whose prerequisite failed (the runner hung; it never started the agent;
 * the agent never got the turn) is skipped with the reason, never passed.
 */
export function judgeRunner(
  recordings: readonly RunnerRecording[],
  options: JudgeRunnerOptions = {},
): RunnerReport {
  const secrets = recordings.flatMap((r) => (r.secret ? [r.secret] : []));
  const collector = new VerdictCollector({
    strict: options.strict === true,
    secrets,
    unrecorded: { notApplicable: 'not judged in this scenario' },
  });
  const results: RunnerScenarioResult[] = [];
  // Per scenario: its rules, and its run's wall time (each judged verdict's time).
  const verdictRules: [string, string[], number][] = [];
  for (const recording of recordings) {
    const { scenario, run, records } = recording;
    const id = scenario.id;
    const rules = runnerRulesOf(scenario);
    verdictRules.push([id, rules, run.durationMs]);
    const others = rules.filter((rule) => rule !== 'AGENTCLI-33');
    const stdout = textOf(run.stdout);
    const stderr = textOf(run.stderr);
    const eventLines = recording.events ?? [];
    const said = `${stdout}\n${stderr}\n${eventLines.join('\n')}`;
    const evidence = {
      text: (stderr.trim() !== '' ? stderr : stdout).trim().split('\n').slice(-3).join('\n'),
    };
    const starts = records.filter((r) => r.event === 'start');
    const agent = {
      starts: starts.length,
      prompts: records.filter((r) => r.event === 'prompt').length,
      cancels: records.filter((r) => r.event === 'cancel').length,
    };
    const result = (outcome: RunnerOutcome | null): RunnerScenarioResult => ({
      id,
      arm: scenario.arm,
      must: scenario.must,
      outcome,
      agent,
      durationMs: run.durationMs,
    });
    /** Adopt a sub-judge's findings and verdicts for `rule` in this scenario. */
    const adopt = (report: Report, rule: string) => {
      for (const finding of report.findings)
        if (finding.rule === rule) collector.addFinding(finding, id);
      const verdict = report.verdicts.find((v) => v.rule === rule);
      if (verdict?.status === 'skip') collector.skip(rule, verdict.reason ?? 'skipped', id);
      else if (verdict?.status === 'not_applicable')
        collector.notApplicable(rule, verdict.reason ?? 'not applicable', id);
      else collector.exercised(rule, id);
    };

    // AGENTCLI-33: it ends on its own; nothing else can be judged of a runner the kit had to kill.
    if (run.timedOut) {
      collector.add(
        'AGENTCLI-33/hung',
        `${id}: the runner was still running after ${recording.timeoutMs} ms (${scenario.description.replace(/\.$/, '')}); the kit killed its process tree`,
        evidence,
        id,
      );
      for (const rule of others)
        collector.skip(
          rule,
          `the runner did not end on its own within ${recording.timeoutMs} ms (AGENTCLI-33)`,
          id,
        );
      results.push(result(null));
      continue;
    }
    collector.exercised('AGENTCLI-33', id);
    const outcome = runnerOutcomeOf(recording);
    results.push(result(outcome));
    const events = recording.events === null ? null : parseEvents(recording.events);
    const turns = events === null ? [] : runnerTurns(events, scenario.turns.length);
    const noEvents = `the runner reported no events (${'$'}AOI_RUNNER_EVENTS is empty)`;

    const mustStart = scenario.must !== 'refuse-spawn' && scenario.must !== 'refuse-session';
    if (mustStart && starts.length === 0) {
      for (const rule of others)
        collector.skip(
          rule,
          'the runner never started the agent (no start record): what it does with one cannot be judged',
          id,
        );
      continue;
    }

    // AGENTCLI-31: every turn reached the agent, the runner reported success, its events are what the agent sent.
    const delivered = deliveries(scenario.turns, records);
    if (rules.includes('AGENTCLI-31')) {
      collector.exercised('AGENTCLI-31', id);
      scenario.turns.forEach((turn, i) => {
        if (delivered[i] === undefined)
          collector.add(
            'AGENTCLI-31/prompt-not-delivered',
            `${id}: turn ${i + 1} (${short(turn.tool ? `${turn.tool} ${JSON.stringify(turn.arguments ?? {})}` : turn.prompt)}) never reached the agent (${agent.prompts} turn(s) did)`,
            evidence,
            id,
          );
      });
      if (scenario.must === 'succeed' && outcome.failed)
        collector.add(
          'AGENTCLI-31/success-rejected',
          `${id}: every turn of the agent ended normally, and the runner reported failure (${describeRunnerOutcome(outcome)})`,
          evidence,
          id,
        );
      if (events === null)
        collector.note(
          'AGENTCLI-31',
          `${noEvents}: its relay was judged on what reached the agent`,
          id,
        );
      else if (scenario.must === 'succeed') {
        scenario.turns.forEach((_, i) => {
          const prompt = delivered[i];
          const end = prompt ? endOf(records, prompt) : undefined;
          if (!end) return;
          const mine = turns[i] ?? [];
          const differences: string[] = [];
          const last = mine.at(-1);
          if (!last || last.type !== 'turn-end')
            differences.push(
              `it ends with ${last ? String(last.type) : 'nothing'}, the agent ended it ${end.stopReason}`,
            );
          else if (typeof last.stopReason === 'string' && last.stopReason !== end.stopReason)
            differences.push(
              `its turn-end says ${last.stopReason}, the agent said ${end.stopReason}`,
            );
          if (typeof end.textSha256 === 'string' && !recording.secret) {
            const text = mine
              .filter((e) => e.type === 'text-delta')
              .map((e) => (typeof e.text === 'string' ? e.text : ''))
              .join('');
            if (sha256(text) !== end.textSha256)
              differences.push(
                `its text-deltas add up to ${Buffer.byteLength(text)} bytes, not the agent's ${end.textBytes} (or not the same ones)`,
              );
          }
          const ids = new Set(
            mine
              .filter((e) => e.type === 'tool-call')
              .map((e) => String(e.id ?? e.toolCallId ?? '')),
          );
          const missing = (end.toolCalls ?? []).filter((call) => !ids.has(call));
          if (missing.length > 0)
            differences.push(`it has no tool-call ${missing.map((m) => short(m)).join(', ')}`);
          const asked = records.filter(
            (r) =>
              r.event === 'permission' &&
              r.pid === prompt!.pid &&
              r.at >= prompt!.at &&
              r.at <= end.at,
          ).length;
          if (asked > 0 && !mine.some((e) => e.type === 'agent-prompt'))
            differences.push('the agent asked for permission and it has no agent-prompt');
          if (differences.length > 0)
            collector.add(
              'AGENTCLI-31/events-unfaithful',
              `${id}: turn ${i + 1} of the runner's events differs from what the agent sent: ${differences.join('; ')}`,
              { text: JSON.stringify(mine.slice(-3)) },
              id,
            );
        });
      }
    }

    // AGENTCLI-22, 23: the runner's events follow the taxonomy.
    for (const rule of ['AGENTCLI-22', 'AGENTCLI-23'].filter((r) => rules.includes(r))) {
      if (events === null) collector.notApplicable(rule, noEvents, id);
      else adopt(checkTurns(events, { strict: options.strict === true }), rule);
    }

    // AGENTCLI-32: a turn the agent could not serve is a failure, and a death is explained.
    if (rules.includes('AGENTCLI-32')) {
      collector.exercised('AGENTCLI-32', id);
      const fatal = records.find((r) => r.event === 'fatal');
      if (!outcome.failed) {
        const why = fatal
          ? `the agent died (${fatal.signal ?? `status ${fatal.code}`})`
          : scenario.must === 'fail'
            ? 'the agent never answered'
            : 'the runner had to refuse the agent';
        collector.add(
          'AGENTCLI-32/failure-hidden',
          `${id}: ${why}, and the runner reported success (${describeRunnerOutcome(outcome)})`,
          evidence,
          id,
        );
      } else if (fatal && typeof fatal.message === 'string') {
        const missing = [
          ...(said.includes(fatal.message) ? [] : [`stderr (${short(fatal.message)})`]),
          ...(statesExit(said, fatal)
            ? []
            : [fatal.signal ? `signal (${fatal.signal})` : `exit status (${fatal.code})`]),
        ];
        if (missing.length > 0)
          collector.add(
            'AGENTCLI-32/failure-unexplained',
            `${id}: the runner reported the failure without the agent's ${missing.join(' or ')}`,
            evidence,
            id,
          );
      }
    }

    // AGENTCLI-34: refused before any turn.
    if (rules.includes('AGENTCLI-34')) {
      collector.exercised('AGENTCLI-34', id);
      if (scenario.manifest.protocol !== undefined && starts.length > 0)
        collector.add(
          'AGENTCLI-34/unknown-protocol-loaded',
          `${id}: the manifest's protocol is ${short(scenario.manifest.protocol)}, and the runner started the agent (pid ${starts[0]!.pid})`,
          evidence,
          id,
        );
      if (scenario.must === 'refuse-session') {
        const handshake = records.find((r) => r.event === 'handshake');
        const after = handshake
          ? records
              .slice(records.indexOf(handshake) + 1)
              .find((r) => r.event === 'session-open' || r.event === 'prompt')
          : undefined;
        if (handshake && after) {
          const version = scenario.faults.some(([fault]) => fault === 'unknown-protocol-version');
          collector.add(
            version ? 'AGENTCLI-34/version-disagreed' : 'AGENTCLI-34/capabilities-not-enforced',
            version
              ? `${id}: the runner offered protocol version ${JSON.stringify(handshake.offered)}, the agent answered ${JSON.stringify(handshake.answered)}, and the runner went on (${after.event === 'prompt' ? 'it sent a turn' : 'it opened a session'})`
              : `${id}: the manifest declares resumable sessions, the agent's initialize offers no session/load, and the runner went on (${after.event === 'prompt' ? 'it sent a turn' : 'it opened a session'})`,
            { text: JSON.stringify(after) },
            id,
          );
        }
      }
    }

    // AGENTCLI-35: the user's cancel and answers reach the agent.
    if (rules.includes('AGENTCLI-35')) {
      if (scenario.must === 'cancel') {
        const sent = recording.cancelSentAt;
        if (sent === null)
          collector.skip(
            'AGENTCLI-35',
            'the agent never got the turn, so the kit never sent SIGINT to cancel it',
            id,
          );
        else {
          collector.exercised('AGENTCLI-35', id);
          if (!records.some((r) => r.event === 'cancel' && r.at >= sent - 50))
            collector.add(
              'AGENTCLI-35/cancel-not-forwarded',
              `${id}: the kit sent the runner SIGINT while the agent worked on the turn, and the agent never received a cancel`,
              evidence,
              id,
            );
          const last = turns[0]?.at(-1);
          if (events !== null && (last?.type !== 'turn-end' || last.stopReason !== 'cancelled'))
            collector.add(
              'AGENTCLI-35/cancel-not-reported',
              `${id}: the cancelled turn ends with ${last ? `${String(last.type)}${typeof last.stopReason === 'string' ? ` ${last.stopReason}` : ''}` : 'no event'} in the runner's events, not turn-end cancelled`,
              { text: JSON.stringify(turns[0]?.slice(-3) ?? []) },
              id,
            );
        }
      }
      if (scenario.permission === 'reject') {
        const answers = records.filter((r) => r.event === 'permission');
        if (answers.length === 0)
          collector.skip('AGENTCLI-35', 'the agent’s question was never answered', id);
        else {
          collector.exercised('AGENTCLI-35', id);
          const approved = answers.find((r) => r.outcome === 'allow');
          if (approved)
            collector.add(
              'AGENTCLI-35/permission-overridden',
              `${id}: the user's answer was reject, and the agent got an approval of ${short(String(approved.id))}`,
              { text: JSON.stringify(approved) },
              id,
            );
        }
      }
    }

    // AGENTCLI-26: the tear-down, from the log and what was still alive.
    if (rules.includes('AGENTCLI-26')) {
      if (starts.length === 0)
        collector.notApplicable('AGENTCLI-26', 'the runner started no agent', id);
      else if (recording.alive === null)
        collector.skip(
          'AGENTCLI-26',
          'processes left running cannot be seen here (needs /proc and setsid)',
          id,
        );
      else {
        const alive = new Set(recording.alive);
        adopt(checkAgentLifecycle(records, { alive: (pid) => alive.has(pid) }), 'AGENTCLI-26');
      }
    }

    // AGENTCLI-27, 28: continuation and session limits, from what reached which process and session.
    const host = scenario.turns.map((turn) => ({ conversation: 'c1', text: turn.prompt }));
    if (rules.includes('AGENTCLI-27'))
      adopt(
        checkSessionPolicy(records, {
          continuation: scenario.manifest.continuation!,
          turns: host,
        }),
        'AGENTCLI-27',
      );
    if (rules.includes('AGENTCLI-28'))
      adopt(checkSessionPolicy(records, { maxTurns: scenario.manifest.maxTurns! }), 'AGENTCLI-28');

    // AGENTCLI-29: the version check and the setup gate.
    if (rules.includes('AGENTCLI-29')) {
      const setup = (recording.manifest as { setup?: { id: string }[] }).setup;
      adopt(
        checkPreflight(records, {
          ...(scenario.judgesVersionCheck || scenario.manifest.versionRange !== undefined
            ? { versionCheck: recording.manifest.version_check }
            : {}),
          ...(scenario.manifest.setupPending
            ? {
                setupPending: (setup ?? []).map((step) => step.id),
                refusal: refusalOf(events ?? [], stdout),
              }
            : {}),
        }),
        'AGENTCLI-29',
      );
    }

    // AGENTCLI-30: the secret stays in the agent's environment.
    if (rules.includes('AGENTCLI-30'))
      adopt(
        checkRunnerSecrets(records, {
          secrets: recording.secret ? [recording.secret] : [],
          runnerLog: said,
        }),
        'AGENTCLI-30',
      );
  }
  const verdicts = verdictRules.flatMap(([id, rules, ms]) =>
    rules.map((rule) => timedVerdict(collector.verdict(rule, id), ms)),
  );
  return {
    ok: verdicts.every((v) => v.status !== 'fail'),
    verdicts,
    findings: collector.findings,
    scenarios: results,
  };
}
