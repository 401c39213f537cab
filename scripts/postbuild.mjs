// After tsup: (1) copy the shipped JSON Schemas from src/spec/<spec>/ to dist/schemas/<spec>/ for
// the `aoi-testkit/schemas/*` export (the code bundles the same files through JSON imports);
// (2) give ES importers the CommonJS build: each library entry's .js re-exports its .cjs's names, and its .d.ts
// its .d.cts's declarations (one copy of the code and of the types; tsup.config.ts says why CommonJS);
// (3) replace the CommonJS build of `aoi-testkit/vitest` with a loader of the ESM build, because
// vitest's own CommonJS entry always throws: a `require('vitest')` inside our CJS file cannot work;
// (4) make dist/cli/*.js CommonJS: the bin and its fake shortcut, which start faster so (tsup.config.ts), and have
// them load their own chunks with require().
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import LIBRARY_ENTRIES from './library-entries.json' with { type: 'json' };

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

// Node gives an ES importer of a CommonJS module the names its `exports.name = …` assignments declare (what tsup's
// CommonJS output writes for every export). Listed by name rather than `export *`, which would also export
// `__esModule`; test:package's exports project checks that both ways of loading see the same names and the same
// objects. aoi-testkit/vitest is the one ES module of its own (it imports vitest, which is ESM-only): its .js is
// built (tsup.config.ts), its declarations are its .d.cts's. A .d.cts that augments another module's types
// (vitest's, jest's `expect`) is copied, so that the augmentation resolves that module as ES importers load it.
for (const entry of Object.keys(LIBRARY_ENTRIES)) {
  const cjs = readFileSync(join(root, `dist/${entry}.cjs`), 'utf8');
  const types = readFileSync(join(root, `dist/${entry}.d.cts`), 'utf8');
  const augments = /^declare (global|module)\b/m.test(types);
  writeFileSync(
    join(root, `dist/${entry}.d.ts`),
    augments ? types : `export * from './${entry}.cjs';\n`,
  );
  if (entry === 'vitest') continue;
  // sucrase's `export *` of a module it cannot see into: names known only when it runs.
  if (cjs.includes('key === "default" || key === "__esModule"'))
    throw new Error(`dist/${entry}.cjs re-exports a module wholesale: its names cannot be listed`);
  const names = [
    ...new Set([...cjs.matchAll(/\bexports\.([A-Za-z_$][\w$]*)\s*=/g)].map((m) => m[1])),
  ].filter((name) => name !== '__esModule');
  writeFileSync(
    join(root, `dist/${entry}.js`),
    `export { ${names.join(', ')} } from './${entry}.cjs';\n`,
  );
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

// Only this folder: every other .js of the package is an ES module.
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
