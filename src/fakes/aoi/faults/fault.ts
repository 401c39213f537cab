import type { FaultContract } from '../../fault-contract.js';
import type { Behaviour } from '../engine/behaviour.js';
import type { OutLine } from '../engine/types.js';

/** What a fault knows while it works: where the stream is, and seeded randomness. */
export interface FaultState {
  /** Events the tool has emitted so far, before this one. */
  readonly index: number;
  random(): number;
  /** Set by a fault to end the run its way instead of the tool's (a crash, a kill). */
  end?: { exitCode?: number; signal?: 'SIGKILL' | 'SIGSEGV' | 'SIGABRT' };
}

/**
 * One way to misbehave, composable with others (think toxiproxy's toxics): the one fault contract (id,
 * description, the sub-rules it violates, its parameters) and how it acts on the stream or on the tool.
 * A fault is wrong on its own terms: it never imports the checks, it only declares what it breaks.
 */
export interface Fault<P extends object = object> extends FaultContract<P> {
  /** Lines written before the first event (a banner). */
  onStart?(state: FaultState): OutLine[];
  /** The lines to write for one event the tool emitted (default: the event itself). */
  onEvent?(event: { type: string } & Record<string, unknown>, state: FaultState): OutLine[];
  /** The switches a behaviour fault flips: how the tool or the engine acts, not what the lines look like. */
  readonly behaviour?: Partial<Behaviour>;
}

/** Seeded, repeatable randomness (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
