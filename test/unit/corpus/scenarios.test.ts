import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { STREAM_RULE_IDS, checkStream } from '../../../src/checks/aoi/stream.js';
import { outcomeOf } from '../../../src/corpus/outcome.js';
import { buildScenarios, runStreamScenario, scenarioFaults } from '../../../src/corpus/run.js';
import { renderScenarioFile, scenarioFileName } from '../../../src/corpus/files.js';
import {
  AGENT_SCENARIO_RULE_IDS,
  APP_SCENARIO_RULE_IDS,
  CMDHELP_RULE_IDS,
  CONSUMER_SCENARIO_RULE_IDS,
  EXEC_SCENARIO_RULE_IDS,
  consumerSections,
  LINT_RULE_IDS,
  SPEC_OF_KIND,
  draftScenarios,
  expectedFrom,
  fakeCommand,
  foreignTools,
  recordedFault,
  sectionsOf,
  type AgentScenario,
  type AppScenario,
  type CmdhelpScenario,
  type ConsumerScenario,
  type ExecScenario,
  type ForeignScenario,
  type Scenario,
  type ScenarioKind,
  type StreamScenario,
} from '../../../src/corpus/scenarios.js';
import { AGENT_PRESETS } from '../../../src/fakes/agentcli/presets.js';
import {
  BEHAVIOUR_FAULT_CATALOGUE,
  BEHAVIOUR_FAULT_IDS,
  FAULT_CATALOGUE,
  FAULT_IDS,
  PRESET_IDS,
  PRESETS,
  REFERENCE_RUNS,
  declaredUnderLint,
  type FaultEntry,
} from '../../../src/fakes/aoi/faults/index.js';
import { HELPDESK_PRESETS } from '../../../src/fakes/cmdhelp/presets.js';
import { BACKEND_CASES } from '../../../src/fakes/aoi/notes/backend-cases.js';
import { capabilities } from '../../../src/fakes/aoi/notes/discovery.js';
import { EXEC_FAULTS } from '../../../src/fakes/exec/faults/index.js';
import { REFERENCE_LINT_PLAN } from '../../../src/fakes/aoi/notes/lint-plan.js';
import { notes } from '../../../src/fakes/aoi/notes/index.js';
import { LintSetupError, lintCli } from '../../../src/lint/aoi/lint.js';
import { inMemoryTarget } from '../../../src/lint/aoi/memory-target.js';
import { AGENTCLI_TURN_SUB_RULES } from '../../../src/spec/agentcli/turn-rules.js';
import { AOI_SUB_RULES } from '../../../src/spec/aoi/rules.js';
import { APP_SUB_RULES } from '../../../src/spec/app/rules.js';
import { CMDHELP_SUB_RULES } from '../../../src/spec/cmdhelp/rules.js';
import { CONSUMER_SUB_RULES } from '../../../src/spec/consumer/rules.js';
import { CONSUMER_SCENARIOS } from '../../../src/spec/consumer/scenarios.js';
import { RUNTIME_SCENARIOS, runtimeRulesOf } from '../../../src/spec/consumer/runtime-scenarios.js';
import { RUNTIME_SCENARIO_RULE_IDS } from '../../../src/corpus/consumer.js';
import { RUNTIME_SUB_RULES } from '../../../src/spec/consumer/runtime-rules.js';
import { rulesOf } from '../../../src/checks/consumer/judge.js';
import { EXEC_SUB_RULES } from '../../../src/spec/exec/rules.js';
import { getRule } from '../../../src/spec/rules.js';

const DIR = new URL('../../../scenarios/', import.meta.url);
const ROOT = new URL('../../../', import.meta.url);
const SCHEMA = 'scenario.schema.json';
const fileNames = readdirSync(DIR)
  .filter((name) => name.endsWith('.json') && name !== SCHEMA)
  .sort();
const files = new Map(fileNames.map((name) => [name, readFileSync(new URL(name, DIR), 'utf8')]));
const onDisk: Scenario[] = [...files.values()].map((text) => JSON.parse(text) as Scenario);
const built = await buildScenarios();
const OUT_OF_DATE =
  'scenarios/ is out of date with the catalogues and fixture corpora: run `npm run scenarios`';
