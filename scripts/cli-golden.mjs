#!/usr/bin/env node
/**
 * A golden run of the built CLI (dist/cli/main.js): every verb with its main flags, each case's stdout, stderr,
 * exit status and the report files it wrote, colour off and normalised (durations, temp paths). For changes that
 * must keep the CLI's behaviour (moving code between cli/ and the library): record before, record after, compare.
 *
 *   npm run build && node scripts/cli-golden.mjs record before.json
 *   (change, npm run build)
 *   node scripts/cli-golden.mjs record after.json
 *   node scripts/cli-golden.mjs compare before.json after.json    # exit 1 and the differing cases when they differ
 *
 * `record` takes `--only SUBSTRING` to run the cases whose name contains it. Lint cases start real programs: a
 * recording takes a few minutes on a busy machine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'dist', 'cli', 'main.js');
const T = 'fixtures/transcripts';
const GOOD = `${T}/good-finite-search.jsonl`;
const BAD = `${T}/bad-aoi-02-ansi.jsonl`;
const PAIRS = 'fixtures/contracts';
const MANIFESTS = 'fixtures/manifests/agent-cli';
const CMDHELP = 'fixtures/cmdhelp/valid/minimal/cmdhelp.json';
const NOTES = ['node', BIN, 'fake', 'well-behaved'];
const HELPDESK = ['fixtures/bin/helpdesk'];
const REPORTERS = ['text', 'jsonl', 'junit', 'github', 'markdown', 'sarif', 'html', 'badge'];

/** `[name, argv, { stdin?, files? }]`: `$OUT` in an argument is the case's own empty directory. */
function cases() {
  const list = [];
  const add = (name, argv, extra = {}) => list.push({ name, argv, ...extra });
  // The bare CLI, help and discovery.
  add('none', []);
  add('--help', ['--help']);
  add('-h', ['-h']);
  add('--version', ['--version']);
  add('unknown verb', ['lnt']);
  add('--cmdhelp-capabilities', ['--cmdhelp-capabilities']);
  add('help', ['help']);
  for (const format of ['text', 'md', 'json', 'llm'])
    add(`help --format ${format}`, ['help', '--format', format]);
  add('help lint', ['help', 'lint']);
  add('help check --format json --depth 1', ['help', 'check', '--format', 'json', '--depth', '1']);
  add('help nothing', ['help', 'nothing']);
  add('lint --help', ['lint', '--help']);
  add('check -h', ['check', '-h']);
  add('compat --help --format md', ['compat', '--help', '--format', 'md']);
  add('schema', ['schema', '--output', 'json']);
  add('schema text', ['schema', '--output', 'text']);
  add('capabilities', ['capabilities', '--output', 'json']);
  add('--schema-version 2', ['check', '--schema-version', '2', GOOD]);
  add('--schema-version 1', ['check', '--schema-version', '1', GOOD]);
  // check: streams, documents, every reporter, the flags.
  for (const file of [GOOD, BAD]) {
    for (const reporter of REPORTERS)
      add(`check ${file} --reporter ${reporter}`, ['check', file, '--reporter', reporter]);
    add(`check ${file} --output jsonl`, ['check', file, '--output', 'jsonl']);
  }
  add('check --reporter junit=FILE', [
    'check',
    BAD,
    '--reporter',
    'junit=$OUT/r.xml',
    '--reporter',
    'sarif=$OUT/r.sarif',
  ]);
  add('check two stdout reporters', ['check', BAD, '--reporter', 'junit', '--reporter', 'sarif']);
  add('check --reporter tap', ['check', BAD, '--reporter', 'tap']);
  add('check --output xml', ['check', BAD, '--output', 'xml']);
  add('check stdin', ['check', '-'], { stdin: readFileSync(join(ROOT, BAD)) });
  add('check stdin jsonl', ['check', '--output', 'jsonl'], {
    stdin: readFileSync(join(ROOT, GOOD)),
  });
  add('check --strict', ['check', '--strict', GOOD]);
  add('check --unbounded', ['check', '--unbounded', GOOD]);
  add('check --exit-code 1', ['check', '--exit-code', '1', GOOD]);
  add('check --exit-code x', ['check', '--exit-code', 'x', GOOD]);
  add('check --signal SIGTERM', ['check', '--signal', 'SIGTERM', GOOD]);
  add('check --signal NOPE', ['check', '--signal', 'NOPE', GOOD]);
  add('check --expect-schema-version', ['check', '--expect-schema-version', '2.0', GOOD]);
  add('check --max-line-bytes 10', ['check', '--max-line-bytes', '10', GOOD]);
  add('check --secret', ['check', '--secret', 'hunter2', GOOD]);
  add('check --secret empty', ['check', '--secret', '', GOOD]);
  add('check --kind stream', ['check', '--kind', 'stream', GOOD]);
  add('check --kind nope', ['check', '--kind', 'nope', GOOD]);
  add('check --kind cmdhelp --strict', ['check', '--kind', 'cmdhelp', '--strict', GOOD]);
  add('check missing file', ['check', 'no/such.jsonl']);
  add('check a directory', ['check', 'fixtures']);
  add('check two files', ['check', GOOD, BAD]);
  add('check --bogus', ['check', '--repoter', 'text', GOOD]);
  add('check cmdhelp document', ['check', CMDHELP]);
  add('check cmdhelp document jsonl', ['check', CMDHELP, '--output', 'jsonl']);
  add('check cmdhelp document sarif', ['check', CMDHELP, '--reporter', 'sarif']);
  add('check a contract', ['check', `${PAIRS}/identical/base.json`]);
  add('check an AGENT-CLI.md', ['check', `${MANIFESTS}/valid/claude-code/AGENT-CLI.md`]);
  add('check --write-baseline', ['check', BAD, '--write-baseline', '$OUT/baseline.json']);
  add('check --baseline missing', ['check', BAD, '--baseline', 'no/such.json']);
  add('check --baseline (stale)', ['check', BAD, '--baseline', `${PAIRS}/identical/base.json`]);
  add('check --reporter to a missing dir', ['check', BAD, '--reporter', 'junit=no/dir/r.xml']);
  // manifest
  for (const dir of ['valid/claude-code', 'invalid']) {
    const file = dir === 'invalid' ? firstManifest('invalid') : `${MANIFESTS}/${dir}/AGENT-CLI.md`;
    add(`manifest ${dir}`, ['manifest', file]);
    add(`manifest ${dir} jsonl`, ['manifest', file, '--output', 'jsonl']);
    add(`manifest ${dir} --strict`, ['manifest', file, '--strict']);
    add(`manifest ${dir} sarif`, ['manifest', file, '--reporter', 'sarif']);
  }
  add('manifest missing', ['manifest', 'no/AGENT-CLI.md']);
  add('manifest stdin', ['manifest', '-'], {
    stdin: readFileSync(join(ROOT, MANIFESTS, 'valid/claude-code/AGENT-CLI.md')),
  });
  // scenarios
  add('scenarios', ['scenarios']);
  add('scenarios jsonl', ['scenarios', '--output', 'jsonl']);
  add('scenarios --kind exec', ['scenarios', '--kind', 'exec']);
  add('scenarios --spec cmdhelp jsonl', ['scenarios', '--spec', 'cmdhelp', '--output', 'jsonl']);
  add('scenarios --kind nope', ['scenarios', '--kind', 'nope']);
  add('scenarios --run --kind stream', [
    'scenarios',
    '--run',
    '--kind',
    'stream',
    '--shard',
    '1/6',
  ]);
  add('scenarios --run jsonl junit blob', [
    'scenarios',
    '--run',
    '--kind',
    'stream',
    '--shard',
    '2/6',
    '--output',
    'jsonl',
    '--reporter',
    'junit=$OUT/j.xml',
    '--reporter',
    'blob=$OUT/b.json',
  ]);
  add('scenarios --run --reporter sarif', ['scenarios', '--run', '--reporter', 'sarif']);
  // merge-reports: blobs written by the cases above are not shared; it gets its own.
  add('merge-reports nothing', ['merge-reports', 'no/such/dir']);
  add('merge-reports one shard', ['merge-reports', '$OUT'], {
    before: [
      [
        'scenarios',
        '--run',
        '--kind',
        'stream',
        '--shard',
        '3/6',
        '--reporter',
        'blob=$OUT/b3.json',
      ],
    ],
  });
  // exec
  add('exec manifest', ['exec', 'manifest', '--output', 'json']);
  add('exec manifest text', ['exec', 'manifest', '--output', 'text']);
  add('exec batch', ['exec'], { stdin: batch() });
  add('exec batch --ignore-errors', ['exec', '--ignore-errors'], { stdin: batch() });
  add('exec batch --dry-run', ['exec', '--dry-run'], { stdin: batch() });
  add('exec malformed', ['exec'], { stdin: '{"_cmd":"schema"}\nnot json\n' });
  add('exec --input-file missing', ['exec', '--input-file', 'no/such.jsonl']);
  add('exec --input-file', ['exec', '--input-file', 'fixtures/exec/clean-all-ok/input.jsonl']);
  add('exec positional', ['exec', 'now']);
  add('exec --output text', ['exec', '--output', 'text'], { stdin: '{"_cmd":"schema"}\n' });
  // contract and compat
  for (const pair of ['identical', 'flag-removed--breaking', 'command-added--compatible']) {
    const base = `${PAIRS}/${pair}/base.json`;
    const head = `${PAIRS}/${pair}/head.json`;
    add(`compat ${pair}`, ['compat', '--base', base, '--head', head]);
    add(`compat ${pair} jsonl`, ['compat', '--base', base, '--head', head, '--output', 'jsonl']);
    add(`compat ${pair} --strict`, ['compat', '--base', base, '--head', head, '--strict']);
    add(`compat ${pair} markdown`, [
      'compat',
      '--base',
      base,
      '--head',
      head,
      '--reporter',
      'markdown',
    ]);
  }
  add('compat no --base', ['compat', '--head', `${PAIRS}/identical/head.json`]);
  add('compat no head', ['compat', '--base', `${PAIRS}/identical/base.json`]);
  add('compat both heads', [
    'compat',
    '--base',
    `${PAIRS}/identical/base.json`,
    '--head',
    `${PAIRS}/identical/head.json`,
    '--',
    ...HELPDESK,
  ]);
  add('compat --base missing', [
    'compat',
    '--base',
    'no/such.json',
    '--head',
    `${PAIRS}/identical/head.json`,
  ]);
  add('compat --base not a contract', [
    'compat',
    '--base',
    GOOD.replace('.jsonl', '.expected.json'),
    '--head',
    `${PAIRS}/identical/head.json`,
  ]);
  add('compat --accept a command', [
    'compat',
    '--base',
    'fixtures/bin/helpdesk',
    '--accept',
    '--',
    ...HELPDESK,
  ]);
  add('compat --surface bad', [
    'compat',
    '--surface',
    'nope',
    '--base',
    `${PAIRS}/identical/base.json`,
    '--head',
    `${PAIRS}/identical/head.json`,
  ]);
  add('contract helpdesk', ['contract', '--', ...HELPDESK]);
  add('contract notes', ['contract', '--', ...NOTES]);
  add('contract missing program', ['contract', '--', 'no/such/program']);
  add('contract no program', ['contract']);
  add('contract --env bad', ['contract', '--env', 'X', '--', ...HELPDESK]);
  add('compat helpdesk vs itself', ['compat', '--base', HELPDESK[0], '--', ...HELPDESK]);
  add('compat --accept', ['compat', '--base', '$OUT/base.json', '--accept', '--', ...HELPDESK], {
    before: [['contract', '--', ...HELPDESK]],
    beforeTo: '$OUT/base.json',
  });
  // lint
  add('lint no program', ['lint']);
  add('lint positional', ['lint', 'mytool']);
  add('lint -- nothing', ['lint', '--']);
  add('lint --spec nope', ['lint', '--spec', 'nope', '--', ...HELPDESK]);
  add('lint --only nope', ['lint', '--only', 'NOPE-99', '--', ...HELPDESK]);
  add('lint --repoter', ['lint', '--repoter', 'text', '--', ...HELPDESK]);
  add('lint --timeout-ms x', ['lint', '--timeout-ms', 'x', '--', ...HELPDESK]);
  add('lint missing program', ['lint', '--', 'no/such/program']);
  add('lint --app-dir missing', ['lint', '--app-dir', 'no/such/dir']);
  add('lint --exec-plan missing', ['lint', '--exec-plan', 'no/such.json', '--', ...HELPDESK]);
  add('lint --config missing', ['lint', '--config', 'no/such.json', '--', ...HELPDESK]);
  add('lint --spec app without app', ['lint', '--spec', 'app', '--', ...HELPDESK]);
  add('lint helpdesk --spec cmdhelp', ['lint', '--quiet', '--spec', 'cmdhelp', '--', ...HELPDESK]);
  add('lint helpdesk --spec cmdhelp jsonl', [
    'lint',
    '--spec',
    'cmdhelp',
    '--output',
    'jsonl',
    '--',
    ...HELPDESK,
  ]);
  add('lint helpdesk --spec cmdhelp sarif', [
    'lint',
    '--quiet',
    '--spec',
    'cmdhelp',
    '--reporter',
    'sarif',
    '--',
    ...HELPDESK,
  ]);
  add('lint notes --spec aoi --only AOI-02', [
    'lint',
    '--quiet',
    '--spec',
    'aoi',
    '--only',
    'AOI-02',
    '--',
    ...NOTES,
  ]);
  add('lint notes.bad --spec aoi --only AOI-02 jsonl', [
    'lint',
    '--spec',
    'aoi',
    '--only',
    'AOI-02',
    '--output',
    'jsonl',
    '--',
    'node',
    BIN,
    'fake',
    'colourful',
  ]);
  add('lint app', ['lint', '--quiet', '--app-dir', 'fixtures/apps/todo']);
  // consumer and runner
  add('consumer no program', ['consumer']);
  add('consumer --scenario nope', [
    'consumer',
    '--scenario',
    'nope',
    '--',
    'node',
    'examples/consumers/js/transformer.mjs',
  ]);
  add('consumer transformer', [
    'consumer',
    '--scenario',
    firstScenario('consumer.'),
    '--',
    'node',
    'examples/consumers/js/transformer.mjs',
  ]);
  add('consumer transformer jsonl', [
    'consumer',
    '--output',
    'jsonl',
    '--scenario',
    firstScenario('consumer.'),
    '--',
    'node',
    'examples/consumers/js/transformer.mjs',
  ]);
  add('runner no program', ['runner']);
  add('runner --protocol nope', ['runner', '--protocol', 'nope', '--', 'node', 'x.js']);
  // fake
  add('fake --list', ['fake', '--list']);
  add('fake well-behaved list', [...NOTES.slice(2), 'list', '--output', 'jsonl'], {
    env: { AOI_TESTKIT_STATE_DIR: '$OUT' },
  });
  add('fake no preset', ['fake']);
  add('fake bad preset', ['fake', 'nope']);
  add('fake --seed x', ['fake', '--seed', 'x', 'well-behaved']);
  add('fake helpdesk --help', ['fake', 'helpdesk', '--help']);
  return list;
}

