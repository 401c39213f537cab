import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AgentProtocol } from '../../spec/agentcli/transcript.js';
import {
  FAKE_AGENT_VERSION,
  logLifecycle,
  parseAgentArgs,
  startProcess,
  type AgentSetup,
} from './runtime.js';

const USAGE = (name: string) =>
  `usage: ${name} [--fault ID[=JSON]]... [--script NAME|FILE] [--permission-mode MODE] [--model M] [--max-turns N] [--auto] [--resume ID] [--state-dir DIR]\n` +
  (name.endsWith('-acp')
    ? `       ${name} ... --no-load-session          (no session/load: a non-resumable agent)\n`
    : '') +
  (name.endsWith('-mcp')
    ? `       ${name} --transport http [--port N]    (the same server over Streamable HTTP on 127.0.0.1; no faults)\n`
    : '') +
  `       ${name} --version\n`;

/** True when the module at `url` is the program node was asked to run (not imported by a shim or the kit's CLI). */
export function isEntry(url: string): boolean {
  try {
    return (
      process.argv[1] !== undefined &&
      realpathSync(fileURLToPath(url)) === realpathSync(process.argv[1])
    );
  } catch {
    return false;
  }
}

/** The `main` of a fake agent process: argv, the start of the lifecycle, the protocol arm, then exit 0. */
export async function runAgentMain(
  arm: AgentProtocol,
  name: string,
  argv: readonly string[],
  body: (setup: AgentSetup) => Promise<void>,
): Promise<never> {
  if (argv[0] === '--version') {
    // Logged so that the lifecycle probe sees whether a runner ran its version check before the spawn (AGENTCLI-29).
    logLifecycle({ event: 'version', output: `${name} ${FAKE_AGENT_VERSION}`, code: 0 });
    process.stdout.write(`${name} ${FAKE_AGENT_VERSION}\n`);
    process.exit(0);
  }
  if (argv[0] === '--help' || argv[0] === '-h') {
    process.stdout.write(USAGE(name));
    process.exit(0);
  }
  let setup: AgentSetup;
  try {
    setup = parseAgentArgs(arm, name, argv);
  } catch (error) {
    process.stderr.write(`${name}: ${(error as Error).message}\n${USAGE(name)}`);
    // A bad flag, fault or script is a usage error (EX_USAGE).
    process.exit(64);
  }
  if (!startProcess(setup)) return new Promise<never>(() => {});
  try {
    await body(setup);
    // A stuck agent: its stdin ended and it stays up until a signal it does not ignore (hangs-on-sigterm: SIGKILL).
    if (setup.behaviour.outlivesStdin) {
      setInterval(() => {}, 1 << 30);
      return new Promise<never>(() => {});
    }
  } catch (error) {
    // A bug in the fake itself: on stderr, never on stdout.
    process.stderr.write(
      `${name}: internal error: ${(error as Error)?.message ?? String(error)}\n`,
    );
    process.exit(70);
  }
  process.exit(0);
}
