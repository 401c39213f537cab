import { defineConfig, type Options } from 'tsup';
// The library's entry points (subpath → source), one list: the API reference (scripts/api-reference.mjs) reads it too.
import LIBRARY_ENTRIES from './scripts/library-entries.json' with { type: 'json' };

// One build for every entry point: ESM + CJS with declarations for the library subpaths,
// ESM-only dependencies (execa) bundled into both so that the CommonJS build never require()s an ES module,
// plus the CLI and the notes fake as ESM executables, each one self-contained file (fast cold start). Schemas are bundled into the code (JSON imports) and
// also copied to dist/schemas by scripts/postbuild.mjs for the `./schemas/*` subpath.

// execa's own dependencies include CommonJS (cross-spawn) that require()s Node built-ins; bundled into an ES
// module, esbuild's require shim needs a real `require` in scope, so every ESM output with execa gets one.
const ESM_REQUIRE =
  "import { createRequire as __aoiCreateRequire } from 'node:module'; const require = __aoiCreateRequire(import.meta.url);";

// Every shipped program and module is minified (the package's weight: issue 37's <= 5 MB), names kept: a stack trace
// still names the kit's functions, and code that reads a class's or function's name (an asymmetric matcher's
// constructor.name) reads the real one. No source maps ship.
const MINIFIED: Options = { minify: true, keepNames: true };

// The library's shared options, for its ES module build (which the CLI shares) and its CommonJS build.
const LIBRARY: Options = {
  dts: true,
  // Not `clean: true`: tsup builds these configs side by side, and one config's clean removed what a faster one
  // had already written (dist/bin/notes.js went missing). `npm run build` empties dist/ before tsup starts.
  clean: false,
  target: 'node20',
  platform: 'node',
  splitting: true,
  sourcemap: false,
  ...MINIFIED,
  // `import.meta.url` becomes a `__filename` URL in the CommonJS build (left raw, it is a SyntaxError there).
  shims: true,
  // execa is a devDependency, so it is bundled (tsup leaves only dependencies and peers external): it is
  // ESM-only, and bundled it loads under every CommonJS loader (jest's own too) and installs nothing.
  external: ['vitest', '@jest/globals', 'fast-check', 'msw'],
};

export default defineConfig([
  {
    // The library as ES modules, and the CLI (dist/cli-main.js) in the same build: one copy of the code, its
    // chunks shared (a CLI-only build was a second copy, 2 MB). Each verb is loaded on first use (code splitting),
    // so `--version` stays cheap. Declarations for the library's entries only.
    ...LIBRARY,
    entry: { ...LIBRARY_ENTRIES, 'cli-main': 'src/cli/main.ts' },
    dts: { entry: LIBRARY_ENTRIES },
    format: ['esm'],
    banner: { js: ESM_REQUIRE },
  },
  {
    ...LIBRARY,
    entry: LIBRARY_ENTRIES,
    format: ['cjs'],
    // Whitespace and names only: tsup makes split CommonJS from esbuild's ES modules with sucrase, which broke on
    // the comma sequences esbuild's syntax minifier writes (`super(),x` became `super();…;,x`, a SyntaxError).
    minify: false,
    minifyWhitespace: true,
    minifyIdentifiers: true,
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