function firstManifest(dir) {
  const base = join(ROOT, MANIFESTS, dir);
  const name = readdirSync(base).sort()[0];
  return `${MANIFESTS}/${dir}/${name}/AGENT-CLI.md`;
}

function firstScenario(prefix) {
  return readdirSync(join(ROOT, 'scenarios'))
    .filter((n) => n.startsWith(prefix) && n.endsWith('.json'))
    .sort()[0]
    .replace(/\.json$/, '');
}

function batch() {
  return [
    { _cmd: 'schema' },
    { _cmd: 'capabilities' },
    { _cmd: 'help', command: 'check', depth: 1 },
    { _cmd: 'help', command: 'nope' },
    { _cmd: 'check', file: GOOD },
    { _cmd: 'check', file: BAD, strict: true },
    { _cmd: 'check', stream: readFileSync(join(ROOT, GOOD), 'utf8') },
    { _cmd: 'check', events: [{ type: 'aoi:meta' }] },
    { _cmd: 'check', file: GOOD, stream: 'x' },
    { _cmd: 'check', file: GOOD, bogus: 1 },
    { _cmd: 'check', file: GOOD, 'max-line-bytes': -1 },
    { _cmd: 'check', file: GOOD, _opts: { output: 'text' } },
    { _cmd: 'manifest', file: `${MANIFESTS}/valid/claude-code/AGENT-CLI.md` },
    { _cmd: 'manifest', text: '# nothing' },
    { _cmd: 'scenarios', kind: 'exec' },
    { _cmd: 'lint' },
    { _cmd: 'nope' },
  ]
    .map((line) => JSON.stringify(line))
    .join('\n')
    .concat('\n');
}

