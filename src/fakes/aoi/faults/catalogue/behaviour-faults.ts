import { acceptsUnsupportedVersion } from '../accepts-unsupported-version.js';
import { brokenCursor } from '../broken-cursor.js';
import { capabilitiesInvalid } from '../capabilities-invalid.js';
import { confirmCountIgnored } from '../confirm-count-ignored.js';
import { destructiveWithoutConfirmation } from '../destructive-without-confirmation.js';
import { dryRunSideEffect } from '../dry-run-side-effect.js';
import { dryRunWithoutPlan } from '../dry-run-without-plan.js';
import { echoesArgvOnStderr } from '../echoes-argv-on-stderr.js';
import { eventsOffSchema } from '../events-off-schema.js';
import { helpFails } from '../help-fails.js';
import { hidesTruncation } from '../hides-truncation.js';
import { idempotencyIgnored } from '../idempotency-ignored.js';
import { idempotencyKeyRejected } from '../idempotency-key-rejected.js';
import { idsNotIdentifying } from '../ids-not-identifying.js';
import { ignoresLimit } from '../ignores-limit.js';
import { ignoresSignals } from '../ignores-signals.js';
import { ignoresSigpipe } from '../ignores-sigpipe.js';
import { inputModeIgnored } from '../input-mode-ignored.js';
import { machineFlagRefused } from '../machine-flag-refused.js';
import { mutationsWithoutIds } from '../mutations-without-ids.js';
import { noInterruptedSummary } from '../no-interrupted-summary.js';
import { promptsInMachineMode } from '../prompts-in-machine-mode.js';
import { schemaFileId } from '../schema-file-id.js';
import { schemaInvalid } from '../schema-invalid.js';
import { schemaNeedsCredential } from '../schema-needs-credential.js';
import { schemaNeedsNetwork } from '../schema-needs-network.js';
import { schemaVersionIgnored } from '../schema-version-ignored.js';
import { silentMutations } from '../silent-mutations.js';
import { readsWrite } from '../reads-write.js';
import { slow } from '../slow.js';
import { stackTraceOnEpipe } from '../stack-trace-on-epipe.js';
import { stackTraceOnSignal } from '../stack-trace-on-signal.js';
import { stall } from '../stall.js';
import { unboundedByDefault } from '../unbounded-by-default.js';
import { usageExitCode } from '../usage-exit-code.js';
import { wrongSignalExitCode } from '../wrong-signal-exit-code.js';
import { behaviourEntry } from './entry.js';

/**
 * Every behaviour fault, by id (the id is also the fault's file name). Each declares the sub-rules the
 * process linter (`lintCli`) reports for it — no more, no less — in memory and as a process, when it
 * lints the reference tool with REFERENCE_LINT_PLAN (tools/notes/lint-plan.ts).
 */
export const BEHAVIOUR_FAULT_CATALOGUE = {
  'schema-needs-network': behaviourEntry(schemaNeedsNetwork),
  'schema-needs-credential': behaviourEntry(schemaNeedsCredential),
  'schema-file-id': behaviourEntry(schemaFileId),
  'schema-invalid': behaviourEntry(schemaInvalid, {
    defaults: { how: 'not-a-schema' },
    variants: { 'not-json': { how: 'not-json' }, fails: { how: 'fails' } },
  }),
  'capabilities-invalid': behaviourEntry(capabilitiesInvalid),
  'events-off-schema': behaviourEntry(eventsOffSchema),
  // helper: the hang is in a grandchild that holds stdout open; only killing the process group ends it.
  stall: behaviourEntry(stall, { variants: { helper: { helper: true } } }),
  'prompts-in-machine-mode': behaviourEntry(promptsInMachineMode),
  'usage-exit-code': behaviourEntry(usageExitCode, {
    defaults: { exitCode: 0 },
    variants: { 'exit-1': { exitCode: 1 } },
  }),
  'destructive-without-confirmation': behaviourEntry(destructiveWithoutConfirmation),
  'dry-run-side-effect': behaviourEntry(dryRunSideEffect),
  'dry-run-without-plan': behaviourEntry(dryRunWithoutPlan),
  'confirm-count-ignored': behaviourEntry(confirmCountIgnored),
  'idempotency-ignored': behaviourEntry(idempotencyIgnored),
  'idempotency-key-rejected': behaviourEntry(idempotencyKeyRejected),
  'mutations-without-ids': behaviourEntry(mutationsWithoutIds),
  'ids-not-identifying': behaviourEntry(idsNotIdentifying, {
    defaults: { how: 'reused' },
    variants: { 'shared-url': { how: 'shared-url' } },
  }),
  'silent-mutations': behaviourEntry(silentMutations),
  'reads-write': behaviourEntry(readsWrite),
  'echoes-argv-on-stderr': behaviourEntry(echoesArgvOnStderr),
  'ignores-sigpipe': behaviourEntry(ignoresSigpipe),
  'stack-trace-on-epipe': behaviourEntry(stackTraceOnEpipe),
  'ignores-signals': behaviourEntry(ignoresSignals),
  'no-interrupted-summary': behaviourEntry(noInterruptedSummary),
  'wrong-signal-exit-code': behaviourEntry(wrongSignalExitCode),
  'stack-trace-on-signal': behaviourEntry(stackTraceOnSignal),
  'ignores-limit': behaviourEntry(ignoresLimit),
  'hides-truncation': behaviourEntry(hidesTruncation),
  'broken-cursor': behaviourEntry(brokenCursor, {
    defaults: { how: 'rejects' },
    variants: { repeats: { how: 'repeats' } },
  }),
  'input-mode-ignored': behaviourEntry(inputModeIgnored, {
    defaults: { mistake: 'fail-fast-applies' },
    variants: {
      'continue-stops': { mistake: 'continue-stops' },
      'no-line-error': { mistake: 'no-line-error' },
      'continue-silent': { mistake: 'continue-silent' },
      'zero-based-line': { mistake: 'zero-based-line' },
      'ok-despite-bad-line': { mistake: 'ok-despite-bad-line' },
    },
  }),
  'schema-version-ignored': behaviourEntry(schemaVersionIgnored),
  'accepts-unsupported-version': behaviourEntry(acceptsUnsupportedVersion),
  slow: behaviourEntry(slow),
  'help-fails': behaviourEntry(helpFails),
  'machine-flag-refused': behaviourEntry(machineFlagRefused),
  'unbounded-by-default': behaviourEntry(unboundedByDefault),
};

export type BehaviourFaultId = keyof typeof BEHAVIOUR_FAULT_CATALOGUE;
export const BEHAVIOUR_FAULT_IDS = Object.keys(BEHAVIOUR_FAULT_CATALOGUE) as BehaviourFaultId[];
