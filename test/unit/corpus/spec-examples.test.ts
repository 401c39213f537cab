/**
 * The specs' own examples (fixtures/spec-examples): each is judged by the kit's own judges, as its index says, and
 * must get the verdict the spec implies (exactly the findings listed). With AOI_TESTKIT_SPEC_TEXTS naming the
 * spec texts, each fixture must also still be the text's example (a drift in either is caught).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { judgeAgentApplication } from '../../../src/checks/app/application.js';
import { validateAppManifest } from '../../../src/checks/app/manifest.js';
import type { AppRun, AppRuns } from '../../../src/checks/app/probe/types.js';
import { checkStream } from '../../../src/checks/aoi/stream.js';
import { checkCmdhelpMarkdown } from '../../../src/checks/cmdhelp/markdown.js';
import { checkDocument, type DocumentKind } from '../../../src/checks/documents.js';
import { checkExecOutput, parseExecInput } from '../../../src/checks/exec/output.js';
import { ALL_SUB_RULES } from '../../../src/corpus/rule-quotes.js';
import type { Finding } from '../../../src/stream/finding.js';
// @ts-expect-error: a plain script, typed by its use here
import { FAMILY, driftOf, extractExample, readIndex } from '../../../scripts/spec-examples.mjs';

interface Judge {
  as: 'stream' | 'document' | 'exec-batch' | 'exec-output' | 'app-runs' | 'cmdhelp-md' | 'none';
  kind?: DocumentKind;
  frame?: string;
  compact?: boolean;
  substitute?: [string, string][];
  stripLineComments?: boolean;
  exit?: number;
  fill?: [string, number][];
  role?: 'read' | 'refusal';
  reads?: string;
  manifest?: { frame: string; example: string };
}
interface Example {
  id: string;
  file: string;
  text: string;
  section: string;
  kind: string;
  source: { after: string; lines: number };
  judge: Judge;
  verdict: 'conforms' | 'breaks' | 'not-judged';
  findings: string[];
  breaks?: { rule: string; section: string; quote: string }[];
  note?: string;
}

const index = readIndex() as { examples: Example[] };
const read = (file: string) => readFileSync(join(FAMILY, file), 'utf8');

/** The example as its judge reads it: placeholders replaced, comments cut, compacted, set in its frame. */
function prepared(example: Example): string {
  const judge = example.judge;
  let text = read(example.file);
  for (const [from, to] of judge.substitute ?? []) text = text.split(from).join(to);
  if (judge.stripLineComments === true) text = text.replace(/ *\/\/[^\n]*/g, '');
  if (judge.compact === true) text = `${JSON.stringify(JSON.parse(text))}\n`;
  // The events a lone summary counts, before it: `{n}` is each one's number.
  const filled = (judge.fill ?? []).flatMap(([line, times]) =>
    Array.from({ length: times }, (_, i) => `${line.replaceAll('{n}', String(i + 1))}\n`),
  );
  if (judge.frame !== undefined)
    text = read(judge.frame).replace('{{example}}\n', `${filled.join('')}${text}`);
  return text;
}

const run = (stdout: string, exitCode = 0): AppRun => ({
  stdout: new TextEncoder().encode(stdout),
  exitCode,
  signal: null,
  timedOut: false,
});

/** The findings (sub-rule ids, sorted, each once) the kit's judge reports on the example, and whether it passed. */
function judged(example: Example, text = prepared(example)): { ok: boolean; findings: string[] } {
  const judge = example.judge;
  const of = (ok: boolean, findings: readonly Finding[]) => {
    return {
      ok,
      findings: [...new Set(findings.map((f) => f.id))].sort(),
    };
  };
  switch (judge.as) {
    case 'stream': {
      const report = checkStream(text, { exitCode: judge.exit ?? 0 });
      return of(report.ok, report.findings);
    }
    case 'document': {
      const path = join(FAMILY, judge.frame ?? example.file);
      const report = checkDocument(text, { kind: judge.kind!, path });
      return of(report.ok, report.findings);
    }
    case 'cmdhelp-md': {
      const report = checkCmdhelpMarkdown(text);
      return of(!report.findings.some((f) => f.severity === 'error'), report.findings);
    }
    case 'exec-batch': {
      const problems = parseExecInput(text).filter((line) => line.problem !== undefined);
      return {
        ok: problems.length === 0,
        findings: problems.map((p) => `line ${p.line}: ${p.problem}`),
      };
    }
    case 'exec-output': {
      // The batch the output answers: one request per answer, its `_cmd` at its `_line`.
      const answers = text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const input = answers.map((a) => JSON.stringify({ _cmd: a._cmd })).join('\n');
      const report = checkExecOutput(`${input}\n`, text, judge.exit ?? 0);
      return of(report.ok, report.findings);
    }
    case 'app-runs': {
      const manifestText = read(judge.manifest!.frame).replace(
        '{{example}}\n',
        read(judge.manifest!.example),
      );
      const manifest = validateAppManifest(manifestText);
      const list = run(judge.role === 'read' ? text : read(judge.reads!));
      const refusal = run(text, judge.exit ?? 0);
      const runs: AppRuns = {
        plan: { setup: [], setupFrom: 'none', read: ['list'] },
        setup: [],
        reads: [list, list, list],
        ...(judge.role === 'refusal'
          ? {
              fail: { args: ['remove', 'td_0001'], run: refusal },
              confirmations: [
                { call: { args: ['remove', 'td_0001'], run: refusal }, before: list, after: list },
              ],
            }
          : { confirmations: [] }),
      };
      const report = judgeAgentApplication(FAMILY, manifest, runs);
      return of(report.ok, report.findings);
    }
    case 'none':
      return { ok: true, findings: [] };
  }
}

