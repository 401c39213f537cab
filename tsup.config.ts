import { defineConfig } from 'tsup';

// One build for every entry point: ESM + CJS with declarations for the library subpaths,
// plus the CLI and the notes fake as ESM executables, each one self-contained file (fast cold start). Schemas are bundled into the code (JSON imports) and
// also copied to dist/schemas by scripts/postbuild.mjs for the `./schemas/*` subpath.
export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      matchers: 'src/matchers/index.ts',
      vitest: 'src/vitest.ts',
      jest: 'src/jest.ts',
      arbitraries: 'src/arbitraries/index.ts',
      fakes: 'src/fakes/index.ts',
      lint: 'src/lint/index.ts',
      corpus: 'src/corpus/index.ts',
      run: 'src/run/index.ts',
      agents: 'src/agents.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    target: 'node20',
    platform: 'node',
    splitting: true,
    sourcemap: false,
    // `import.meta.url` becomes a `__filename` URL in the CommonJS build (left raw, it is a SyntaxError there).
    shims: true,
    external: ['vitest', '@jest/globals', 'fast-check'],
  },
  {
    // The CLI: each verb is loaded on first use (code splitting), so `--version` and `fake` stay cheap.
    entry: { 'cli/main': 'src/cli/main.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
  },
  {
    // The reference fakes as programs: one self-contained file each, no chunks to resolve (cold start).
    entry: { 'bin/notes': 'src/fakes/aoi/notes/bin.ts', 'bin/helpdesk': 'src/fakes/cmdhelp/bin.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    splitting: false,
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
  },
  {
    // The fake agent CLIs (src/fakes/agentcli): one self-contained file each, the ACP and MCP SDKs (devDependencies)
    // bundled in, so that users of the published package run them without installing the SDKs.
    entry: { 'bin/agent-acp': 'src/fakes/agentcli/bin/acp.ts', 'bin/agent-mcp': 'src/fakes/agentcli/bin/mcp.ts', 'bin/agent-repl': 'src/fakes/agentcli/bin/repl.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    splitting: false,
    noExternal: ['@agentclientprotocol/sdk', '@modelcontextprotocol/sdk', 'zod', 'ajv', 'ajv-formats'],
    banner: { js: '#!/usr/bin/env node' },
    clean: false,
  },
]);
