/**
 * The agent-conversation corpus (`fixtures/transcripts/agents/`): every fixture gives exactly its expected
 * verdict under `checkTurns`, and the corpus shows every transcript sub-rule of AGENTCLI-20…25 (or says why
 * not). With `UPDATE_AGENT_CORPUS=1` it first records the corpus anew from the real fakes and writes it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { checkTurns } from '../../../src/checks/agentcli/turns.js';
import type { AgentTranscript } from '../../../src/spec/agentcli/transcript.js';
import { AGENTCLI_TURN_SUB_RULES } from '../../../src/spec/agentcli/turn-rules.js';
import { CORPUS_SECRET, recordCorpus, type CorpusEntry, type CorpusOptions } from './corpus.generate.js';
import { killAll } from './record.js';

afterEach(killAll);

const DIR = new URL('../../../fixtures/transcripts/agents/', import.meta.url).pathname;
const UPDATE = process.env.UPDATE_AGENT_CORPUS === '1';

interface Fixture {
  description: string;
  protocol: AgentTranscript['protocol'];
  options: CorpusOptions;
  transcript: AgentTranscript;
}
interface Expected {
  path: string;
  ok: boolean;
  findings: { id: string; line: number | null }[];
  events: string[];
}

/** Transcript sub-rules no recording of the fakes can show, each with why. */
const NOT_IN_CORPUS: { id: string; reason: string }[] = [
  { id: 'AGENTCLI-20/before-handshake', reason: 'no fake fault sends session traffic before its handshake answer (malformed-frame at handshake is a defect, which this sub-rule leaves to AGENTCLI-21)' },
  { id: 'AGENTCLI-22/double-end', reason: 'no fake fault ends a turn twice; on acp/mcp a second answer to one request id cannot be told from a stray answer' },
  { id: 'AGENTCLI-22/unknown-type', reason: 'judged only on an array of runner events: normalising a transcript yields only taxonomy types' },
  { id: 'AGENTCLI-23/orphan-result', reason: 'no fake fault sends a tool result without announcing its call first' },
  { id: 'AGENTCLI-23/duplicate-call-id', reason: 'no fake fault reuses a tool-call id within a session' },
];

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
  const tail = [...(t.stderr !== undefined ? [`    "stderr": ${JSON.stringify(t.stderr)}`] : []), ...(t.exit ? [`    "exit": ${JSON.stringify(t.exit)}`] : [])];
  if (tail.length > 0) {
    lines[lines.length - 1] += ',';
    lines.push(...tail.map((l, i) => (i < tail.length - 1 ? `${l},` : l)));
  }
  lines.push('  }', '}', '');
  return lines.join('\n');
}

function verdictOf(fixture: Fixture): Omit<Expected, 'path'> {
  const report = checkTurns(fixture.transcript, fixture.options);
  return { ok: report.ok, findings: report.findings.map((f) => ({ id: f.id, line: f.line ?? null })), events: report.events.map((e) => e.type) };
}

function write(entries: CorpusEntry[]): void {
  mkdirSync(DIR, { recursive: true });
  for (const file of readdirSync(DIR)) if (file.endsWith('.json')) rmSync(join(DIR, file));
  const fixtures: Expected[] = [];
  for (const entry of entries) {
    const fixture: Fixture = { description: entry.description, protocol: entry.transcript.protocol, options: entry.options, transcript: entry.transcript };
    const path = `${entry.name}.json`;
    writeFileSync(join(DIR, path), serialize(fixture));
    fixtures.push({ path, ...verdictOf(JSON.parse(readFileSync(join(DIR, path), 'utf8')) as Fixture) });
  }
  const expected = {
    $comment:
      "aoi-testkit agent-conversation corpus (AIP-45): for each recorded runner ↔ agent transcript, the verdict of the kit's checkTurns(transcript, options) — ok (no error-severity finding), every finding in report order (sub-rule id, line = 1-based frame index) — and the normalised event types in order. See README.md.",
    fixtures,
  };
  writeFileSync(join(DIR, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
}

const readExpected = (): Expected[] => (JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as { fixtures: Expected[] }).fixtures;
const readFixture = (path: string): { text: string; fixture: Fixture } => {
  const text = readFileSync(join(DIR, path), 'utf8');
  return { text, fixture: JSON.parse(text) as Fixture };
};

describe('the agent-conversation corpus', () => {
  test.runIf(UPDATE)('records the corpus from the real fakes (UPDATE_AGENT_CORPUS=1)', async () => {
    write(await recordCorpus());
  }, 600_000);

  test('every fixture parses and has the shape of its format; expected.json lists exactly the fixture files', () => {
    const expected = readExpected();
    expect(expected.length).toBeGreaterThan(0);
    const files = readdirSync(DIR).filter((f) => f.endsWith('.json') && f !== 'expected.json').sort();
    expect(expected.map((e) => e.path).sort()).toEqual(files);
    for (const { path } of expected) {
      const { fixture } = readFixture(path);
      expect(Object.keys(fixture).sort(), path).toEqual(['description', 'options', 'protocol', 'transcript']);
      expect(fixture.transcript.protocol, path).toBe(fixture.protocol);
      expect(Array.isArray(fixture.transcript.frames), path).toBe(true);
      fixture.transcript.frames.forEach((f, i) => {
        expect(f.at, path).toBe(i);
        expect(['to-agent', 'from-agent'], path).toContain(f.direction);
      });
      expect((fixture.transcript.stderr ?? '').length, path).toBeLessThanOrEqual(2048);
    }
  });

  test('checkTurns gives every fixture exactly its expected ok, findings (id, line) and event types', () => {
    for (const expected of readExpected()) {
      const { fixture } = readFixture(expected.path);
      expect(verdictOf(fixture), expected.path).toEqual({ ok: expected.ok, findings: expected.findings, events: expected.events });
    }
  });

  test('every transcript sub-rule of AGENTCLI-20…25 is shown by a fixture or listed in NOT_IN_CORPUS', () => {
    const shown = new Set(readExpected().flatMap((e) => e.findings.map((f) => f.id)));
    const transcriptRules = AGENTCLI_TURN_SUB_RULES.filter((r) => r.judgedBy === 'transcript').map((r) => r.id);
    const excused = new Set(NOT_IN_CORPUS.map((n) => n.id));
    for (const id of transcriptRules) expect(shown.has(id) || excused.has(id), `${id} is neither in the corpus nor in NOT_IN_CORPUS`).toBe(true);
    // The exceptions stay honest: each names a transcript sub-rule the corpus really does not show, with a reason.
    for (const { id, reason } of NOT_IN_CORPUS) {
      expect(transcriptRules, id).toContain(id);
      expect(shown.has(id), `${id} is in the corpus now: drop it from NOT_IN_CORPUS`).toBe(false);
      expect(reason.length).toBeGreaterThan(10);
    }
  });

  test('the fake secret appears only in the echoes-secret fixtures, and never in a finding', () => {
    for (const { path } of readExpected()) {
      const { text, fixture } = readFixture(path);
      const secrets = fixture.options.secrets ?? [];
      if (secrets.length === 0) expect(text.includes(CORPUS_SECRET), `${path} holds the fake secret`).toBe(false);
      else expect(fixture.description.includes(CORPUS_SECRET), path).toBe(false);
      expect(JSON.stringify(checkTurns(fixture.transcript, fixture.options).findings), path).not.toContain(CORPUS_SECRET);
    }
    expect(readFileSync(join(DIR, 'expected.json'), 'utf8')).not.toContain(CORPUS_SECRET);
    expect(existsSync(join(DIR, 'README.md'))).toBe(true);
  });
});
