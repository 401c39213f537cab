import { metaEvent } from '../report/meta.js';
import { sanitiseJson } from '../stream/sanitise.js';

/**
 * Writes the kit's own AOI events, one compact JSON object per line. Handles a closed pipe
 * (EPIPE) by exiting 141 without a trace, as AOI-CLI §7 asks of every tool.
 */
export class Emitter {
  private closed = false;

  constructor(private readonly out: NodeJS.WritableStream = process.stdout) {
    out.on('error', (error: NodeJS.ErrnoException) => {
      this.closed = true;
      if (error.code === 'EPIPE') process.exit(141);
      process.stderr.write(`aoi-testkit: cannot write to stdout: ${error.code ?? error.message}\n`);
      process.exit(74); // EX_IOERR
    });
  }

  emit(event: { type: string } & Record<string, unknown>): void {
    // Events quote the program under test; C1 and bidi characters are escaped too, for a person who cats the file.
    if (!this.closed) this.out.write(`${sanitiseJson(JSON.stringify(event))}\n`);
  }

  meta(command: string): void {
    this.emit(metaEvent(command));
  }

  /** Lines a reporter rendered (already sanitised, one event each). */
  write(text: string): void {
    if (!this.closed) this.out.write(text);
  }

  /** Flush stdout before the process exits, so that the summary is never lost. */
  async close(): Promise<void> {
    if (this.closed) return;
    await new Promise<void>((resolve) => this.out.write('', () => resolve()));
  }
}
