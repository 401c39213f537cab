// Copies the shipped JSON Schemas from src/spec/<spec>/ to dist/schemas/<spec>/ for the
// `aoi-testkit/schemas/*` export. The code bundles the same files through JSON imports.
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const specRoot = new URL('../src/spec/', import.meta.url).pathname;
const outRoot = new URL('../dist/schemas/', import.meta.url).pathname;
for (const spec of readdirSync(specRoot, { withFileTypes: true })) {
  if (!spec.isDirectory()) continue;
  const files = readdirSync(join(specRoot, spec.name)).filter((f) => f.endsWith('.schema.json'));
  if (files.length === 0) continue;
  mkdirSync(join(outRoot, spec.name), { recursive: true });
  for (const f of files) cpSync(join(specRoot, spec.name, f), join(outRoot, spec.name, f));
}
