// Starts a grandchild that would live forever, waits until it has written its pid (a handshake,
// not a sleep), then exits — or hangs too, with `hang`. runCli must kill the grandchild either way.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const [pidFile, mode] = process.argv.slice(2);
spawn(process.execPath, ['-e', `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1e6)`], { stdio: 'ignore' }).unref();
const wait = setInterval(() => {
  if (!existsSync(pidFile)) return;
  clearInterval(wait);
  process.stdout.write('{"type":"aoi:meta"}\n');
  if (mode === 'hang') setInterval(() => {}, 1e6);
}, 5);