describe('fixtures/spec-examples: the index', () => {
  const schema = JSON.parse(read('index.schema.json')) as object;
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

  it('has the shape of index.schema.json, and the schema rejects a planted bad entry', () => {
    expect(validate(index) ? [] : validate.errors).toEqual([]);
    const planted = { examples: [{ ...index.examples[0], verdict: 'maybe' }] };
    expect(validate(planted)).toBe(false);
  });

  it('every example file exists and is listed once; every id is unique', () => {
    expect(new Set(index.examples.map((e) => e.id)).size).toBe(index.examples.length);
    expect(new Set(index.examples.map((e) => e.file)).size).toBe(index.examples.length);
    for (const e of index.examples) expect(existsSync(join(FAMILY, e.file)), e.file).toBe(true);
  });

  it('every finding is explained by the sentence the example does not meet; a non-conformant example breaks a MUST', () => {
    const known = new Set(ALL_SUB_RULES.map((s) => s.id));
    for (const e of index.examples) {
      for (const id of e.findings) {
        if (e.judge.as !== 'exec-batch') expect(known, id).toContain(id);
        expect(e.breaks?.map((b) => b.rule) ?? [], e.id).toContain(id);
      }
      for (const b of e.breaks ?? []) expect(e.findings, e.id).toContain(b.rule);
      if (e.verdict === 'breaks')
        expect(
          e.breaks?.some((b) => /\bMUST\b/.test(b.quote)),
          e.id,
        ).toBe(true);
      if (e.verdict === 'not-judged') expect(e.judge.as, e.id).toBe('none');
    }
  });

  it('the extractor finds an example after its anchor, and says why it cannot', () => {
    const text = 'prose\nHere:\n\n{"a":1}\n{"b":2} and prose\n';
    expect(extractExample(text, { after: 'Here:', lines: 2, lastLineUpTo: '}' })).toBe(
      '{"a":1}\n{"b":2}\n',
    );
    expect(String(extractExample(text, { after: 'Nowhere', lines: 1 }))).toMatch(/no line/);
    expect(String(extractExample(`${text}Here:\n`, { after: 'Here:', lines: 1 }))).toMatch(
      /more than one/,
    );
  });
});

describe.each(index.examples.map((e) => [e.id, e] as const))('%s', (_id, example) => {
  it(`gets the verdict the spec implies (${example.verdict})`, () => {
    const { ok, findings } = judged(example);
    expect(findings).toEqual([...example.findings].sort());
    if (example.verdict === 'conforms') expect(ok).toBe(true);
    if (example.verdict === 'breaks') expect(ok).toBe(false);
  });
});

describe('the judges this corpus runs can fail', () => {
  const byId = (id: string) => index.examples.find((e) => e.id === id)!;
  it.each([
    [
      'aoi.search',
      (t: string) => t.split('\n').slice(0, 2).join('\n'),
      'AOI-03/eof-without-summary',
    ],
    [
      'aoi.capabilities',
      (t: string) => t.replace('"aoi_versions": ["0.2"]', '"aoi_versions": "0.2"'),
      'AOI-01/capabilities-invalid',
    ],
    [
      'cmdhelp.capability-default',
      (t: string) => t.replace('0.1', '0.1.0'),
      'CMDHELP-01/patch-version',
    ],
    ['exec.output', (t: string) => t.replaceAll('"_line":2', '"_line":7'), undefined],
    ['app.failure-output', () => '{"ok":false}', undefined],
    ['agentcli.protocol-acp', (t: string) => t.replace('acp: ./hermes-acp.ACP.md', ''), undefined],
  ] as const)('%s, broken, fails', (id, breakIt, expected) => {
    const example = byId(id);
    const { ok, findings } = judged(example, breakIt(prepared(example)));
    expect(findings.length, id).toBeGreaterThan(0);
    if (expected !== undefined) expect(findings).toContain(expected);
    expect(ok || findings.length > 0).toBe(true);
  });
  it('an exec batch with a line that is not a request fails', () => {
    expect(judged(byId('exec.routing'), '{"_cmd": "account.list"}\n{"name": "x"}\n').ok).toBe(
      false,
    );
  });
});

const textsDir = process.env.AOI_TESTKIT_SPEC_TEXTS;
describe.runIf(textsDir !== undefined && existsSync(textsDir))(
  'each fixture is still its spec text’s example (AOI_TESTKIT_SPEC_TEXTS)',
  () => {
    it('no example drifted', () => {
      expect(driftOf(textsDir!)).toEqual([]);
    });
  },
);

it('every frame an example names exists', () => {
  for (const e of index.examples)
    for (const frame of [e.judge.frame, e.judge.manifest?.frame].filter(Boolean))
      expect(existsSync(join(FAMILY, frame!)), `${e.id}: ${frame}`).toBe(true);
});
