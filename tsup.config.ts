import { resolve } from 'node:path';
import { defineConfig, type Options } from 'tsup';
import type { Plugin } from 'esbuild';
// The library's entry points (subpath → source), one list: the API reference (scripts/api-reference.mjs) reads it too.
import LIBRARY_ENTRIES from './scripts/library-entries.json' with { type: 'json' };

// One copy of the library's code: its CommonJS build (declarations with it), which the CLI shares and which ES
// importers reach through thin re-exports (scripts/postbuild.mjs writes them); `aoi-testkit/vitest` as a small ES
// module on top of it; the bin, the fakes and the fake agents as programs of their own (fast cold start). ESM-only
// dependencies (execa) are bundled, so that the CommonJS build never require()s an ES module. Schemas are bundled into
// the code (JSON imports) and also copied to dist/schemas by scripts/postbuild.mjs for the `./schemas/*` subpath.

// Every shipped program and module is minified (the package's weight: issue 37's <= 5 MB), names kept: a stack trace
// still names the kit's functions, and code that reads a class's or function's name (an asymmetric matcher's
// constructor.name) reads the real one. No source maps ship.
const MINIFIED: Options = { minify: true, keepNames: true };

const ENTRY_OF_SOURCE = new Map(
  Object.entries(LIBRARY_ENTRIES).map(([name, source]) => [resolve(source), name]),
);

/**
 * For an ES module built on top of the CommonJS build (`aoi-testkit/vitest`): its imports of a library entry's
 * source become imports of that entry's .cjs, and any other import of the kit's own code fails the build, because
 * bundled it would be a second copy of the kit (a second instance of its state).
 */
function kitFromCommonJs(entrySource: string): Plugin {
  const self = resolve(entrySource);
  return {
    name: 'kit-from-commonjs',
    setup(build) {
      build.onResolve({ filter: /^\.{1,2}\// }, (args) => {
        if (args.importer !== self) return undefined;
        const source = resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        const entry = ENTRY_OF_SOURCE.get(source);
        if (entry !== undefined) return { path: `./${entry}.cjs`, external: true };
        return {
          errors: [
            {
              text: `${args.path}: ${entrySource} may import the kit only through a library entry (scripts/library-entries.json)`,
            },
          ],
        };
      });
    },
  };
}

