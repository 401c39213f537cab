import { execFile } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { Socket } from 'node:net';
import { makeTempDir, removeTempDir } from './interrupt.js';
import { join } from 'node:path';

/**
 * A real OS pipe for a child's stdout. Node gives children socketpairs, not pipes: a reader that closes a
 * socketpair with unread data makes the writer's next write fail with ECONNRESET, where a shell pipeline
 * (`tool | head -n 3`) gives EPIPE or SIGPIPE. Closing stdout early must look like `head`, so the probe
 * hands the child the write end of a FIFO and reads the other end.
 */
export interface StdoutPipe {
  /** The read end, as a stream. Destroying it closes the last reader: the child's writes get EPIPE/SIGPIPE. */
  readonly reader: Socket;
  /** Give this to the child as its stdout, then call {@link StdoutPipe.release}. */
  readonly writeFd: number;
  /** Close the parent's copy of the write end, so that EOF arrives when the child's copies close. */
  release(): void;
}

function mkfifo(path: string): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile('mkfifo', ['-m', '600', path], (error) => (error ? reject(error) : resolve())),
  );
}

/** A FIFO-backed pipe, or null where `mkfifo` is unavailable (then the caller falls back to a socketpair). */
export async function openStdoutPipe(): Promise<StdoutPipe | null> {
  const dir = makeTempDir('aoi-testkit-pipe-');
  try {
    const path = join(dir, 'stdout');
    try {
      await mkfifo(path);
    } catch {
      return null;
    }
    // Opening the read end without O_NONBLOCK would wait for a writer; with it, the write end opens at once.
    const readFd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const writeFd = openSync(path, constants.O_WRONLY);
    let released = false;
    return {
      reader: new Socket({ fd: readFd, readable: true, writable: false }),
      writeFd,
      release() {
        if (released) return;
        released = true;
        closeSync(writeFd);
      },
    };
  } finally {
    // Both ends are open: the name is no longer needed.
    removeTempDir(dir);
  }
}