const readJson = <T>(path: string): T => JSON.parse(readFileSync(new URL(path, ROOT), 'utf8')) as T;
const ofKind = <K extends ScenarioKind>(kind: K) =>
  built.filter((s): s is Extract<Scenario, { kind: K }> => s.kind === kind);

/** The rules each kind judges, and the registry its sub-rules come from. */
const JUDGED: Record<
  ScenarioKind,
  { rules: readonly string[]; subRules: readonly { id: string }[] }
> = {
  stream: { rules: STREAM_RULE_IDS, subRules: AOI_SUB_RULES },
  lint: { rules: LINT_RULE_IDS, subRules: AOI_SUB_RULES },
  foreign: { rules: LINT_RULE_IDS, subRules: AOI_SUB_RULES },
  cmdhelp: { rules: CMDHELP_RULE_IDS, subRules: CMDHELP_SUB_RULES },
  exec: { rules: EXEC_SCENARIO_RULE_IDS, subRules: EXEC_SUB_RULES },
  app: { rules: APP_SCENARIO_RULE_IDS, subRules: APP_SUB_RULES },
  agent: { rules: AGENT_SCENARIO_RULE_IDS, subRules: AGENTCLI_TURN_SUB_RULES },
  consumer: { rules: CONSUMER_SCENARIO_RULE_IDS, subRules: CONSUMER_SUB_RULES },
};

