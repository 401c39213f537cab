import { isDeepStrictEqual } from 'node:util';
import {
  runtimeRulesOf,
  type AppCall,
  type RuntimeScenarioSpec,
} from '../../spec/consumer/runtime-scenarios.js';
import { ruleIdsOf } from '../../spec/rules.js';
import { timedVerdict, VerdictCollector, type Report } from '../verdict.js';
import type { ConsumerRecording } from './judge.js';

/** How one run of an APP runtime on one scenario ended (lint/consumer/record-runtime.ts). */
export interface RuntimeRecording {
  readonly scenario: RuntimeScenarioSpec;
  readonly run: ConsumerRecording['run'];
  readonly timeoutMs: number;
  /** The package root the runtime was given (resolved). */
  readonly packageDir: string;
  /** Every invocation the application's binary saw, in order. */
  readonly calls: readonly AppCall[];
  /** The runtime's own log (AOI_RUNTIME_LOG): its JSON lines, and how many lines were not JSON objects. */
  readonly log: {
    readonly records: readonly Readonly<Record<string, unknown>>[];
    readonly unreadable: number;
  };
}

/** What the runtime reported: its last `result` record, else its exit status. */
export interface RuntimeOutcome {
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** The last `{"type":"result"}` record of its log, when it wrote one. */
  readonly result: {
    readonly ok: unknown;
    readonly answer?: unknown;
    readonly error?: unknown;
  } | null;
  readonly reported: 'success' | 'failure';
  readonly confirms: number;
}

export interface RuntimeScenarioResult {
  readonly id: string;
  readonly shape: 'runtime';
  /** Null when the runtime did not end on its own. */
  readonly outcome: RuntimeOutcome | null;
  /** The application's invocations (argv). */
  readonly calls: readonly (readonly string[])[];
  readonly durationMs: number;
}

export interface RuntimeReport extends Report {
  readonly scenarios: readonly RuntimeScenarioResult[];
}

/** Every RUNTIME rule, in id order (from the registry). */
export const RUNTIME_RULE_IDS: readonly string[] = ruleIdsOf('RUNTIME');

export function runtimeOutcomeOf(recording: Pick<RuntimeRecording, 'run' | 'log'>): RuntimeOutcome {
  const { run, log } = recording;
  const last = log.records.filter((r) => r.type === 'result').at(-1);
  const result = last
    ? {
        ok: last.ok,
        ...('answer' in last ? { answer: last.answer } : {}),
        ...('error' in last ? { error: last.error } : {}),
      }
    : null;
  // The contract: the result record says; without one, the exit status does.
  const reported = result
    ? result.ok === true
      ? 'success'
      : 'failure'
    : run.exitCode === 0 && run.signal === null
      ? 'success'
      : 'failure';
  return {
    exitCode: run.exitCode,
    signal: run.signal,
    result,
    reported,
    confirms: log.records.filter((r) => r.type === 'confirm').length,
  };
}

/** `exit 0, result ok:true, 1 confirm`. Quotes nothing the runtime printed. */
export function describeRuntimeOutcome(outcome: RuntimeOutcome): string {
  const end = outcome.signal !== null ? `killed by ${outcome.signal}` : `exit ${outcome.exitCode}`;
  const result = outcome.result
    ? `result ok:${outcome.result.ok === true ? 'true' : outcome.result.ok === false ? 'false' : 'not a boolean'}`
    : 'no result record';
  return `${end}, ${result}${outcome.confirms > 0 ? `, ${outcome.confirms} confirm` : ''} (reported ${outcome.reported})`;
}

const cut = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
};
const argvOf = (call: AppCall) => call.argv.join(' ');
/** Something reached the user between two calls: a `notice` or a `confirm` record logged after the first. */
const told = (first: AppCall, next: AppCall): boolean =>
  first.toldBefore !== undefined &&
  next.toldBefore !== undefined &&
  next.toldBefore > first.toldBefore;

/**
 * RUNTIME-01…08 on recorded runs of one APP runtime. The binary's own record of its calls decides what was run
 * (and whether a confirm record preceded it); the runtime's result record (or exit status) decides what it
 * reported. A rule whose prerequisite failed (the runtime hung, never ran the binary, retried) is skipped with
 * the reason, never passed.
 */
