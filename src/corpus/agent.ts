import { AGENT_FAULT_CATALOGUE, makeAgentFault } from '../fakes/agentcli/faults/index.js';
import { AGENT_ARMS, AGENT_PRESETS } from '../fakes/agentcli/presets.js';
import { AGENTCLI_TURN_RULES } from '../spec/agentcli/turn-rules.js';
import { KIT_COMMAND, expectedFrom, sectionsOf } from './expected.js';
import { readCorpusJson } from './files.js';
import type { AgentRecording, AgentScenario } from './types.js';

/** The rules judged on a runner ↔ agent conversation and its tear-down, in id order. */
export const AGENT_SCENARIO_RULE_IDS: readonly string[] = AGENTCLI_TURN_RULES.map(
  (rule) => rule.id,
);

/** Where the recorded conversations and their verdicts live (fixtures/transcripts/agents/README.md). */
export const RECORDINGS_DIR = 'fixtures/transcripts/agents';

interface RecordingsExpected {
  fixtures: { path: string; ok: boolean; breaks: string[] }[];
}

/** `agent-acp` → `acp`: the prefix of the fake's recordings and of its scenario ids. */
const short = (fake: string) => fake.replace(/^agent-/, '');

/**
 * The fault a recording was made with, by the corpus's naming (`<arm>-<fault>[-<what>]`, the longest fault id
 * that fits), or undefined for a recording of the clean fake (`<arm>-clean…`, `-load`, `-cancel`, `-teardown-…`).
 */
export function recordedFault(name: string, fake: string): string | undefined {
  const rest = name.replace(/\.json$/, '').slice(short(fake).length + 1);
  return Object.keys(AGENT_FAULT_CATALOGUE)
    .filter((id) => rest === id || rest.startsWith(`${id}-`))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * One scenario per fake agent preset (each fake clean, and `<fake>.<fault>` for every fault of its arm): the
 * command, the protocol, the fault's `runnerMust`, the sub-rules a conversation that exercises the fault
 * breaks (the fault's `transcriptBreaks` for the arm), and the recorded conversations of that fake and fault
 * with their own verdicts (fixtures/transcripts/agents/expected.json).
 */
export function agentDrafts(): AgentScenario[] {
  const recorded = readCorpusJson<RecordingsExpected>(`${RECORDINGS_DIR}/expected.json`).fixtures;
  return Object.entries(AGENT_PRESETS).map(([preset, { fake, description, faults }]) => {
    const protocol = AGENT_ARMS[fake];
    const made = faults.map((id) => makeAgentFault(id));
    const fault = made[0];
    const expected = expectedFrom(
      made.flatMap((f) => f.transcriptBreaks[protocol] ?? []),
      AGENT_SCENARIO_RULE_IDS,
    );
    const recordings: AgentRecording[] = recorded
      .filter(
        (r) => r.path.startsWith(`${short(fake)}-`) && recordedFault(r.path, fake) === fault?.id,
      )
      .map((r) => ({
        path: `${RECORDINGS_DIR}/${r.path}`,
        description: readCorpusJson<{ description: string }>(`${RECORDINGS_DIR}/${r.path}`)
          .description,
        ok: r.ok,
        breaks: [...r.breaks],
      }));
    const what = fault
      ? `${fake} with the fault ${fault.id}: it ${fault.description}${fault.breaks ? ` (${fault.breaks})` : ''}`
      : `${fake}, the ${description}`;
    return {
      id: `agent.${short(preset)}`,
      kind: 'agent',
      spec: 'agent',
      description: `${what}. For runner authors: drive it as your runner drives an agent; the recordings are conversations with it, judged.`,
      sections: sectionsOf(expected),
      fake: { tool: fake, preset, faults: [...faults] },
      command: [...KIT_COMMAND, 'fake', preset],
      protocol,
      manifest: `fixtures/agents/${fake}/AGENT-CLI.md`,
      ...(fault ? { runnerMust: fault.runnerMust } : {}),
      ...(fault?.taxonomy ? { taxonomy: [...fault.taxonomy] } : {}),
      recordings,
      expected,
    };
  });
}
