// aoi-testkit benchmark: `npm run bench` (builds first, runs with --expose-gc).
// `node --expose-gc bench/run.mjs exec lint` (or `npm run bench -- exec`) runs only the sections whose name
// contains one of the words given (machine, code and run rows always print).
//
// Prints ONE markdown table on stdout: the machine, the input, throughput of the stream checker
// against a naive JSON.parse loop, readline and jq, peak RSS of the checker at 200 MiB and 2 GiB,
// and the targets as met/missed. Progress goes to stderr. Targets are reported, never asserted:
// the exit code is non-zero only when something crashed. See bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CHUNK_BYTES,
  checkCli,
  checker,
  checkerAsync,
  jq,
  naive,
  naiveScript,
  onPath,
  readlineConsumer,
} from './lib/consumers.mjs';
import { fixed, int, markdownTable, mb, mbps, median, ratio, secs } from './lib/format.mjs';
import { MiB } from './lib/gen.mjs';
import { ensureStreamFile } from './lib/stream-file.mjs';
import { coldStart } from './lib/cold-start.mjs';
import { lintWallTime } from './lib/lint.mjs';
import { lintPeakRss } from './lib/lint-memory.mjs';
import { arbitrariesSpeed, FIFTY_EVENTS } from './lib/arbitraries.mjs';
import { agentHandshakes, manifestSpeed, turnCheckSpeed } from './lib/agents.mjs';
import { execSpeed } from './lib/exec.mjs';
import { hostileStreams, hostileStrings } from './lib/hostile.mjs';
import { installCost } from './lib/install.mjs';
import { shardedCorpus } from './lib/shards.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const WORK = join(HERE, 'work');
const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
/** Sections to run: those whose name contains one of the words given on the command line (none: all). */
const FILTERS = process.argv.slice(2);
const wanted = (section) => FILTERS.length === 0 || FILTERS.some((word) => section.includes(word));
const STREAM_SECTIONS = ['input', 'throughput', 'peak RSS', 'target'];
const needsStreamFile = STREAM_SECTIONS.some(wanted);
const FILE_BYTES = env('AOI_BENCH_FILE_MIB', 200) * MiB;
const BIG_BYTES = env('AOI_BENCH_BIG_MIB', 2048) * MiB;
const RUNS = env('AOI_BENCH_RUNS', 3);
// The targets are issue 16's goals, measured as ratios within one run.
const TARGET_THROUGHPUT = 1.0; // checker ≥ the naive loop, in-process and through the CLI
const TARGET_RSS = 1.25; // peak RSS at 2 GiB ≤ 1.25× peak RSS at 200 MiB
// Issue 32, decision 2: a fake starts within 1.5× of the floor of any Node program that prints one JSON line; an
// agent fake answers initialize within 1.2× of a program that imports the SDK it speaks and answers one line.
const TARGET_COLD_START = 1.5;
const TARGET_AGENT_START = 1.2;
const TARGET_LINT_MS = 3_000; // the README's main job: the lint of the reference tool on this machine
const TARGET_STREAMS_PER_S = 2_000; // aoiStream() of ~50 events
const TARGET_EXEC_RATIO = 50; // one exec of 10,000 operations ≥ 50× faster than 10,000 separate invocations
const EXEC_OPS = env('AOI_BENCH_EXEC_OPS', 10_000);
// Separate invocations actually run; their mean cost is extrapolated to EXEC_OPS (all of them took 10–50 minutes).
const EXEC_SAMPLE = env('AOI_BENCH_EXEC_SAMPLE', 300);
const TARGET_HOSTILE_MS = 1_000; // check - of a meta with a hostile 1 MiB string (issue 15)
// check FILE of a stream that costs more than its bytes (issue 38): peak RSS and CPU time of the kit.
const TARGET_HOSTILE_STREAM_RSS_MB = 512;
const TARGET_HOSTILE_STREAM_CPU_MS = 15_000;
const TARGET_PROPERTY_MS = 3_000; // 1,000 runs of "the checker never fails a conformant stream"
const TARGET_INSTALL_PACKAGES = 25; // npm install aoi-testkit, no optional peer (issue 18: 84 packages, 41 MB with msw)
const TARGET_INSTALL_BYTES = 12e6;
const TARGET_LINT_MEMORY = 2; // peak RSS of a lint capping a flood, above the same lint of a tool behaving: ≤ 2 caps (issue 15)
const LINT_CAP = env('AOI_BENCH_LINT_CAP_MIB', 64) * MiB;
// The whole corpus sharded these ways (AOI_BENCH_SHARDS=1,2,4); the CPU of all shards together ≤ 1.2× unsharded.
const SHARD_COUNTS = (process.env.AOI_BENCH_SHARDS ?? '1,2,4').split(',').map(Number);
const TARGET_SHARD_CPU = 1.2;

