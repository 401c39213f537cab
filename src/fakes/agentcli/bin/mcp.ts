import { runMcpAgent } from '../mcp.js';
import { isEntry, runAgentMain } from '../main.js';

/** dist/bin/agent-mcp.js: `node agent-mcp.js [--fault id[=json]]... [agent args...]`. */
export const run = (argv: readonly string[]): Promise<never> =>
  runAgentMain('mcp', 'aoi-fake-agent-mcp', argv, runMcpAgent);

if (isEntry(import.meta.url)) await run(process.argv.slice(2));
