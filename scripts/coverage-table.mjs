// Writes docs/coverage.md: per spec, requirement → rule/sub-rule → the faults and fixtures that violate it, from
// the rule registries, the corpus (scenarios/) and the fixtures' expected verdicts (`renderCoverage`, src/corpus/coverage.ts).
// Imports the built kit (run `npm run build` and `npm run scenarios` first; `npm run coverage` does all three).
// `--check` writes nothing and exits 1 when the committed page is stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../', import.meta.url).pathname;
const built = join(root, 'dist/corpus.js');
if (!existsSync(built)) {
  process.stderr.write('coverage-table: dist/corpus.js is missing: run `npm run build` first\n');
  process.exit(66);
}
const { renderCoverage } = await import(built);
const path = join(root, 'docs/coverage.md');
const text = renderCoverage(root);
const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
if (process.argv.includes('--check')) {
  if (current !== text) {
    process.stderr.write('coverage-table: docs/coverage.md is stale: run `npm run coverage`\n');
    process.exit(1);
  }
} else if (current !== text) {
  writeFileSync(path, text);
  process.stdout.write('docs/coverage.md: written\n');
} else process.stdout.write('docs/coverage.md: up to date\n');
