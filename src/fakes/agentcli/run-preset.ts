import { UsageError } from '../../errors.js';
import { AGENT_PRESETS } from './presets.js';

/**
 * `aoi-testkit fake agent-acp|agent-mcp|agent-repl[.<fault>] [--fault ID[=JSON]]... [--script S] [agent args...]`:
 * runs the bundled fake agent (dist/bin/agent-*.js) in this process, the preset's fault first. The URL is relative
 * to the built chunk this runs from, in dist/cli/ (the fake's CommonJS build keeps its chunks there): the agents
 * carry the ACP/MCP SDKs, so they are their own programs, loaded only when asked for.
 */
export async function runAgentPreset(preset: string, args: readonly string[]): Promise<number> {
  const found = AGENT_PRESETS[preset];
  if (!found) throw new UsageError(`unknown fake "${preset}"; aoi-testkit fake --list names them`);
  const bin = new URL(`../bin/${found.fake}.js`, import.meta.url);
  const { run } = (await import(bin.href)) as { run: (argv: readonly string[]) => Promise<never> };
  process.stdout.removeAllListeners('error');
  await run([
    ...found.faults.flatMap((id) => ['--fault', id]),
    ...(args[0] === '--' ? args.slice(1) : args),
  ]);
  return 0;
}
