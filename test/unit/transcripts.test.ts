import { readFileSync, readdirSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import {
  STREAM_RULE_IDS,
  checkStream,
  type StreamCheckOptions,
  type StreamEnd,
  type StreamReport,
} from '../../src/checks/aoi/stream.js';
import { loadTranscripts, TRANSCRIPT_DIR } from '../support/transcripts.js';
import { AOI_SUB_RULES } from '../../src/spec/aoi/rules.js';

/** The rules a recorded stream is judged on (the parents of the stream checker's sub-rules). */
const STREAM_RULES = [
  'AOI-02',
  'AOI-03',
  'AOI-04',
  'AOI-05',
  'AOI-09',
  'AOI-11',
  'AOI-13',
] as const;

const DIR = TRANSCRIPT_DIR;
const files = readdirSync(DIR);
const transcripts = loadTranscripts();
const names = transcripts.map((t) => t.name);

function run(
  t: { bytes: Uint8Array; options: StreamCheckOptions; end: StreamEnd },
  strict = false,
): StreamReport {
  return checkStream(t.bytes, { ...t.options, ...t.end, strict });
}

const findingIds = (report: StreamReport) => [...new Set(report.findings.map((f) => f.id))].sort();
const statuses = (report: StreamReport) =>
  Object.fromEntries(report.verdicts.map((v) => [v.rule, v.status]));

describe('golden transcripts: the corpus itself', () => {
  it('has transcripts, each with an expectation, and no stray expectation', () => {
    expect(names.length).toBeGreaterThan(0);
    const expectations = files
      .filter((f) => f.endsWith('.expected.json'))
      .map((f) => f.slice(0, -'.expected.json'.length))
      .sort();
    expect(expectations).toEqual([...names].sort());
  });

  it('judges exactly the rules the stream checker judges', () => {
    expect([...STREAM_RULE_IDS]).toEqual([...STREAM_RULES]);
  });

  const schema = JSON.parse(readFileSync(`${DIR}expected.schema.json`, 'utf8')) as object;
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

  it.each(names)('%s.expected.json validates against expected.schema.json', (name) => {
    const expected = transcripts.find((t) => t.name === name)!.expected;
    expect(validate(expected) ? [] : validate.errors).toEqual([]);
  });

  it.each(names)('%s.expected.json is self-consistent', (name) => {
    const e = transcripts.find((t) => t.name === name)!.expected;
    // Sub-rule ids once each, in code-point order, and all known to the registry.
    expect(e.findings).toEqual([...new Set(e.findings)].sort());
    const known = new Set(AOI_SUB_RULES.map((s) => s.id));
    for (const id of e.findings) expect(known.has(id), `${id} is a registry sub-rule`).toBe(true);
    // ok is "no rule fails"; strict turns every finding into an error.
    expect(e.ok).toBe(!Object.values(e.verdicts).includes('fail'));
    expect(e.strict.ok).toBe(e.findings.length === 0);
    for (const rule of STREAM_RULES) {
      const ofRule = e.findings.filter((id) => id.startsWith(`${rule}/`));
      if (e.verdicts[rule] === 'fail')
        expect(ofRule.length, `${rule} fails with a finding`).toBeGreaterThan(0);
      if (e.verdicts[rule] === 'not_applicable')
        expect(ofRule, `${rule} is not applicable, so has no finding`).toEqual([]);
    }
  });

  it('has at least one transcript for every sub-rule of the stream rules', () => {
    const streamSubRules = AOI_SUB_RULES.filter((s) => s.judgedBy === 'stream').map((s) => s.id);
    expect(streamSubRules.length).toBeGreaterThan(0);
    const covered = new Set(transcripts.flatMap((t) => t.expected.findings));
    expect(streamSubRules.filter((id) => !covered.has(id))).toEqual([]);
  });

  it('has good transcripts that pass everything, also in strict mode', () => {
    expect(transcripts.filter((t) => t.expected.strict.ok).length).toBeGreaterThanOrEqual(7);
  });
});

describe.each(transcripts)('golden transcript $name', (transcript) => {
  const { expected } = transcript;
  const report = run(transcript);

  it('gets the expected verdict for every rule', () => {
    expect(statuses(report)).toEqual(expected.verdicts);
  });

  it('reports exactly the expected sub-rules', () => {
    expect(findingIds(report)).toEqual(expected.findings);
  });

  it('is ok exactly when expected', () => {
    expect(report.ok).toBe(expected.ok);
  });

  it('has the expected outcome in strict mode', () => {
    const strict = run(transcript, true);
    expect(strict.ok).toBe(expected.strict.ok);
    // Strict only changes severities: the same sub-rules are reported.
    expect(findingIds(strict)).toEqual(findingIds(report));
  });
});
