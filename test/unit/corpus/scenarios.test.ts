import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { STREAM_RULE_IDS, checkStream } from '../../../src/checks/aoi/stream.js';
import { outcomeOf } from '../../../src/corpus/outcome.js';
import { buildScenarios, runStreamScenario } from '../../../src/corpus/run.js';
import { renderScenarioFile, scenarioFileName } from '../../../src/corpus/files.js';
import { LINT_RULE_IDS, draftScenarios, expectedFrom, fakeCommand, type Scenario, type StreamScenario } from '../../../src/corpus/scenarios.js';
import { BEHAVIOUR_FAULT_CATALOGUE, BEHAVIOUR_FAULT_IDS, FAULT_CATALOGUE, FAULT_IDS, PRESET_IDS, PRESETS, REFERENCE_RUNS, type FaultEntry } from '../../../src/fakes/faults/index.js';
import { capabilities } from '../../../src/fakes/tools/notes/discovery.js';
import { REFERENCE_LINT_PLAN } from '../../../src/fakes/tools/notes/lint-plan.js';
import { AOI_SUB_RULES } from '../../../src/spec/aoi/rules.js';

const DIR = new URL('../../../scenarios/', import.meta.url);
const SCHEMA = 'scenario.schema.json';
const fileNames = readdirSync(DIR).filter((name) => name.endsWith('.json') && name !== SCHEMA).sort();
const files = new Map(fileNames.map((name) => [name, readFileSync(new URL(name, DIR), 'utf8')]));
const onDisk: Scenario[] = [...files.values()].map((text) => JSON.parse(text) as Scenario);
const built = await buildScenarios();
const OUT_OF_DATE = 'scenarios/ is out of date with the fault catalogues: run `npm run scenarios`';

describe('the corpus files', () => {
  const schema = JSON.parse(readFileSync(new URL(SCHEMA, DIR), 'utf8')) as object;
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

  it('exist', () => {
    expect(fileNames.length, OUT_OF_DATE).toBeGreaterThan(0);
  });

  it.each(fileNames)('%s validates against scenario.schema.json and is named after its id', (name) => {
    const scenario = JSON.parse(files.get(name)!) as Scenario;
    expect(validate(scenario) ? [] : validate.errors).toEqual([]);
    expect(scenarioFileName(scenario.id)).toBe(name);
  });

  it('the schema catches typos: an unknown field, a misspelt rule, a bad outcome', () => {
    const sample = onDisk.find((s) => s.kind === 'stream')!;
    const broken = [
      { ...sample, expect: sample.expected },
      { ...sample, fake: { ...sample.fake, sed: 1 } },
      { ...sample, expected: { ...sample.expected, rules: { ...sample.expected.rules, 'AOI-3': 'pass' } } },
      { ...sample, expected: { ...sample.expected, rules: { ...sample.expected.rules, 'AOI-02': 'passed' } } },
      { ...sample, expected: { ...sample.expected, findings: ['AOI-02/ansi', 'AOI-02/ansi'] } },
      { ...sample, kind: 'lint' },
    ];
    for (const scenario of broken) expect(validate(scenario), JSON.stringify(scenario).slice(0, 80)).toBe(false);
  });

  it('are up to date: buildScenarios() gives exactly these files, byte for byte', () => {
    const expectedNames = built.map((s) => scenarioFileName(s.id)).sort();
    expect(fileNames, OUT_OF_DATE).toEqual(expectedNames);
    for (const scenario of built) {
      expect(JSON.parse(files.get(scenarioFileName(scenario.id)) ?? 'null'), `${scenario.id}: ${OUT_OF_DATE}`).toEqual(scenario);
      expect(files.get(scenarioFileName(scenario.id)), `${scenario.id}: ${OUT_OF_DATE}`).toBe(renderScenarioFile(scenario));
    }
  });

  it('are deterministic: building twice gives the same scenarios', async () => {
    expect(await buildScenarios()).toEqual(built);
  });
});

