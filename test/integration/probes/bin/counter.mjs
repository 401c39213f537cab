// Keeps a counter in the state directory it is given ($AOI_TESTKIT_STATE_DIR) and prints it: a second
// run in the same directory sees the first one's state; a fresh directory starts again at 1.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.AOI_TESTKIT_STATE_DIR;
if (!dir) {
  console.log(JSON.stringify({ type: 'aoi:error', category: 'usage', code: 'no_state_dir', message: 'AOI_TESTKIT_STATE_DIR is not set', retryable: false }));
  process.exit(2);
}
const file = join(dir, 'count');
let count = 0;
try {
  count = Number(readFileSync(file, 'utf8'));
} catch {
  // First run in this directory.
}
writeFileSync(file, String(count + 1));
console.log(JSON.stringify({ type: 'aoi:summary', ok: true, count: count + 1 }));
