#!/usr/bin/env node
// The buggy twin of transformer.mjs, carrying the bugs found in real transformers (do not copy):
// - a line that does not parse (prose, ANSI colour, pretty-printed JSON, an array) is skipped silently;
// - upstream aoi: events are dropped, so an upstream aoi:error or summary ok:false goes unseen;
// - at EOF it always writes {"type":"aoi:summary","ok":true} and exits 0, even when the upstream crashed
//   and its stream ended without a summary.
const out = (event) => process.stdout.write(`${JSON.stringify(event)}\n`);
let text = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) text += chunk;

out({
  type: 'aoi:meta',
  tool: 'upcase',
  tool_version: '1.0.0',
  aoi_version: '0.2',
  schema_name: 'com.example.upcase.events',
  schema_version: '1.0.0',
  command: 'upcase',
});
let count = 0;
for (const line of text.split('\n')) {
  let event;
  try {
    event = JSON.parse(line);
  } catch {
    continue; // BUG: dropped silently
  }
  if (event === null || typeof event !== 'object' || Array.isArray(event)) continue; // BUG: dropped silently
  if (String(event.type).startsWith('aoi:')) continue; // BUG: upstream errors and summary ignored
  out(event.type === 'entry' ? { ...event, title: String(event.title).toUpperCase() } : event);
  count++;
}
out({ type: 'aoi:summary', ok: true, count }); // BUG: success whatever happened upstream
