import { worstOf, type FaultFactory } from './stream-fault.js';

/** `--help` is a usage error (§16.1 makes `--help` a MUST): the help goes to stderr and the exit is 64. */
export const helpFails: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-01/help-failed'];
  return {
    id: 'help-fails',
    description: '`notes --help` prints the usage on stderr and exits 64 instead of 0',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { help: 'fails' },
  };
};
