// A producer that swallows EPIPE and keeps writing forever: it never exits on its own, so only the
// kit's grace period / timeout and tree kill end it.
import { writeSync } from 'node:fs';

process.stdout.on('error', () => {});
let i = 0;
const line = () => `${JSON.stringify({ type: 'item', i: i++ })}\n`;
for (let n = 0; n < 5; n++) process.stdout.write(line());
setInterval(() => {
  try {
    writeSync(1, line());
  } catch {
    // EPIPE (or EAGAIN): ignored on purpose.
  }
}, 1);
