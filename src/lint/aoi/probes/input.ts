import { parseDocument } from '../../../checks/aoi/probe/discovery.js';
import {
  inputModeOf,
  judgeMalformedInput,
  MALFORMED_LINE,
  VALID_LINES,
} from '../../../checks/aoi/probe/input.js';
import { observedAdditions } from '../../../checks/aoi/probe/observe.js';
import type { RecordedProbe } from '../runner.js';
import type { Event } from '../../../checks/aoi/probe/types.js';
import { invisible, unreadable, type LintContext } from '../context.js';
import { inputExample } from '../input-example.js';
import { hasFlag, withFlag } from '../plan.js';
import type { AfterBaseSubject, ProbeModule } from './module.js';

/** Two valid input lines, and the same with a malformed line between them. */
export interface InputLines {
  readonly valid: string;
  readonly malformed: string;
}

/** The input lines of a JSONL reader, from its input schema (`input-schema --command X --output json`). */
export async function readInputLines(
  command: string,
  lint: LintContext,
): Promise<InputLines | undefined> {
  const probe = await lint.runner.probe(lint.discovery(['input-schema', '--command', command]), {
    clean: true,
  });
  if (probe.run.exitCode !== 0) return undefined;
  const schema = parseDocument(probe.run.stdout);
  if (!schema.ok) return undefined;
  const [first, second] = [1, 2].map((variant) => inputExample(schema.value, variant));
  if (!first || !second) return undefined;
  const lines = [JSON.stringify(first), JSON.stringify(second)];
  const malformed = [...lines];
  malformed.splice(MALFORMED_LINE - 1, 0, '{"broken');
  return { valid: `${lines.join('\n')}\n`, malformed: `${malformed.join('\n')}\n` };
}

/** The run stopped at a usage error: the invocation, not the input, was wrong. */
const isUsageFailure = (events: readonly Event[]): boolean =>
  events.some((event) => event.type === 'aoi:error' && event.category === 'usage');

/** AOI-12 (§12.2): a malformed line between two valid ones, in the declared mode and with --continue-on-error. */
export const input: ProbeModule<AfterBaseSubject & { readonly input: InputLines | undefined }> = {
  rules: ['AOI-12'],
  plan({ plan, invocation, input, base }, lint) {
    if (!plan.inputJsonl) return { notApplicable: `${plan.name} is not reading JSONL input` };
    if (!input)
      return {
        skip: `no valid input line could be built from \`input-schema --command ${plan.name} --output json\``,
      };
    return [
      {
        key: 'declared',
        args: lint.machine(invocation),
        settings: { stdin: input.malformed, observe: base.observes },
      },
    ];
  },
  async judge({ command, invocation, base, input }, runs, lint) {
    const declared = runs.get('declared')!;
    const judged = lint.judgeStream(command, declared);
    if (judged === 'unreadable')
      lint.verdicts.skip('AOI-12', unreadable(lint.redact(declared.label)), command);
    if (judged !== 'readable') return;
    if (isUsageFailure(declared.events)) {
      lint.verdicts.skip(
        'AOI-12',
        `\`${lint.redact(declared.label)}\` is a usage error: give an invocation that reads JSONL input with --invoke`,
        command,
      );
      return;
    }
    const continues = hasFlag(invocation, '--continue-on-error');
    // "Applied the good lines" can be counted only where an observation saw the valid input's lines applied.
    const seesLines = (observedAdditions(base.evidence.observed)?.count ?? 0) >= VALID_LINES;
    const applied = (probe: RecordedProbe) =>
      seesLines ? observedAdditions(probe.observed) : undefined;
    const requested = continues ? 'continue' : undefined;
    const mode = inputModeOf(declared.run, declared.events, requested);
    lint.judgeEffects('AOI-12', command, declared, (effects) =>
      judgeMalformedInput(
        declared.run,
        declared.events,
        effects,
        lint.reporter(command, declared.label),
        requested,
        applied(declared),
      ),
    );
    if (base.observes) lint.noteObservers('AOI-12', command);
    // Positive control: fail-fast's "applied nothing" means something only if valid input changes something visible.
    if (mode === 'continue' || lint.effects(base.evidence).length > 0)
      lint.verdicts.exercised('AOI-12', command);
    else
      lint.verdicts.skip(
        'AOI-12',
        invisible(command, lint.runner.observers, lint.observersOutOfTime),
        command,
      );
    if (mode === 'continue' || continues) return;
    const tolerant = await lint.runner.probe(
      lint.machine(withFlag(invocation, '--continue-on-error')),
      { stdin: input!.malformed, observe: base.observes },
    );
    // A usage error here means the tool has no --continue-on-error: nothing more to judge.
    if (isUsageFailure(tolerant.events) || lint.judgeStream(command, tolerant) !== 'readable')
      return;
    lint.judgeEffects('AOI-12', command, tolerant, (effects) =>
      judgeMalformedInput(
        tolerant.run,
        tolerant.events,
        effects,
        lint.reporter(command, tolerant.label),
        'continue',
        applied(tolerant),
      ),
    );
  },
};
