// A producer that never thought about SIGPIPE: Node ignores the signal, so the next write fails with
// EPIPE, nobody listens for 'error', and the process dies with a stack trace on stderr (AOI-10 fails).
let i = 0;
function write() {
  while (process.stdout.write(`${JSON.stringify({ type: 'item', i: i++ })}\n`));
  process.stdout.once('drain', write);
}
process.stdout.write('{"type":"aoi:meta","schema_version":"1","aoi_version":"0.2"}\n');
write();
