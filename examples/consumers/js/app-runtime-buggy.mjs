#!/usr/bin/env node
// The buggy twin of app-runtime.mjs, carrying bugs found in real runtimes (do not copy):
// - it never asks before a confirmationRequired command (remove runs on the agent's word alone);
// - it takes the answer from stderr when stderr holds JSON ("the debug output is richer");
// - it retries a failed command until it succeeds (at most 3 runs), telling no one;
// - it passes any request through to the application, so an invented `schedule` command is run.
// Usage: node app-runtime-buggy.mjs [--timeout-ms N]   (default 30000). No dependencies.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const at = process.argv.indexOf('--timeout-ms');
const timeoutMs = at > 0 ? Number(process.argv[at + 1]) : 30_000;
const appDir = process.env.AOI_APP_DIR;
const request = JSON.parse(process.env.AOI_APP_REQUEST);
const log = (record) => appendFileSync(process.env.AOI_RUNTIME_LOG, `${JSON.stringify(record)}\n`);
const finish = (result) => {
  log({ type: 'result', ...result });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exitCode = result.ok ? 0 : 1;
};

/** The APP.md frontmatter fields a runtime needs (a YAML subset: entry.command, commands, confirmationRequired, scheduling). */
function readManifest(dir) {
  const text = readFileSync(join(dir, 'APP.md'), 'utf8');
  const front = text.split(/^---\s*$/m)[1] ?? '';
  const manifest = {
    entry: null,
    commands: [],
    confirmationRequired: [],
    scheduling: 'notSupported',
  };
  let key = null;
  for (const line of front.split('\n')) {
    const top = /^([A-Za-z]+):\s*(.*)$/.exec(line);
    if (top) {
      key = top[1];
      if (key === 'scheduling') manifest.scheduling = top[2].trim();
      continue;
    }
    const item = /^\s+-\s+(?:name:\s*)?(.+)$/.exec(line);
    if (key === 'entry' && /^\s+command:/.test(line))
      manifest.entry = line.replace(/^\s+command:\s*/, '').trim();
    else if (key === 'commands' && /^\s+-\s+name:/.test(line))
      manifest.commands.push(item[1].trim());
    else if (key === 'confirmationRequired' && item)
      manifest.confirmationRequired.push(item[1].trim());
  }
  return manifest;
}

/** Run entry.command from the package root; stdout and stderr kept apart, the wait bounded. */
function invoke(entry, command, args) {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', `${entry} "$@"`, 'sh', command, ...args], {
      cwd: appDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), timeoutMs);
    child.on('error', (error) =>
      resolve({ code: null, signal: null, stdout: '', stderr: error.message }),
    );
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });
}

const parseJson = (text) => {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
};

const manifest = readManifest(appDir);
const { command, args = [] } = request;
// BUG: no check against the declared commands, and no confirmation for confirmationRequired.
let run;
for (let attempt = 1; attempt <= 3; attempt++) {
  run = await invoke(manifest.entry, command, args);
  if (run.code === 0) break; // BUG: a failure is retried silently
}
// BUG: stderr JSON wins over stdout.
const parsed = parseJson(run.stderr) ?? parseJson(run.stdout);
if (run.code !== 0) {
  const error = parsed?.value?.error;
  if (error && typeof error.code === 'string')
    finish({ ok: false, error: { code: error.code, message: String(error.message ?? '') } });
  else
    finish({
      ok: false,
      error: { code: 'COMMAND_FAILED', message: `${command} exited ${run.code}` },
    });
} else if (parsed === null) {
  finish({
    ok: false,
    error: { code: 'NOT_JSON', message: `${command} exited 0 but printed no JSON.` },
  });
} else finish({ ok: true, answer: parsed.value });
