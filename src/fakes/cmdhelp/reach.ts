import { connect } from 'node:net';
import type { HelpdeskResult } from './index.js';

/**
 * A fault's network side effect, made by a helpdesk process before it answers (bin.ts, `aoi-testkit fake`): one
 * connection attempt, ended by its first outcome (refused, blocked by a tripwire, open, or 2 s of silence).
 */
export function reachOut(result: HelpdeskResult): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!result.reachOut) return resolve();
    const socket = connect(result.reachOut);
    const done = () => {
      socket.destroy();
      resolve();
    };
    socket.once('connect', done).once('error', done).setTimeout(2_000, done);
  });
}
