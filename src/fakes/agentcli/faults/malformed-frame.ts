import type { AgentFaultFactory } from '../types.js';
import { ALL_ARMS, define, oneOf } from './define.js';

export interface MalformedFrameParams {
  /** `turn` (default): before the first update of each turn; `handshake`: before the handshake answer. */
  at: 'handshake' | 'turn';
  /** `not-json` (a log line on stdout), `truncated` (half a JSON object), `not-jsonrpc` (JSON without `jsonrpc`/`method`/`id`). */
  kind: 'not-json' | 'not-jsonrpc' | 'truncated';
}

/** One line on stdout that is not a protocol frame. */
export const malformedFrame: AgentFaultFactory<MalformedFrameParams> = (params = {}) => {
  const p: MalformedFrameParams = { at: 'turn', kind: 'truncated', ...params };
  oneOf('malformed-frame', 'at', p.at, ['handshake', 'turn']);
  oneOf('malformed-frame', 'kind', p.kind, ['not-json', 'not-jsonrpc', 'truncated']);
  return define({
    id: 'malformed-frame',
    description: `writes a ${p.kind} line on stdout ${p.at === 'turn' ? 'in every turn' : 'before the handshake answer'}`,
    arms: ALL_ARMS,
    breaks:
      'JSON-RPC over stdio: every line on stdout is one JSON-RPC message (REPL: every line is `<tag> <json>`)',
    runnerMust:
      'report the malformed line (as an error event or a diagnostic, excerpted) and keep reading the frames after it, never crash, hang or drop the rest of the turn',
    taxonomy: ['error'],
    // JSON-RPC arms: a line that is no JSON-RPC message. REPL: a line whose tag is not the wire's (the log line,
    // the banner), or a known tag whose payload is cut short.
    transcriptBreaks: {
      acp: ['AGENTCLI-21/malformed-frame'],
      mcp: ['AGENTCLI-21/malformed-frame'],
      proprietary: [
        p.kind === 'truncated' ? 'AGENTCLI-21/malformed-frame' : 'AGENTCLI-21/unknown-tag',
      ],
    },
    params: p,
    behaviour: { malformedFrame: { at: p.at, kind: p.kind } },
  });
};
