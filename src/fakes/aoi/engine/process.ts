import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrokenPipe, runTool, type RunSettings } from './core.js';
import type { FakeTool } from './types.js';

/** Where a fake process keeps its state: the directory it is given, or a fresh one. */
export const STATE_DIR_ENV = 'AOI_TESTKIT_STATE_DIR';

/** The file in the state directory where a `stall` helper writes its pid (see the stall fault). */
export const STALL_HELPER_PID_FILE = 'stall-helper.pid';

/**
 * The helper of a `stall` with `helper`: it adds its pid to the file it is given (a line each: a test
 * that runs the tool again sees every helper), says so on stderr (the ready line a test waits for), and
 * holds the inherited stdout and stderr open. It exits on its own only after HELPER_LIFETIME_MS, a
 * safety net so that a helper some caller failed to kill does not outlive the test run by much.
 */
const HELPER_LIFETIME_MS = 10 * 60_000;
const STALL_HELPER = `
const { appendFileSync } = require('node:fs');
appendFileSync(process.argv[1], process.pid + '\\n');
process.stderr.on('error', () => {});
process.stderr.write('notes: helper ' + process.pid + ' is holding stdout\\n');
setTimeout(() => process.exit(0), ${HELPER_LIFETIME_MS});
`;

/** How long a fault's network attempt may take before the fake gives up on it and carries on. */
const CONNECT_TIMEOUT_MS = 300;

/**
 * The `main` of a fake as a real process: real pipes, real signals, real exit status. Writes honour
 * back-pressure; a closed stdout ends the run with 141 and no trace; SIGINT/SIGTERM interrupt it
 * (unless its behaviour says otherwise: see behaviour.ts).
 */
export async function runAsProcess(
  tool: FakeTool,
  settings: RunSettings & { argv?: readonly string[]; self?: readonly string[] } = {},
): Promise<void> {
  let pipeClosed = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') pipeClosed = true;
  });
  // Listeners stay installed: with them, no signal kills the process by default, so `ignore` really ignores.
  const interrupted = new Promise<'SIGINT' | 'SIGTERM'>((resolve) => {
    process.on('SIGINT', () => resolve('SIGINT'));
    process.on('SIGTERM', () => resolve('SIGTERM'));
  });
  const writeTo = (stream: NodeJS.WriteStream) => (chunk: string | Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      if (pipeClosed && stream === process.stdout) return reject(new BrokenPipe());
      stream.write(chunk, (error) =>
        error
          ? reject((error as NodeJS.ErrnoException).code === 'EPIPE' ? new BrokenPipe() : error)
          : resolve(),
      );
    });
  const given = process.env[STATE_DIR_ENV];
  const stateDir = given || mkdtempSync(join(tmpdir(), 'aoi-fake-'));
  // A state dir of its own is this run's alone: removed on every exit (process.exit runs 'exit' listeners).
  const removeOwn = () => {
    if (!given) rmSync(stateDir, { recursive: true, force: true, maxRetries: 3 });
  };
  process.on('exit', removeOwn);
  // A pending promise alone would let Node exit: the interval keeps the process hanging.
  const hang = () => new Promise<never>(() => setInterval(() => {}, 60_000));
  try {
    const outcome = await runTool(
      tool,
      {
        argv: settings.argv ?? process.argv.slice(2),
        env: process.env,
        stateDir,
        stdinReadable: !process.stdin.isTTY,
        readStdin: async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks);
        },
        writeStdout: writeTo(process.stdout),
        writeStderr: writeTo(process.stderr),
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        hang,
        // child_process and net are loaded when a fault needs them (process.getBuiltinModule): not at every cold start.
        // Not detached: the helper stays in this process group, and inherits stdout and stderr.
        hangInHelper: () => {
          process
            .getBuiltinModule('node:child_process')
            .spawn(process.execPath, ['-e', STALL_HELPER, join(stateDir, STALL_HELPER_PID_FILE)], {
              stdio: ['ignore', 'inherit', 'inherit'],
            })
            .on('error', () => {});
          return hang();
        },
        connect: (host, port) =>
          new Promise<void>((resolve) => {
            const socket = process.getBuiltinModule('node:net').connect({ host, port });
            const done = () => {
              clearTimeout(timer);
              socket.destroy();
              resolve();
            };
            const timer = setTimeout(done, CONNECT_TIMEOUT_MS);
            socket.once('connect', done).once('error', done);
          }),
        interrupted,
        // Default: this program again (`node dist/bin/notes.js`); `aoi-testkit fake` gives its own words.
        self: settings.self ?? [process.execPath, process.argv[1] ?? ''],
      },
      settings,
    );
    if (outcome.signal) {
      // Killing itself skips the 'exit' listeners: clean up first.
      removeOwn();
      process.kill(process.pid, outcome.signal);
    }
    // exit() rather than exitCode: an open stdin or a pending timer must not keep a finished fake alive.
    process.exit(outcome.exitCode ?? 1);
  } catch (error) {
    // A bug in the fake itself: say so on stderr, never on stdout.
    process.stderr.write(`fake: internal error: ${(error as Error)?.message ?? String(error)}\n`);
    process.exit(70);
  }
}
