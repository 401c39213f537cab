import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as acp from '@agentclientprotocol/sdk';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, test } from 'vitest';
import { checkCmdhelp } from '../../../src/lint/cmdhelp/check.js';
import { checkExec } from '../../../src/lint/exec/index.js';
import { outcomeOf } from '../../../src/corpus/outcome.js';
import {
  APP_SCENARIO_RULE_IDS,
  CMDHELP_RULE_IDS,
  EXEC_SCENARIO_RULE_IDS,
  KIT_COMMAND,
  LINT_RULE_IDS,
  type AgentScenario,
  type AppScenario,
  type CmdhelpScenario,
  type ExecScenario,
  type ForeignScenario,
  type Scenario,
} from '../../../src/corpus/scenarios.js';
import { runCli } from '../../../src/run/run-cli.js';

/**
 * The corpus's live scenarios of cmdhelp, exec, app, foreign tools and agent, each checked once as scenarios/README.md tells a
 * harness in any language to: the scenario's command (the kit's CLI run directly, as `node_modules/.bin/aoi-testkit`
 * would be) judged by the kit's own checker, which must find exactly the file's `expected`. Concurrent: a
 * scenario's time is mostly waiting for processes.
 */
const CLI = new URL('../../../dist/cli/main.js', import.meta.url).pathname;
const ROOT = new URL('../../../', import.meta.url).pathname;
const DIR = new URL('../../../scenarios/', import.meta.url);
const corpus = readdirSync(DIR)
  .filter((name) => name.endsWith('.json') && name !== 'scenario.schema.json')
  .map((name) => JSON.parse(readFileSync(new URL(name, DIR), 'utf8')) as Scenario);
const ofKind = <K extends Scenario['kind']>(kind: K) =>
  corpus
    .filter((s): s is Extract<Scenario, { kind: K }> => s.kind === kind)
    .map((s) => [s.id, s] as const);

