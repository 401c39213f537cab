import type { Behaviour } from './behaviour.js';

/**
 * One line a fake writes to stdout: an event object (serialised compactly), or raw text (a fault's
 * doing; `bytes`, when given, are written instead of `raw`, e.g. bytes that are not UTF-8).
 */
export type OutLine =
  ({ type: string } & Record<string, unknown>) | { raw: string; bytes?: Uint8Array };

/** What a tool sees of the world. The same tool code runs in memory and as a real process. */
export interface FakeContext {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The directory this run keeps its state in: parallel runs never share one. */
  readonly stateDir: string;
  /** Whether stdin is a pipe or file that can be read (false when closed or a TTY). */
  readonly stdinReadable: boolean;
  /** All of stdin as text (resolves at EOF; never resolves on an open pipe that is never closed). */
  readStdin(): Promise<string>;
  /** All of stdin as bytes, for a tool that must tell bytes that are not UTF-8 from text (same EOF as readStdin). */
  readStdinBytes(): Promise<Uint8Array>;
  /** Write one machine-mode event (faults may change, add or drop lines). */
  emit(event: { type: string } & Record<string, unknown>): Promise<void>;
  /** Write human-mode text to stdout as is. */
  print(text: string): Promise<void>;
  stderr(text: string): Promise<void>;
  /** Settles when the run is interrupted (SIGINT/SIGTERM in a process; scripted in memory). */
  readonly interrupted: Promise<'SIGINT' | 'SIGTERM'>;
  /** Seeded randomness, so that runs repeat. */
  random(): number;
  sleep(ms: number): Promise<void>;
  /** How this run behaves: well-behaved, except for the switches its faults flip. */
  readonly behaviour: Behaviour;
  /**
   * Try to open a TCP connection (only a fault does this). Settles once it connected, failed or gave up;
   * in memory nothing leaves the process: the attempt is only recorded.
   */
  connect(host: string, port: number): Promise<void>;
  /**
   * The argv that starts this tool again as a process of its own (`[node, program, ...words]`; append the
   * tool's arguments), for a behaviour that needs a child of itself. Undefined in memory: such behaviours
   * act only as a process.
   */
  readonly self?: readonly string[];
}

/** A fake CLI: argv in, exit status out, everything else through the context. */
export type FakeTool = (ctx: FakeContext) => Promise<number>;
