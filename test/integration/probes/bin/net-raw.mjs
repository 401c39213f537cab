// Opens a raw TCP connection to 203.0.113.1:80 (TEST-NET-3, never routed) and ignores proxy variables:
// only the Node preload can catch it. Safety belt: without the preload it refuses to run, so no packet
// ever leaves the machine. Prints how the attempt ended and how long it took.
import net from 'node:net';

if (!globalThis[Symbol.for('aoi-testkit.network-tripwire')]) {
  console.error('net-raw: refusing to connect without the tripwire preload');
  process.exit(3);
}
const started = performance.now();
const socket = net.connect(80, '203.0.113.1');
socket.write('ping\n'); // queued: the tripwire must fail it, never send it
socket.on('connect', () => {
  console.log(JSON.stringify({ connected: true }));
  process.exit(2);
});
socket.on('error', (error) => {
  console.log(JSON.stringify({ connected: false, code: error.code, ms: Math.round(performance.now() - started) }));
  process.exitCode = 1;
});
