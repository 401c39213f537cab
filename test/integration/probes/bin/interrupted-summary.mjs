// Handles SIGINT/SIGTERM as AOI-CLI §7 asks: one last {"type":"aoi:summary",…,"reason":"interrupted"}
// and the conventional exit code (130 for SIGINT, 143 for SIGTERM). Emits an event every few ms until
// interrupted; the handlers are installed before the first line, so a signal sent after N lines is handled.
const codes = { SIGINT: 130, SIGTERM: 143 };
let ticker;
for (const signal of Object.keys(codes)) {
  process.on(signal, () => {
    clearInterval(ticker);
    process.stdout.write('{"type":"aoi:summary","ok":false,"reason":"interrupted","partial":true}\n', () => process.exit(codes[signal]));
  });
}
process.stdout.write('{"type":"aoi:meta","schema_version":"1","aoi_version":"0.2"}\n');
let i = 0;
ticker = setInterval(() => process.stdout.write(`${JSON.stringify({ type: 'item', i: i++ })}\n`), 2);
