import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { expectedFrom, LINT_RULE_IDS } from '../../../src/corpus/scenarios.js';
import { lintCli, type LintOptions, type LintReport } from '../../../src/lint/aoi/lint.js';
import { processTarget } from '../../../src/lint/aoi/target.js';
import { runCli } from '../../../src/run/run-cli.js';
import { CLI } from '../../support/kit-cli.js';

/**
 * pybookmarks (fixtures/foreign/pybookmarks): a Python tool written the way outside authors write them, state
 * under its own $PYBOOKMARKS_HOME. The clean tool gets zero findings; each defect exactly the findings tool.json
 * lists for it.
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
const TOOL = JSON.parse(
  readFileSync(join(ROOT, 'fixtures/foreign/pybookmarks/tool.json'), 'utf8'),
) as {
  command: string[];
  lint: { args: string[]; setup: string[][]; invocations: string[][] };
  defectEnv: string;
  defects: Record<string, { description: string; findings: string[] }>;
};
const [program, ...programArgs] = TOOL.command.map((word, i) =>
  i > 0 && word.startsWith('fixtures/') ? join(ROOT, word) : word,
);
const target = () => processTarget(program!, programArgs);

/** The `aoi-testkit lint` options of tool.json as lintCli options (only those the fixture uses). */
function lintOptions(args: readonly string[]): LintOptions {
  const env: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    if (args[i] !== '--env')
      throw new Error(`tool.json lint.args: ${args[i]} is not read by this test`);
    const [name, ...value] = args[i + 1]!.split('=');
    env[name!] = value.join('=');
  }
  return { env, setup: TOOL.lint.setup, invocations: TOOL.lint.invocations };
}

const lint = (defect?: string, extra: LintOptions = {}): Promise<LintReport> => {
  const options = lintOptions(TOOL.lint.args);
  return lintCli(target(), {
    ...options,
    ...extra,
    env: { ...options.env, ...(defect ? { [TOOL.defectEnv]: defect } : {}), ...extra.env },
  });
};
const findingIds = (report: LintReport) => [...new Set(report.findings.map((f) => f.id))].sort();
const describeFindings = (report: LintReport) =>
  report.findings.map((f) => `${f.id} [${f.probe ?? ''}] ${f.message}`);

// Concurrent: each lint waits on the tool's processes far more than it computes, and each has its own state.
describe.concurrent('pybookmarks, a Python tool with its own state directory', () => {
  test(
    'the clean tool: zero findings, every judgeable rule judged',
    { timeout: 300_000 },
    async () => {
      const report = await lint();
      expect(describeFindings(report)).toEqual([]);
      expect(report.ok).toBe(true);
      expect(
        report.verdicts
          .filter((v) => v.status === 'skip')
          .map((v) => `${v.rule} ${v.command}: ${v.reason}`),
      ).toEqual([]);
      const verdict = (rule: string, command: string) =>
        report.verdicts.find((v) => v.rule === rule && v.command === command)!;
      // The positive controls: the probes these rules need ran and were judged on this tool.
      expect(verdict('AOI-06', 'remove').status).toBe('pass');
      expect(verdict('AOI-07', 'add').status).toBe('pass');
      expect(verdict('AOI-08', 'add').status).toBe('pass');
      expect(verdict('AOI-12', 'import').status).toBe('pass');
      // The long finite command was signalled mid-run, and the verdict says so. Its SIGTERM run may have read the
      // whole stream before the signal on a busy machine (1.6 s of pauses left after 2 lines); that run is then not
      // judged, and the note says SIGINT alone.
      expect(verdict('AOI-10', 'check-links').notes).toEqual([
        expect.stringMatching(
          /^`check-links` was still running after 2 lines: SIGINT( and SIGTERM)? judged$/,
        ),
      ]);
    },
  );

  for (const [defect, { findings }] of Object.entries(TOOL.defects)) {
    test(`defect ${defect}: exactly ${findings.join(', ')}`, { timeout: 300_000 }, async () => {
      const report = await lint(defect);
      expect(findingIds(report), describeFindings(report).join('\n')).toEqual([...findings].sort());
      // Fails only when a declared finding is an error: a defect made of warnings alone does not fail the run.
      expect(report.ok).toBe(expectedFrom(findings, LINT_RULE_IDS).ok);
    });
  }
});

