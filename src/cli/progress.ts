import { progressText, type ProbeProgress } from '../report/progress.js';

/** Progress on stderr: one line rewritten in place on a terminal (cut to its width), else a line a second at most. */
export function progressLine(
  stderr: NodeJS.WriteStream = process.stderr,
  now: () => number = Date.now,
) {
  const tty = stderr.isTTY === true;
  let last: number | undefined;
  return {
    update(progress: ProbeProgress) {
      if (tty) stderr.write(`\r${progressText(progress, stderr.columns)}\u001b[K`);
      else if (last === undefined || now() - last >= 1000) {
        stderr.write(`${progressText(progress)}\n`);
        last = now();
      }
    },
    done() {
      if (tty) stderr.write('\r\u001b[K');
    },
  };
}
