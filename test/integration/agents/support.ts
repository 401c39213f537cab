import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LifecycleRecord } from '../../../src/spec/agentcli/transcript.js';

/** Every temporary directory a test made here; removed when the test file is done. */
const tempDirs: string[] = [];
export function tempDir(prefix = 'aoi-agent-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export const BIN = (name: 'agent-acp' | 'agent-mcp' | 'agent-repl') =>
  new URL(`../../../fixtures/bin/${name}`, import.meta.url).pathname;
export { CLI } from '../../support/kit-cli.js';

/** A fake agent as a real process, with its own state dir and lifecycle log, read line by line. */
export class AgentProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly dir: string;
  readonly log: string;
  /** Complete stdout lines so far. */
  readonly lines: string[] = [];
  stderr = '';
  /** How many reads stdout arrived in. */
  reads = 0;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private partial = '';
  private waiters: (() => void)[] = [];

  constructor(
    name: 'agent-acp' | 'agent-mcp' | 'agent-repl',
    args: string[] = [],
    env: NodeJS.ProcessEnv = {},
    dir?: string,
  ) {
    this.dir = dir ?? tempDir();
    this.log = join(this.dir, 'lifecycle.jsonl');
    this.child = spawn(process.execPath, [BIN(name), ...args], {
      env: {
        PATH: process.env.PATH,
        AOI_TESTKIT_STATE_DIR: this.dir,
        AOI_TESTKIT_AGENT_LOG: this.log,
        ...env,
      },
    });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.reads++;
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop()!;
      this.lines.push(...parts);
      this.wake();
    });
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        this.wake();
        resolve({ code, signal });
      }),
    );
    this.exited.then(() => this.wake());
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves with the first line (from `from`) that passes `test`; rejects if the process exits first. */
  async waitForLine(
    test: (line: string) => boolean,
    from = 0,
  ): Promise<{ line: string; index: number }> {
    for (;;) {
      const index = this.lines.findIndex((line, i) => i >= from && test(line));
      if (index >= 0) return { line: this.lines[index]!, index };
      if (this.child.exitCode !== null || this.child.signalCode !== null)
        throw new Error(
          `agent exited (${this.child.exitCode ?? this.child.signalCode}) before the line came; stderr: ${this.stderr.slice(-300)}`,
        );
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** JSON-RPC: the parsed messages so far (lines that do not parse are skipped). */
  messages(): Record<string, any>[] {
    return this.lines.flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [];
      }
    });
  }

  async waitForMessage(
    test: (m: Record<string, any>) => boolean,
    from = 0,
  ): Promise<Record<string, any>> {
    const { line } = await this.waitForLine((l) => {
      try {
        return test(JSON.parse(l));
      } catch {
        return false;
      }
    }, from);
    return JSON.parse(line);
  }

  send(message: unknown): void {
    this.child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  }

  lifecycle(): (LifecycleRecord & Record<string, unknown>)[] {
    if (!existsSync(this.log)) return [];
    return readFileSync(this.log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
  }
}

let nextId = 1;
/** A raw ACP request line. */
export const request = (method: string, params: unknown) => ({
  jsonrpc: '2.0',
  id: nextId++,
  method,
  params,
});
export const INIT = () => request('initialize', { protocolVersion: 1, clientCapabilities: {} });

/** Raw ACP up to an open session: the id of the session. */
export async function openAcpSession(agent: AgentProcess): Promise<string> {
  const init = INIT();
  agent.send(init);
  await agent.waitForMessage((m) => m.id === init.id);
  const open = request('session/new', { cwd: agent.dir, mcpServers: [] });
  agent.send(open);
  const answer = await agent.waitForMessage((m) => m.id === open.id);
  return answer.result.sessionId as string;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
