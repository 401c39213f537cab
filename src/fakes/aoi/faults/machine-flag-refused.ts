import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * One command does not take the machine-mode flag (§1, §16.1): `list --output jsonl` is refused as an unknown
 * option (stderr, exit 64, nothing on stdout) while `list` alone works, in human mode.
 */
export const machineFlagRefused: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-02/machine-mode-unselectable'];
  return {
    id: 'machine-flag-refused',
    description:
      '`list --output jsonl` fails with "unrecognized arguments: --output jsonl" (exit 64, no stdout); `list` alone works',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { machineFlagRefused: ['list'] },
  };
};
