import type { AgentFaultFactory } from '../types.js';
import { define } from './define.js';

export interface UnknownProtocolVersionParams {
  /** The version answered (default 999; MCP: a number becomes the string "1999-01-01"). */
  version: number | string;
}

/** The handshake answers a protocol version the runner does not speak. */
export const unknownProtocolVersion: AgentFaultFactory<UnknownProtocolVersionParams> = (
  params = {},
) => {
  const p = { version: 999 as number | string, ...params };
  if (typeof p.version !== 'number' && typeof p.version !== 'string')
    throw new RangeError('unknown-protocol-version: version must be a number or a string');
  return define({
    id: 'unknown-protocol-version',
    description: `answers the handshake with protocol version ${JSON.stringify(p.version)}`,
    // The REPL's `ready` line carries no protocol version to get wrong.
    arms: ['acp', 'mcp'],
    breaks:
      'ACP initialize / MCP initialize: the agent must answer a version the client requested or one it supports',
    runnerMust:
      'refuse the agent at the handshake (close the connection and report an incompatible protocol version), never open a session with it',
    taxonomy: ['error'],
    transcriptBreaks: {
      acp: ['AGENTCLI-20/protocol-version'],
      mcp: ['AGENTCLI-20/protocol-version'],
    },
    params: p,
    behaviour: { protocolVersion: p.version },
  });
};
