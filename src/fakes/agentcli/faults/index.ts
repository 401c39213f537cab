import { checkFaultNumbers } from '../../fault-contract.js';
import type { AgentProtocol } from '../../../spec/agentcli/transcript.js';
import type { AgentBehaviour, AgentFault, AgentFaultFactory } from '../types.js';
import { crashMidTurn } from './crash-mid-turn.js';
import { echoesSecret } from './echoes-secret.js';
import { eventsAfterTurnEnd } from './events-after-turn-end.js';
import { exitsBeforeHandshake } from './exits-before-handshake.js';
import { hangsOnSigterm } from './hangs-on-sigterm.js';
import { hugeFrame } from './huge-frame.js';
import { ignoresCancel } from './ignores-cancel.js';
import { malformedFrame } from './malformed-frame.js';
import { slowHandshake } from './slow-handshake.js';
import { spawnsHelper } from './spawns-helper.js';
import { splitFrames } from './split-frames.js';
import { stderrNoise } from './stderr-noise.js';
import { toolCallWithoutResult } from './tool-call-without-result.js';
import { unknownProtocolVersion } from './unknown-protocol-version.js';
import { unknownSessionOnLoad } from './unknown-session-on-load.js';

export {
  crashMidTurn,
  echoesSecret,
  eventsAfterTurnEnd,
  exitsBeforeHandshake,
  hangsOnSigterm,
  hugeFrame,
  ignoresCancel,
  malformedFrame,
  slowHandshake,
  spawnsHelper,
  splitFrames,
  stderrNoise,
  toolCallWithoutResult,
  unknownProtocolVersion,
  unknownSessionOnLoad,
};

/** Every agent fault by id. No SDK is imported here: the CLI lists them without loading an agent. */
export const AGENT_FAULT_CATALOGUE = {
  'exits-before-handshake': exitsBeforeHandshake,
  'slow-handshake': slowHandshake,
  'crash-mid-turn': crashMidTurn,
  'malformed-frame': malformedFrame,
  'split-frames': splitFrames,
  'huge-frame': hugeFrame,
  'stderr-noise': stderrNoise,
  'events-after-turn-end': eventsAfterTurnEnd,
  'unknown-protocol-version': unknownProtocolVersion,
  'ignores-cancel': ignoresCancel,
  'hangs-on-sigterm': hangsOnSigterm,
  'unknown-session-on-load': unknownSessionOnLoad,
  'tool-call-without-result': toolCallWithoutResult,
  'echoes-secret': echoesSecret,
  'spawns-helper': spawnsHelper,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
} as const satisfies Record<string, (params?: any) => AgentFault<any>>;

export type AgentFaultId = keyof typeof AGENT_FAULT_CATALOGUE;

export const isAgentFaultId = (id: string): id is AgentFaultId =>
  Object.hasOwn(AGENT_FAULT_CATALOGUE, id);

/** A fault by id with parameters (defaults filled in); throws on an unknown id or a bad parameter. */
export function makeAgentFault(id: string, params: object = {}): AgentFault {
  if (!isAgentFaultId(id))
    throw new RangeError(
      `unknown agent fault "${id}"; known: ${Object.keys(AGENT_FAULT_CATALOGUE).join(', ')}`,
    );
  checkFaultNumbers(id, params);
  return (AGENT_FAULT_CATALOGUE[id] as AgentFaultFactory<object>)(params);
}

/** The faults' switches, merged in order (a later fault wins on the same switch). Refuses a fault outside its arms. */
export function mergeBehaviours(faults: readonly AgentFault[], arm: AgentProtocol): AgentBehaviour {
  const merged: AgentBehaviour = {};
  for (const fault of faults) {
    if (!fault.arms.includes(arm))
      throw new RangeError(
        `agent fault "${fault.id}" does not apply to the ${arm} arm (it applies to ${fault.arms.join(', ')})`,
      );
    const refused = fault.refuses?.(arm);
    if (refused) throw new RangeError(refused);
    Object.assign(merged, fault.behaviour);
  }
  return merged;
}
