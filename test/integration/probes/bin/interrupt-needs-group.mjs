// A wrapper that ignores SIGINT itself and waits for a worker it started in the same process group.
// Only a group-wide SIGINT reaches the worker, which then prints the interrupted summary; the wrapper
// exits 130 once the worker has gone. The worker prints "ready" after installing its handler.
import { spawn } from 'node:child_process';

process.on('SIGINT', () => {});
const worker = spawn(
  process.execPath,
  [
    '-e',
    `process.on('SIGINT', () => process.stdout.write('{"type":"aoi:summary","ok":false,"reason":"interrupted","partial":true}\\n', () => process.exit(130)));
     process.stdout.write('{"type":"worker","state":"ready"}\\n');
     setInterval(() => {}, 1e6);`,
  ],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
process.stdout.write('{"type":"aoi:meta","schema_version":"1","aoi_version":"0.2"}\n');
worker.on('exit', (code) => process.exit(code ?? 1));
