import type { AgentFaultFactory } from '../types.js';
import { ALL_ARMS, define } from './define.js';

export interface EchoesSecretParams {
  /** The environment variable whose value is echoed (default ANTHROPIC_API_KEY). */
  env: string;
}

/** The agent echoes a secret from its environment into a message (a prompt injection's favourite trick). */
export const echoesSecret: AgentFaultFactory<EchoesSecretParams> = (params = {}) => {
  const p = { env: 'ANTHROPIC_API_KEY', ...params };
  if (typeof p.env !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(p.env))
    throw new RangeError(
      `echoes-secret: env must be a variable name, got ${JSON.stringify(p.env)}`,
    );
  return define({
    id: 'echoes-secret',
    description: `echoes the value of $${p.env} in a message chunk of every turn`,
    arms: ALL_ARMS,
    breaks: 'AIP-45 §Auth surface: secrets reach the agent through its env, never its output',
    runnerMust:
      'mask the values of the secrets it passed to the agent in every event, log, transcript and error it surfaces (it knows them: it set them)',
    taxonomy: ['text-delta'],
    transcriptBreaks: {
      acp: ['AGENTCLI-25/secret-echoed'],
      mcp: ['AGENTCLI-25/secret-echoed'],
      proprietary: ['AGENTCLI-25/secret-echoed'],
    },
    params: p,
    behaviour: { echoSecretFrom: p.env },
  });
};
