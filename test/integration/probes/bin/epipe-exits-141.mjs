// A well-behaved producer (AOI-CLI §7): streams events until downstream closes the pipe, then exits
// quietly with 141 (128 + SIGPIPE), as a C tool killed by SIGPIPE would look to a shell.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(141);
  throw error;
});
let i = 0;
function write() {
  while (process.stdout.write(`${JSON.stringify({ type: 'item', i: i++ })}\n`));
  process.stdout.once('drain', write);
}
process.stdout.write('{"type":"aoi:meta","schema_version":"1","aoi_version":"0.2"}\n');
write();
