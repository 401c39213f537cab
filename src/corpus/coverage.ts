/**
 * docs/coverage.md: per spec, every requirement the kit judges (the rule's sections and title, from the
 * registry) → its sub-rules → the faults and broken fixtures that violate each one (from the corpus and the
 * fixture families' expected verdicts). Built from data only, so that a rule, a fault or a fixture added
 * anywhere shows up at the next `npm run coverage` without touching this file; a test keeps the committed page
 * fresh.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REGISTRIES } from '../spec/rules.js';
import { SPECS } from '../spec/specs.js';
import type { Rule, SubRule } from '../spec/types.js';
import { kitRoot } from './files.js';

/** One spec's part of the table: its registry, and the text it is judged against. */
interface CoverageSpec {
  readonly prefix: string;
  readonly title: string;
  readonly text: string;
  readonly rules: readonly Rule[];
  readonly subRules: readonly SubRule[];
}

/**
 * The specs a tool is judged on, in SPECS order; the registries are the kit's, whole. The CONSUMER rules judge the
 * reading side (a consumer program, not a tool) and are proven in test/integration/consumer.
 */
export const COVERAGE_SPECS: readonly CoverageSpec[] = SPECS.filter(
  (spec) => spec.judges === 'tool',
).map((spec) => ({
  prefix: spec.prefix,
  title: spec.title,
  text: spec.text,
  ...REGISTRIES[spec.id],
}));

/**
 * Sub-rules no fault or fixture can show (a choice of the checker's caller, a runner's configuration, a budget of
 * the linter itself), each with the test that shows it failing. Hand-kept: the freshness test checks that each file
 * exists and names its sub-rule, and that a sub-rule leaves this list once a fault or fixture violates it.
 */
export const PROVEN_BY_TEST: Readonly<Record<string, string>> = {
  'AOI-11/output-cap-exceeded': 'test/unit/lint/judges.test.ts',
  'CMDHELP-01/missing': 'test/integration/cmdhelp/live.test.ts',
  'CMDHELP-01/unstable': 'test/integration/cmdhelp/live.test.ts',
  'EXEC-01/manifest-location': 'test/integration/exec/check-exec.test.ts',
  'AGENTCLI-13/unknown-mode': 'test/unit/agentcli/resolve-spawn.test.ts',
  'AGENTCLI-13/unknown-option': 'test/unit/agentcli/resolve-spawn.test.ts',
  'AGENTCLI-13/option-type': 'test/unit/agentcli/resolve-spawn.test.ts',
  'AGENTCLI-13/option-enum': 'test/unit/agentcli/resolve-spawn.test.ts',
  'AGENTCLI-13/option-bounds': 'test/unit/agentcli/resolve-spawn.test.ts',
  'AGENTCLI-13/continuation-unsupported': 'test/unit/agentcli/resolve-spawn.test.ts',
  'AGENTCLI-22/unknown-type': 'test/unit/agentcli/turns.test.ts',
  // Judged on the runner's refusal when nothing was spawned: no conversation to record.
  'AGENTCLI-29/setup-not-reported': 'test/unit/agentcli/preflight.test.ts',
};

/** Something that violates sub-rules: a corpus scenario (a fault of a fake, a package, a conversation) or a fixture. */
export interface Violator {
  /** How the page names it: `scenario exec.notes.opts-leak`, `fixtures/exec/hand-no-cmd`. */
  readonly name: string;
  readonly findings: readonly string[];
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8')) as unknown;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const findingIds = (list: unknown[]): string[] =>
  list
    .map((f) => (typeof f === 'string' ? f : isRecord(f) && typeof f.id === 'string' ? f.id : ''))
    .filter(Boolean);

/** Every scenario of the corpus that expects findings (the clean references expect none). */
function scenarioViolators(root: string): Violator[] {
  const dir = join(root, 'scenarios');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .sort()
    .flatMap((f) => {
      const s = readJson(join(dir, f));
      const findings =
        isRecord(s) && isRecord(s.expected) && Array.isArray(s.expected.findings)
          ? findingIds(s.expected.findings)
          : [];
      return findings.length > 0 && isRecord(s)
        ? [{ name: `scenario ${String(s.id)}`, findings }]
        : [];
    });
}

/** A fixture family's files of expected verdicts: `expected.json`, `<name>.expected.json`, a foreign tool's `tool.json` / `exec.json` / `app.json` / `compat.json`. */
const EXPECTED_FILE = /(^|\.)expected\.json$|^(tool|exec|app|compat)\.json$/;

function expectedFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return expectedFiles(path);
      return EXPECTED_FILE.test(name) && !name.endsWith('.schema.json') ? [path] : [];
    });
}

