// Writes the language-neutral corpus: scenarios/<id>.json for every scenario `buildScenarios()` derives
// from the fault catalogues, the presets, the per-spec fixture corpora (fixtures/apps,
// fixtures/transcripts/agents) and the rule registries, and removes files of scenarios that no longer exist. Imports the built kit (run `npm run build` first; `npm run scenarios` does both).
// Deterministic: the same catalogues give byte-identical files (2-space JSON, trailing newline).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../', import.meta.url).pathname;
const built = join(root, 'dist/corpus.js');
if (!existsSync(built)) {
  process.stderr.write(
    'generate-scenarios: dist/corpus.js is missing: run `npm run build` first (tsup entry corpus: src/corpus/index.ts)\n',
  );
  process.exit(66);
}
const { buildScenarios, renderScenarioFile, scenarioFileName } = await import(built);

const dir = join(root, 'scenarios');
mkdirSync(dir, { recursive: true });
const scenarios = await buildScenarios();
const wanted = new Set();
let written = 0;
for (const scenario of scenarios) {
  const name = scenarioFileName(scenario.id);
  wanted.add(name);
  const path = join(dir, name);
  const text = renderScenarioFile(scenario);
  if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
  writeFileSync(path, text);
  written++;
}
let removed = 0;
for (const name of readdirSync(dir)) {
  if (!name.endsWith('.json') || name === 'scenario.schema.json' || wanted.has(name)) continue;
  rmSync(join(dir, name));
  removed++;
}
const kinds = scenarios.reduce((acc, s) => ({ ...acc, [s.kind]: (acc[s.kind] ?? 0) + 1 }), {});
process.stdout.write(
  `scenarios/: ${scenarios.length} scenario(s) (${Object.entries(kinds)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ')}); ${written} written, ${removed} removed\n`,
);
