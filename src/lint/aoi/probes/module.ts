import type { LintContext } from '../context.js';
import type { CommandPlan } from '../plan.js';
import type { BaseAnswer } from './base.js';
import type { ProbeSettings, RecordedProbe } from '../runner.js';

/** One probe a module wants run: its key among the module's runs, the argv, how it runs. */
export interface ProbeRequest {
  readonly key: string;
  readonly args: readonly string[];
  readonly settings?: ProbeSettings;
}

/** Why a module's rules cannot be judged for a command: they apply but a prerequisite failed, or they do not apply. */
export type Gate = { readonly skip: string } | { readonly notApplicable: string };

/**
 * One concern of the AOI lint (a rule, or the probes several rules share), always the same shape:
 * - `rules`: the rules it judges; with `--only`, a module that judges none of them is not planned;
 * - `plan`: from what is known before running anything (the command's plan, earlier answers), the probes
 *   to run, or a gate that says why its rules are skipped or not applicable (nothing to run: `[]`);
 * - `judge`: hands the recorded runs (by key) to the pure judges of `checks/aoi/probe`, and runs the
 *   follow-up probes that need an earlier answer (page 1's cursor, a replay in the first run's state).
 */
export interface ProbeModule<Subject extends { readonly command: string }, Answer = void> {
  readonly rules: readonly string[];
  /** Nothing waits on its answer and its judge runs no further probe in their sandboxes: its probes run `later` (ProbeSettings). */
  readonly leaf?: boolean;
  plan(subject: Subject, lint: LintContext): readonly ProbeRequest[] | Gate;
  judge(
    subject: Subject,
    runs: ReadonlyMap<string, RecordedProbe>,
    lint: LintContext,
  ): Answer | Promise<Answer>;
}

/**
 * Plan a module, run its probes (at once, through the runner's pool) and judge them. Gates are recorded
 * before the first await, so that modules planned one after another record their reasons in that order. The
 * module is one judgement for the time of its rows (lint/aoi/timing.ts): the runs it reads, the rows it records.
 */
export function runModule<Subject extends { readonly command: string }, Answer>(
  module: ProbeModule<Subject, Answer>,
  subject: Subject,
  lint: LintContext,
): Promise<Answer | undefined> {
  return lint.times.scope(() => judgeModule(module, subject, lint));
}

async function judgeModule<Subject extends { readonly command: string }, Answer>(
  module: ProbeModule<Subject, Answer>,
  subject: Subject,
  lint: LintContext,
): Promise<Answer | undefined> {
  if (!lint.wants(...module.rules)) return undefined;
  const planned = module.plan(subject, lint);
  if (!Array.isArray(planned)) {
    const gate = planned as Gate;
    for (const rule of module.rules) {
      if ('skip' in gate) lint.verdicts.skip(rule, gate.skip, subject.command);
      else lint.verdicts.notApplicable(rule, gate.notApplicable, subject.command);
    }
    return undefined;
  }
  const requests = planned as readonly ProbeRequest[];
  if (requests.length === 0) return undefined;
  const runs = new Map(
    await Promise.all(
      requests.map(
        async (request) =>
          [
            request.key,
            baseRun(subject, request, lint) ??
              (await lint.runner.probe(
                request.args,
                module.leaf ? { ...request.settings, later: true } : request.settings,
              )),
          ] as const,
      ),
    ),
  );
  return module.judge(subject, runs, lint);
}

/**
 * The base probe's run, when a request asks for exactly that run again: the same argv with no settings of its own,
 * and the base run was plain too (not observed). Several rules read one plain run (AOI-11's page without --limit
 * is the base probe of an invocation that gives none); only its requester runs follow-ups in its sandbox.
 */
function baseRun(
  subject: { readonly command: string },
  request: ProbeRequest,
  lint: LintContext,
): RecordedProbe | undefined {
  const { base, invocation } = subject as Partial<AfterBaseSubject>;
  if (
    !base ||
    !invocation ||
    base.probe.observed.length > 0 ||
    Object.keys(request.settings ?? {}).length > 0
  )
    return undefined;
  const args = lint.machine(invocation);
  if (request.args.length !== args.length || request.args.some((arg, i) => arg !== args[i]))
    return undefined;
  lint.times.charge(base.probe.run);
  return base.probe;
}

/** Probes of one command. */
export interface CommandSubject {
  readonly command: string;
  readonly plan: CommandPlan;
}

/** Probes of one invocation of a command. */
export interface InvocationSubject extends CommandSubject {
  /** The invocation's argv (without the machine-mode flag); the first word is the command. */
  readonly invocation: readonly string[];
}

/** Probes that need the invocation's base probe: they mutate, replay or page what it did. */
export interface AfterBaseSubject extends InvocationSubject {
  readonly base: BaseAnswer;
}
