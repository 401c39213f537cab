import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * A destructive command asks a human (§1.3: machine mode never prompts). On an open stdin it waits for
 * ever; the linter sees the unfinished prompt line. With stdin closed it reads EOF and refuses, the prompt
 * still on stderr and no INTERACTIVE_REQUIRED error (§1.3). With "y" on stdin it deletes.
 */
export const promptsInMachineMode: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-03/prompted', 'AOI-05/interactive-required-missing'];
  return {
    id: 'prompts-in-machine-mode',
    description:
      '`delete` without --confirm asks "Delete N note(s)? [y/N] " on stderr and waits for the answer on stdin, even in machine mode',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { confirmation: 'prompt' },
  };
};