const scratch = mkdtempSync(join(tmpdir(), 'aoi-live-corpus-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A corpus argv with the kit's CLI run directly. */
function direct(argv: readonly string[]): [string, string[]] {
  expect(argv.slice(0, KIT_COMMAND.length)).toEqual([...KIT_COMMAND]);
  return [process.execPath, [CLI, ...argv.slice(KIT_COMMAND.length)]];
}

describe('cmdhelp scenarios: a cmdhelp checker on the command finds exactly `expected`', () => {
  test.concurrent.each(ofKind('cmdhelp'))(
    '%s',
    async (_id, scenario: CmdhelpScenario) => {
      const [command, args] = direct(scenario.command);
      const report = await checkCmdhelp(command, args, {
        env: { AOI_TESTKIT_STATE_DIR: mkdtempSync(join(scratch, 'cmdhelp-')) },
      });
      expect(outcomeOf(report, CMDHELP_RULE_IDS)).toEqual(scenario.expected);
      // Some forty runs of the kit's CLI, five scenarios at once: at a load of 25, 30 s was not enough.
    },
    180_000,
  );
});

describe('exec scenarios: an exec checker driving the command with the plan finds exactly `expected`', () => {
  test.concurrent.each(ofKind('exec'))(
    '%s',
    async (_id, scenario: ExecScenario) => {
      const [command, args] = direct(scenario.command);
      // The clean tool answers 10,000 lines in well under a second: 10 s is a bound for a deadlock, not a race.
      const report = await checkExec(command, args, {
        plan: scenario.plan,
        bulkLines: scenario.bulkLines,
        bulkTimeoutMs: 10_000,
      });
      expect(report.planSource).toBe('given');
      expect(outcomeOf(report, EXEC_SCENARIO_RULE_IDS)).toEqual(scenario.expected);
    },
    // A deadlock is asked again, three times longer, when the machine is busy (a starved batch is no deadlock).
    120_000,
  );
});

describe('app scenarios: aoi-testkit lint --app-dir with the options finds exactly `expected`', () => {
  /** An argv as one shell word each, for --app-setup and --app-read. */
  const words = (argv: readonly string[]) =>
    argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');

  test.concurrent.each(ofKind('app'))(
    '%s',
    async (_id, scenario: AppScenario) => {
      const { setup, read } = scenario.options;
      expect(scenario.options.fail).toEqual(['__aoi_testkit_no_such_command__']); // lint's own fail probe
      const run = await runCli(
        process.execPath,
        [
          CLI,
          'lint',
          '--spec',
          'app',
          '--app-dir',
          join(ROOT, scenario.path),
          ...setup.flatMap((s) => ['--app-setup', words(s)]),
          '--app-read',
          words(read),
          '--output',
          'jsonl',
        ],
        { timeoutMs: 60_000 },
      );
      const events = Buffer.from(run.stdout)
        .toString('utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const checks = events.filter((e) => e.type === 'aoi:check') as Array<{
        name: string;
        status: string;
        findings?: { id: string; severity: string }[];
      }>;
      expect(checks.map((c) => c.name)).toEqual(APP_SCENARIO_RULE_IDS);
      const verdicts = checks.map((c) => ({
        rule: c.name,
        status: c.status,
        warnings: (c.findings ?? []).filter((f) => f.severity === 'warning').length,
      }));
      expect(
        outcomeOf(
          { verdicts: verdicts as never, findings: checks.flatMap((c) => c.findings ?? []) },
          APP_SCENARIO_RULE_IDS,
        ),
      ).toEqual(scenario.expected);
      expect(run.exitCode).toBe(scenario.expected.ok ? 0 : 1);
      // A whole lint, given 60 s above: the test waits for it.
    },
    120_000,
  );
});

/**
 * Foreign tools, linted as the file tells a harness to: `aoi-testkit lint <lintArgs> --setup … --invoke … --output
 * jsonl -- <command>` from the package root (a service first, when the tool keeps its state in one), whose AOI
 * verdicts must be exactly `expected`. The per-tool tests (test/integration/lint/foreign-*.test.ts) lint the same
 * tools in-process; this proves the corpus file alone is enough.
 */
describe('foreign scenarios: aoi-testkit lint with the scenario’s options finds exactly `expected`', () => {
  const words = (argv: readonly string[]) =>
    argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`)).join(' ');

  /** Start the tool's service, if it has one: its first stdout line is the base URL. */
  async function startService(
    service: ForeignScenario['service'],
  ): Promise<{ env: string[]; stop(): void }> {
    if (!service) return { env: [], stop() {} };
    const [program, ...args] = service.command;
    const child = spawn(program!, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    // Its stderr is shown only if it fails to start: a service prints a traceback for every probe killed mid-request.
    let stderr = '';
    child.stderr
      .setEncoding('utf8')
      .on('data', (chunk: string) => (stderr = `${stderr}${chunk}`.slice(-4000)));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')).trim());
      });
      child.once('exit', (code) =>
        reject(new Error(`the service exited ${code} before its ready line: ${stderr}`)),
      );
    });
    return { env: ['--env', `${service.urlEnv}=${url}`], stop: () => child.kill('SIGTERM') };
  }

  // The clean tool of each foreign tool, one at a time: each is a whole lint of a Python or shell program, and
  // the defect scenarios carry the same findings as tool.json, which test/integration/lint/foreign-*.test.ts prove.
  test.each(ofKind('foreign').filter(([id]) => id.split('.').length === 2))(
    '%s',
    async (_id, scenario: ForeignScenario) => {
      const service = await startService(scenario.service);
      try {
        const plan = [
          ...scenario.setup.flatMap((argv) => ['--setup', words(argv)]),
          ...scenario.invocations.flatMap((argv) => ['--invoke', words(argv)]),
        ];
        const run = await runCli(
          process.execPath,
          [
            CLI,
            'lint',
            ...scenario.lintArgs,
            ...service.env,
            ...plan,
            '--output',
            'jsonl',
            '--',
            ...scenario.command,
          ],
          { cwd: ROOT, timeoutMs: 290_000 },
        );
        const events = Buffer.from(run.stdout)
          .toString('utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        const checks = (
          events.filter((e) => e.type === 'aoi:check') as Array<{
            name: string;
            status: string;
            command?: string;
            findings?: { id: string; severity: string }[];
          }>
        ).filter((c) => c.name.startsWith('AOI-'));
        const verdicts = checks.map((c) => ({
          rule: c.name,
          status: c.status,
          warnings: (c.findings ?? []).filter((f) => f.severity === 'warning').length,
        }));
        expect(
          outcomeOf(
            { verdicts: verdicts as never, findings: checks.flatMap((c) => c.findings ?? []) },
            LINT_RULE_IDS,
          ),
        ).toEqual(scenario.expected);
        expect(run.exitCode).toBe(scenario.expected.ok ? 0 : 1);
      } finally {
        service.stop();
      }
    },
    300_000,
  );
});

/**
 * Agent scenarios are for runner authors, and their verdicts are recorded conversations (proven by
 * test/integration/agents/corpus.test.ts). Here, each command is started as a runner starts an agent: it is the
 * fake the scenario names, with its fault (the lifecycle log's start record), speaking the scenario's protocol
 * (it answers the handshake, unless its fault is not to).
 */
describe('agent scenarios: the command is the fake and fault the scenario names, speaking its protocol', () => {
  const HANDSHAKE: Record<AgentScenario['protocol'], string | undefined> = {
    acp: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} },
    }),
    mcp: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'aoi-testkit-corpus', version: '0' },
      },
    }),
    proprietary: undefined, // the REPL speaks first: its ready line
  };

  test.concurrent.each(ofKind('agent'))('%s', async (_id, scenario: AgentScenario) => {
    const [command, args] = direct(scenario.command);
    const dir = mkdtempSync(join(scratch, 'agent-'));
    const log = join(dir, 'lifecycle.jsonl');
    const child = spawn(command, args, {
      env: { PATH: process.env.PATH, AOI_TESTKIT_STATE_DIR: dir, AOI_TESTKIT_AGENT_LOG: log },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stderr.resume(); // stderr-noise writes blocking: drain it
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    const safety = setTimeout(() => child.kill('SIGKILL'), 20_000);
    let stdout = '';
    const firstLine = new Promise<string | undefined>((resolve) => {
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
      });
      void exited.then(() => resolve(undefined));
    });
    const opening = HANDSHAKE[scenario.protocol];
    if (opening !== undefined) child.stdin.write(`${opening}\n`);
    const answer = await firstLine;
    child.stdin.end();
    const code = await exited;
    clearTimeout(safety);
    const records = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; pid: number; argv?: string[] });
    for (const helper of records.filter((r) => r.event === 'child')) {
      try {
        process.kill(helper.pid, 'SIGKILL'); // spawns-helper: its helper outlives the agent by design
      } catch {
        // already gone
      }
    }
    expect(records[0]).toMatchObject({
      event: 'start',
      argv: scenario.fake.faults.flatMap((id) => ['--fault', id]),
    });
    if (scenario.fake.faults.includes('exits-before-handshake')) {
      expect([answer, code]).toEqual([undefined, 1]);
      return;
    }
    if (scenario.protocol === 'proprietary') expect(answer).toMatch(/^ready \{/);
    else
      expect(JSON.parse(answer!)).toMatchObject({
        jsonrpc: '2.0',
        id: 0,
        result: { protocolVersion: expect.anything() },
      });
    expect(existsSync(join(ROOT, scenario.manifest))).toBe(true);
  });
});

describe('aoi-testkit fake <scenario-id>: what cannot run is a usage error that says why', () => {
  test.concurrent.each([
    [
      ['app.todo'],
      `app.todo is an Agent Application package, not a fake: judge it with aoi-testkit lint --app-dir ${ROOT}fixtures/apps/todo`,
    ],
    [
      ['agent.acp.no-such-fault'],
      'unknown scenario "agent.acp.no-such-fault" (aoi-testkit scenarios lists them)',
    ],
    [
      ['--seed', '2', 'exec.notes'],
      'fake exec.notes: the exec scenarios take no --seed, --fault or --env; run aoi-testkit fake exec.notes [args...]',
    ],
    [['--env', 'sk-not-a-name', 'well-behaved'], '--env needs NAME=VALUE'],
    [
      ['--env', 'NOT A NAME=1', 'well-behaved'],
      '--env needs NAME=VALUE, with NAME a variable name (got "NOT A NAME")',
    ],
  ])('fake %j', async (args, message) => {
    const run = await runCli(process.execPath, [CLI, 'fake', ...args]);
    expect([run.exitCode, Buffer.from(run.stderr).toString('utf8')]).toEqual([
      64,
      `aoi-testkit: ${message}\n`,
    ]);
    expect(run.stdout).toHaveLength(0);
  });
});
