import { runReplAgent } from '../repl.js';
import { isEntry, runAgentMain } from '../main.js';

/** dist/bin/agent-repl.js: `node agent-repl.js [--fault id[=json]]... [--script s] [agent args...]`. */
export const run = (argv: readonly string[]): Promise<never> =>
  runAgentMain('proprietary', 'aoi-fake-agent-repl', argv, runReplAgent);

if (isEntry(import.meta.url)) await run(process.argv.slice(2));
