import type { Characteristic } from '../spec/types.js';
import type { RuleVerdict } from './verdict.js';

/** The ten characteristics, in the order of the spec's list (AOI-CLI, "Relationship to Machine Mode"). */
export const CHARACTERISTICS: readonly Characteristic[] = [
  'Typed',
  'Discoverable',
  'Streamable',
  'Bounded',
  'Safe',
  'Idempotent',
  'Auditable',
  'Verifiable',
  'Composable',
  'Versioned',
];

/** A (characteristic × command) pair: `fail` if a rule mapped to it failed, `pass` if at least one was judged and none failed, else `not_judged`. */
export type CharacteristicStatus = 'pass' | 'fail' | 'not_judged';

/** Per command, per characteristic (§18.1: "the set of (characteristic × command) pairs the tool passes"). */
export type CharacteristicMatrix = Readonly<
  Record<string, Readonly<Record<Characteristic, CharacteristicStatus>>>
>;

/**
 * The §18.1 matrix from a report's verdicts: each verdict counts for every characteristic its rule maps to, for
 * its command. A rule that was skipped or not applicable proves nothing either way, so a characteristic judged by
 * no rule of a command is `not_judged`, never `pass`. Commands in the order of the verdicts.
 */
export function characteristicMatrix(verdicts: readonly RuleVerdict[]): CharacteristicMatrix {
  const matrix: Record<string, Record<Characteristic, CharacteristicStatus>> = {};
  for (const verdict of verdicts) {
    const command = verdict.command ?? '';
    const row = (matrix[command] ??= Object.fromEntries(
      CHARACTERISTICS.map((c) => [c, 'not_judged']),
    ) as Record<Characteristic, CharacteristicStatus>);
    for (const characteristic of verdict.characteristics) {
      if (verdict.status === 'fail') row[characteristic] = 'fail';
      else if (verdict.status === 'pass' && row[characteristic] === 'not_judged')
        row[characteristic] = 'pass';
    }
  }
  return matrix;
}
