import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AGENT_FAULT_CATALOGUE,
  makeAgentFault,
  mergeBehaviours,
} from '../../../src/fakes/agentcli/faults/index.js';
import { AGENTCLI_RUNNER_SUB_RULES } from '../../../src/spec/agentcli/runner-rules.js';
import {
  RUNNER_ARM_NAMES,
  RUNNER_SCENARIOS,
  runnerRulesOf,
  runnerScenarios,
} from '../../../src/spec/agentcli/runner-scenarios.js';
import { getRule } from '../../../src/spec/rules.js';

/** The runner scenarios as data: stable ids, faults the fakes take, and every runner duty judged somewhere. */
describe('RUNNER_SCENARIOS', () => {
  it('ids are unique, runner.<arm>.<kebab-name>, the arm the fake’s', () => {
    const ids = RUNNER_SCENARIOS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of RUNNER_SCENARIOS)
      expect(s.id).toMatch(
        new RegExp(`^runner\\.${RUNNER_ARM_NAMES[s.arm]}\\.[a-z0-9]+(-[a-z0-9]+)*$`),
      );
  });

  it('every fault is one the catalogue makes and the arm’s fake accepts, with these parameters', () => {
    for (const s of RUNNER_SCENARIOS) {
      const faults = s.faults.map(([id, params]) => makeAgentFault(id, params));
      expect(() => mergeBehaviours(faults, s.arm), s.id).not.toThrow();
    }
  });

  it('every fault of the catalogue that tells a runner what to do has a scenario on each of its arms', () => {
    // Resuming a session is not in the runner contract: the runner is given turns, not a session to resume.
    const notInContract = new Set(['unknown-session-on-load']);
    for (const [id, factory] of Object.entries(AGENT_FAULT_CATALOGUE)) {
      if (notInContract.has(id)) continue;
      for (const arm of factory().arms)
        expect(
          RUNNER_SCENARIOS.some((s) => s.arm === arm && s.faults.some(([f]) => f === id)),
          `${id} on ${arm}`,
        ).toBe(true);
    }
  });

  it('every runner sub-rule is judged in some scenario; every rule judged is registered', () => {
    const judged = new Set(RUNNER_SCENARIOS.flatMap(runnerRulesOf));
    for (const sub of AGENTCLI_RUNNER_SUB_RULES) expect(judged, sub.id).toContain(sub.rule);
    for (const rule of judged) expect(() => getRule(rule)).not.toThrow();
  });

  it('each scenario has a turn; mcp turns name their tool', () => {
    for (const s of RUNNER_SCENARIOS) {
      expect(s.turns.length, s.id).toBeGreaterThan(0);
      for (const turn of s.turns) expect(turn.tool !== undefined, s.id).toBe(s.arm === 'mcp');
    }
  });

  it('runnerScenarios: by arm, or by id in the order asked; an unknown id is a RangeError', () => {
    expect(runnerScenarios(['mcp']).every((s) => s.arm === 'mcp')).toBe(true);
    expect(
      runnerScenarios(undefined, ['runner.repl.cancel', 'runner.acp.turn']).map((s) => s.id),
    ).toEqual(['runner.repl.cancel', 'runner.acp.turn']);
    expect(() => runnerScenarios(undefined, ['runner.acp.nope'])).toThrow(RangeError);
    // A scenario of an arm the runner was not said to speak is a mistake, never run.
    expect(() => runnerScenarios(['mcp'], ['runner.acp.turn'])).toThrow(
      /of the acp arm, not of mcp/,
    );
  });
});

describe('fixtures/runners', () => {
  it('every runner there is in expected.json, and every entry exists', () => {
    const root = fileURLToPath(new URL('../../../fixtures/runners/', import.meta.url));
    const expected = (
      JSON.parse(readFileSync(`${root}expected.json`, 'utf8')) as { runners: { path: string }[] }
    ).runners.map((r) => r.path);
    const present = ['js', 'python', 'go'].flatMap((lang) =>
      readdirSync(`${root}${lang}`, { withFileTypes: true })
        .filter((d) => (lang === 'go' ? d.isDirectory() : /\.(mjs|py)$/.test(d.name)))
        .map((d) => `${lang}/${d.name}`),
    );
    expect(present.sort()).toEqual([...expected].sort());
  });
});