describe('the corpus files', () => {
  const schema = JSON.parse(readFileSync(new URL(SCHEMA, DIR), 'utf8')) as {
    $defs: Record<string, { required?: string[]; properties?: Record<string, unknown> }>;
  };
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

  it('exist', () => {
    expect(fileNames.length, OUT_OF_DATE).toBeGreaterThan(0);
  });

  it.each(fileNames)(
    '%s validates against scenario.schema.json and is named after its id',
    (name) => {
      const scenario = JSON.parse(files.get(name)!) as Scenario;
      expect(validate(scenario) ? [] : validate.errors).toEqual([]);
      expect(scenarioFileName(scenario.id)).toBe(name);
    },
  );

  it('the schema names exactly the rules each kind judges (the registry’s)', () => {
    for (const [kind, { rules }] of Object.entries(JUDGED))
      expect(schema.$defs[`${kind}Rules`]?.required, kind).toEqual([...rules]);
  });

  /** One scenario of each kind, with typos a hand-written file (or a drifting generator) could have. */
  const typos = (s: Scenario): Array<[string, unknown]> => {
    const rules = s.expected.rules;
    const [first] = Object.keys(rules);
    const common: Array<[string, unknown]> = [
      ['an unknown field', { ...s, expect: s.expected }],
      [
        'a misspelt rule',
        {
          ...s,
          expected: { ...s.expected, rules: { ...rules, [`${first!.slice(0, -1)}`]: 'pass' } },
        },
      ],
      [
        'a missing rule',
        {
          ...s,
          expected: { ...s.expected, rules: Object.fromEntries(Object.entries(rules).slice(1)) },
        },
      ],
      [
        'a bad outcome',
        { ...s, expected: { ...s.expected, rules: { ...rules, [first!]: 'passed' } } },
      ],
      [
        'a finding twice',
        {
          ...s,
          expected: {
            ...s.expected,
            findings: [
              s.expected.findings[0] ?? 'CONSUMER-01/incomplete-accepted',
              s.expected.findings[0] ?? 'CONSUMER-01/incomplete-accepted',
              ...s.expected.findings.slice(1),
            ],
          },
        },
      ],
      [
        'another spec’s finding',
        {
          ...s,
          expected: {
            ...s.expected,
            findings: [s.kind === 'cmdhelp' ? 'EXEC-03/wrong-line' : 'CMDHELP-07/unknown-flag'],
          },
        },
      ],
      ['the wrong spec', { ...s, spec: s.spec === 'aoi' ? 'exec' : 'aoi' }],
      [
        'the id of another kind',
        { ...s, id: s.kind === 'agent' ? 'cmdhelp.helpdesk' : 'agent.acp' },
      ],
      ['no description', { ...s, description: undefined }],
    ];
    const specific: Record<ScenarioKind, () => Array<[string, unknown]>> = {
      stream: () => [
        ['a misspelt fake field', { ...s, fake: { ...(s as StreamScenario).fake, sed: 1 } }],
        [
          'a lint block with a stray field',
          { ...s, lint: { ...(s as StreamScenario).lint, expectd: {} } },
        ],
        [
          'a lint block without its verdict',
          { ...s, lint: { ...(s as StreamScenario).lint, expected: undefined } },
        ],
        ['no lint block', { ...s, lint: undefined }],
        [
          'a consumer on a fault scenario',
          { ...s, consumer: { error: { category: 'temporary', code: 'X', retryable: true } } },
        ],
      ],
      lint: () => [['a stream field', { ...s, exit: { code: 0, signal: null } }]],
      foreign: () => [
        [
          'a notes fake',
          { ...s, fake: { tool: 'notes', preset: 'well-behaved', faults: [], seed: 1 } },
        ],
        [
          'a tool outside fixtures/foreign',
          { ...s, tool: { ...(s as ForeignScenario).tool, path: '../pynotes' } },
        ],
        ['no lintArgs', { ...s, lintArgs: undefined }],
      ],
      cmdhelp: () => [
        ['an AOI fake', { ...s, fake: { tool: 'notes', preset: 'well-behaved', faults: [] } }],
      ],
      exec: () => [
        ['a plan with a stray key', { ...s, plan: { ...(s as ExecScenario).plan, bluk: {} } }],
        ['no processOnly', { ...s, processOnly: undefined }],
      ],
      app: () => [
        ['a path outside fixtures/apps', { ...s, path: '../todo' }],
        [
          'options with a stray key',
          { ...s, options: { ...(s as AppScenario).options, confirm: [] } },
        ],
      ],
      agent: () => [
        ['an unknown protocol', { ...s, protocol: 'grpc' }],
        [
          'a recording with a stray key',
          { ...s, recordings: [{ ...(s as AgentScenario).recordings[0]!, verdict: 'ok' }] },
        ],
        ['a fault without runnerMust', { ...s, runnerMust: undefined }],
      ],
      consumer: () => [
        ['an unknown shape', { ...s, shape: 'pipe' }],
        ['an unknown must', { ...s, must: 'crash' }],
        [
          'an end with a stray key',
          {
            ...s,
            upstream: { ...(s as ConsumerScenario).upstream, end: { kind: 'eof', code: 0 } },
          },
        ],
        ['a breaks of another spec', { ...s, breaks: 'AOI-02/ansi' }],
        ['no judges', { ...s, judges: undefined }],
      ],
    };
    return [...common, ...specific[s.kind]()];
  };

  it.each(Object.keys(JUDGED) as ScenarioKind[])(
    'the schema catches typos in a %s scenario',
    (kind) => {
      // A consumer scenario's verdict is a correct consumer's (no finding): any one will do.
      const sample = onDisk.find(
        (s) =>
          s.kind === kind &&
          (s.expected.findings.length > 0 || s.kind === 'consumer') &&
          (s.kind !== 'stream' || s.id.startsWith('fault.')) &&
          (s.kind !== 'agent' || s.recordings.length > 0),
      )!;
      expect(validate(sample)).toBe(true);
      for (const [what, broken] of typos(sample))
        expect(validate(JSON.parse(JSON.stringify(broken))), `${kind}: ${what}`).toBe(false);
    },
  );

  it('the schema catches a backend scenario without its consumer, or with a lint block', () => {
    const backend = onDisk.find((s) => s.id.startsWith('backend.'))! as StreamScenario;
    const preset = onDisk.find((s) => s.id === 'preset.well-behaved')! as StreamScenario;
    expect(validate(backend)).toBe(true);
    expect(validate({ ...backend, consumer: undefined, env: undefined })).toBe(false);
    expect(validate({ ...backend, lint: preset.lint })).toBe(false);
    expect(
      validate({
        ...backend,
        consumer: { error: { ...backend.consumer!.error, category: 'Rate Limited' } },
      }),
    ).toBe(false);
  });

  it('are up to date: buildScenarios() gives exactly these files, byte for byte', () => {
    const expectedNames = built.map((s) => scenarioFileName(s.id)).sort();
    expect(fileNames, OUT_OF_DATE).toEqual(expectedNames);
    for (const scenario of built) {
      expect(
        JSON.parse(files.get(scenarioFileName(scenario.id)) ?? 'null'),
        `${scenario.id}: ${OUT_OF_DATE}`,
      ).toEqual(scenario);
      expect(files.get(scenarioFileName(scenario.id)), `${scenario.id}: ${OUT_OF_DATE}`).toBe(
        renderScenarioFile(scenario),
      );
    }
  });

  it('scenarios/README.md counts each kind as the corpus holds it', () => {
    const readme = readFileSync(new URL('../../../scenarios/README.md', import.meta.url), 'utf8');
    const listed = Object.fromEntries(
      [...readme.matchAll(/^\| `(\w+)` \| `\w+` \| .*? \| (\d+) \|/gm)].map((m) => [
        m[1],
        Number(m[2]),
      ]),
    );
    const held: Record<string, number> = {};
    for (const scenario of built) held[scenario.kind] = (held[scenario.kind] ?? 0) + 1;
    expect(listed).toEqual(held);
  });

  it('are deterministic: building twice gives the same scenarios', async () => {
    expect(await buildScenarios()).toEqual(built);
  });
});