export function judgeRuntime(recordings: readonly RuntimeRecording[]): RuntimeReport {
  const collector = new VerdictCollector({
    unrecorded: { notApplicable: 'not judged in this scenario' },
  });
  const results: RuntimeScenarioResult[] = [];
  // Per scenario: its rules, and its run's wall time (each judged verdict's time).
  const verdictRules: [string, string[], number][] = [];
  for (const recording of recordings) {
    const { scenario, run, calls } = recording;
    const { id, expect, request } = scenario;
    const rules = runtimeRulesOf(scenario);
    verdictRules.push([id, rules, run.durationMs]);
    const others = rules.filter((rule) => rule !== 'RUNTIME-08');
    const tail = (bytes: Uint8Array) =>
      Buffer.from(bytes).toString('utf8').trim().split('\n').slice(-3).join('\n');
    const evidence = {
      text: [
        `calls: ${calls.map(argvOf).join(' | ') || 'none'}`,
        tail(run.stdout),
        tail(run.stderr),
      ]
        .filter(Boolean)
        .join('\n'),
    };
    const argvs = calls.map((call) => call.argv);

    if (run.timedOut) {
      collector.add(
        'RUNTIME-08/hung',
        `${id}: the runtime was still running after ${recording.timeoutMs} ms; the kit killed its process tree`,
        evidence,
        id,
      );
      for (const rule of others)
        collector.skip(
          rule,
          `the runtime did not end on its own within ${recording.timeoutMs} ms (RUNTIME-08)`,
          id,
        );
      results.push({
        id,
        shape: 'runtime',
        outcome: null,
        calls: argvs,
        durationMs: run.durationMs,
      });
      continue;
    }
    collector.exercised('RUNTIME-08', id);
    const outcome = runtimeOutcomeOf(recording);
    results.push({ id, shape: 'runtime', outcome, calls: argvs, durationMs: run.durationMs });
    const neverRan = `the runtime never ran the request (${[request.command, ...request.args].join(' ')}), so what it does with its output cannot be judged`;
    // The calls that carry the request: the binary answers any call as the scenario says, so only these count.
    const requested = calls.filter((call) =>
      isDeepStrictEqual(call.argv, [request.command, ...request.args]),
    );

    // RUNTIME-01: every call from the package root.
    if (rules.includes('RUNTIME-01')) {
      const elsewhere = calls.filter((call) => call.cwd !== recording.packageDir);
      if (calls.length === 0) collector.skip('RUNTIME-01', neverRan, id);
      else if (elsewhere.length > 0)
        collector.add(
          'RUNTIME-01/not-package-root',
          `${id}: ${argvOf(elsewhere[0]!)} ran in ${elsewhere[0]!.cwd}, not the package root ${recording.packageDir}`,
          evidence,
          id,
        );
      else collector.exercised('RUNTIME-01', id);
    }

    // RUNTIME-05: a second call after the failure is a retry; silent when nothing reached the user between the two
    // (a `notice` or a question: "without user awareness" is the contract's line, not any retry at all).
    const retried = requested.length > 1;
    const silent = requested.slice(1).filter((call, n) => !told(requested[n]!, call));
    if (expect.once) {
      if (requested.length === 0) collector.skip('RUNTIME-05', neverRan, id);
      else if (silent.length > 0)
        collector.add(
          'RUNTIME-05/silent-retry',
          `${id}: the command failed and was run ${requested.length} times (${calls.map((_, n) => `exit ${scenario.responses[Math.min(n, scenario.responses.length - 1)]!.code}`).join(', ')}), with nothing logged for the user (a notice or a question) before a retry`,
          evidence,
          id,
        );
      else collector.exercised('RUNTIME-05', id);
    }
    const once =
      requested.length === 0
        ? neverRan
        : retried
          ? `the runtime ran the command ${requested.length} times (RUNTIME-05): what it reported is not about the one failure`
          : undefined;

    // RUNTIME-03: a non-zero exit is reported as failure.
    if (expect.failure) {
      if (once) collector.skip('RUNTIME-03', once, id);
      else if (outcome.reported === 'success')
        collector.add(
          'RUNTIME-03/failure-reported-as-success',
          `${id}: ${argvOf(requested[0]!)} exited ${scenario.responses[0]!.code}, and the runtime reported success (${describeRuntimeOutcome(outcome)})`,
          evidence,
          id,
        );
      else collector.exercised('RUNTIME-03', id);
    }

    // RUNTIME-04: the structured error's code and message reach the report.
    if (expect.error) {
      const error = outcome.result?.error as { code?: unknown; message?: unknown } | undefined;
      if (once) collector.skip('RUNTIME-04', once, id);
      else if (outcome.reported === 'success')
        collector.skip('RUNTIME-04', 'the runtime reported success, not an error (RUNTIME-03)', id);
      else if (error?.code !== expect.error.code || error?.message !== expect.error.message) {
        collector.add(
          'RUNTIME-04/error-dropped',
          `${id}: the application failed with ${cut(expect.error)}; the runtime's result record has error ${cut(error)}`,
          evidence,
          id,
        );
      } else collector.exercised('RUNTIME-04', id);
    }

    // RUNTIME-02: the answer is stdout's JSON, never stderr's.
    if (rules.includes('RUNTIME-02')) {
      const answer = outcome.result?.answer;
      const reportedAnswer =
        outcome.reported === 'success' && outcome.result !== null && 'answer' in outcome.result;
      if (requested.length === 0) collector.skip('RUNTIME-02', neverRan, id);
      else if (
        expect.notAnswer !== undefined &&
        reportedAnswer &&
        isDeepStrictEqual(answer, expect.notAnswer)
      ) {
        collector.add(
          'RUNTIME-02/stderr-parsed',
          `${id}: the runtime reported the JSON the application wrote on stderr as the answer: ${cut(answer)}`,
          evidence,
          id,
        );
      } else if (
        expect.answer !== undefined &&
        !(reportedAnswer && isDeepStrictEqual(answer, expect.answer))
      ) {
        const what =
          outcome.reported === 'success'
            ? `answer ${cut(answer)}`
            : `failure (${describeRuntimeOutcome(outcome)})`;
        collector.add(
          'RUNTIME-02/answer-not-stdout',
          `${id}: the application exited 0 with ${cut(expect.answer)} on stdout; the runtime reported ${what}`,
          evidence,
          id,
        );
      } else collector.exercised('RUNTIME-02', id);
    }

    // RUNTIME-06: confirm before; denied means not run.
    if (expect.confirmation) {
      const unasked = calls.find(
        (call) => call.argv[0] === request.command && call.confirmsBefore === 0,
      );
      const ran = calls.filter((call) => call.argv[0] === request.command);
      if (unasked)
        collector.add(
          'RUNTIME-06/not-asked',
          `${id}: ${argvOf(unasked)} (remove is confirmationRequired) ran with no confirm record before it in the runtime's log`,
          evidence,
          id,
        );
      else if (expect.confirmation === 'denied' && ran.length > 0)
        collector.add(
          'RUNTIME-06/run-after-denial',
          `${id}: the user answered no, and ${argvOf(ran[0]!)} ran anyway`,
          evidence,
          id,
        );
      else if (expect.confirmation === 'approved' && ran.length === 0)
        collector.skip(
          'RUNTIME-06',
          `${neverRan}, approved by the user: whether it asks first is not seen`,
          id,
        );
      else collector.exercised('RUNTIME-06', id);
    }

    // RUNTIME-07: no invented scheduling command.
    if (expect.noCall) {
      if (calls.length > 0)
        collector.add(
          'RUNTIME-07/invented-scheduling',
          `${id}: the runtime invoked ${argvOf(calls[0]!)}, a scheduling command APP.md does not document${scenario.app.scheduling === 'notSupported' ? ' (scheduling: notSupported)' : ''}`,
          evidence,
          id,
        );
      else collector.exercised('RUNTIME-07', id);
    }
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
