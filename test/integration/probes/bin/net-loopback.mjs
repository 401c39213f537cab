// Reaches a service on this machine (127.0.0.1:<port>), directly and from a Node grandchild: still a
// network dependency for a discovery command, so the preload records both (loopback: true) and refuses.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const port = Number(process.argv[2]);
const script = `require('net').connect(${port}, '127.0.0.1').on('error', (e) => process.stdout.write(e.code + '\\n'))`;
const grandchild = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
net.connect(port, '127.0.0.1').on('error', (error) => console.log(JSON.stringify({ child: error.code, grandchild: grandchild.stdout.trim() })));
