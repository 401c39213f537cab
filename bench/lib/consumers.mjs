// The in-process consumers whose throughput is compared. Each reads the whole file through
// fs.createReadStream with 64 KiB chunks and returns a short description of what it saw, so that
// the table can show that every consumer really read the stream.
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { checkStreamAsync, createStreamChecker } from '../../dist/index.js';

export const CHUNK_BYTES = 64 * 1024;

const open = (file, extra = {}) => createReadStream(file, { highWaterMark: CHUNK_BYTES, ...extra });

function describeReport(report) {
  const failed = report.verdicts.filter((v) => v.status === 'fail').map((v) => v.rule);
  return {
    ok: report.ok,
    events: report.stats.events,
    bytes: report.stats.bytes,
    note: report.ok
      ? `report ok, ${report.stats.events} events`
      : `report NOT ok: ${failed.join(', ')}`,
    findings: report.findings,
  };
}

/** (a) the incremental checker, driven chunk by chunk. */
export async function checker(file) {
  const c = createStreamChecker();
  for await (const chunk of open(file)) c.write(chunk);
  return describeReport(c.end({ exitCode: 0 }));
}

/** (a′) the same checker through the async convenience API over a Node Readable. */
export async function checkerAsync(file) {
  return describeReport(await checkStreamAsync(open(file), { exitCode: 0 }));
}

/**
 * (b) the naive loop most consumers write: text chunks (the stream's own UTF-8 decoder keeps a
 * character split across chunks intact), accumulate, split on '\n', JSON.parse, check the type.
 */
export async function naive(file) {
  let rest = '';
  let events = 0;
  let bad = 0;
  for await (const chunk of open(file, { encoding: 'utf8' })) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      if (line === '') continue;
      const obj = JSON.parse(line);
      if (typeof obj.type === 'string') events++;
      else bad++;
    }
  }
  if (rest !== '') {
    const obj = JSON.parse(rest);
    if (typeof obj.type === 'string') events++;
    else bad++;
  }
  return { ok: bad === 0, events, note: `${events} events${bad ? `, ${bad} without type` : ''}` };
}

/** (c) readline over the read stream, JSON.parse per line, same type check. */
export async function readlineConsumer(file) {
  let events = 0;
  let bad = 0;
  const rl = createInterface({ input: open(file), crlfDelay: Infinity });
  for await (const line of rl) {
    if (line === '') continue;
    const obj = JSON.parse(line);
    if (typeof obj.type === 'string') events++;
    else bad++;
  }
  return { ok: bad === 0, events, note: `${events} events${bad ? `, ${bad} without type` : ''}` };
}

/** (d) jq as a child process: `jq -c 'select(.type=="hit")' FILE`, what a shell user filters by. Timed from spawn to exit. */
export function jq(file) {
  return timedChild('jq', ['-c', 'select(.type=="hit")', file]).then(({ lines }) => ({
    ok: true,
    hits: lines,
    note: `${lines} hit line(s)`,
  }));
}

/** (e) `aoi-testkit check FILE` as a user runs it: a process, from spawn to exit, its text report read to the end. */
export function checkCli(file) {
  return timedChild(process.execPath, [
    new URL('../../dist/cli/main.js', import.meta.url).pathname,
    'check',
    file,
    '--exit-code',
    '0',
  ]).then(() => ({ ok: true, note: 'exit 0 (conformant)' }));
}

/** (f) the naive loop as a user's script, a process like (e). */
export function naiveScript(file) {
  return timedChild(process.execPath, [
    new URL('./naive-script.mjs', import.meta.url).pathname,
    file,
  ]).then(({ out }) => ({ ok: true, events: Number(out.trim()), note: `${out.trim()} events` }));
}

/** A child process read to its end; rejects on a non-zero exit. `lines` counts stdout's newlines, `out` keeps the first 4 KiB. */
function timedChild(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines++;
      if (out.length < 4096) out += chunk.toString('utf8');
    });
    child.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve({ lines, out })
        : reject(new Error(`${command} exited ${code}: ${err.trim().slice(0, 200)}`)),
    );
  });
}

/** Whether an executable is on PATH (without a shell). */
export function onPath(command) {
  return new Promise((resolve) => {
    const child = spawn(command, ['--version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}
