/**
 * A spec is named in one place: its own folders (`src/<layer>/<folder>/`) and `src/spec/specs.ts`. Anywhere else a
 * string literal that is a spec's id, its corpus name or a rule id of its prefix (`'cmdhelp'`, `'agent'`,
 * `'CMDHELP-02'`, `'AOI-02/ansi'`) is a list that SPECS should have given, and a sixth spec would have to find it.
 * The files that still hold some are listed below with their count: a list that only shrinks (a count that went
 * down must be lowered here, a new file or a higher count fails). Generated files are data from the schemas.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SPECS } from '../../../src/spec/specs.js';

/** The names of each spec's code: its id, its corpus name, its rule prefix, and the folder that is its own. */
const NAMES = SPECS.map((s) => ({
  folder: s.folder,
  words: new Set<string>([s.id, ...('corpus' in s ? [s.corpus.spec] : [])]),
  rule: new RegExp(`^${s.prefix}(-|$)`),
}));

/** The spec literals of a source outside the folders of the spec they name, each as its text. */
export function strayLiterals(file: string, source: string): string[] {
  if (file === 'spec/specs.ts' || file.endsWith('.generated.ts')) return [];
  const own = file.split('/').slice(1, -1);
  const stray: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const named = NAMES.filter((n) => n.words.has(node.text) || n.rule.test(node.text));
      if (named.length > 0 && !named.some((n) => own.includes(n.folder))) stray.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS));
  return stray;
}

/** Per file of a tree (relative, posix separators), its stray literals' count; files with none left out. */
function strayCounts(files: ReadonlyMap<string, string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [file, source] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const n = strayLiterals(file, source).length;
    if (n > 0) counts[file] = n;
  }
  return counts;
}

function sourcesUnder(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        files.set(relative(root, path).split(sep).join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return files;
}

/** Where spec names are still written by hand outside their spec's folders (measured; lower it as they go). */
const STILL_NAMED: Readonly<Record<string, number>> = {
  'checks/compat/judge.ts': 4,
  'checks/documents.ts': 12,
  'cli/compat.ts': 2,
  'cli/consumer.ts': 2,
  'cli/exec.ts': 2,
  'cli/main.ts': 4,
  'corpus/scenario-files.ts': 3,
  'cli/surface.ts': 6,
  'corpus/agent.ts': 2,
  'corpus/aoi.ts': 3,
  'corpus/app.ts': 3,
  'corpus/cmdhelp.ts': 2,
  'corpus/consumer.ts': 5,
  'corpus/coverage.ts': 12,
  'corpus/exec.ts': 2,
  'corpus/foreign.ts': 1,
  'corpus/runner.ts': 7,
  'corpus/types.ts': 28,
  'fakes/aoi/faults/breaking-without-major-bump.ts': 1,
  'fakes/aoi/notes/exec.ts': 1,
  'fakes/aoi/notes/index.ts': 1,
  'fakes/consumer/app-package.ts': 4,
  'lint/contract/record.ts': 6,
  'lint/merge.ts': 1,
  'lint/program.ts': 15,
  'matchers/to-complete-turn.ts': 3,
  'matchers/to-emit-only-jsonl.ts': 1,
  'matchers/to-have-terminal-summary.ts': 5,
  'matchers/to-handle-aoi-streams.ts': 1,
  'matchers/to-succeed-with-summary.ts': 1,
  'report/badge.ts': 2,
  'report/blob.ts': 2,
  'report/corpus.ts': 1,
  'report/html.ts': 1,
  'report/jsonl.ts': 3,
  'report/merge.ts': 2,
  'report/text.ts': 2,
  'report/text/compat.ts': 1,
  'report/text/consumer.ts': 1,
  'report/view.ts': 3, // specDurationMs: AOI's time is ProgramReport.aoi's, not a result's
  'spec/compat/contract.ts': 3,
  'spec/consumer/runtime-scenarios.ts': 2,
  'spec/document-kinds.ts': 2,
  'stream/jsonl-reader.ts': 16,
  'verbs/compat.ts': 2,
  'verbs/consumer.ts': 1,
};

describe('spec names outside their own folders', () => {
  const counts = strayCounts(sourcesUnder(new URL('../../../src/', import.meta.url).pathname));

  it('are no more than the list allows, and the list is no longer than the tree needs', () => {
    const grown = Object.entries(counts)
      .filter(([file, n]) => n > (STILL_NAMED[file] ?? 0))
      .map(([file, n]) => `${file}: ${n} (allowed ${STILL_NAMED[file] ?? 0})`);
    expect(grown, 'derive the list from SPECS (src/spec/specs.ts) instead').toEqual([]);
    expect(counts, 'fewer literals than listed: lower STILL_NAMED to match').toEqual(STILL_NAMED);
  });
});

describe('the spec-literal test fails on a planted violation', () => {
  it('a rule id, a spec id and a corpus name outside their folders; not inside them, in comments, or in specs.ts', () => {
    const tree = new Map([
      [
        'cli/lint.ts',
        "const a = 'AOI-02/ansi'; // 'CMDHELP-01' in a comment\nconst b = `cmdhelp`;",
      ],
      ['corpus/kinds.ts', "export const KIND = 'agent';"],
      ['checks/aoi/x.ts', "const a = 'AOI-03';\nconst b = 'CMDHELP-02';"],
      ['lint/consumer/x.ts', "const a = 'RUNTIME-01';\nconst b = 'consumer';"],
      ['spec/specs.ts', "export const SPECS = [{ id: 'aoi', prefix: 'AOI' }];"],
      ['stream/x.ts', "const a = 'AOIX';\nconst b = 'aoi-testkit';"],
    ]);
    expect(strayCounts(tree)).toEqual({
      'checks/aoi/x.ts': 1,
      'cli/lint.ts': 2,
      'corpus/kinds.ts': 1,
    });
    expect(strayLiterals('checks/aoi/x.ts', tree.get('checks/aoi/x.ts')!)).toEqual(['CMDHELP-02']);
  });
});