export default defineConfig([
  {
    // The library as CommonJS, and the CLI (dist/cli-main.cjs) in the same build: one copy of the code, its chunks
    // shared. Each verb is loaded on first use (code splitting), so `--version` stays cheap. ES importers get the
    // same modules: each library entry's .js is a list of re-exports of its .cjs (scripts/postbuild.mjs), which Node
    // reads through the names this build declares (`exports.name = …`), so a program that both imports and
    // requires the kit holds one instance of it (its classes, its registries). A CommonJS build stays the one build
    // because jest's own loader cannot require() an ES module before Node 24.9 with jest 30 (jestjs/jest#16074).
    // Its import() of a chunk becomes a require(), and so does the CLI's import() of an ES module by URL (an agent
    // fake's bundle, a consumer scenario's data: URL), which would fail: those run only under `aoi-testkit fake`,
    // which the bin runs from dist/cli/fake.js (below), where import() stays.
    entry: { ...LIBRARY_ENTRIES, 'cli-main': 'src/cli/main.ts' },
    dts: { entry: LIBRARY_ENTRIES },
    format: ['cjs'],
    target: 'node20',
    platform: 'node',
    splitting: true,
    sourcemap: false,
    keepNames: true,
    // `import.meta.url` becomes a `__filename` URL in the CommonJS build (left raw, it is a SyntaxError there).
    shims: true,
    // execa is a devDependency, so it is bundled (tsup leaves only dependencies and peers external): it is
    // ESM-only, and bundled it loads under every CommonJS loader (jest's own too) and installs nothing.
    external: ['vitest', '@jest/globals', 'fast-check', 'msw'],
    // Not `clean: true`: tsup builds these configs side by side, and one config's clean removed what a faster one
    // had already written (dist/bin/notes.js went missing). `npm run build` empties dist/ before tsup starts.
    clean: false,
    // Whitespace and names only: tsup makes split CommonJS from esbuild's ES modules with sucrase, which broke on
    // the comma sequences esbuild's syntax minifier writes (`super(),x` became `super();…;,x`, a SyntaxError).
    minify: false,
    minifyWhitespace: true,
    minifyIdentifiers: true,
  },
  {
    // `aoi-testkit/vitest` as an ES module, because it imports vitest, which is ESM-only (its CommonJS entry
    // throws): vitest's `expect` from vitest, the matchers from the CommonJS build (kitFromCommonJs), nothing of
    // the kit bundled. Its declarations are its .d.cts's (scripts/postbuild.mjs).
    entry: { vitest: LIBRARY_ENTRIES.vitest },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    splitting: false,
    sourcemap: false,
    ...MINIFIED,
    external: ['vitest'],
    esbuildPlugins: [kitFromCommonJs(LIBRARY_ENTRIES.vitest)],
    clean: false,
  },
  {
    // The bin (src/cli/bin.ts) and the fake it runs without the CLI (src/cli/fake.ts): CommonJS, because Node starts a
    // CommonJS program faster than an ES module (dist/cli/package.json, written by scripts/postbuild.mjs, makes their .js
    // CommonJS). What a notes fake needs is required up front; the rarer fakes' chunks are import()ed. treeshake makes
    // tsup split with rollup, which keeps import() as it is (tsup's own CommonJS splitting turns it into require(),
    // which cannot load the agent fakes' ES modules or a data: URL); scripts/postbuild.mjs then makes the import() of a
    // chunk a lazy require(), the agents' stay import(). Chunks stay in dist/cli, the CommonJS folder.
    entry: { main: 'src/cli/bin.ts', fake: 'src/cli/fake.ts' },
    outDir: 'dist/cli',
    format: ['cjs'],
    outExtension: () => ({ js: '.js' }),
    target: 'node20',
    platform: 'node',
    splitting: true,
    treeshake: true,
    ...MINIFIED,
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
  },
  {
    // The reference fakes as programs: one self-contained file each, no chunks to resolve (cold start).
    entry: {
      'bin/notes': 'src/fakes/aoi/notes/bin.ts',
      'bin/helpdesk': 'src/fakes/cmdhelp/bin.ts',
    },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    splitting: false,
    ...MINIFIED,
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
  },
  {
    // The fake agent CLIs (src/fakes/agentcli): one self-contained file each, the ACP SDK (a devDependency) bundled
    // in, so that users of the published package run them without installing it. Minified: less to parse at start.
    entry: {
      'bin/agent-acp': 'src/fakes/agentcli/bin/acp.ts',
      'bin/agent-repl': 'src/fakes/agentcli/bin/repl.ts',
    },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    splitting: false,
    noExternal: ['@agentclientprotocol/sdk', 'zod'],
    minify: true,
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
  },
  {
    // The fake MCP agent, its SDK bundled in the same way, and ajv with it: resolving and loading ajv's ~90 CommonJS
    // files from node_modules took longer than the rest of the start. Split (a build of its own, so that it shares no
    // chunk with the other fakes): the Streamable HTTP transport, import()ed by `--transport http` only, is a chunk
    // of its own; bundled inline, its Node built-ins (http2, tls, crypto...) were imported at every start.
    entry: { 'agent-mcp': 'src/fakes/agentcli/bin/mcp.ts' },
    // Its chunks beside it, not among the library's in dist/.
    outDir: 'dist/bin',
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    splitting: true,
    noExternal: ['@modelcontextprotocol/sdk', 'zod', 'ajv', 'ajv-formats'],
    minify: true,
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
  },
]);