function run(argv, { stdin, env, cwd = ROOT } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', GITHUB_STEP_SUMMARY: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    child.stdin.on('error', () => {});
    child.stdin.end(stdin ?? '');
    child.on('close', (code, signal) =>
      resolve({
        status: code ?? signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
  });
}

/** A corpus run's progress lines, in the order its concurrent scenarios ended: counted out, sorted. */
function progressSorted(text) {
  const lines = text.split('\n');
  const progress = /^aoi-testkit scenarios: \d+\//;
  const sorted = lines
    .filter((l) => progress.test(l))
    .map((l) => l.replace(progress, 'aoi-testkit scenarios: n/'))
    .sort();
  return lines.map((l) => (progress.test(l) ? sorted.shift() : l)).join('\n');
}

/** What varies between two runs of the same build: durations, temp paths, the clock, the order of concurrent work. */
function normalise(text, out) {
  return progressSorted(text)
    .replaceAll(out, '$OUT')
    .replaceAll(ROOT.replace(/\/$/, ''), '$ROOT')
    .replace(/"duration_ms":\s*\d+/g, '"duration_ms":0')
    .replace(/"(elapsed_ms|durationMs|duration|time_ms|wall_ms)":\s*[\d.]+/g, '"$1":0')
    .replace(/time="[\d.]+"/g, 'time="0"')
    .replace(/timestamp="[^"]*"/g, 'timestamp="T"')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, 'T')
    .replace(/\b\d+(\.\d+)? ?(ms|s)\b/g, 'N$2')
    .replace(/aoi-[a-z-]+-[A-Za-z0-9]{6}/g, 'aoi-TMP');
}

async function record(file, only) {
  const results = {};
  const todo = cases().filter((c) => only === undefined || c.name.includes(only));
  const expand = (argv, out) => argv.map((a) => a.replaceAll('$OUT', out));
  let next = 0;
  async function worker() {
    while (next < todo.length) {
      const c = todo[next++];
      const out = mkdtempSync(join(tmpdir(), 'cli-golden-'));
      try {
        for (const before of c.before ?? []) {
          const r = await run(expand(before, out));
          if (c.beforeTo) writeFileSync(c.beforeTo.replace('$OUT', out), r.stdout);
        }
        const env = Object.fromEntries(
          Object.entries(c.env ?? {}).map(([k, v]) => [k, v.replace('$OUT', out)]),
        );
        const r = await run(expand(c.argv, out), { stdin: c.stdin, env });
        const files = Object.fromEntries(
          readdirSync(out)
            .sort()
            .filter((n) => !n.startsWith('.') && !(c.before && n.startsWith('b3')))
            .map((n) => {
              try {
                return [n, normalise(readFileSync(join(out, n), 'utf8'), out)];
              } catch {
                return [n, '(a directory)'];
              }
            }),
        );
        results[c.name] = {
          argv: c.argv,
          status: r.status,
          stdout: normalise(r.stdout, out),
          stderr: normalise(r.stderr, out),
          files,
        };
        process.stderr.write(`${r.status}\t${c.name}\n`);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    }
  }
  await Promise.all([worker(), worker()]);
  const sorted = Object.fromEntries(
    Object.keys(results)
      .sort()
      .map((k) => [k, results[k]]),
  );
  writeFileSync(file, `${JSON.stringify(sorted, null, 1)}\n`);
  process.stderr.write(`${Object.keys(sorted).length} cases recorded in ${file}\n`);
}

function compare(a, b) {
  const before = JSON.parse(readFileSync(a, 'utf8'));
  const after = JSON.parse(readFileSync(b, 'utf8'));
  let differ = 0;
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const x = before[name];
    const y = after[name];
    if (!x || !y) {
      process.stdout.write(`only in ${x ? a : b}: ${name}\n`);
      differ++;
      continue;
    }
    for (const key of ['status', 'stdout', 'stderr', 'files']) {
      // Normalised again: a recording made before a normalisation was added compares too.
      const again = (v) => JSON.stringify(key === 'stderr' ? progressSorted(v) : v);
      const p = again(x[key]);
      const q = again(y[key]);
      if (p === q) continue;
      differ++;
      let at = 0;
      while (p[at] === q[at]) at++;
      process.stdout.write(
        `${name}: ${key} differs at ${at}\n  before: …${p.slice(Math.max(0, at - 80), at + 120)}\n  after:  …${q.slice(Math.max(0, at - 80), at + 120)}\n`,
      );
    }
  }
  process.stdout.write(
    `${Object.keys(before).length} cases, ${differ === 0 ? 'identical' : `${differ} differences`}\n`,
  );
  return differ === 0 ? 0 : 1;
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'record' && rest[0]) {
  const only = rest.indexOf('--only');
  await record(rest[0], only === -1 ? undefined : rest[only + 1]);
} else if (command === 'compare' && rest.length === 2) process.exitCode = compare(rest[0], rest[1]);
else {
  process.stderr.write(
    'usage: node scripts/cli-golden.mjs record FILE [--only SUBSTRING] | compare BEFORE AFTER\n',
  );
  process.exitCode = 64;
}
