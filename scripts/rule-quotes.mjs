// Writes, under every `### <sub-rule>` heading of docs/rules/*.md, the spec sentence the registry rests the
// sub-rule's severity on, and opens the paragraph after it with the registry's severity (`withBasisLines`,
// src/corpus/rule-quotes.ts). Imports the built kit (`npm run build` first; `npm run coverage` runs it).
// `--check` writes nothing and exits 1 when a page is stale.
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../', import.meta.url).pathname;
const built = join(root, 'dist/corpus.js');
if (!existsSync(built)) {
  process.stderr.write('rule-quotes: dist/corpus.js is missing: run `npm run build` first\n');
  process.exit(66);
}
const { staleRulePages } = await import(built);
const stale = staleRulePages(root);
if (process.argv.includes('--check')) {
  for (const [path] of stale)
    process.stderr.write(`rule-quotes: ${relative(root, path)} is stale\n`);
  process.exit(stale.length > 0 ? 1 : 0);
}
for (const [path, text] of stale) {
  writeFileSync(path, text);
  process.stdout.write(`${relative(root, path)}: written\n`);
}
if (stale.length === 0) process.stdout.write('docs/rules: up to date\n');