describe('the corpus covers the catalogues and the fixture corpora', () => {
  const ids = new Set(built.map((s) => s.id));
  const variantsOf = (id: string, entry: FaultEntry) => [
    `fault.${id}`,
    ...Object.keys(entry.variants).map((variant) => `fault.${id}.${variant}`),
  ];

  it('has a scenario for every preset: stream on its reference run, lint without one', () => {
    expect(PRESET_IDS.filter((id) => !ids.has(`preset.${id}`))).toEqual([]);
    for (const id of PRESET_IDS)
      expect(built.find((s) => s.id === `preset.${id}`)?.kind, id).toBe(
        PRESETS[id].run ? 'stream' : 'lint',
      );
  });

  it('has a stream scenario for every stream fault and every catalogued variant', () => {
    const wanted = FAULT_IDS.flatMap((id) => variantsOf(id, FAULT_CATALOGUE[id]));
    expect(wanted.filter((id) => !ids.has(id))).toEqual([]);
    for (const id of wanted) expect(built.find((s) => s.id === id)?.kind, id).toBe('stream');
  });

  it('has a lint scenario for every behaviour fault and every catalogued variant', () => {
    const wanted = BEHAVIOUR_FAULT_IDS.flatMap((id) =>
      variantsOf(id, BEHAVIOUR_FAULT_CATALOGUE[id]),
    );
    expect(wanted.length).toBeGreaterThan(0);
    expect(wanted.filter((id) => !ids.has(id))).toEqual([]);
    for (const id of wanted) expect(built.find((s) => s.id === id)?.kind, id).toBe('lint');
  });

  it('has a stream scenario for every backend case, telling the consumer what the case declares', () => {
    for (const c of BACKEND_CASES) {
      const scenario = built.find((s) => s.id === `backend.${c.id}`) as StreamScenario;
      expect(scenario.consumer, c.id).toEqual({ error: c.error });
      expect(scenario.exit, c.id).toEqual({ code: c.exitCode, signal: null });
      expect(scenario.argv).toEqual(['sync', '--output', 'jsonl', ...c.args]);
    }
  });

  it('has a cmdhelp scenario for every helpdesk preset, an exec scenario for notes clean and each exec fault, an agent scenario for every agent preset', () => {
    expect(ofKind('cmdhelp').map((s) => s.fake.preset)).toEqual(Object.keys(HELPDESK_PRESETS));
    expect(ofKind('exec').map((s) => s.fake.faults)).toEqual([
      [],
      ...EXEC_FAULTS.map((f) => [f.id]),
    ]);
    expect(ofKind('agent').map((s) => s.fake.preset)).toEqual(Object.keys(AGENT_PRESETS));
  });

  it('has a consumer scenario for every catalogued one: its upstream, what a consumer must do, what it breaks otherwise, the rules judged', () => {
    const streams = ofKind('consumer').filter((s): s is ConsumerScenario => s.shape !== 'runtime');
    expect(streams.map((s) => s.id)).toEqual(CONSUMER_SCENARIOS.map((s) => s.id));
    for (const [i, spec] of CONSUMER_SCENARIOS.entries()) {
      const scenario = streams[i]!;
      expect(scenario).toMatchObject({
        shape: spec.shape,
        upstream: { stdout: spec.stdout, stderr: spec.stderr, end: spec.end },
        must: spec.must,
        breaks: spec.breaks,
        mode: spec.mode,
        judges: rulesOf(spec),
      });
      expect(scenario.judges).toContain(spec.breaks.split('/')[0]);
      expect(scenario.expected).toEqual(expectedFrom([], CONSUMER_SCENARIO_RULE_IDS));
    }
    // Both shapes, both musts, and every rule of the spec judged by some scenario.
    expect(new Set(streams.map((s) => `${s.shape} ${s.must}`))).toEqual(
      new Set([
        'stdin succeed',
        'stdin fail-closed',
        'stdin report-and-continue',
        'spawn succeed',
        'spawn fail-closed',
      ]),
    );
    // Each mode a stdin reader can be run in has scenarios of its own; spawners have only the default.
    expect(new Set(streams.map((s) => `${s.shape} ${s.mode}`))).toEqual(
      new Set(['stdin default', 'stdin continue-on-error', 'stdin unbounded', 'spawn default']),
    );
    expect([...new Set(streams.flatMap((s) => s.judges))].sort()).toEqual([
      ...CONSUMER_SCENARIO_RULE_IDS,
    ]);
  });

  it('has an APP-runtime scenario for every catalogued one, and every RUNTIME rule is judged by some scenario', () => {
    const runtimes = ofKind('consumer').filter((s) => s.shape === 'runtime');
    expect(runtimes.map((s) => s.id)).toEqual(RUNTIME_SCENARIOS.map((s) => s.id));
    for (const [i, spec] of RUNTIME_SCENARIOS.entries()) {
      expect(runtimes[i]).toMatchObject({
        app: spec.app,
        request: spec.request,
        answer: spec.answer,
        responses: spec.responses,
        expect: spec.expect,
        judges: runtimeRulesOf(spec),
      });
      expect(runtimes[i]!.expected).toEqual(expectedFrom([], RUNTIME_SCENARIO_RULE_IDS));
    }
    expect([...new Set(runtimes.flatMap((s) => s.judges))].sort()).toEqual([
      ...RUNTIME_SCENARIO_RULE_IDS,
    ]);
  });

  it('has nothing else', () => {
    expect(built.length).toBe(draftScenarios().length);
    expect(built.filter((s) => SPEC_OF_KIND[s.kind] !== s.spec).map((s) => s.id)).toEqual([]);
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
  it.each(built.map((s) => [s.id, s] as const))('%s', (_id, scenario) => {
    const { expected } = scenario;
    const { rules, subRules } =
      scenario.kind === 'consumer' && scenario.shape === 'runtime'
        ? { rules: RUNTIME_SCENARIO_RULE_IDS, subRules: RUNTIME_SUB_RULES }
        : JUDGED[scenario.kind];
    const known = new Set(subRules.map((s) => s.id));
    expect(expected.findings).toEqual([...new Set(expected.findings)].sort());
    expect(expected.findings.filter((id) => !known.has(id))).toEqual([]);
    expect(Object.keys(expected.rules)).toEqual([...rules]);
    expect(expected.ok).toBe(!Object.values(expected.rules).includes('fail'));
    for (const [rule, outcome] of Object.entries(expected.rules)) {
      const ofRule = expected.findings.filter((id) => id.startsWith(`${rule}/`));
      expect(ofRule.length > 0, `${rule} is ${outcome}`).toBe(outcome !== 'pass');
    }
    // An APP-runtime scenario's sections are the contract's named headings, in rule order.
    const runtimeSections = (judges: readonly string[]) => [
      ...new Set(judges.flatMap((rule) => getRule(rule).sections)),
    ];
    expect(scenario.sections).toEqual(
      scenario.kind === 'consumer'
        ? (scenario.shape === 'runtime' ? runtimeSections : consumerSections)(scenario.judges)
        : sectionsOf(expected),
    );
    if (scenario.kind === 'consumer' && scenario.shape === 'runtime') return;
    if (scenario.kind === 'stream' || scenario.kind === 'lint')
      expect(scenario.command).toEqual(
        fakeCommand(scenario.fake, scenario.kind === 'stream' ? scenario.env : {}),
      );
    else if (scenario.kind === 'foreign')
      expect(existsSync(new URL(scenario.command.at(-1)!, ROOT)), scenario.id).toBe(true);
    else if (scenario.kind !== 'app')
      expect(scenario.command.slice(0, 3)).toEqual(['npx', 'aoi-testkit', 'fake']);
  });
});

describe('the verdicts are the declarations’', () => {
  it('each stream scenario’s lint block is declaredUnderLint of its faults (test/unit/lint/fault-table.test.ts proves the linter agrees)', () => {
    for (const scenario of ofKind('stream').filter((s) => !s.id.startsWith('backend.'))) {
      const declared = declaredUnderLint(scenarioFaults(scenario.fake));
      expect(scenario.lint!.setupFails, scenario.id).toBe(declared.setupFails);
      if (!scenario.lint!.setupFails)
        expect(scenario.lint!.expected, scenario.id).toEqual(
          expectedFrom(declared.violates, LINT_RULE_IDS),
        );
      expect({ setup: scenario.lint!.setup, invocations: scenario.lint!.invocations }).toEqual(
        REFERENCE_LINT_PLAN,
      );
    }
    expect(
      ofKind('stream')
        .filter((s) => s.lint?.setupFails)
        .map((s) => s.id),
    ).toEqual(
      expect.arrayContaining(['fault.crash-before-summary.exit-70', 'fault.killed-mid-stream']),
    );
  });

  // fault-table.test.ts lints each fault alone; a preset composes several, so its block is checked here, in memory.
  it.concurrent.each(
    ofKind('stream')
      .filter((s) => s.id.startsWith('preset.'))
      .map((s) => [s.id, s] as const),
  )(
    '%s: lintCli finds what its lint block says',
    async (_id, scenario) => {
      const lint = lintCli(inMemoryTarget(notes, { faults: scenarioFaults(scenario.fake) }), {
        ...REFERENCE_LINT_PLAN,
        timeoutMs: 3_000,
        graceMs: 1_000,
      });
      if (scenario.lint!.setupFails)
        return void (await expect(lint).rejects.toThrow(LintSetupError));
      expect(outcomeOf(await lint, LINT_RULE_IDS)).toEqual(scenario.lint!.expected);
      // Every preset lints at once, each a hundred probes: sized for a loaded 2-core machine.
    },
    180_000,
  );

  it('each app scenario is its package in fixtures/apps/expected.json (test/integration/app/corpus.test.ts proves the checker agrees)', () => {
    const corpus = readJson<{
      options: unknown;
      packages: { path: string; valid: boolean; findings: { id: string }[] }[];
    }>('fixtures/apps/expected.json');
    expect(ofKind('app').map((s) => s.path)).toEqual(
      corpus.packages.map((p) => `fixtures/apps/${p.path}`),
    );
    for (const [i, pkg] of corpus.packages.entries()) {
      const scenario = ofKind('app')[i]!;
      expect(scenario.options).toEqual(corpus.options);
      expect(scenario.expected.ok, pkg.path).toBe(pkg.valid);
      expect(scenario.expected.findings).toEqual(
        [...new Set(pkg.findings.map((f) => f.id))].sort(),
      );
    }
  });

  it('each recorded agent conversation belongs to exactly one agent scenario, with its verdict (test/integration/agents/corpus.test.ts proves the checkers agree)', () => {
    const corpus = readJson<{ fixtures: { path: string; ok: boolean; breaks: string[] }[] }>(
      'fixtures/transcripts/agents/expected.json',
    );
    const listed = ofKind('agent').flatMap((s) => s.recordings.map((r) => [s, r] as const));
    expect(listed.map(([, r]) => r.path).sort()).toEqual(
      corpus.fixtures.map((f) => `fixtures/transcripts/agents/${f.path}`).sort(),
    );
    for (const [scenario, recording] of listed) {
      const fixture = corpus.fixtures.find((f) => recording.path.endsWith(`/${f.path}`))!;
      expect({ ok: recording.ok, breaks: recording.breaks }).toEqual({
        ok: fixture.ok,
        breaks: fixture.breaks,
      });
      // The naming convention the mapping relies on, checked against what the recording says it is.
      const fault = scenario.fake.faults[0];
      if (fault) expect(recording.description, recording.path).toContain(`--fault ${fault}`);
      else expect(recording.description, recording.path).not.toContain('--fault');
    }
  });

  it('recordedFault reads the corpus’s names: <arm>-<fault>[-<what>], the longest fault id that fits', () => {
    expect(recordedFault('acp-hangs-on-sigterm-early-kill.json', 'agent-acp')).toBe(
      'hangs-on-sigterm',
    );
    expect(recordedFault('mcp-ignores-cancel.json', 'agent-mcp')).toBe('ignores-cancel');
    expect(recordedFault('mcp-cancel.json', 'agent-mcp')).toBeUndefined();
    expect(recordedFault('acp-clean-no-streaming.json', 'agent-acp')).toBeUndefined();
  });

  it('each foreign scenario is its tool.json: clean, then one per defect (test/integration/lint/foreign-*.test.ts prove the linter agrees)', () => {
    const tools = foreignTools();
    expect(tools.map((t) => t.tool)).toEqual(expect.arrayContaining(['jsonl-only', 'pynotes']));
    expect(ofKind('foreign').map((s) => s.id)).toEqual(
      tools.flatMap((t) => [
        `foreign.${t.tool}`,
        ...Object.keys(t.defects).map((d) => `foreign.${t.tool}.${d}`),
      ]),
    );
    for (const scenario of ofKind('foreign') as ForeignScenario[]) {
      const tool = tools.find((t) => t.tool === scenario.tool.name)!;
      const defect = scenario.tool.defect;
      expect(scenario.expected).toEqual(
        expectedFrom(defect ? tool.defects[defect]!.findings : [], LINT_RULE_IDS),
      );
      expect(scenario.lintArgs).toEqual([
        ...tool.lint.args,
        ...(defect ? ['--env', `${tool.defectEnv}=${defect}`] : []),
      ]);
      expect({
        setup: scenario.setup,
        invocations: scenario.invocations,
        command: scenario.command,
      }).toEqual({
        setup: tool.lint.setup,
        invocations: tool.lint.invocations,
        command: tool.command,
      });
    }
  });

  it('a malformed tool.json stops the corpus build rather than losing the tool', () => {
    const root = mkdtempSync(join(tmpdir(), 'aoi-foreign-'));
    try {
      mkdirSync(join(root, 'fixtures/foreign/broken'), { recursive: true });
      writeFileSync(
        join(root, 'fixtures/foreign/broken/tool.json'),
        JSON.stringify({
          tool: 'other',
          command: 'python3 x.py',
          lint: { args: [], setup: [], invocations: [] },
          defectEnv: 'X',
          defects: {},
        }),
      );
      expect(() => foreignTools(root)).toThrow(
        'fixtures/foreign/broken/tool.json: "tool" is "other", not its directory\'s name; "command" is not an argv list',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('cmdhelp and exec scenarios are their faults’ declarations; exec scenarios carry what the fault needs', () => {
    for (const s of ofKind('cmdhelp') as CmdhelpScenario[])
      expect(s.command).toEqual(['npx', 'aoi-testkit', 'fake', s.fake.preset]);
    for (const s of ofKind('exec') as ExecScenario[]) {
      const fault = EXEC_FAULTS.find((f) => f.id === s.fake.faults[0]);
      expect(s.expected.findings).toEqual([...(fault?.violates ?? [])].sort());
      expect(s.processOnly).toBe(fault?.processOnly === true);
      expect(s.env).toEqual(fault ? { AOI_TESTKIT_EXEC_FAULTS: fault.id } : {});
    }
    expect(
      (ofKind('exec') as ExecScenario[]).find((s) => s.id === 'exec.notes.deadlock')!.bulkLines,
    ).toBe(10_000);
  });
});

describe('expectedFrom', () => {
  it('fails a rule on an error sub-rule, warns on warnings only, passes the rest', () => {
    expect(
      expectedFrom(
        ['AOI-03/count-mismatch', 'AOI-02/ansi', 'AOI-05/code-format', 'AOI-05/error-fields'],
        STREAM_RULE_IDS,
      ),
    ).toEqual({
      ok: false,
      rules: {
        'AOI-02': 'fail',
        'AOI-03': 'warn',
        'AOI-04': 'pass',
        'AOI-05': 'fail',
        'AOI-09': 'pass',
        'AOI-11': 'pass',
        'AOI-13': 'pass',
      },
      findings: [
        'AOI-02/ansi',
        'AOI-03/count-mismatch',
        'AOI-05/code-format',
        'AOI-05/error-fields',
      ],
    });
    expect(expectedFrom(['AOI-02/crlf'], STREAM_RULE_IDS).ok).toBe(true);
  });

  it('refuses a sub-rule of a rule that is not judged', () => {
    expect(() => expectedFrom(['AOI-06/dry-run-side-effect'], STREAM_RULE_IDS)).toThrow(
      /not judged here/,
    );
    expect(() => expectedFrom(['AOI-02/ansi'], EXEC_SCENARIO_RULE_IDS)).toThrow(/not judged here/);
  });

  it('orders numbered sections as the document does, named ones as the rules do', () => {
    expect(
      sectionsOf(expectedFrom(['AOI-13/meta-schema-version', 'AOI-02/ansi'], STREAM_RULE_IDS)),
    ).toEqual(
      [...new Set(['AOI-02', 'AOI-13'].flatMap((r) => getRule(r).sections))].sort((a, b) =>
        a.localeCompare(b, 'en', { numeric: true }),
      ),
    );
    expect(sectionsOf(expectedFrom(['EXEC-08/not-forwarded'], EXEC_SCENARIO_RULE_IDS))).toEqual([
      '§Failure Modes and Exit Codes',
      'REQ-C-004',
    ]);
  });
});

describe('the reference lint plan', () => {
  it('invokes every command the notes capabilities list', () => {
    const listed = (capabilities() as { commands: Array<{ name: string }> }).commands.map(
      (c) => c.name,
    );
    const invoked = new Set<string>(REFERENCE_LINT_PLAN.invocations.map((argv) => argv[0]));
    expect(listed.filter((name) => !invoked.has(name))).toEqual([]);
  });
});

/**
 * The corpus's self-proof, in memory: every stream scenario, run as its file says (setup, then argv, in one
 * state directory, in its environment), ends as `exit` says, the stream checker finds exactly `expected` in
 * its stdout, and a backend scenario's one aoi:error is what `consumer` says.
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
    const strict = checkStream(run.stdout, {
      exitCode: run.exitCode,
      signal: run.signal,
      strict: true,
    });
    expect(strict.ok).toBe(scenario.expected.findings.length === 0);
    if (scenario.consumer) {
      const errors = Buffer.from(run.stdout)
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((e) => e.type === 'aoi:error');
      expect(errors).toEqual([expect.objectContaining(scenario.consumer.error)]);
      expect('retry_after_ms' in errors[0]!).toBe(
        scenario.consumer.error.retry_after_ms !== undefined,
      );
    }
  });
});
