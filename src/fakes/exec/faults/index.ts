/**
 * Faults of `notes exec`, one per file, selected by the environment variable `AOI_TESTKIT_EXEC_FAULTS`
 * (comma-separated ids), in memory (`runInMemory(notes, { env })`) and as a process alike. Each declares the
 * EXEC sub-rules a conforming checker reports for it, and no others, and acts only through the hooks the exec
 * engine calls (`ExecHooks`). Like every fake, this never imports the checks.
 */
import { brokenManifest } from './broken-manifest.js';
import { deadlock } from './deadlock.js';
import { dispatchesBeforeParsing } from './dispatches-before-parsing.js';
import { dryRunNotForwarded } from './dry-run-not-forwarded.js';
import { dryRunToSafe } from './dry-run-to-safe.js';
import { EXEC_FAULTS_ENV, type ExecFault } from './fault.js';
import { inputFileIgnored } from './input-file-ignored.js';
import { lostLines } from './lost-lines.js';
import { malformedSkippedUnderIgnoreErrors } from './malformed-skipped-under-ignore-errors.js';
import { noExec } from './no-exec.js';
import { optsIgnored } from './opts-ignored.js';
import { optsLeak } from './opts-leak.js';
import { parseErrorExit1 } from './parse-error-exit-1.js';
import { readsStdin } from './reads-stdin.js';
import { stopsUnderIgnoreErrors } from './stops-under-ignore-errors.js';
import { subprocessPerLine } from './subprocess-per-line.js';
import { wrongLine } from './wrong-line.js';

export {
  EXEC_FAULTS_ENV,
  type ExecFault,
  type ExecFaultFactory,
  type ExecHooks,
  type ExecManifest,
  type ExecOutcome,
} from './fault.js';

/** Every exec fault by id, in the corpus's order. */
export const EXEC_FAULT_CATALOGUE = {
  'subprocess-per-line': subprocessPerLine,
  'lost-lines': lostLines,
  'wrong-line': wrongLine,
  'parse-error-exit-1': parseErrorExit1,
  'dry-run-not-forwarded': dryRunNotForwarded,
  'stops-under-ignore-errors': stopsUnderIgnoreErrors,
  'reads-stdin': readsStdin,
  'opts-ignored': optsIgnored,
  'no-exec': noExec,
  'broken-manifest': brokenManifest,
  'input-file-ignored': inputFileIgnored,
  deadlock,
  'dispatches-before-parsing': dispatchesBeforeParsing,
  'dry-run-to-safe': dryRunToSafe,
  'malformed-skipped-under-ignore-errors': malformedSkippedUnderIgnoreErrors,
  'opts-leak': optsLeak,
} as const;

export type ExecFaultId = keyof typeof EXEC_FAULT_CATALOGUE;

/** Every exec fault with its defaults. */
export const EXEC_FAULTS: readonly ExecFault[] = Object.values(EXEC_FAULT_CATALOGUE).map((make) =>
  make(),
);

/** The exec faults a run's environment selects, in catalogue order. */
export function execFaultsOf(
  env: Readonly<Record<string, string | undefined>>,
): readonly ExecFault[] {
  const ids = new Set((env[EXEC_FAULTS_ENV] ?? '').split(',').map((s) => s.trim()));
  return EXEC_FAULTS.filter((fault) => ids.has(fault.id));
}

/** A decision of the exec engine: what a conforming exec does, passed through each selected fault's hook in turn. */
export function decide<V, A extends unknown[]>(
  faults: readonly ExecFault[],
  hook: (fault: ExecFault) => ((value: V, ...args: A) => V) | undefined,
  conforming: V,
  ...args: A
): V {
  let value = conforming;
  for (const fault of faults) value = hook(fault)?.(value, ...args) ?? value;
  return value;
}
