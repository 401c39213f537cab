#!/usr/bin/env node
// A transformer (AOI-CLI §13): reads AOI JSONL on stdin, writes AOI JSONL on stdout — every entry with its
// title upper-cased, then its own summary. It fails closed: a malformed line aborts (exit 65), and an upstream
// that failed or ended without its summary makes its own summary ok:false (exit 1). No dependencies.
// --continue-on-error: per-line tolerant (§12.2): a malformed line becomes an item-level aoi:error and the next
// line is read; the summary says partial. --unbounded: the upstream is a documented watch (§4.2): EOF without a
// summary is its end, not a crash.
const tolerant = process.argv.includes('--continue-on-error');
const unbounded = process.argv.includes('--unbounded');
const out = (event) => process.stdout.write(`${JSON.stringify(event)}\n`);
const fail = (code, message, exitCode) => {
  out({ type: 'aoi:error', code, category: 'validation', message, retryable: false });
  out({ type: 'aoi:summary', ok: false, count, warning_count: warnings, error_count: 1 });
  process.exitCode = exitCode;
};

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
let warnings = 0;
let upstreamErrors = 0;
let summary = null;
let lineNumber = 0;
let skipped = 0;

/** One complete upstream line; false when it is not one JSON object with a type (fail fast, §12.2). */
function take(line) {
  lineNumber++;
  let event;
  try {
    event = JSON.parse(line);
  } catch {
    event = undefined;
  }
  if (
    event === null ||
    typeof event !== 'object' ||
    Array.isArray(event) ||
    typeof event.type !== 'string'
  ) {
    if (tolerant) {
      skipped++;
      out({
        type: 'aoi:error',
        code: 'MALFORMED_INPUT',
        category: 'validation',
        message: `upstream line ${lineNumber} is not one JSON object with a type; skipped`,
        retryable: false,
        line: lineNumber,
      });
      return true;
    }
    fail('MALFORMED_INPUT', `upstream line ${lineNumber} is not one JSON object with a type`, 65);
    return false;
  }
  if (summary !== null) return true; // nothing counts after the terminal summary
  if (event.type === 'aoi:summary') summary = event;
  else if (event.type === 'aoi:error') upstreamErrors++;
  else if (event.type === 'aoi:warning') {
    warnings++;
    out(event);
  } else if (!event.type.startsWith('aoi:')) {
    // Data: entries are transformed, unknown types passed on as they are (§13).
    out(
      event.type === 'entry' && typeof event.title === 'string'
        ? { ...event, title: event.title.toUpperCase() }
        : event,
    );
    count++;
  }
  return true;
}

let pending = '';
let stopped = false;
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) {
  if (stopped) continue;
  pending += chunk;
  let at;
  while (!stopped && (at = pending.indexOf('\n')) >= 0) {
    const line = pending.slice(0, at);
    pending = pending.slice(at + 1);
    if (!take(line)) stopped = true;
  }
}
if (!stopped) {
  if (pending !== '') fail('UPSTREAM_INCOMPLETE', 'the upstream ended in the middle of a line', 1);
  else if (summary === null && !unbounded)
    fail('UPSTREAM_INCOMPLETE', 'the upstream ended without its terminal summary (§4)', 1);
  else if ((summary !== null && summary.ok !== true) || upstreamErrors > 0)
    fail('UPSTREAM_FAILED', 'the upstream reported failure', 1);
  else
    out({
      type: 'aoi:summary',
      ok: true,
      count,
      warning_count: warnings,
      error_count: skipped,
      partial: skipped > 0,
    });
}
