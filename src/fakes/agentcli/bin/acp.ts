import { runAcpAgent } from '../acp.js';
import { isEntry, runAgentMain } from '../main.js';

/** dist/bin/agent-acp.js: `node agent-acp.js [--fault id[=json]]... [--script s] [agent args...]`. */
export const run = (argv: readonly string[]): Promise<never> =>
  runAgentMain('acp', 'aoi-fake-agent-acp', argv, runAcpAgent);

if (isEntry(import.meta.url)) await run(process.argv.slice(2));
