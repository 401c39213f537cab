// After tsup: (1) copy the shipped JSON Schemas from src/spec/<spec>/ to dist/schemas/<spec>/ for
// the `aoi-testkit/schemas/*` export (the code bundles the same files through JSON imports);
// (2) replace the CommonJS build of `aoi-testkit/vitest` with a loader of the ESM build, because
// vitest's own CommonJS entry always throws: a `require('vitest')` inside our CJS file cannot work;
// (3) make dist/cli/*.js CommonJS: the bin and its fake shortcut, which start faster so (tsup.config.ts), and have
// them load their own chunks with require().
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../', import.meta.url).pathname;
const specRoot = join(root, 'src/spec');
const outRoot = join(root, 'dist/schemas');
for (const spec of readdirSync(specRoot, { withFileTypes: true })) {
  if (!spec.isDirectory()) continue;
  const files = readdirSync(join(specRoot, spec.name)).filter((f) => f.endsWith('.schema.json'));
  if (files.length === 0) continue;
  mkdirSync(join(outRoot, spec.name), { recursive: true });
  for (const f of files) cpSync(join(specRoot, spec.name, f), join(outRoot, spec.name, f));
}

writeFileSync(
  join(root, 'dist/vitest.cjs'),
  `'use strict';
// vitest is ESM-only, so this loads the ESM build (require(esm): Node >= 20.19 or >= 22.12).
try {
  module.exports = require('./vitest.js');
} catch (error) {
  if (error && error.code === 'ERR_REQUIRE_ESM') {
    throw new Error("aoi-testkit/vitest: this Node cannot require() ES modules; use import 'aoi-testkit/vitest' or setupFiles: ['aoi-testkit/vitest']", { cause: error });
  }
  throw error;
}
`,
);

// Only this folder: the ESM CLI is dist/cli-main.js, and every other .js of the package stays ESM.
writeFileSync(join(root, 'dist/cli/package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);

// rollup's CommonJS output keeps `import('./chunk.js')`, and import() of a CommonJS file starts the ES module loader
// and parses the whole chunk for its export names: ~8 ms of a `fake helpdesk…` start (55 -> 47 ms). The chunks are
// CommonJS, so a lazy require() loads them. An import() of anything else (an agent fake's ES module, by URL) stays.
for (const name of readdirSync(join(root, 'dist/cli')).filter((f) => f.endsWith('.js'))) {
  const file = join(root, 'dist/cli', name);
  const code = readFileSync(file, 'utf8');
  const lazy = code.replace(
    /\bimport\((['"])(\.\/[\w.-]+\.js)\1\)/g,
    (_, quote, chunk) => `Promise.resolve().then(() => require(${quote}${chunk}${quote}))`,
  );
  if (lazy !== code) writeFileSync(file, lazy);
}
