#!/usr/bin/env node
// A minimal Agent Application runtime, as the aoi-testkit runtime contract asks (docs/guides/linting-a-consumer.md):
// it reads APP.md in $AOI_APP_DIR, runs the request in $AOI_APP_REQUEST ({"command","args"}) through entry.command
// from the package root, and logs to $AOI_RUNTIME_LOG. It invokes only commands APP.md declares (so never an
// invented scheduling command), asks before a confirmationRequired command (a `confirm` record, then one line on
// stdin: yes or y runs it, anything else or EOF does not), takes the answer from stdout only (stderr is shown as
// diagnostics), treats any non-zero exit as failure and surfaces error.code and error.message, and never retries.
// Usage: node app-runtime.mjs [--timeout-ms N]   (default 30000). No dependencies.
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

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

/** Ask the user: a `confirm` record first, then one line on stdin (EOF is no). */
async function confirm(command, args) {
  log({ type: 'confirm', command, args });
  process.stderr.write(`Run ${command} ${args.join(' ')}? [y/N] `);
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const { value, done } = await lines.next();
  process.stdin.destroy();
  return !done && /^(y|yes)$/i.test(value.trim());
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
if (!manifest.commands.includes(command)) {
  // Not declared, so not documented: never invent a command (a scheduling one least of all).
  finish({
    ok: false,
    error: {
      code: 'UNKNOWN_COMMAND',
      message: `${command} is not a command of this application (APP.md declares ${manifest.commands.join(', ')}).`,
    },
  });
} else if (manifest.confirmationRequired.includes(command) && !(await confirm(command, args))) {
  finish({
    ok: false,
    error: {
      code: 'CONFIRMATION_DENIED',
      message: `${command} was not run: the user did not confirm it.`,
    },
  });
} else {
  const run = await invoke(manifest.entry, command, args);
  if (run.stderr.trim() !== '')
    process.stderr.write(`[${command} diagnostics] ${run.stderr.trim()}\n`);
  const parsed = parseJson(run.stdout);
  if (run.code !== 0) {
    // Any non-zero exit (or a signal) is a failure, whatever stdout holds; a structured error is surfaced as is.
    const error = parsed?.value?.error;
    if (error && typeof error.code === 'string')
      finish({ ok: false, error: { code: error.code, message: String(error.message ?? '') } });
    else
      finish({
        ok: false,
        error: {
          code: 'COMMAND_FAILED',
          message: `${command} ${run.signal ? `was killed by ${run.signal}` : `exited ${run.code}`}${run.stdout.trim() ? `: ${run.stdout.trim().slice(0, 200)}` : ''}`,
        },
      });
  } else if (parsed === null) {
    finish({
      ok: false,
      error: { code: 'NOT_JSON', message: `${command} exited 0 but its stdout is not JSON.` },
    });
  } else finish({ ok: true, answer: parsed.value });
}