const benchStarted = performance.now();
const loadAtStart = os.loadavg();
const code = codeVersion(); // at start: npm run bench has just built dist/ from this
const log = (msg) =>
  process.stderr.write(
    `[bench ${((performance.now() - benchStarted) / 1000).toFixed(0).padStart(3)}s] ${msg}\n`,
  );
const gc = () => globalThis.gc?.();
let crashed = false;

// ── 1. input ────────────────────────────────────────────────────────────────────────────────
if (FILTERS.length > 0) log(`only the sections matching ${FILTERS.join(', ')}`);
let file;
if (needsStreamFile) {
  log(`preparing the ${FILE_BYTES / MiB} MiB stream file in bench/work/ …`);
  file = ensureStreamFile({ dir: WORK, targetBytes: FILE_BYTES });
  log(file.reused ? `reusing ${file.path}` : `generated ${file.path} in ${secs(file.ms)}`);
}
const fileBytes = file?.stats.bytes ?? NaN;

// ── 2. throughput ───────────────────────────────────────────────────────────────────────────
const hasJq = await onPath('jq');
const consumers = !['throughput', 'target'].some(wanted)
  ? []
  : [
      {
        key: 'checker',
        label: '(a) checker: createStreamChecker().write(chunk) … end()',
        run: checker,
        events: true,
      },
      {
        key: 'checkerAsync',
        label: '(a′) checker: checkStreamAsync(readStream)',
        run: checkerAsync,
        events: true,
      },
      {
        key: 'naive',
        label: '(b) naive: accumulate, split \\n, JSON.parse, typeof type',
        run: naive,
        events: true,
      },
      { key: 'readline', label: '(c) readline + JSON.parse', run: readlineConsumer, events: true },
      ...(hasJq
        ? [
            {
              key: 'jq',
              label: `(d) jq -c 'select(.type=="hit")' FILE (child process)`,
              run: jq,
              events: false,
            },
          ]
        : []),
      {
        key: 'checkCli',
        label: '(e) aoi-testkit check FILE (child process)',
        run: checkCli,
        events: false,
      },
      {
        key: 'naiveScript',
        label: '(f) the naive loop (b) as a script: node naive-script.mjs FILE (child process)',
        run: naiveScript,
        events: true,
      },
    ];
for (const c of consumers) {
  c.times = [];
  c.cpu = []; // user+system CPU of this process (all threads) per run; not measured for child processes
  c.child = ['jq', 'checkCli', 'naiveScript'].includes(c.key);
}

const timeOnce = async (c) => {
  gc();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await c.run(file.path);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  c.lastCpuMs = c.child ? NaN : (cpu.user + cpu.system) / 1000;
  if (c.events && result.events !== file.stats.events) result.ok = false;
  if (c.key === 'jq' && result.hits !== file.stats.hits) result.ok = false;
  c.result = result;
  return ms;
};

// Warm-up, then RUNS rounds; within a round the consumers take turns, so that drift on a shared
// machine hits all of them alike.
for (const round of consumers.length === 0
  ? []
  : ['warm-up', ...Array.from({ length: RUNS }, (_, i) => `run ${i + 1}/${RUNS}`)]) {
  for (const c of consumers) {
    try {
      const ms = await timeOnce(c);
      if (round !== 'warm-up') {
        c.times.push(ms);
        c.cpu.push(c.lastCpuMs);
      }
      log(
        `${round.padEnd(9)} ${c.key.padEnd(12)} ${secs(ms)}  ${fixed(mbps(fileBytes, ms))} MB/s  ${c.result.note}`,
      );
    } catch (error) {
      crashed = true;
      c.error = error;
      log(`${round} ${c.key} CRASHED: ${error?.stack ?? error}`);
    }
  }
}
for (const c of consumers) {
  if (c.result && !c.result.ok && c.result.findings?.length) {
    log(`${c.key}: the checker judged the generated stream NOT ok; first findings:`);
    for (const f of c.result.findings.slice(0, 5))
      log(`  ${f.id} line ${f.line ?? '-'}: ${f.message}`);
  }
}
const bestMbps = (c) => (c?.times.length ? mbps(fileBytes, Math.min(...c.times)) : NaN);
const byKey = Object.fromEntries(consumers.map((c) => [c.key, c]));
const naiveBest = bestMbps(byKey.naive);
const cpuMbps = (c) => (c?.cpu.length ? mbps(fileBytes, Math.min(...c.cpu)) : NaN);

// ── 3. peak RSS (fresh child per measurement) ───────────────────────────────────────────────
function child(mode, arg) {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [join(HERE, 'lib', 'rss-child.mjs'), mode, String(arg)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.setEncoding('utf8').on('data', (d) => (out += d));
    proc.stderr.setEncoding('utf8').on('data', (d) => (err += d));
    proc.on('error', (error) => resolve({ error: String(error) }));
    proc.on('close', (code, signal) => {
      try {
        if (code !== 0)
          throw new Error(
            `exited ${code ?? signal}: ${err.trim().split('\n').slice(-3).join(' ')}`,
          );
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch (error) {
        resolve({ error: String(error?.message ?? error) });
      }
    });
  });
}