describe('idempotency keys are unique per request, even where state outlives the probe', () => {
  // One state for every probe, as a server's or a shared ledger's is: a key the linter reused for another
  // request would be refused there, rightly.
  const shared = mkdtempSync(join(tmpdir(), 'pybookmarks-shared-'));
  afterAll(() => rmSync(shared, { recursive: true, force: true }));

  test(
    'the tool refuses a key reused with other input (what a reused linter key would meet)',
    { timeout: 60_000 },
    async () => {
      const add = (url: string) =>
        runCli(
          program!,
          [
            ...programArgs,
            'add',
            '--url',
            url,
            '--title',
            'T',
            '--idempotency-key',
            'same',
            '--output',
            'jsonl',
          ],
          { env: { PYBOOKMARKS_HOME: join(shared, 'direct') } },
        );
      expect((await add('https://example.org/a')).exitCode).toBe(0);
      expect((await add('https://example.org/a')).exitCode).toBe(0);
      const reused = await add('https://example.org/b');
      expect(reused.exitCode).toBe(1);
      expect(Buffer.from(reused.stdout).toString()).toContain('IDEMPOTENCY_KEY_REUSED');
    },
  );

  test(
    'two invocations of add, linted twice against one shared state: no key is refused',
    { timeout: 300_000 },
    async () => {
      const options: LintOptions = {
        env: { PYBOOKMARKS_HOME: join(shared, 'lint') },
        invocations: [
          ['add', '--url', 'https://example.org/a', '--title', 'A'],
          ['add', '--url', 'https://example.org/b', '--title', 'B'],
        ],
        only: ['AOI-07'],
      };
      for (const seed of ['first lint', 'second lint']) {
        const report = await lintCli(target(), { ...options, canarySeed: seed });
        expect(describeFindings(report)).toEqual([]);
        // The shared state is outside the probe's sandbox. The first lint cannot see a doubled effect and says why
        // (skip); once the state holds bookmarks, the tool's own `list` shows them and the replay is judged through
        // it (pass). Either way no key was refused.
        expect(['skip', 'pass'], seed).toContain(
          report.verdicts.find((v) => v.rule === 'AOI-07' && v.command === 'add')?.status,
        );
      }
    },
  );
});

