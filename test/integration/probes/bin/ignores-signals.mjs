// Installs handlers for SIGINT/SIGTERM that do nothing and keeps emitting events: only the kit's
// grace period / timeout and tree kill end it.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
process.stdout.write('{"type":"aoi:meta","schema_version":"1","aoi_version":"0.2"}\n');
let i = 0;
setInterval(() => process.stdout.write(`${JSON.stringify({ type: 'item', i: i++ })}\n`), 2);
