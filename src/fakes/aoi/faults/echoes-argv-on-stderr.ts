import { worstOf, type FaultFactory } from './stream-fault.js';

/**
 * Diagnostics echo argv raw (§11, §20). The linter's canary flags are unknown to notes, so its canary
 * probe is a usage error: the canaries land on stderr.
 */
export const echoesArgvOnStderr: FaultFactory<Record<string, never>> = () => {
  const violates = ['AOI-09/secret-on-stderr'];
  return {
    id: 'echoes-argv-on-stderr',
    description: 'on a usage error, prints the whole command line to stderr, secrets and all',
    violates,
    severity: worstOf(violates),
    params: {},
    behaviour: { usageErrorEchoesArgv: true },
  };
};