/**
 * The violators one file of expected verdicts names, whatever its family's shape: every object with a
 * `findings` list, named by the file (`x.expected.json` → `x`; `expected.json` → its directory), the entry's
 * `path`, the key it sits under (a foreign tool's defect) and its options (an exec fixture judged under a reading).
 */
function fileViolators(root: string, file: string): Violator[] {
  const rel = relative(root, file).split('\\').join('/');
  const base = rel.endsWith('.expected.json')
    ? rel.slice(0, -'.expected.json'.length)
    : rel.slice(0, rel.lastIndexOf('/'));
  const out: Violator[] = [];
  const walk = (value: unknown, under: string): void => {
    if (Array.isArray(value)) for (const v of value) walk(v, under);
    else if (isRecord(value)) {
      if (Array.isArray(value.findings)) {
        const findings = findingIds(value.findings);
        const path = typeof value.path === 'string' ? `/${value.path}` : '';
        const options =
          isRecord(value.options) && Object.keys(value.options).length > 0
            ? ` ${JSON.stringify(value.options)}`
            : '';
        if (findings.length > 0) out.push({ name: `${base}${path}${under}${options}`, findings });
      }
      for (const [key, v] of Object.entries(value))
        if (key !== 'findings')
          walk(
            v,
            isRecord(v) && Array.isArray(v.findings) && key !== 'expected' ? ` (${key})` : under,
          );
    }
  };
  walk(readJson(file), '');
  return out;
}

/** Every violator the kit ships: the corpus's scenarios, then the fixture families' expected verdicts. */
export function coverageViolators(root: string = kitRoot()): Violator[] {
  return [
    ...scenarioViolators(root),
    ...expectedFiles(join(root, 'fixtures')).flatMap((file) => fileViolators(root, file)),
  ];
}

/** A sub-rule's violators, by name. */
export function violatorsBySubRule(violators: readonly Violator[]): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const v of violators)
    for (const id of new Set(v.findings)) by.set(id, [...(by.get(id) ?? []), v.name]);
  return by;
}

/** Per spec: rules, sub-rules (errors, warnings), and how many are violated by a fault or fixture. */
export interface CoverageTotals {
  readonly prefix: string;
  readonly rules: number;
  readonly subRules: number;
  readonly errors: number;
  readonly warnings: number;
  readonly covered: number;
  /** Shown failing only by a named test (`PROVEN_BY_TEST`). */
  readonly byTest: readonly string[];
  /** Shown failing by nothing the kit ships. */
  readonly uncovered: readonly string[];
}

export function coverageTotals(
  spec: CoverageSpec,
  by: ReadonlyMap<string, readonly string[]>,
): CoverageTotals {
  const missing = spec.subRules.filter((s) => !by.has(s.id)).map((s) => s.id);
  const byTest = missing.filter((id) => id in PROVEN_BY_TEST);
  const uncovered = missing.filter((id) => !(id in PROVEN_BY_TEST));
  return {
    prefix: spec.prefix,
    rules: spec.rules.length,
    subRules: spec.subRules.length,
    errors: spec.subRules.filter((s) => s.severity === 'error').length,
    warnings: spec.subRules.filter((s) => s.severity === 'warning').length,
    covered: spec.subRules.length - missing.length,
    byTest,
    uncovered,
  };
}

