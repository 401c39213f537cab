import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsumerScenarioSpec } from '../../spec/consumer/scenarios.js';

/**
 * A spawn scenario's tool, as a real process on PATH: an executable shim `<dir>/bin/<name>` that runs a small
 * Node program printing the scenario's bytes and then ending as the scenario says (an exit code, a signal it
 * kills itself with, a hang that ignores SIGTERM, a prompt on stdin). No dependency on the kit: the program is
 * written out whole, with its configuration beside it.
 *
 * Two things make what the consumer does to it observable:
 * - the shim carries `markerEnv=marker` in the environment of the process it execs, whatever environment the
 *   consumer passes, so that a tool left running is found by its marker after the consumer ended;
 * - the tool leaves its consumer's process group (setsid) when it is not leading a group of its own, so that the
 *   harness's kill of the consumer's group after the consumer exits does not hide a tool the consumer left
 *   running. A consumer that kills the tool by pid, or the group the tool leads, reaches it all the same.
 * Each start appends `{pid, argv}` to `<dir>/calls.jsonl`.
 */
export interface FakeToolOptions {
  readonly name: string;
  /** The variable and value that mark the tool's processes. */
  readonly markerEnv: string;
  readonly marker: string;
  /** The tool ends itself after this long whatever it was told (a hang must not outlive a harness that died). */
  readonly lifetimeMs: number;
  /** The Node.js binary (default: this one). */
  readonly node?: string;
}

export interface FakeTool {
  /** The directory to put first on PATH. */
  readonly binDir: string;
  /** Whether the tool leaves its consumer's process group (needs `setsid` and /proc). */
  readonly detaches: boolean;
  /** The calls made so far: one per start of the tool. */
  calls(): { pid: number; argv: string[] }[];
}

const shQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** Where `aoi-testkit fake consumer.<id>` passes the configuration (the program then reads no file and records no call). */
export const TOOL_CONFIG_ENV = 'AOI_TESTKIT_CONSUMER_TOOL';

/** The tool's program: plain Node, reading its configuration from `config.json` beside it (or TOOL_CONFIG_ENV). */
const PROGRAM = `// aoi-testkit consumer scenario tool (generated)
import { appendFileSync, readFileSync } from 'node:fs';
const here = (name) => new URL(name, import.meta.url);
const given = process.env.${TOOL_CONFIG_ENV};
const config = JSON.parse(given ?? readFileSync(here('config.json'), 'utf8'));
if (given === undefined) appendFileSync(here('calls.jsonl'), JSON.stringify({ pid: process.pid, argv: process.argv.slice(2) }) + '\\n');
const end = config.end;
// Whatever it was told, the tool does not outlive its lifetime.
setTimeout(() => process.exit(70), config.lifetimeMs).unref();
const write = (stream, text) => new Promise((done) => (text ? stream.write(text, () => done()) : done()));
for (const signal of end.kind === 'hang' ? end.ignores : []) process.on(signal, () => {});
await write(process.stdout, config.stdout);
await write(process.stderr, config.stderr);
if (end.kind === 'eof') process.exit(0);
else if (end.kind === 'exit') process.exit(end.code);
else if (end.kind === 'signal') process.kill(process.pid, end.signal);
else if (end.kind === 'hang') setInterval(() => {}, 1 << 30);
else if (end.kind === 'prompt') {
  await write(process.stderr, end.prompt);
  let done = false;
  const refuse = async () => {
    if (done) return;
    done = true;
    await write(process.stdout, end.refusal);
    process.exit(end.code);
  };
  process.stdin.on('data', (chunk) => { if (String(chunk).includes('\\n')) void refuse(); });
  process.stdin.on('end', refuse);
  process.stdin.on('error', refuse);
}
`;

/** Write the tool for `scenario` under `dir` (which must exist and be empty). */
export function installFakeTool(
  dir: string,
  scenario: ConsumerScenarioSpec,
  options: FakeToolOptions,
): FakeTool {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(options.name))
    throw new RangeError(
      `"${options.name}" is not a command name (letters, digits, ".", "_", "-")`,
    );
  const binDir = join(dir, 'bin');
  const libDir = join(dir, 'lib');
  mkdirSync(binDir, { recursive: true });
  mkdirSync(libDir, { recursive: true });
  writeFileSync(
    join(libDir, 'config.json'),
    JSON.stringify({
      stdout: scenario.stdout,
      stderr: scenario.stderr,
      end: scenario.end,
      lifetimeMs: options.lifetimeMs,
    }),
  );
  writeFileSync(join(libDir, 'tool.mjs'), PROGRAM);
  writeFileSync(join(libDir, 'calls.jsonl'), '');
  const node = shQuote(options.node ?? process.execPath);
  const program = shQuote(join(libDir, 'tool.mjs'));
  const detaches =
    existsSync('/proc/self/stat') &&
    ['/usr/bin/setsid', '/bin/setsid'].some((path) => existsSync(path));
  const shim = [
    '#!/bin/sh',
    `# aoi-testkit consumer scenario tool "${options.name}" (${scenario.id})`,
    `${options.markerEnv}=${shQuote(options.marker)}; export ${options.markerEnv}`,
    // Field 5 of /proc/<pid>/stat is the process group; the shell's own name has no space ("(sh)").
    'pgid=$$; read -r _pid _comm _state _ppid pgid _rest < /proc/$$/stat 2>/dev/null',
    `if [ "$pgid" != "$$" ] && command -v setsid >/dev/null 2>&1; then exec setsid ${node} ${program} "$@"; fi`,
    `exec ${node} ${program} "$@"`,
    '',
  ].join('\n');
  const path = join(binDir, options.name);
  writeFileSync(path, shim);
  chmodSync(path, 0o755);
  return {
    binDir,
    detaches,
    calls: () =>
      readFileSync(join(libDir, 'calls.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text) as { pid: number; argv: string[] }),
  };
}

/**
 * `aoi-testkit fake consumer.<id>`: the scenario's upstream as a process, in this one — the same program as the tool
 * on PATH: its bytes on stdout (and stderr), then its end (a stdin scenario: exit 0, so that it can feed a pipe:
 * `aoi-testkit fake consumer.stdin.cut-last-line | my-transformer`). Never returns for a hang or a prompt.
 */
export async function playConsumerScenario(
  scenario: ConsumerScenarioSpec,
  lifetimeMs = 600_000,
): Promise<void> {
  process.env[TOOL_CONFIG_ENV] = JSON.stringify({
    stdout: scenario.stdout,
    stderr: scenario.stderr,
    end: scenario.end,
    lifetimeMs,
  });
  await import(`data:text/javascript,${encodeURIComponent(PROGRAM)}`);
}
