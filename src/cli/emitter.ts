import { kitPackage } from '../package-root.js';
import { AOI_VERSION } from '../spec/aoi/constants.js';
import { sanitiseJson } from '../stream/sanitise.js';

export const TOOL = 'aoi-testkit';
/** The kit's version, read from its package.json so a release bump is written once. */
export const TOOL_VERSION = kitPackage()?.version ?? 'unknown';
export const SCHEMA_NAME = 'io.github.aoi-testkit.cli';
export const SCHEMA_VERSION = '1.0.0';

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
    this.emit({
      type: 'aoi:meta',
      tool: TOOL,
      tool_version: TOOL_VERSION,
      aoi_version: AOI_VERSION,
      schema_name: SCHEMA_NAME,
      schema_version: SCHEMA_VERSION,
      command,
    });
  }

  /** Flush stdout before the process exits, so that the summary is never lost. */
  async close(): Promise<void> {
    if (this.closed) return;
    await new Promise<void>((resolve) => this.out.write('', () => resolve()));
  }
}
