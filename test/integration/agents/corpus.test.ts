/**
 * The agent-conversation corpus (`fixtures/transcripts/agents/`). Each fixture's expected verdict — `ok` and
 * the sub-rules it `breaks` — is declared where the recording comes from (the fault's `transcriptBreaks`, the
 * generator's edits and tear-downs), not taken from the checker; this test proves the kit's checkers
 * (`checkTurns`, and `checkAgentLifecycle` for the tear-downs) agree with every declaration, keeps the
 * recorded detail (findings with lines, event types) stable, and requires every AGENTCLI-20…26 sub-rule to be
 * shown (or excused). With `UPDATE_AGENT_CORPUS=1` it first records the corpus anew from the real fakes and
 * writes it — refusing to when a checker disagrees with a declaration.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { judgeAgentRecording } from '../../../src/checks/agentcli/recording.js';
import { checkRunnerSecrets } from '../../../src/checks/agentcli/runner-secrets.js';
import type { AgentTranscript } from '../../../src/spec/agentcli/transcript.js';
import { AGENTCLI_TURN_SUB_RULES } from '../../../src/spec/agentcli/turn-rules.js';
import {
  CORPUS_SECRET,
  recordCorpus,
  type CorpusEntry,
  type CorpusLifecycle,
  type CorpusOptions,
} from './corpus.generate.js';
import { killAll } from './record.js';

afterEach(killAll);

const DIR = new URL('../../../fixtures/transcripts/agents/', import.meta.url).pathname;
const UPDATE = process.env.UPDATE_AGENT_CORPUS === '1';

interface Fixture {
  description: string;
  protocol: AgentTranscript['protocol'];
  options: CorpusOptions;
  transcript: AgentTranscript;
  lifecycle?: CorpusLifecycle;
}
interface Expected {
  path: string;
  /** Declared: no sub-rule of severity error among `breaks`. */
  ok: boolean;
  /** Declared: the sub-rules the conversation (and tear-down) breaks, sorted. */
  breaks: string[];
  /** Recorded detail: the kit's findings (id, line) in report order, and the normalised event types. */
  findings: { id: string; line: number | null }[];
  events: string[];
}

/** AGENTCLI sub-rules no fixture can show, each with why. */
const NOT_IN_CORPUS: { id: string; reason: string }[] = [
  {
    id: 'AGENTCLI-22/unknown-type',
    reason:
      'judged only on an array of runner events: normalising a transcript yields only taxonomy types',
  },
  {
    id: 'AGENTCLI-29/setup-not-reported',
    reason:
      "judged on the runner's refusal (its error), when nothing was spawned: there is no conversation to record (test/unit/agentcli/preflight.test.ts, examples/agent-runner)",
  },
];

const SEVERITY = new Map(AGENTCLI_TURN_SUB_RULES.map((r) => [r.id, r.severity]));
const declaredOk = (breaks: readonly string[]) =>
  !breaks.some((id) => SEVERITY.get(id) === 'error');

/** One frame per line, the rest indented: readable and diffable. */
function serialize(fixture: Fixture): string {
  const t = fixture.transcript;
  const lines = [
    '{',
    `  "description": ${JSON.stringify(fixture.description)},`,
    `  "protocol": ${JSON.stringify(fixture.protocol)},`,
    `  "options": ${JSON.stringify(fixture.options)},`,
    '  "transcript": {',
    `    "protocol": ${JSON.stringify(t.protocol)},`,
    `    "frames": [${t.frames.length === 0 ? ']' : ''}`,
    ...t.frames.map((f, i) => `      ${JSON.stringify(f)}${i < t.frames.length - 1 ? ',' : ''}`),
    ...(t.frames.length > 0 ? ['    ]'] : []),
  ];
  const tail = [
    ...(t.stderr !== undefined ? [`    "stderr": ${JSON.stringify(t.stderr)}`] : []),
    ...(t.exit ? [`    "exit": ${JSON.stringify(t.exit)}`] : []),
  ];
  if (tail.length > 0) {
    lines[lines.length - 1] += ',';
    lines.push(...tail.map((l, i) => (i < tail.length - 1 ? `${l},` : l)));
  }
  lines.push('  }');
  if (fixture.lifecycle) {
    const { records, alive } = fixture.lifecycle;
    lines[lines.length - 1] += ',';
    lines.push(
      '  "lifecycle": {',
      '    "records": [',
      ...records.map((r, i) => `      ${JSON.stringify(r)}${i < records.length - 1 ? ',' : ''}`),
      '    ],',
      `    "alive": ${JSON.stringify(alive)}`,
      '  }',
    );
  }
  lines.push('}', '');
  return lines.join('\n');
}

/** The kit's checkers on a fixture (judgeAgentRecording), findings as the expected file keeps them. */
function verdictOf(fixture: Fixture): {
  ok: boolean;
  findings: Expected['findings'];
  events: string[];
} {
  const { ok, findings, events } = judgeAgentRecording(fixture);
  return { ok, findings: findings.map((f) => ({ id: f.id, line: f.line ?? null })), events };
}

