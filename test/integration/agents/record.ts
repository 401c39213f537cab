import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import {
  recordAgentTranscript,
  type AgentTranscriptRecorder,
} from '../../../src/run/agent-transcript.js';
import type { AgentProtocol } from '../../../src/spec/agentcli/transcript.js';
import { BIN, tempDir } from './support.js';

export interface Recorded {
  child: ChildProcessWithoutNullStreams;
  recorder: AgentTranscriptRecorder;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The child exited and its stdout and stderr closed: the recorder has seen every byte. */
  closed: Promise<void>;
}

const running: ChildProcessWithoutNullStreams[] = [];
/** Kill every fake these helpers started and that is still running. */
export function killAll(): void {
  for (const child of running.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A fake agent process, its conversation recorded from the first byte. */
export function spawnRecorded(
  name: 'agent-acp' | 'agent-mcp' | 'agent-repl',
  protocol: AgentProtocol,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Recorded {
  const dir = tempDir('aoi-turns-');
  const child = spawn(process.execPath, [BIN(name), ...args], {
    env: { PATH: process.env.PATH, AOI_TESTKIT_STATE_DIR: dir, ...env },
  });
  running.push(child);
  const recorder = recordAgentTranscript(child, protocol);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { child, recorder, exited, closed };
}

/** The real ACP client of the SDK over the recorded pipe; `updates` sees every session/update. */
export function acpClient(rec: Recorded) {
  const listeners: ((u: acp.SessionUpdate) => void)[] = [];
  const app = acp
    .client({ name: 'aoi-testkit-turns' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      for (const l of listeners) l(params.update);
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => ({
      outcome: {
        outcome: 'selected',
        optionId: params.options.find((o) => o.kind === 'allow_once')!.optionId,
      },
    }));
  const stream = acp.ndJsonStream(
    Writable.toWeb(rec.child.stdin) as WritableStream<Uint8Array>,
    Readable.toWeb(rec.child.stdout) as unknown as ReadableStream<Uint8Array>,
  );
  const next = (test: (u: acp.SessionUpdate) => boolean) =>
    new Promise<void>((resolve) => listeners.push((u) => test(u) && resolve()));
  return { app, stream, next };
}

/** An MCP transport over a child the test spawned itself (so that the recorder sees its pipes). */
export class ChildTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private readonly buffer = new ReadBuffer();
  constructor(private readonly child: ChildProcessWithoutNullStreams) {}
  async start(): Promise<void> {
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (;;) {
        let message: JSONRPCMessage | null;
        try {
          message = this.buffer.readMessage();
        } catch (error) {
          this.onerror?.(error as Error);
          continue;
        }
        if (!message) break;
        this.onmessage?.(message);
      }
    });
    this.child.once('exit', () => this.onclose?.());
  }
  async send(message: JSONRPCMessage): Promise<void> {
    this.child.stdin.write(serializeMessage(message));
  }
  async close(): Promise<void> {
    this.child.stdin.end();
  }
}

export async function mcpClient(rec: Recorded): Promise<Client> {
  const client = new Client({ name: 'aoi-testkit-turns', version: '1.0.0' });
  await client.connect(new ChildTransport(rec.child));
  return client;
}

/** Resolves once `test` holds for a recorded from-agent line (polled on each stdout chunk, never on time). */
export function untilFrom(rec: Recorded, test: (text: string) => boolean): Promise<void> {
  const seen = () =>
    rec.recorder
      .transcript()
      .frames.some(
        (f) => f.direction === 'from-agent' && test(f.line ?? JSON.stringify(f.message)),
      );
  return new Promise((resolve, reject) => {
    const check = () => {
      if (seen()) {
        rec.child.stdout.off('data', onData);
        resolve();
      }
    };
    const onData = () => setImmediate(check);
    rec.child.stdout.on('data', onData);
    rec.child.once('exit', () =>
      setImmediate(() =>
        seen() ? resolve() : reject(new Error('the agent exited before the line came')),
      ),
    );
    check();
  });
}
