import defaultScript from '../../../fixtures/agents/scripts/default.json' with { type: 'json' };
import minimalScript from '../../../fixtures/agents/scripts/minimal.json' with { type: 'json' };
import type { AgentScript, ScriptStep, ScriptTurn } from './types.js';

const STEP_KEYS = [
  'text',
  'thought',
  'plan',
  'tool',
  'toolResult',
  'ask',
  'workMs',
  'error',
] as const;
const STOP_REASONS = ['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled'];

/** The scripts bundled into the fake agents (fixtures/agents/scripts/<name>.json), by name. */
export const AGENT_SCRIPTS: Readonly<Record<string, AgentScript>> = {
  default: validateScript(defaultScript, 'default'),
  minimal: validateScript(minimalScript, 'minimal'),
};

/** A script by bundled name, or a JSON file by path. Throws a readable error on a bad script. */
export function resolveScript(nameOrPath: string, readFile: (path: string) => string): AgentScript {
  if (Object.hasOwn(AGENT_SCRIPTS, nameOrPath)) return AGENT_SCRIPTS[nameOrPath]!;
  let text: string;
  try {
    text = readFile(nameOrPath);
  } catch {
    throw new Error(
      `--script: "${nameOrPath}" is neither a bundled script (${Object.keys(AGENT_SCRIPTS).join(', ')}) nor a readable file`,
    );
  }
  try {
    return validateScript(JSON.parse(text), nameOrPath);
  } catch (error) {
    throw new Error(`--script ${nameOrPath}: ${(error as Error).message}`, { cause: error });
  }
}

export function validateScript(value: unknown, where: string): AgentScript {
  const script = value as AgentScript;
  if (
    !script ||
    typeof script !== 'object' ||
    !Array.isArray(script.turns) ||
    script.turns.length === 0
  )
    throw new Error(
      `${where}: a script is {name, description, turns: [...]} with at least one turn`,
    );
  script.turns.forEach((turn: ScriptTurn, t) => {
    if (!Array.isArray(turn?.steps))
      throw new Error(`${where}: turns[${t}].steps must be an array`);
    if (turn.stopReason !== undefined && !STOP_REASONS.includes(turn.stopReason))
      throw new Error(`${where}: turns[${t}].stopReason must be one of ${STOP_REASONS.join(', ')}`);
    turn.steps.forEach((step: ScriptStep, s) => {
      const keys = Object.keys(step ?? {});
      if (keys.length !== 1 || !STEP_KEYS.includes(keys[0] as (typeof STEP_KEYS)[number]))
        throw new Error(
          `${where}: turns[${t}].steps[${s}] must have exactly one of ${STEP_KEYS.join(', ')}`,
        );
    });
  });
  if (!script.turns.some((turn) => turn.when === undefined))
    throw new Error(`${where}: at least one turn must have no "when" (the default turns)`);
  return { name: script.name ?? where, description: script.description ?? '', turns: script.turns };
}

/** The turn for a prompt: the first whose `when` occurs in it, else the default turns in order (cycling). */
export function pickTurn(script: AgentScript, prompt: string, defaultIndex: number): ScriptTurn {
  const lower = prompt.toLowerCase();
  const matched = script.turns.find(
    (turn) => turn.when !== undefined && lower.includes(turn.when.toLowerCase()),
  );
  if (matched) return matched;
  const defaults = script.turns.filter((turn) => turn.when === undefined);
  return defaults[defaultIndex % defaults.length]!;
}