/** Where the checkers and a declaration disagree (empty: they agree). */
function disagreement(
  breaks: readonly string[],
  verdict: { ok: boolean; findings: Expected['findings'] },
): string[] {
  const found = [...new Set(verdict.findings.map((f) => f.id))].sort();
  const problems: string[] = [];
  for (const id of breaks)
    if (!found.includes(id)) problems.push(`declares ${id}, the checker does not find it`);
  for (const id of found)
    if (!breaks.includes(id)) problems.push(`the checker finds ${id}, undeclared`);
  if (verdict.ok !== declaredOk(breaks))
    problems.push(`the checker says ok=${verdict.ok}, the declaration ok=${declaredOk(breaks)}`);
  return problems;
}

function write(entries: CorpusEntry[]): void {
  const fixtures: Expected[] = [];
  const files = new Map<string, string>();
  const problems: string[] = [];
  for (const entry of entries) {
    const fixture: Fixture = {
      description: entry.description,
      protocol: entry.transcript.protocol,
      options: entry.options,
      transcript: entry.transcript,
      ...(entry.lifecycle ? { lifecycle: entry.lifecycle } : {}),
    };
    const path = `${entry.name}.json`;
    const text = serialize(fixture);
    const verdict = verdictOf(JSON.parse(text) as Fixture);
    const breaks = [...new Set(entry.breaks)].sort();
    for (const problem of disagreement(breaks, verdict)) problems.push(`${path}: ${problem}`);
    files.set(path, text);
    fixtures.push({
      path,
      ok: declaredOk(breaks),
      breaks,
      findings: verdict.findings,
      events: verdict.events,
    });
  }
  // A recording that does not show what its fault declares (a cancel that came too late, a changed fake) is not written.
  if (problems.length > 0)
    throw new Error(
      `the corpus was not written: the checkers disagree with the declarations:\n${problems.join('\n')}`,
    );
  mkdirSync(DIR, { recursive: true });
  for (const file of readdirSync(DIR)) if (file.endsWith('.json')) rmSync(join(DIR, file));
  for (const [path, text] of files) writeFileSync(join(DIR, path), text);
  const expected = {
    $comment:
      "aoi-testkit agent-conversation corpus (AIP-45). For each recorded runner ↔ agent conversation: `ok` and `breaks` — the expected verdict, declared by the fault that was recorded (or the generator's edit or tear-down), independent of any checker; `findings` (sub-rule id, line = 1-based frame index, or lifecycle record index for AGENTCLI-26) in the kit's report order and `events` (the normalised event types), the kit's checkers' detail. See README.md.",
    fixtures,
  };
  writeFileSync(join(DIR, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
  writeReadmeTable(entries, fixtures);
}

/** The README's table of files, between its markers, from the entries and their declared verdicts. */
function writeReadmeTable(entries: CorpusEntry[], fixtures: Expected[]): void {
  const readme = join(DIR, 'README.md');
  const text = readFileSync(readme, 'utf8');
  const [start, end] = ['<!-- corpus-table:start -->', '<!-- corpus-table:end -->'];
  const rows = entries.map((entry, i) => {
    const f = fixtures[i]!;
    const breaks = f.breaks.length === 0 ? '—' : f.breaks.map((id) => `\`${id}\``).join(', ');
    return `| \`${f.path}\` | ${f.ok ? 'ok' : '**not ok**'} | ${breaks} | ${entry.description.replace(/\|/g, '\\|')} |`;
  });
  const table = [
    '| file | ok | breaks (declared) | what was recorded |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
  writeFileSync(
    readme,
    `${text.slice(0, text.indexOf(start) + start.length)}\n${table}\n${text.slice(text.indexOf(end))}`,
  );
}

const readExpected = (): Expected[] =>
  (JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as { fixtures: Expected[] })
    .fixtures;
const readFixture = (path: string): { text: string; fixture: Fixture } => {
  const text = readFileSync(join(DIR, path), 'utf8');
  return { text, fixture: JSON.parse(text) as Fixture };
};

describe('the agent-conversation corpus', () => {
  test.runIf(UPDATE)(
    'records the corpus from the real fakes (UPDATE_AGENT_CORPUS=1)',
    async () => {
      write(await recordCorpus());
    },
    600_000,
  );

  test('every fixture parses and has the shape of its format; expected.json lists exactly the fixture files', () => {
    const expected = readExpected();
    expect(expected.length).toBeGreaterThan(0);
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.json') && f !== 'expected.json')
      .sort();
    expect(expected.map((e) => e.path).sort()).toEqual(files);
    for (const { path } of expected) {
      const { fixture } = readFixture(path);
      expect(
        Object.keys(fixture)
          .filter((k) => k !== 'lifecycle')
          .sort(),
        path,
      ).toEqual(['description', 'options', 'protocol', 'transcript']);
      if (fixture.lifecycle)
        expect(Object.keys(fixture.lifecycle).sort(), path).toEqual(['alive', 'records']);
      expect(fixture.transcript.protocol, path).toBe(fixture.protocol);
      expect(Array.isArray(fixture.transcript.frames), path).toBe(true);
      fixture.transcript.frames.forEach((f, i) => {
        expect(f.at, path).toBe(i);
        expect(['to-agent', 'from-agent'], path).toContain(f.direction);
      });
      expect((fixture.transcript.stderr ?? '').length, path).toBeLessThanOrEqual(2048);
      // No machine's paths: temporary directories and the checkout are `<tmp>` and `<kit>`.
      const { text } = readFixture(path);
      for (const local of [tmpdir(), new URL('../../../', import.meta.url).pathname])
        expect(text.includes(local), `${path} names ${local}`).toBe(false);
    }
  });

  test('every declaration is consistent: known sub-rules, sorted, ok exactly when none of them is an error', () => {
    for (const { path, ok, breaks } of readExpected()) {
      for (const id of breaks) expect(SEVERITY.has(id), `${path}: ${id}`).toBe(true);
      expect([...breaks].sort(), path).toEqual(breaks);
      expect(ok, path).toBe(declaredOk(breaks));
    }
  });

  test("the kit's checkers agree with every fixture's declared verdict: the same sub-rules, the same ok", () => {
    for (const expected of readExpected()) {
      const { fixture } = readFixture(expected.path);
      expect(disagreement(expected.breaks, verdictOf(fixture)), expected.path).toEqual([]);
    }
  });

  test('the agreement check can fail: a declaration that misses, invents or mis-grades a sub-rule is caught', () => {
    const { fixture } = readFixture('acp-crash-mid-turn.json');
    const verdict = verdictOf(fixture);
    expect(disagreement(['AGENTCLI-22/no-turn-end'], verdict)).toEqual([]);
    expect(disagreement([], verdict)).toEqual([
      'the checker finds AGENTCLI-22/no-turn-end, undeclared',
      'the checker says ok=false, the declaration ok=true',
    ]);
    expect(
      disagreement(['AGENTCLI-22/no-turn-end', 'AGENTCLI-21/malformed-frame'], verdict),
    ).toEqual(['declares AGENTCLI-21/malformed-frame, the checker does not find it']);
    const warned = verdictOf(readFixture('acp-tool-call-without-result.json').fixture);
    expect(disagreement(['AGENTCLI-23/unanswered-call'], { ...warned, ok: false })).toEqual([
      'the checker says ok=false, the declaration ok=true',
    ]);
  });

  test('the recorded detail holds: findings (id, line) in report order, and the event types', () => {
    for (const expected of readExpected()) {
      const { fixture } = readFixture(expected.path);
      const { findings, events } = verdictOf(fixture);
      expect({ findings, events }, expected.path).toEqual({
        findings: expected.findings,
        events: expected.events,
      });
    }
  });

  test('every sub-rule of AGENTCLI-20…26 is broken by a fixture or listed in NOT_IN_CORPUS; the README lists every file', () => {
    const shown = new Set(readExpected().flatMap((e) => e.breaks));
    const judged = AGENTCLI_TURN_SUB_RULES.map((r) => r.id);
    const excused = new Set(NOT_IN_CORPUS.map((n) => n.id));
    for (const id of judged)
      expect(
        shown.has(id) || excused.has(id),
        `${id} is neither in the corpus nor in NOT_IN_CORPUS`,
      ).toBe(true);
    // The exceptions stay honest: each names a sub-rule the corpus really does not show, with a reason.
    for (const { id, reason } of NOT_IN_CORPUS) {
      expect(judged, id).toContain(id);
      expect(shown.has(id), `${id} is in the corpus now: drop it from NOT_IN_CORPUS`).toBe(false);
      expect(reason.length).toBeGreaterThan(10);
    }
    const readme = readFileSync(join(DIR, 'README.md'), 'utf8');
    for (const { path } of readExpected()) expect(readme, path).toContain(`| \`${path}\` |`);
  });

  test('the fake secret appears only in the fixtures judged with it (echoes-secret, the runner-secret ones), and never in a finding', () => {
    for (const { path } of readExpected()) {
      const { text, fixture } = readFixture(path);
      const secrets = [
        ...(fixture.options.secrets ?? []),
        ...(fixture.options.runnerSecrets?.secrets ?? []),
      ];
      if (secrets.length === 0)
        expect(text.includes(CORPUS_SECRET), `${path} holds the fake secret`).toBe(false);
      else expect(fixture.description.includes(CORPUS_SECRET), path).toBe(false);
      expect(JSON.stringify(verdictOf(fixture).findings), path).not.toContain(CORPUS_SECRET);
      if (fixture.lifecycle && fixture.options.runnerSecrets)
        expect(
          JSON.stringify(
            checkRunnerSecrets(fixture.lifecycle.records, fixture.options.runnerSecrets),
          ),
          path,
        ).not.toContain(CORPUS_SECRET);
    }
    expect(readFileSync(join(DIR, 'expected.json'), 'utf8')).not.toContain(CORPUS_SECRET);
    expect(existsSync(join(DIR, 'README.md'))).toBe(true);
  });
});