/** At most this many violators are named per sub-rule; the rest are counted. */
const NAMED = 3;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The page: a summary of totals, then one table per spec. Deterministic: the same registry and files give the same text. */
export function renderCoverage(root: string = kitRoot()): string {
  const by = violatorsBySubRule(coverageViolators(root));
  const totals = COVERAGE_SPECS.map((spec) => coverageTotals(spec, by));
  const lines = [
    '# Coverage: requirement → rule → what violates it',
    '',
    "<!-- Generated by `npm run coverage` (scripts/coverage-table.mjs) from the rule registries (src/spec/*/rules.ts), the corpus (scenarios/) and the fixtures' expected verdicts. Do not edit: test/unit/corpus/coverage-table.test.ts fails when it is stale. -->",
    '',
    'For every spec the kit judges: each requirement (the spec sections and the rule, as the registry words it),',
    'each way to break it (a sub-rule, with the severity the kit gives it: `error` fails the rule, `warning` fails',
    'only under strict — where the spec leaves room, the sub-rule page and [spec-notes](spec-notes.md) say why), and',
    'what in the kit violates it: a corpus scenario (`scenario <id>`: a fake with a fault, a broken package, a',
    'recorded conversation, a foreign tool with a defect) or a fixture whose expected verdict names the sub-rule.',
    `The first ${NAMED} are named, the rest counted. A sub-rule no fault or fixture can break (a choice of the checker's caller, a runner's configuration) names the test that shows it failing.`,
    '',
    '| spec | rules | sub-rules | errors | warnings | violated by a fault or fixture | only by a named test | by nothing |',
    '|---|---|---|---|---|---|---|---|',
    ...COVERAGE_SPECS.map((spec, i) => {
      const t = totals[i]!;
      return `| [${spec.title}](#${spec.prefix.toLowerCase()}) | ${t.rules} | ${t.subRules} | ${t.errors} | ${t.warnings} | ${t.covered} | ${t.byTest.length} | ${t.uncovered.length} |`;
    }),
  ];
  COVERAGE_SPECS.forEach((spec, i) => {
    const t = totals[i]!;
    lines.push('', `<a id="${spec.prefix.toLowerCase()}"></a>`, `## ${spec.title}`, '');
    lines.push(
      `Spec text: \`${spec.text}\`. ${t.rules} rules, ${t.subRules} sub-rules (${t.errors} errors, ${t.warnings} warnings); ${t.covered} violated by a fault or fixture${t.byTest.length > 0 ? `, ${t.byTest.length} only by a named test` : ''}${t.uncovered.length > 0 ? `, ${t.uncovered.length} by nothing: ${t.uncovered.map((id) => `\`${id}\``).join(', ')}` : ''}.`,
      '',
    );
    lines.push('| requirement | sub-rule | severity | violated by |', '|---|---|---|---|');
    for (const rule of spec.rules) {
      const subs = spec.subRules.filter((s) => s.rule === rule.id);
      const requirement = `**[${rule.id}](rules/${rule.id}.md)** ${cell(rule.title)} (${cell(rule.sections.join(', '))})`;
      if (subs.length === 0) lines.push(`| ${requirement} | — | — | — |`);
      subs.forEach((sub, k) => {
        const names = by.get(sub.id) ?? [];
        const shown = names
          .slice(0, NAMED)
          .map((n) => `\`${cell(n)}\``)
          .join(', ');
        const more = names.length > NAMED ? ` (+${names.length - NAMED})` : '';
        lines.push(
          `| ${k === 0 ? requirement : ''} | \`${sub.id}\` ${cell(sub.title)} | ${sub.severity} | ${names.length > 0 ? `${shown}${more}` : sub.id in PROVEN_BY_TEST ? `test \`${PROVEN_BY_TEST[sub.id]}\`` : '—'} |`,
        );
      });
    }
  });
  return `${lines.join('\n')}\n`;
}
