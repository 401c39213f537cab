/**
 * The Action (action.yml) from its own checkout, before any release: its steps run the way a runner runs a composite
 * action — each step's `run` in bash with its `env` (`${{ inputs.* }}` filled from `with` and the defaults), in the
 * workspace, with RUNNER_TEMP, GITHUB_ACTION_PATH (this checkout, whose dist/ is built), GITHUB_OUTPUT and
 * GITHUB_STEP_SUMMARY set — and the Action's outputs read back through its `outputs:` mapping. (test:package runs it
 * with `package:` set to the packed tarball, the registry path.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { CLI } from '../support/kit-cli.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const NOTES = new URL('../../fixtures/bin/notes', import.meta.url).pathname;
interface Step {
  name: string;
  id?: string;
  shell: string;
  run: string;
  env?: Record<string, string>;
}
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
};
const TEMP = mkdtempSync(join(tmpdir(), 'aoi-action-'));
afterAll(() => rmSync(TEMP, { recursive: true, force: true }));

/**
 * One run of the Action in `workspace` with these `with:` inputs; `github`: the context's values (`action_repository`,
 * `action_ref`: empty by default, as some runner versions give them inside a composite action's steps).
 */
function runAction(
  workspace: string,
  given: Record<string, string>,
  github: Record<string, string> = {},
) {
  for (const name of Object.keys(given)) expect(action.inputs, name).toHaveProperty(name);
  const inputs = Object.fromEntries(
    Object.entries(action.inputs).map(([name, spec]) => [name, given[name] ?? spec.default ?? '']),
  );
  const runnerTemp = mkdtempSync(join(TEMP, 'runner-'));
  const files = { output: join(runnerTemp, 'output'), summary: join(runnerTemp, 'summary.md') };
  writeFileSync(files.output, '');
  const steps: Record<string, Record<string, string>> = {};
  let stdout = '';
  let code = 0;
  for (const step of action.runs.steps) {
    expect(step.shell).toBe('bash');
    writeFileSync(files.output, '');
    const env: Record<string, string> = {
      PATH: process.env.PATH!,
      HOME: process.env.HOME!,
      GITHUB_ACTIONS: 'true',
      CI: 'true',
      RUNNER_TEMP: runnerTemp,
      GITHUB_WORKSPACE: workspace,
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_OUTPUT: files.output,
      GITHUB_STEP_SUMMARY: files.summary,
    };
    for (const [name, value] of Object.entries(step.env ?? {}))
      env[name] = value
        .replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, input: string) => inputs[input]!)
        .replace(/\$\{\{\s*github\.([\w-]+)\s*\}\}/g, (_, key: string) => github[key] ?? '');
    const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
      cwd: workspace,
      env,
      encoding: 'utf8',
      timeout: 300_000,
    });
    stdout += run.stdout;
    code = run.status ?? 128;
    if (step.id)
      steps[step.id] = Object.fromEntries(
        readFileSync(files.output, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => line.split(/=(.*)/s, 2) as [string, string]),
      );
    if (code !== 0) break;
  }
  const outputs = Object.fromEntries(
    Object.entries(action.outputs).map(([name, { value }]) => [
      name,
      value.replace(
        /\$\{\{\s*steps\.([\w-]+)\.outputs\.([\w-]+)\s*\}\}/g,
        (_, id: string, key: string) => steps[id]?.[key] ?? '',
      ),
    ]),
  );
  const summary = existsSync(files.summary) ? readFileSync(files.summary, 'utf8') : '';
  return { code, stdout, outputs, summary };
}

/** A repository whose aoi-testkit.config.json describes its tool (the reference tool). */
function workspace(config: Record<string, unknown>): string {
  const dir = mkdtempSync(join(TEMP, 'ws-'));
  writeFileSync(join(dir, 'aoi-testkit.config.json'), JSON.stringify(config));
  return dir;
}
const CONFIG = {
  program: ['node', NOTES],
  specs: ['aoi'],
  only: ['AOI-06', 'AOI-02'],
  setup: ["create --title 'First note'"],
  invocations: ['delete n_0001 --confirm'],
};

