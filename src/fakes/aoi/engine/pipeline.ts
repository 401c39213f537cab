import type { Fault, FaultState } from '../faults/fault.js';
import type { OutLine } from './types.js';

/** Applies faults, in order, to what a tool writes; serialises lines. One per run. */
export class FaultPipeline {
  private readonly state: FaultState & { index: number };
  private started = false;

  constructor(
    private readonly faults: readonly Fault[],
    random: () => number,
  ) {
    this.state = { index: 0, random };
  }

  /** The bytes to write for one event, including any lines a fault puts before the first one. */
  render(event: { type: string } & Record<string, unknown>): Buffer {
    let lines: OutLine[] = [];
    if (!this.started) {
      this.started = true;
      for (const fault of this.faults) lines.push(...(fault.onStart?.(this.state) ?? []));
    }
    let current: OutLine[] = [event];
    for (const fault of this.faults) {
      if (!fault.onEvent) continue;
      current = current.flatMap((line) =>
        'raw' in line && typeof line.raw === 'string'
          ? [line]
          : fault.onEvent!(line as { type: string } & Record<string, unknown>, this.state),
      );
    }
    lines = lines.concat(current);
    this.state.index++;
    return Buffer.concat(lines.map(toBytes));
  }

  /** How a fault wants the run to end, if it does. */
  get end(): FaultState['end'] {
    return this.state.end;
  }
}

function toBytes(line: OutLine): Buffer {
  if ('raw' in line && typeof line.raw === 'string') {
    const { bytes } = line as { bytes?: Uint8Array };
    return bytes ? Buffer.from(bytes) : Buffer.from(line.raw, 'utf8');
  }
  return Buffer.from(`${JSON.stringify(line)}\n`, 'utf8');
}