describe("installed in the caller's project and linted from there with --watch-outside", () => {
  // How a user meets it: a console-script wrapper (the one pip writes) beside the module, `aoi-testkit lint` typed
  // in that directory with a relative program path. Importing the module writes Python's bytecode cache there.
  const project = mkdtempSync(join(tmpdir(), 'pybookmarks-project-'));
  copyFileSync(
    join(ROOT, 'fixtures/foreign/pybookmarks/pybookmarks.py'),
    join(project, 'pybookmarks.py'),
  );
  writeFileSync(
    join(project, 'bookmarks'),
    '#!/usr/bin/env python3\nimport sys\nfrom pybookmarks import entry_point\n\nif __name__ == "__main__":\n    sys.exit(entry_point())\n',
    { mode: 0o755 },
  );
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  const lintHere = async (
    defect?: string,
    program: readonly string[] = ['python3', 'bookmarks'],
    only: readonly string[] = [],
  ) => {
    const args = [
      'lint',
      '--spec',
      'aoi',
      '--output',
      'jsonl',
      '--watch-outside',
      '--env',
      'PYBOOKMARKS_HOME={stateDir}',
      ...(defect ? ['--env', `${TOOL.defectEnv}=${defect}`] : []),
      ...only.flatMap((rule) => ['--only', rule]),
    ];
    const plan = [
      '--setup',
      'add --url https://example.org/one --title One',
      '--invoke',
      'list',
      '--invoke',
      'add --url https://example.org/fresh --title Fresh',
      '--invoke',
      'remove bm_1 --confirm',
    ];
    // As on a user's machine, Python writes its bytecode cache (CI images often turn that off).
    const { PYTHONDONTWRITEBYTECODE: _, ...env } = process.env as Record<string, string>;
    const run = await runCli(process.execPath, [CLI, ...args, ...plan, '--', ...program], {
      cwd: project,
      env,
      extendEnv: false,
      timeoutMs: 280_000,
    });
    const checks = Buffer.from(run.stdout)
      .toString('utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(
        (line) =>
          JSON.parse(line) as {
            type: string;
            name: string;
            command?: string;
            notes?: string[];
            findings?: { id: string; message: string }[];
          },
      )
      .filter((event) => event.type === 'aoi:check');
    return {
      exitCode: run.exitCode,
      checks,
      findings: checks.flatMap((check) =>
        (check.findings ?? []).map((f) => `${check.command ?? ''}: ${f.id} ${f.message}`),
      ),
    };
  };

  test(
    "the clean tool: no finding, though the interpreter wrote its cache in the caller's cwd",
    { timeout: 300_000 },
    async () => {
      const linted = await lintHere();
      expect(linted.findings).toEqual([]);
      expect(linted.exitCode).toBe(0);
      // The positive control: the write that must not be blamed did happen, where the lint was watching.
      expect(existsSync(join(project, '__pycache__'))).toBe(true);
    },
  );

  test(
    "log-beside-script: the audit log written into the caller's cwd is AOI-06/wrote-outside-sandbox, with its path",
    { timeout: 300_000 },
    async () => {
      try {
        const linted = await lintHere('log-beside-script');
        // Every command that saves writes the log, and only those are blamed (each confirmed by a probe run alone),
        // whichever probes happened to overlap the writes.
        expect(linted.findings.map((finding) => finding.split(':')[0]).sort()).toEqual([
          'add',
          'import',
          'remove',
        ]);
        for (const finding of linted.findings)
          expect(finding).toMatch(
            new RegExp(
              `^(?:add|remove|import): AOI-06/wrote-outside-sandbox .*${join(project, 'pybookmarks.log').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
            ),
          );
        expect(linted.exitCode).toBe(0); // a warning: §14.1 names no MUST for the caller's directories
      } finally {
        rmSync(join(project, 'pybookmarks.log'), { force: true });
      }
    },
  );

  test(
    'a write no probe makes when run alone (another program wrote there meanwhile) is blamed on none, and said',
    { timeout: 300_000 },
    async () => {
      // Stands in for a neighbour writing the caller's cwd during the lint, once: the first `remove` probe (always a
      // watched one: setup and discovery never remove) writes it; the mark is kept where the lint does not watch.
      const neighbour = join(project, 'neighbour.txt');
      const counter = join(mkdtempSync(join(tmpdir(), 'pybookmarks-count-')), 'written');
      writeFileSync(
        join(project, 'noisy'),
        `#!/bin/sh\ncase " $* " in *' remove '*) [ -e '${counter}' ] || { : > '${counter}'; echo x > '${neighbour}'; } ;; esac\nexec python3 '${join(project, 'bookmarks')}' "$@"\n`,
        { mode: 0o755 },
      );
      try {
        const linted = await lintHere(undefined, ['sh', 'noisy'], ['AOI-06']);
        expect(linted.findings).toEqual([]);
        expect(linted.exitCode).toBe(0);
        expect(linted.checks.flatMap((check) => check.notes ?? [])).toContainEqual(
          expect.stringMatching(/by none of them run alone, so blamed on none .*neighbour\.txt$/),
        );
      } finally {
        rmSync(neighbour, { force: true });
        rmSync(join(counter, '..'), { recursive: true, force: true });
      }
    },
  );

  test(
    "a neighbour writing the caller's cwd all through the lint is blamed on no command, even when it writes during a lone run",
    { timeout: 300_000 },
    async () => {
      const neighbour = join(project, 'neighbour.log');
      const writer = spawn('sh', ['-c', `while :; do date >> '${neighbour}'; sleep 0.1; done`], {
        stdio: 'ignore',
        detached: true,
      });
      try {
        const linted = await lintHere(undefined, ['python3', 'bookmarks'], ['AOI-06']);
        expect(linted.findings).toEqual([]);
        expect(linted.exitCode).toBe(0);
        expect(linted.checks.flatMap((check) => check.notes ?? [])).toContainEqual(
          expect.stringMatching(/by none of them run alone, so blamed on none .*neighbour\.log$/),
        );
      } finally {
        process.kill(-writer.pid!, 'SIGKILL');
        rmSync(neighbour, { force: true });
      }
    },
  );
});
