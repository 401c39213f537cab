import { runHelpdesk } from './index.js';
import { reachOut } from './reach.js';

// helpdesk as a real process (dist/bin/helpdesk.js): state in $AOI_TESTKIT_STATE_DIR, faults by --fault or env.
const result = runHelpdesk(process.argv.slice(2), { env: process.env });
void reachOut(result).then(() => {
  process.stdout.write(result.stdout, () => {
    process.stderr.write(result.stderr, () => {
      process.exitCode = result.exitCode;
    });
  });
});
