#!/usr/bin/env node
// A wrapper that runs the tool `notes list --output jsonl` and reports the items it got (an SDK's "run a tool"
// call, as a program). It trusts nothing but a complete stream: exit 0, a terminal summary with ok:true, no
// aoi:error, every line one JSON object. A tool killed by a signal is a failure. Its timeout sends SIGTERM,
// then SIGKILL after a grace, and waits for the tool to be gone. The tool gets no stdin, so a prompt reads EOF.
// Usage: node wrapper.mjs [--timeout-ms N]   (default 10000). No dependencies.
import { spawn } from 'node:child_process';

const at = process.argv.indexOf('--timeout-ms');
const timeoutMs = at > 0 ? Number(process.argv[at + 1]) : 10_000;
const GRACE_MS = 1_000;
const out = (event) => process.stdout.write(`${JSON.stringify(event)}\n`);
const finish = (ok, code, message, count) => {
  if (!ok) out({ type: 'aoi:error', code, category: 'unavailable', message, retryable: false });
  out({ type: 'aoi:summary', ok, count, error_count: ok ? 0 : 1 });
  process.exitCode = ok ? 0 : code === 'TIMEOUT' ? 124 : 1;
};

const child = spawn('notes', ['list', '--output', 'jsonl'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let pending = '';
let summary = null;
let errors = 0;
let malformed = 0;
const items = [];
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk) => {
  pending += chunk;
  let nl;
  while ((nl = pending.indexOf('\n')) >= 0) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
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
    )
      malformed++;
    else if (summary !== null) continue;
    else if (event.type === 'aoi:summary') summary = event;
    else if (event.type === 'aoi:error') errors++;
    else if (!event.type.startsWith('aoi:')) items.push(event);
  }
});

let timedOut = false;
const timer = setTimeout(() => {
  timedOut = true;
  child.kill('SIGTERM');
  // A tool that ignores SIGTERM must not outlive us: SIGKILL after the grace ('close' below waits for it).
  setTimeout(() => child.kill('SIGKILL'), GRACE_MS).unref();
}, timeoutMs);

child.on('error', (error) => {
  clearTimeout(timer);
  finish(false, 'TOOL_NOT_STARTED', `cannot run notes: ${error.code ?? error.message}`, 0);
});
child.on('close', (code, signal) => {
  clearTimeout(timer);
  if (timedOut) return finish(false, 'TIMEOUT', `notes did not finish within ${timeoutMs} ms`, 0);
  if (signal !== null) return finish(false, 'TOOL_KILLED', `notes was killed by ${signal}`, 0);
  if (code !== 0) return finish(false, 'TOOL_FAILED', `notes exited ${code}`, 0);
  if (malformed > 0 || pending !== '')
    return finish(false, 'MALFORMED_OUTPUT', 'notes printed a line that is not one JSON object', 0);
  if (summary === null)
    return finish(false, 'INCOMPLETE', 'notes ended without its terminal summary', 0);
  if (summary.ok !== true || errors > 0)
    return finish(false, 'TOOL_FAILED', 'notes reported failure', 0);
  for (const item of items) out(item);
  finish(true, '', '', items.length);
});