const rssPlan = !['peak RSS', 'target'].some(wanted)
  ? []
  : [
      {
        key: 'gen-small',
        mode: 'gen',
        arg: FILE_BYTES,
        label: `generator only → sink, ${FILE_BYTES / MiB} MiB (baseline)`,
      },
      {
        key: 'check-file',
        mode: 'check-file',
        arg: file.path,
        label: `checker ← file (createReadStream), ${mb(fileBytes)}`,
      },
      {
        key: 'check-small',
        mode: 'check-gen',
        arg: FILE_BYTES,
        label: `checker ← generator, ${FILE_BYTES / MiB} MiB`,
      },
      {
        key: 'gen-big',
        mode: 'gen',
        arg: BIG_BYTES,
        label: `generator only → sink, ${BIG_BYTES / MiB} MiB (baseline)`,
      },
      {
        key: 'check-big',
        mode: 'check-gen',
        arg: BIG_BYTES,
        label: `checker ← generator, ${BIG_BYTES / MiB} MiB`,
      },
    ];
const rss = {};
for (const m of rssPlan) {
  log(`peak RSS: ${m.label} …`);
  rss[m.key] = await child(m.mode, m.arg);
  const r = rss[m.key];
  if (r.error) {
    crashed = true;
    log(`  CRASHED: ${r.error}`);
  } else
    log(
      `  maxRSS ${mb(r.maxRssBytes)}, ${mb(r.bytes)} in ${secs(r.elapsedMs)}${r.events ? `, ${int(r.events)} events, ok=${r.ok}` : ''}`,
    );
}

