import { connect } from 'node:net';
import { runHelpdesk } from './index.js';

// helpdesk as a real process (dist/bin/helpdesk.js): state in $AOI_TESTKIT_STATE_DIR, faults by --fault or env.
const result = runHelpdesk(process.argv.slice(2), { env: process.env });

/** A fault's network side effect: one connection attempt, ended by its first outcome (refused, blocked or open). */
const reached = new Promise<void>((resolve) => {
  if (!result.reachOut) return resolve();
  const socket = connect(result.reachOut);
  const done = () => {
    socket.destroy();
    resolve();
  };
  socket.once('connect', done).once('error', done).setTimeout(2_000, done);
});

void reached.then(() => {
  process.stdout.write(result.stdout, () => {
    process.stderr.write(result.stderr, () => {
      process.exitCode = result.exitCode;
    });
  });
});
