import type { AgentFaultFactory } from '../types.js';
import { ALL_ARMS, define, nonNegativeInteger } from './define.js';

export interface ExitsBeforeHandshakeParams {
  /** Exit status (default 1). */
  code: number;
}

/** The agent dies at start, before it answers the handshake (a missing API key, a bad install). */
export const exitsBeforeHandshake: AgentFaultFactory<ExitsBeforeHandshakeParams> = (
  params = {},
) => {
  const p = { code: 1, ...params };
  nonNegativeInteger('exits-before-handshake', 'code', p.code);
  return define({
    id: 'exits-before-handshake',
    description: `exits with status ${p.code} before answering the handshake, with a reason on stderr`,
    arms: ALL_ARMS,
    breaks:
      'AIP-45 §Lifecycle: spawn → handshake; the agent never answers initialize (REPL: never prints ready)',
    runnerMust:
      'fail the start with an error that carries the exit status and stderr, promptly, instead of waiting for a handshake that never comes',
    taxonomy: ['error'],
    transcriptBreaks: {
      acp: ['AGENTCLI-20/no-handshake'],
      mcp: ['AGENTCLI-20/no-handshake'],
      proprietary: ['AGENTCLI-20/no-handshake'],
    },
    params: p,
    behaviour: {
      exitBeforeHandshake: {
        code: p.code,
        stderr: 'fake agent: cannot start: no credentials configured',
      },
    },
  });
};