/** The commit the benchmarked code comes from (read-only git queries), and whether src/ had local changes. */
function codeVersion() {
  try {
    const git = (...args) =>
      execFileSync('git', args, {
        cwd: dirname(HERE),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    const dirty =
      git('status', '--porcelain', '--', 'src', 'package.json', 'tsup.config.ts') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted changes in src/' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

// ── 4. the table ────────────────────────────────────────────────────────────────────────────
const rows = [];
const cpus = os.cpus();
rows.push([
  'machine',
  `${cpus.length} × ${cpus[0]?.model?.trim() ?? 'unknown CPU'}`,
  '',
  '',
  '',
  `${os.platform()} ${os.arch()}, ${mb(os.totalmem())} RAM`,
]);
rows.push([
  'machine',
  `Node ${process.version}`,
  '',
  '',
  '',
  `V8 ${process.versions.v8}${hasJq ? '' : ', jq not on PATH'}`,
]);
// Every Node process parses the CA bundle NODE_EXTRA_CA_CERTS names as it starts: it sets the yardstick of every
// process row (node -e 0), and the lint's cost, which is mostly Node starts. Said, and the lint measured without it too.
const caBundle = process.env.NODE_EXTRA_CA_CERTS;
rows.push([
  'machine',
  'NODE_EXTRA_CA_CERTS',
  caBundle ? 'set' : 'unset',
  '',
  '',
  caBundle
    ? 'every Node start parses that CA bundle: the process rows are measured with it, as a user of this machine runs them; the lint also without it'
    : '',
]);
// Filled in at the very end, after every section has run.
const loadRow = ['machine', 'load average (1 min) at start / end', '', '', '', ''];
rows.push(loadRow);
rows.push(['code', 'dist/ built from', code, '', '', 'npm run bench rebuilds dist/ first']);
const s = file?.stats;
if (file)
  rows.push([
    'input',
    `stream file bench/work/${file.path.split('/').pop()}`,
    mb(fileBytes),
    '',
    '',
    `${int(s.events)} lines: 1 aoi:meta, ${int(s.hits)} hit, ${int(s.warnings)} aoi:warning, ${int(s.progress)} aoi:progress, 1 aoi:summary; ` +
      (file.reused ? 'reused' : `generated in ${secs(file.ms)}`),
  ]);

for (const c of consumers) {
  if (!c.times.length) {
    rows.push([
      'throughput',
      c.label,
      'CRASHED',
      '',
      '',
      String(c.error?.message ?? c.error).slice(0, 120),
    ]);
    continue;
  }
  const best = Math.min(...c.times);
  const value = bestMbps(c);
  const cpuBest = Math.min(...c.cpu);
  rows.push([
    'throughput',
    c.label,
    `${fixed(value)} MB/s`,
    `${ratio(value / naiveBest)} naive`,
    c.key === 'checker'
      ? `≥ ${TARGET_THROUGHPUT}× naive`
      : c.key === 'checkCli'
        ? `≥ ${TARGET_THROUGHPUT}× (f)`
        : '',
    `best ${secs(best)}, median ${fixed(mbps(fileBytes, median(c.times)))} MB/s; ` +
      (Number.isFinite(cpuBest)
        ? `CPU ${secs(cpuBest)} = ${fixed(mbps(fileBytes, cpuBest))} MB per CPU-s (${ratio(cpuMbps(c) / cpuMbps(byKey.naive))} naive); `
        : 'CPU not measured (child); ') +
      `${c.result?.ok ? '' : 'CHECK: '}${c.result?.note ?? ''}`,
  ]);
}
if (!hasJq && consumers.length > 0)
  rows.push(['throughput', '(d) jq', 'skipped', '', '', 'jq is not on PATH']);

const rssValue = (k) => rss[k]?.maxRssBytes ?? NaN;
for (const m of rssPlan) {
  const r = rss[m.key];
  if (r.error) {
    rows.push(['peak RSS', m.label, 'CRASHED', '', '', r.error.slice(0, 160)]);
    continue;
  }
  let ratioCell = '';
  let target = '';
  let detail = `${mb(r.bytes)} in ${secs(r.elapsedMs)}`;
  if (m.key === 'gen-big')
    ratioCell = `${ratio(r.maxRssBytes / rssValue('gen-small'))} of ${FILE_BYTES / MiB} MiB`;
  if (m.key === 'check-big') {
    ratioCell = `${ratio(r.maxRssBytes / rssValue('check-small'))} of ${FILE_BYTES / MiB} MiB`;
    target = `≤ ${TARGET_RSS}× of ${FILE_BYTES / MiB} MiB`;
  }
  if (m.mode !== 'gen') {
    detail += `; ${int(r.events)} events, report ${r.ok ? 'ok' : `NOT ok (${r.failed.join(', ')})`}`;
    const baseline = m.key === 'check-big' ? rssValue('gen-big') : rssValue('gen-small');
    if (m.key !== 'check-file') {
      const delta = r.maxRssBytes - baseline;
      detail += `; ${delta < 0 ? '−' : '+'}${mb(Math.abs(delta))} vs generator-only baseline`;
    }
  }
  rows.push(['peak RSS', m.label, mb(r.maxRssBytes), ratioCell, target, detail]);
}

const verdict = (value, ok) => (Number.isFinite(value) ? (ok ? 'met' : 'MISSED') : 'not measured');
if (wanted('target')) {
  const throughputRatio = bestMbps(byKey.checker) / naiveBest;
  const medianRatio =
    mbps(fileBytes, median(byKey.checker.times)) / mbps(fileBytes, median(byKey.naive.times));
  const rssRatio = rssValue('check-big') / rssValue('check-small');
  rows.push([
    'target',
    'checker throughput vs naive loop',
    ratio(throughputRatio),
    '',
    `≥ ${TARGET_THROUGHPUT}×`,
    `${verdict(throughputRatio, throughputRatio >= TARGET_THROUGHPUT)} (best vs best; median vs median ${ratio(medianRatio)}; per CPU-s ${ratio(cpuMbps(byKey.checker) / cpuMbps(byKey.naive))})`,
  ]);
  const cliRatio = bestMbps(byKey.checkCli) / bestMbps(byKey.naiveScript);
  rows.push([
    'target',
    'aoi-testkit check FILE vs the naive loop as a script',
    ratio(cliRatio),
    '',
    `≥ ${TARGET_THROUGHPUT}×`,
    `${verdict(cliRatio, cliRatio >= TARGET_THROUGHPUT)} (best vs best, both processes from spawn to exit: start-up, schema load and the text report included)`,
  ]);
  rows.push([
    'target',
    `checker peak RSS, ${BIG_BYTES / MiB} MiB vs ${FILE_BYTES / MiB} MiB stream`,
    ratio(rssRatio),
    '',
    `≤ ${TARGET_RSS}×`,
    verdict(rssRatio, rssRatio <= TARGET_RSS),
  ]);
}
const ROOT = join(HERE, '..');
// node -e 0 is the yardstick of the lint row; the printing floor that of the fakes' cold start and the REPL agent.
let baseMs = NaN;
let printsMs = NaN;
if (['cold start', 'lint', 'agents'].some(wanted)) {
  log('cold start: node -e 0, the notes fake, the kit CLI');
  const coldStateDir = mkdtempSync(join(os.tmpdir(), 'aoi-bench-cold-'));
  let starts;
  try {
    starts = coldStart([
      { label: 'node -e 0', argv: [process.execPath, '-e', '0'] },
      // The floor of any Node program that prints: one JSON line to a pipe (making process.stdout loads Node's streams).
      {
        label: 'node -e console.log(one JSON line)',
        argv: [
          process.execPath,
          '-e',
          'console.log(JSON.stringify({ type: "aoi:summary", ok: true }))',
        ],
      },
      {
        label: 'fake: fixtures/bin/notes --version',
        argv: [process.execPath, join(ROOT, 'fixtures/bin/notes'), '--version'],
      },
      {
        label: 'aoi-testkit --version',
        argv: [process.execPath, join(ROOT, 'dist/cli/main.js'), '--version'],
      },
      {
        label: 'fake: aoi-testkit fake well-behaved --version',
        argv: [
          process.execPath,
          join(ROOT, 'dist/cli/main.js'),
          'fake',
          'well-behaved',
          '--version',
        ],
      },
      // The command issue 16 names: a fake's real answer (a list of an empty store), through the kit CLI.
      {
        label: 'fake: aoi-testkit fake well-behaved list',
        argv: [process.execPath, join(ROOT, 'dist/cli/main.js'), 'fake', 'well-behaved', 'list'],
        env: { AOI_TESTKIT_STATE_DIR: coldStateDir },
      },
      // To the last byte of a real run, not just --version: the engine, the tool and its state, and (through
      // the kit CLI) a corpus scenario's faults. The state directory holds no note: meta, then the summary.
      {
        label: 'fake: fixtures/bin/notes search note --output jsonl',
        argv: [
          process.execPath,
          join(ROOT, 'fixtures/bin/notes'),
          'search',
          'note',
          '--output',
          'jsonl',
        ],
        env: { AOI_TESTKIT_STATE_DIR: coldStateDir },
      },
      {
        label: 'fake: aoi-testkit fake fault.mixing-prose search note --output jsonl',
        argv: [
          process.execPath,
          join(ROOT, 'dist/cli/main.js'),
          'fake',
          'fault.mixing-prose',
          'search',
          'note',
          '--output',
          'jsonl',
        ],
        env: { AOI_TESTKIT_STATE_DIR: coldStateDir },
      },
      // The cmdhelp reference tool, whose code is a chunk of its own that the fake loads when asked for.
      {
        label: 'fake: aoi-testkit fake helpdesk help --capabilities',
        argv: [
          process.execPath,
          join(ROOT, 'dist/cli/main.js'),
          'fake',
          'helpdesk',
          'help',
          '--capabilities',
        ],
        env: { AOI_TESTKIT_STATE_DIR: coldStateDir },
      },
      // The fake agents carry the ACP / MCP SDKs (bundled): no target, measured so that a regression shows.
      ...['agent-repl', 'agent-acp', 'agent-mcp'].map((fake) => ({
        label: `agent ${fake} --version`,
        argv: [process.execPath, join(ROOT, `fixtures/bin/${fake}`), '--version'],
      })),
    ]);
  } finally {
    rmSync(coldStateDir, { recursive: true, force: true });
  }
  baseMs = starts[0].medianMs;
  printsMs = starts[1].medianMs;
  for (const [i, s] of wanted('cold start') ? starts.entries() : []) {
    const isFake = s.label.startsWith('fake');
    const r = s.medianMs / (isFake ? printsMs : baseMs);
    const note = isFake
      ? `${verdict(r, r <= TARGET_COLD_START)}; ${ratio(s.medianMs / baseMs)} node -e 0`
      : i === 1
        ? 'the floor of a program that prints; no target'
        : 'median of 21, interleaved';
    rows.push([
      'cold start',
      s.label,
      `${fixed(s.medianMs)} ms`,
      i === 0 ? '1.00×' : ratio(r),
      isFake ? `≤ ${TARGET_COLD_START}× the printing floor` : '',
      note,
    ]);
  }
}
if (wanted('lint'))
  try {
    log("lint: the README's main job, aoi-testkit lint of the reference tool, 3 runs");
    const environments = caBundle
      ? [
          ['', {}],
          [' (NODE_EXTRA_CA_CERTS unset)', { NODE_EXTRA_CA_CERTS: undefined }],
        ]
      : [['', {}]];
    for (const [suffix, env] of environments) {
      const lint = await lintWallTime(ROOT, 3, env);
      const perProbe = lint.cpuMs / lint.probes;
      rows.push([
        'lint',
        `the README's main job: aoi-testkit lint --setup … --invoke … -- node fixtures/bin/notes${suffix}`,
        secs(lint.medianMs),
        `${ratio(lint.medianMs / TARGET_LINT_MS)} target`,
        `≤ ${TARGET_LINT_MS / 1000} s`,
        `${verdict(lint.medianMs, lint.medianMs <= TARGET_LINT_MS)}; median of 3; CPU ${secs(lint.cpuMs)} (lint and probes; ${ratio(lint.cpuMs / lint.medianMs)} wall on ${os.availableParallelism()} cores); specs ${lint.specs.join(' + ')}; ` +
          `${lint.commands} commands (${secs(lint.medianMs / lint.commands)} wall each); ${lint.probes} probes (${fixed(perProbe)} CPU-ms each${suffix ? '' : ` = ${ratio(perProbe / baseMs)} node -e 0`}); ${lint.verdicts} verdicts`,
      ]);
    }
  } catch (error) {
    crashed = true;
    rows.push([
      'lint',
      'aoi-testkit lint of the reference tool',
      'CRASHED',
      '',
      '',
      String(error?.message ?? error).slice(0, 160),
    ]);
  }
if (wanted('lint memory'))
  try {
    if (!(await onPath('python3'))) {
      rows.push([
        'lint memory',
        'lint of hostile floods',
        'skipped',
        '',
        '',
        'python3 is not on PATH',
      ]);
    } else {
      log(
        `lint memory: hostile.py flooding stdout, then stderr, capped at ${LINT_CAP / MiB} MiB, 3 lints each`,
      );
      const parallel = Math.max(2, os.availableParallelism() * 2); // the lint's default
      const base = lintPeakRss(ROOT, { mode: '', capBytes: LINT_CAP, concurrency: parallel });
      rows.push([
        'lint memory',
        'lint of hostile.py behaving (the baseline)',
        mb(base.maxRssBytes),
        '',
        '',
        `median of 3: ${base.all.map(mb).join(', ')}; ${base.probes} probes`,
      ]);
      for (const [mode, label] of [
        ['flood-stdout', 'endless stdout flood'],
        ['flood-stderr', 'endless stderr writer'],
      ]) {
        for (const concurrency of [parallel, 16]) {
          const r = lintPeakRss(ROOT, { mode, capBytes: LINT_CAP, concurrency });
          const caps = (r.maxRssBytes - base.maxRssBytes) / LINT_CAP;
          rows.push([
            'lint memory',
            `${label}, cap ${LINT_CAP / MiB} MiB, ${concurrency} probes at once`,
            mb(r.maxRssBytes),
            `${ratio(caps)} cap`,
            `≤ ${TARGET_LINT_MEMORY}× cap above baseline`,
            `${verdict(caps, caps <= TARGET_LINT_MEMORY && r.capped > 0)}; median of 3: ${r.all.map(mb).join(', ')}; ${r.capped > 0 ? 'capped (AOI-11/output-cap-exceeded)' : 'NOT capped'}`,
          ]);
        }
      }
    }
  } catch (error) {
    crashed = true;
    rows.push([
      'lint memory',
      'lint of hostile floods',
      'CRASHED',
      '',
      '',
      String(error?.message ?? error).slice(0, 160),
    ]);
  }
if (wanted('generators'))
  try {
    log('generators: aoiStream() of ~50 events, and the 1,000-run conformance property');
    const gen = await arbitrariesSpeed(ROOT);
    rows.push([
      'generators',
      `aoiStream({ minItems: ${FIFTY_EVENTS.minItems}, maxItems: ${FIFTY_EVENTS.maxItems} }) streams per second`,
      `${int(gen.streamsPerSecond)} /s`,
      `${ratio(gen.streamsPerSecond / TARGET_STREAMS_PER_S)} target`,
      `≥ ${int(TARGET_STREAMS_PER_S)} /s`,
      `${verdict(gen.streamsPerSecond, gen.streamsPerSecond >= TARGET_STREAMS_PER_S)}; median of 3 × 2,000 (fc.sample), ${fixed(gen.eventsPerStream)} events per stream, serialised; first use ${fixed(gen.firstUseMs)} ms`,
    ]);
    rows.push([
      'generators',
      'aoiStream() (the defaults) streams per second',
      `${int(gen.defaultPerSecond)} /s`,
      '',
      '',
      `median of 3 × 2,000 (fc.sample), ${fixed(gen.defaultEventsPerStream)} events per stream, serialised; no target (the target is per ~50-event stream, above)`,
    ]);
    rows.push([
      'generators',
      '1,000 runs: checker never fails an aoiStream() (strict)',
      secs(gen.propertyMs),
      `${ratio(gen.propertyMs / TARGET_PROPERTY_MS)} target`,
      `< ${TARGET_PROPERTY_MS / 1000} s`,
      `${verdict(gen.propertyMs, gen.propertyMs < TARGET_PROPERTY_MS)}; median of 3; generation + serialisation + checkStream + fast-check`,
    ]);
  } catch (error) {
    crashed = true;
    rows.push([
      'generators',
      'aoiStream() speed',
      'CRASHED',
      '',
      '',
      String(error?.message ?? error).slice(0, 160),
    ]);
  }
if (wanted('agents'))
  try {
    log('agents: handshakes of the fake agents, manifest validation, the turn checker');
    const handshakes = await agentHandshakes(ROOT);
    const floorMs = (name) =>
      name === 'printing' ? printsMs : handshakes.find((h) => h.label.startsWith(name)).medianMs;
    for (const h of handshakes) {
      if (h.floor === undefined) {
        rows.push(['agents', h.label, `${fixed(h.medianMs)} ms`, '', '', 'a floor; median of 11']);
        continue;
      }
      // The REPL fake speaks no SDK: it is a fake like the others, held to the printing floor.
      const target = h.floor === 'printing' ? TARGET_COLD_START : TARGET_AGENT_START;
      const r = h.medianMs / floorMs(h.floor);
      rows.push([
        'agents',
        h.label,
        `${fixed(h.medianMs)} ms`,
        ratio(r),
        `≤ ${target}× the ${h.floor === 'printing' ? 'printing floor' : h.floor}`,
        `${verdict(r, r <= target)}; median of 11, interleaved with its floor`,
      ]);
    }
    const m = await manifestSpeed(ROOT);
    rows.push([
      'agents',
      `validateAgentCliManifest (${m.lines}-line manifest, every block)`,
      `${int(m.perSecond)} /s`,
      '',
      '',
      `first call ${fixed(m.firstMs)} ms (V8 compiling the code; the schema is precompiled); no target`,
    ]);
    const t = await turnCheckSpeed(ROOT);
    rows.push([
      'agents',
      `checkTurns: ACP transcript of ${int(t.frames)} frames, 1,000 turns`,
      `${int(t.frames / (t.medianMs / 1000))} frames/s`,
      '',
      '',
      `${fixed(t.medianMs)} ms; median of 5; with capabilities and a secret; no target`,
    ]);
  } catch (error) {
    crashed = true;
    rows.push([
      'agents',
      'agent measurements',
      'CRASHED',
      '',
      '',
      String(error?.message ?? error).slice(0, 160),
    ]);
  }
if (wanted('hostile'))
  try {
    log(
      'hostile: check - of an aoi:meta holding a hostile 1 MiB string, and maskSecrets with canaries',
    );
    const results = await hostileStrings(ROOT);
    const worst = results.reduce((a, b) => (b.checkMs > a.checkMs ? b : a));
    const worstMask = results.reduce((a, b) => (b.maskMs > a.maskMs ? b : a));
    rows.push([
      'hostile',
      'check - of a 1 MiB string, worst of 9 shapes',
      `${fixed(worst.checkMs)} ms`,
      `${ratio(worst.checkMs / TARGET_HOSTILE_MS)} target`,
      `≤ ${TARGET_HOSTILE_MS} ms`,
      `${verdict(worst.checkMs, worst.checkMs <= TARGET_HOSTILE_MS)}; worst: ${JSON.stringify(worst.name)}; median of 3, whole process; maskSecrets with 9 canaries worst ${fixed(worstMask.maskMs)} ms (${JSON.stringify(worstMask.name)})`,
    ]);
  } catch (error) {
    crashed = true;
    rows.push([
      'hostile',
      'hostile strings',
      'CRASHED',
      '',
      '',
      String(error?.message ?? error).slice(0, 160),
    ]);
  }
if (wanted('hostile'))
  try {
    log('hostile: check FILE of a meta line of 1.2 M keys and of 2 M lines of prose');
    const work = mkdtempSync(join(os.tmpdir(), 'aoi-bench-hostile-'));
    try {
      for (const r of await hostileStreams(ROOT, work)) {
        const rssMb = r.maxRssBytes / 1024 / 1024;
        const ok = rssMb <= TARGET_HOSTILE_STREAM_RSS_MB && r.cpuMs <= TARGET_HOSTILE_STREAM_CPU_MS;
        rows.push([
          'hostile',
          `check FILE: ${r.name}`,
          `${fixed(rssMb)} MB, ${fixed(r.cpuMs / 1000)} CPU-s`,
          '',
          `≤ ${TARGET_HOSTILE_STREAM_RSS_MB} MB, ≤ ${TARGET_HOSTILE_STREAM_CPU_MS / 1000} CPU-s`,
          `${verdict(rssMb, ok)}; peak RSS and user+system CPU of the whole process`,
        ]);
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  } catch (error) {
    crashed = true;
    rows.push([
      'hostile',
      'hostile streams',
      'CRASHED',
      '',
      '',
      String(error?.message ?? error).slice(0, 160),
    ]);
  }
if (wanted('exec'))
  try {
    const sample = Math.min(EXEC_SAMPLE, EXEC_OPS);
    log(
      `exec: ${int(EXEC_OPS)} operations through one notes exec, then ${int(sample)} of them as separate invocations, one after another`,
    );
    const e = await execSpeed(join(ROOT, 'dist', 'bin', 'notes.js'), {
      ops: EXEC_OPS,
      separate: sample,
      onProgress: (done, n) => log(`  ${int(done)} of ${int(n)} separate invocations`),
    });
    rows.push([
      'exec',
      `notes exec: ${int(e.ops)} operations in one process (--input-file)`,
      `${int(e.execOpsPerS)} ops/s`,
      '',
      '',
      `${fixed(e.execMs)} ms wall; median of ${e.runs}`,
    ]);
    rows.push([
      'exec',
      `${int(e.ops)} separate notes invocations, one after another (${int(e.separate)} run, the rest extrapolated)`,
      `${fixed(e.separateOpsPerS)} ops/s`,
      ratio(e.ratio),
      `≥ ${TARGET_EXEC_RATIO}×`,
      `${verdict(e.ratio, e.ratio >= TARGET_EXEC_RATIO)}; ${fixed(e.perInvocationMs)} ms per invocation (mean of ${int(e.separate)}) × ${int(e.ops)} = ${secs(e.perInvocationMs * e.ops)}; ratio = that ÷ exec wall`,
    ]);
  } catch (error) {
    crashed = true;
    rows.push([
      'exec',
      'exec measurements',
      'CRASHED',
      '',
      '',
      String(error?.message ?? error).slice(0, 160),
    ]);
  }
if (wanted('shards'))
  try {
    log(
      `shards: the whole corpus run ${SHARD_COUNTS.join(', ')} ways, each shard after the other, then merged`,
    );
    const runs = shardedCorpus(ROOT, SHARD_COUNTS, log);
    const [one] = runs;
    for (const r of runs) {
      const overhead = r.cpuMs / one.cpuMs;
      rows.push([
        'shards',
        `scenarios --run in ${r.count} shard${r.count === 1 ? '' : 's'}`,
        `${secs(r.maxWallMs)} longest shard`,
        r.count === 1 ? '' : ratio(overhead),
        r.count === 1 ? '' : `CPU ≤ ${TARGET_SHARD_CPU}× unsharded`,
        `${r.count === 1 ? '' : `${verdict(overhead, overhead <= TARGET_SHARD_CPU)}; `}CPU of all shards ${secs(r.cpuMs)}, their walls together ${secs(r.sumWallMs)}; merge-reports ${secs(r.mergeMs)}; ${int(r.scenarios)} scenarios merged, verdicts ${r.same ? 'the same as unsharded' : `DIFFERENT from unsharded: ${r.differences.slice(0, 6).join(', ')}${r.differences.length > 6 ? ` and ${r.differences.length - 6} more` : ''}`}${r.failed.length > 0 ? `; failing: ${r.failed.slice(0, 6).join(', ')}${r.failed.length > 6 ? ` and ${r.failed.length - 6} more` : ''}` : ''}`,
      ]);
      if (!r.same) crashed = true;
    }
  } catch (error) {
    crashed = true;
    rows.push([
      'shards',
      'sharded corpus',
      'CRASHED',
      '',
      '',
      String(error?.message ?? error).slice(0, 160),
    ]);
  }
if (wanted('install'))
  try {
    log(
      'install: npm pack, then npm install of the tarball into a fresh project (no optional peer)',
    );
    const i = installCost(ROOT);
    const ok = i.packages <= TARGET_INSTALL_PACKAGES && i.bytes <= TARGET_INSTALL_BYTES;
    rows.push([
      'install',
      'npm install aoi-testkit into a fresh project',
      `${i.packages} packages, ${mb(i.bytes)}`,
      '',
      `≤ ${TARGET_INSTALL_PACKAGES} packages, ≤ ${mb(TARGET_INSTALL_BYTES)}`,
      `${verdict(i.packages, ok)}; node_modules on disk, the kit included; tarball ${mb(i.tarballBytes)} (${mb(i.unpackedBytes)} unpacked); ${secs(i.ms)} from npm's cache`,
    ]);
  } catch (error) {
    crashed = true;
    rows.push([
      'install',
      'install cost',
      'CRASHED',
      '',
      '',
      String(error?.message ?? error).slice(0, 160),
    ]);
  }
const loadAtEnd = os.loadavg();
loadRow[2] = `${fixed(loadAtStart[0], 2)} / ${fixed(loadAtEnd[0], 2)}`;
if (Math.max(loadAtStart[0], loadAtEnd[0]) > cpus.length)
  loadRow[5] =
    'the machine was busy around this run: wall-clock figures may be noisy; compare the CPU figures';
rows.push([
  'run',
  'total benchmark time',
  secs(performance.now() - benchStarted),
  '',
  '',
  `${RUNS} timed runs after 1 warm-up; ${CHUNK_BYTES / 1024} KiB reads; MB = 10^6 bytes`,
]);

process.stdout.write(
  `\n${markdownTable(['section', 'measurement', 'value', 'ratio', 'target', 'detail'], rows)}\n`,
);
if (crashed) process.exitCode = 1;
