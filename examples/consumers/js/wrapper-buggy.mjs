#!/usr/bin/env node
// The buggy twin of wrapper.mjs, carrying the bugs found in real wrappers (do not copy):
// - `code ?? 0`: a tool killed by a signal has no exit code, and is reported as success;
// - the exit code alone decides: a stream that ended without its summary, or with summary ok:false, is accepted;
// - the timeout sends SIGTERM only and reports at once: a tool that ignores SIGTERM keeps running.
// Usage: node wrapper-buggy.mjs [--timeout-ms N]   (default 10000).
import { spawn } from 'node:child_process';

const at = process.argv.indexOf('--timeout-ms');
const timeoutMs = at > 0 ? Number(process.argv[at + 1]) : 10_000;
const out = (event) => process.stdout.write(`${JSON.stringify(event)}\n`);

const child = spawn('notes', ['list', '--output', 'jsonl'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let text = '';
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk) => (text += chunk));
const timer = setTimeout(() => {
  child.kill('SIGTERM'); // BUG: no SIGKILL after a grace, no wait
  out({
    type: 'aoi:error',
    code: 'TIMEOUT',
    category: 'timeout',
    message: 'notes timed out',
    retryable: true,
  });
  out({ type: 'aoi:summary', ok: false, count: 0 });
  process.exit(124);
}, timeoutMs);
child.on('close', (code) => {
  clearTimeout(timer);
  const status = code ?? 0; // BUG: a signal is not an exit code
  if (status !== 0) {
    out({
      type: 'aoi:error',
      code: 'TOOL_FAILED',
      category: 'internal',
      message: `notes exited ${status}`,
      retryable: false,
    });
    out({ type: 'aoi:summary', ok: false, count: 0 });
    process.exitCode = 1;
    return;
  }
  const items = text.split('\n').flatMap((line) => {
    try {
      const event = JSON.parse(line);
      return event && typeof event.type === 'string' && !event.type.startsWith('aoi:')
        ? [event]
        : [];
    } catch {
      return [];
    }
  });
  for (const item of items) out(item);
  out({ type: 'aoi:summary', ok: true, count: items.length }); // BUG: the upstream's summary is neither required nor read
});
