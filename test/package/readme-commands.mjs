#!/usr/bin/env node
// Every shell command of the README, run as written, in README order, in a project where the kit is installed
// (node_modules/aoi-testkit and its bin): from the checkout (test/integration/readme-commands.test.ts links the
// checkout in) and from an install of the packed kit (test:package's `readme-commands` project).
//
//   node readme-commands.mjs [README] [--list]     run them in the working directory (or list them, with their
//                                                   expected exit), one PASS/FAIL line each; exit 1 when one fails
//
// A command is a line of a ```sh block (with its `\` continuations), its comments removed. Each runs in bash
// after the `export` lines before it in its block, so a block's commands share what it exports, and a file one
// command writes is there for the next. Plain Node, no dependencies: it runs in a scratch project as it is.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * What a command must exit with when it is not 0 (each as the README says beside it), or why it is not run here.
 * Keys are a distinctive part of the command; every key must match a command of the README (a stale key fails).
 */
export const EXPECTED = [
  { match: /^npm ci$/, skip: "the contributors' install of the checkout, not a user's command (CI runs it)" },
  { match: /^npm test$/, skip: 'the suite itself: CI runs it, and this test is part of it' },
  { match: /^npm i -D aoi-testkit aoi-testkit-corpus$/, skip: 'the install itself: the project has both (the packed tarballs, or the checkout linked as both)' },
  { match: /\| npx aoi-testkit check - --exit-code 0$/, exit: 1 },
  { match: /--env 'NOTES_BACKEND=\{"status":503\}' well-behaved sync/, exit: 75 },
  { match: /consumer --as notes -- node .*wrapper-buggy\.mjs$/, exit: 1 },
  { match: /--spec cmdhelp -- npx aoi-testkit fake helpdesk\.depth-unbounded$/, exit: 1 },
  { match: /--baseline aoi-baseline\.json .*-- npx aoi-testkit fake well-behaved$/, exit: 1 },
  { match: /--fault breaking-without-major-bump well-behaved$/, exit: 1 },
  { match: /check \S+\/bad-aoi-03-eof-without-summary\.jsonl/, exit: 1 },
  { match: /runner --strict --scenario \S+ -- python3 \S+_buggy\.py$/, exit: 1 },
];

/** The README's shell commands: [{ command, exports (the block's export lines before it), block }]. */
export function readmeCommands(readme) {
  const commands = [];
  let block = 0;
  for (const [, body] of readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    block += 1;
    const exports = [];
    let pending = '';
    for (const raw of body.split('\n')) {
      const line = stripComment(raw).trimEnd();
      if (line.endsWith('\\')) {
        pending += `${line.slice(0, -1).trim()} `;
        continue;
      }
      const command = `${pending}${line.trim()}`.trim();
      pending = '';
      if (!command) continue;
      if (/^export \w+=/.test(command)) exports.push(command);
      else commands.push({ command, exports: [...exports], block });
    }
  }
  return commands;
}

/** The line without its `# comment` (a `#` outside quotes, at the start or after a space). */
function stripComment(line) {
  let quote = '';
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  return line;
}

export function expectation(command) {
  const found = EXPECTED.find((e) => e.match.test(command));
  return found ?? { exit: 0 };
}

/** Keys of EXPECTED that match no command: the README changed under them. */
export function staleExpectations(commands) {
  return EXPECTED.filter((e) => !commands.some((c) => e.match.test(c.command))).map((e) => String(e.match));
}

/** Run one command in bash in `cwd`; resolve with { code, output }. */
export function runCommand({ command, exports }, { cwd, env = process.env, timeoutMs = 10 * 60_000 }) {
  return new Promise((done) => {
    const script = [...exports, command].join('\n');
    const child = spawn('bash', ['-c', script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (d) => {
      output += d;
      if (output.length > 200_000) output = output.slice(-100_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      output += `\n(timed out after ${timeoutMs} ms)`;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: code ?? (signal ? 128 : -1), output });
    });
  });
}

async function main(args) {
  const readmePath = args.find((a) => !a.startsWith('--')) ?? 'README.md';
  const commands = readmeCommands(readFileSync(readmePath, 'utf8'));
  let failed = 0;
  for (const stale of staleExpectations(commands)) {
    failed += 1;
    console.log(`FAIL expectation ${stale} matches no README command`);
  }
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  for (const entry of commands) {
    const expected = expectation(entry.command);
    if (expected.skip) {
      console.log(`MARK ${entry.command} — not run: ${expected.skip}`);
      continue;
    }
    if (args.includes('--list')) {
      console.log(`exit ${expected.exit}: ${entry.command}`);
      continue;
    }
    const started = Date.now();
    const { code, output } = await runCommand(entry, { cwd: process.cwd(), env });
    const ok = code === expected.exit && !/^\s+at .+:\d+:\d+\)?$/m.test(output);
    if (!ok) failed += 1;
    console.log(`${ok ? 'PASS' : 'FAIL'} ${entry.command} — exit ${code}, expected ${expected.exit} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    if (!ok) console.log(output.trimEnd().slice(-6000).replace(/^/gm, '    '));
  }
  console.log(`${failed === 0 ? 'ok' : `${failed} failed`}: ${commands.length} README command(s)`);
  return failed === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await main(process.argv.slice(2)));