describe('the Action from its checkout', () => {
  test('a composite action whose steps name bash, and whose every output a step writes', () => {
    expect(action.runs.using).toBe('composite');
    for (const { value } of Object.values(action.outputs))
      expect(value).toMatch(/^\$\{\{ steps\.lint\.outputs\.[a-z]+ \}\}$/);
  });

  test(
    'with only a config file: exit 0, outputs (ok, counts, report paths), JUnit, HTML and the job summary',
    { timeout: 300_000 },
    () => {
      const ws = workspace(CONFIG);
      const run = runAction(ws, {});
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toMatch(/^aoi-testkit \d+\.\d+\.\d+/m);
      expect(run.stdout).not.toMatch(/^::error/m);
      expect(run.outputs).toMatchObject({
        ok: 'true',
        failed: '0',
        junit: 'aoi-junit.xml',
        html: 'aoi-report.html',
        blob: '',
      });
      expect(Number(run.outputs.passed)).toBeGreaterThan(0);
      expect(readFileSync(join(ws, 'aoi-junit.xml'), 'utf8')).toMatch(/<testsuites/);
      expect(readFileSync(join(ws, 'aoi-report.html'), 'utf8')).toMatch(/<html/i);
      expect(run.summary).toMatch(/AOI-06/);
    },
  );

  test(
    'a failing tool: exit 1, an ::error annotation, ok=false and the failed count',
    { timeout: 300_000 },
    () => {
      // The config describes the failing tool itself: a config applies to its own program (configAppliesTo).
      const ws = workspace({
        ...CONFIG,
        program: [
          'node',
          CLI,
          'fake',
          '--fault',
          'destructive-without-confirmation',
          'well-behaved',
        ],
        setup: ['create --title First'],
      });
      const run = runAction(ws, { html: '' });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^::error .*AOI-06/m);
      expect(run.outputs).toMatchObject({ ok: 'false', html: '' });
      expect(Number(run.outputs.failed)).toBeGreaterThan(0);
      // The rule pages: no file:// page of the runner. Without the Action's repository and ref (empty in composite
      // steps on some runners, and for `uses: ./`), this version's published pages; with them, the Action's own.
      const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
      const junit = () => readFileSync(join(ws, 'aoi-junit.xml'), 'utf8');
      for (const report of [run.summary, junit()]) {
        expect(report).not.toMatch(/file:\/\//);
        expect(report).toContain(`https://unpkg.com/aoi-testkit@${version}/docs/rules/AOI-06.md`);
      }
      const tagged = runAction(
        ws,
        { html: '' },
        { action_repository: 'example-org/aoi-testkit', action_ref: 'v0.1.0' },
      );
      expect(tagged.code).toBe(1);
      for (const report of [tagged.summary, junit()]) {
        expect(report).not.toMatch(/file:\/\/|unpkg/);
        expect(report).toContain(
          'https://github.com/example-org/aoi-testkit/blob/v0.1.0/docs/rules/AOI-06.md',
        );
      }
    },
  );

  test(
    'shard I/N writes a blob per job; merge joins them into one verdict, with the same outputs',
    { timeout: 300_000 },
    () => {
      const ws = workspace(CONFIG);
      const whole = runAction(ws, { junit: '', html: '' });
      const shards = ['1/2', '2/2'].map((shard) => runAction(ws, { shard, junit: '', html: '' }));
      expect(shards.map((s) => s.outputs.blob)).toEqual([
        'aoi-blob-1-of-2.json',
        'aoi-blob-2-of-2.json',
      ]);
      const merged = runAction(ws, { merge: 'aoi-blob-1-of-2.json\naoi-blob-2-of-2.json' });
      expect(merged.code, merged.stdout).toBe(0);
      expect(merged.outputs).toMatchObject({
        ok: 'true',
        passed: whole.outputs.passed,
        failed: '0',
        skipped: whole.outputs.skipped,
        junit: 'aoi-junit.xml',
      });
    },
  );

  test('the README’s workflow gives only inputs the Action declares, and uploads its reports if: always()', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const uses = [...readme.matchAll(/^```yaml\n([\s\S]*?)^```/gm)]
      .map((m) => parse(m[1]!) as unknown)
      .flatMap((doc) => (Array.isArray(doc) ? (doc as Record<string, unknown>[]) : []))
      .filter((step) => String(step.uses ?? '').includes('/aoi-testkit@'));
    expect(uses.length).toBeGreaterThan(0);
    for (const step of uses)
      for (const input of Object.keys((step.with ?? {}) as object))
        expect(Object.keys(action.inputs)).toContain(input);
    expect(readme).toMatch(
      /- uses: actions\/upload-artifact@v4\n\s+if: always\(\)\n\s+with:\n\s+name: aoi-reports\n\s+path: \|\n\s+aoi-junit\.xml\n\s+aoi-report\.html/,
    );
  });
});