describe('the corpus covers the catalogues', () => {
  const ids = new Set(built.map((s) => s.id));
  const variantsOf = (id: string, entry: FaultEntry) => [`fault.${id}`, ...Object.keys(entry.variants).map((variant) => `fault.${id}.${variant}`)];

  it('has a scenario for every preset: stream on its reference run, lint without one', () => {
    expect(PRESET_IDS.filter((id) => !ids.has(`preset.${id}`))).toEqual([]);
    for (const id of PRESET_IDS) expect(built.find((s) => s.id === `preset.${id}`)?.kind, id).toBe(PRESETS[id].run ? 'stream' : 'lint');
  });

  it('has a stream scenario for every stream fault and every catalogued variant', () => {
    const wanted = FAULT_IDS.flatMap((id) => variantsOf(id, FAULT_CATALOGUE[id]));
    expect(wanted.filter((id) => !ids.has(id))).toEqual([]);
    for (const id of wanted) expect(built.find((s) => s.id === id)?.kind, id).toBe('stream');
  });

  it('has a lint scenario for every behaviour fault and every catalogued variant', () => {
    const wanted = BEHAVIOUR_FAULT_IDS.flatMap((id) => variantsOf(id, BEHAVIOUR_FAULT_CATALOGUE[id]));
    expect(wanted.length).toBeGreaterThan(0);
    expect(wanted.filter((id) => !ids.has(id))).toEqual([]);
    for (const id of wanted) expect(built.find((s) => s.id === id)?.kind, id).toBe('lint');
  });

  it('has nothing else', () => {
    expect(built.length).toBe(draftScenarios().length);
    expect(built.map((s) => s.id).filter((id) => !/^(preset|fault)\./.test(id))).toEqual([]);
  });

  it('runs each stream fault scenario on the reference run its catalogue entry names', () => {
    for (const id of FAULT_IDS) {
      const scenario = built.find((s) => s.id === `fault.${id}`) as StreamScenario;
      expect(scenario.run).toBe(FAULT_CATALOGUE[id].run);
      expect(scenario.argv).toEqual(REFERENCE_RUNS[FAULT_CATALOGUE[id].run].argv);
    }
  });
});

describe('each scenario is self-consistent', () => {
  const known = new Set(AOI_SUB_RULES.map((s) => s.id));

  it.each(built.map((s) => [s.id, s] as const))('%s', (_id, scenario) => {
    const { expected } = scenario;
    expect(expected.findings).toEqual([...new Set(expected.findings)].sort());
    expect(expected.findings.filter((id) => !known.has(id))).toEqual([]);
    expect(Object.keys(expected.rules)).toEqual(scenario.kind === 'stream' ? [...STREAM_RULE_IDS] : [...LINT_RULE_IDS]);
    expect(expected.ok).toBe(!Object.values(expected.rules).includes('fail'));
    for (const [rule, outcome] of Object.entries(expected.rules)) {
      const ofRule = expected.findings.filter((id) => id.startsWith(`${rule}/`));
      expect(ofRule.length > 0, `${rule} is ${outcome}`).toBe(outcome !== 'pass');
    }
    expect(scenario.command).toEqual(fakeCommand(scenario.fake));
    expect(scenario.sections.length).toBeGreaterThan(0);
  });
});

describe('expectedFrom', () => {
  it('fails a rule on an error sub-rule, warns on warnings only, passes the rest', () => {
    expect(expectedFrom(['AOI-03/count-mismatch', 'AOI-02/ansi', 'AOI-05/code-format', 'AOI-05/error-fields'], STREAM_RULE_IDS)).toEqual({
      ok: false,
      rules: { 'AOI-02': 'fail', 'AOI-03': 'warn', 'AOI-04': 'pass', 'AOI-05': 'fail', 'AOI-09': 'pass', 'AOI-11': 'pass', 'AOI-13': 'pass' },
      findings: ['AOI-02/ansi', 'AOI-03/count-mismatch', 'AOI-05/code-format', 'AOI-05/error-fields'],
    });
    expect(expectedFrom(['AOI-02/crlf'], STREAM_RULE_IDS).ok).toBe(true);
  });

  it('refuses a sub-rule of a rule that is not judged', () => {
    expect(() => expectedFrom(['AOI-06/dry-run-side-effect'], STREAM_RULE_IDS)).toThrow(/not judged here/);
  });
});

describe('the reference lint plan', () => {
  it('invokes every command the notes capabilities list', () => {
    const listed = (capabilities() as { commands: Array<{ name: string }> }).commands.map((c) => c.name);
    const invoked = new Set<string>(REFERENCE_LINT_PLAN.invocations.map((argv) => argv[0]));
    expect(listed.filter((name) => !invoked.has(name))).toEqual([]);
  });
});

/**
 * The corpus's self-proof: every stream scenario, run as its file says (setup, then argv, in one state
 * directory), ends as `exit` says, and the stream checker finds exactly `expected` in its stdout.
 */
describe('stream scenarios: the checker finds exactly what each scenario expects', () => {
  const streams = onDisk.filter((s): s is StreamScenario => s.kind === 'stream');

  it.each(streams.map((s) => [s.id, s] as const))('%s', async (_id, scenario) => {
    const run = await runStreamScenario(scenario);
    expect({ code: run.exitCode, signal: run.signal }).toEqual(scenario.exit);
    const report = checkStream(run.stdout, { exitCode: run.exitCode, signal: run.signal });
    expect(outcomeOf(report, STREAM_RULE_IDS)).toEqual(scenario.expected);
    expect(report.ok).toBe(scenario.expected.ok);
    // Strict mode fails every rule that reports anything.
    const strict = checkStream(run.stdout, { exitCode: run.exitCode, signal: run.signal, strict: true });
    expect(strict.ok).toBe(scenario.expected.findings.length === 0);
  });
});
