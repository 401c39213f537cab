#!/usr/bin/env node
/**
 * The verdict snapshot: every verdict the kit gives on every input it ships, in one deterministic JSON file,
 * so a refactor can prove it changed no behaviour (`--compare` the file made before it).
 *
 * It loads the BUILT package (dist/, so `npm run build` first; `npm run verdicts` does both) through its public
 * entry points only, and judges:
 *   - every stream scenario of scenarios/ (the fake run in memory, as the corpus does, then checkStream with its exit);
 *   - every fixtures/transcripts/*.jsonl, with the options of its .expected.json;
 *   - every cmdhelp document of fixtures/cmdhelp (cmdhelp.json, capabilities.txt, help.md);
 *   - every AGENT-CLI.md of fixtures/manifests and fixtures/agents;
 *   - every package of fixtures/apps (the manifest and package validator);
 *   - every recorded agent conversation of fixtures/transcripts/agents (checkTurns, checkAgentLifecycle, and with their
 *     inputs checkSessionPolicy, checkPreflight, checkRunnerSecrets);
 *   - every exec fixture of fixtures/exec (checkExecOutput, with each judgement's options);
 *   - every pair of contracts of fixtures/contracts (compareContracts, and the changes it classifies);
 *   - the process linter (lintCli) on every fake the corpus lints (lint scenarios, stream scenarios' lint blocks),
 *     the fake in memory (inMemoryTarget), so no process is started;
 * and with --live the checks that run processes: the README's main-job lint of fixtures/bin/notes (lintCli),
 * checkCmdhelp on the cmdhelp scenarios, checkExec on the exec scenarios, checkAgentApplication on the app scenarios,
 * and `aoi-testkit lint --output jsonl` as a user runs it on every lint scenario's fake and every foreign tool
 * (clean and with each defect), each a real process.
 * With --hog, a busy loop runs on every core for the whole run: `--out` quiet, then `--compare` with --hog, is the
 * proof that no verdict depends on the machine's load (issue 14 §5).
 * Every pure check also runs under `strict` (recorded as its ok and verdict statuses: finding severities may
 * legitimately change there, statuses may not).
 *
 * --live-kinds main,cmdhelp,exec,app,lint,foreign runs only those live checks (main: the README main job).
 * Usage: node scripts/verdict-snapshot.mjs [--live [--live-kinds K,…]] [--hog] --out FILE
 *        node scripts/verdict-snapshot.mjs [--live] [--hog] --compare FILE   (exit 1, with a summary, on any difference)
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const CLI = join(DIST, 'cli', 'main.js');

function parseArgs(argv) {
  const args = { live: false, hog: false, out: undefined, compare: undefined, kinds: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--live') args.live = true;
    else if (a === '--hog') args.hog = true;
    else if (a === '--out') args.out = argv[++i];
    else if (a === '--compare') args.compare = argv[++i];
    else if (a === '--live-kinds') args.kinds = new Set((argv[++i] ?? '').split(','));
    else usage(`unknown argument ${JSON.stringify(a)}`);
  }
  if (!args.out === !args.compare) usage('give exactly one of --out FILE and --compare FILE');
  const known = ['main', 'cmdhelp', 'exec', 'app', 'lint', 'foreign'];
  for (const kind of args.kinds ?? [])
    if (!known.includes(kind))
      usage(`--live-kinds takes ${known.join(',')}; not ${JSON.stringify(kind)}`);
  if (args.kinds) args.live = true;
  return args;
}

function usage(message) {
  process.stderr.write(
    `verdict-snapshot: ${message}\nusage: node scripts/verdict-snapshot.mjs [--live [--live-kinds main,cmdhelp,exec,app,lint,foreign]] [--hog] (--out FILE | --compare FILE)\n`,
  );
  process.exit(64);
}

const load = async (entry) => {
  const file = join(DIST, `${entry}.js`);
  if (!existsSync(file)) usage(`${relative(ROOT, file)} is missing: run npm run build first`);
  return import(pathToFileURL(file).href);
};

// ---- normalising: what differs between runs or machines, not between behaviours ----

const TMP = tmpdir().replace(/\/+$/, '');
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TMP_PATH = new RegExp(`${escape(TMP)}/[^\\s"'\`/:)]+`, 'g');
const ROOT_PATH = new RegExp(escape(ROOT.replace(/\/+$/, '')), 'g');

function normaliseText(text) {
  return text
    .replace(TMP_PATH, '<tmp>')
    .replace(ROOT_PATH, '<kit>')
    .replace(/\bpid[ :="]*\d+/gi, 'pid <pid>');
}

/** Live runs also differ in what the clock and the random ids say. */
function normaliseLiveText(text) {
  return (
    normaliseText(text)
      .replace(/"duration_ms":\d+/g, '"duration_ms":<ms>')
      .replace(/\d{4}-\d\d-\d\dT[\d:.]*Z?/g, '<time>')
      // APP-14's finding quotes the two unstable ids, random by design.
      .replace(/ids \([\w-]+ vs [\w-]+\)/g, 'ids (<id> vs <id>)')
  );
}

/** A cut excerpt (…) ends where its length limit fell: after a normalised value, that place moves from run to run. */
function cutAfterPlaceholder(excerpt) {
  if (typeof excerpt !== 'string' || !excerpt.endsWith('…')) return excerpt;
  const end = Math.max(
    ...['<ms>', '<time>'].map((p) => {
      const i = excerpt.lastIndexOf(p);
      return i < 0 ? -1 : i + p.length;
    }),
  );
  return end < 0 ? excerpt : `${excerpt.slice(0, end)}…`;
}

/** Live judges probe commands concurrently: the order of their findings is the order the processes ended. */
const byContent = (a, b) =>
  JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0;
const liveRecord = (input, report, extra) => {
  const r = record(input, report, extra, normaliseLiveText);
  return {
    ...r,
    findings: r.findings
      .map((f) => ({ ...f, excerpt: cutAfterPlaceholder(f.excerpt) }))
      .sort(byContent),
  };
};

/**
 * The process linter judges commands concurrently, and its timers are real: which occurrences of a sub-rule are
 * kept as findings (the first ten per command) changes from run to run, the verdicts' counts do not. So a lint
 * report's findings are recorded as what stays put: per sub-rule, its severity, how many were kept, and the
 * distinct messages with their numbers blanked.
 */
function lintRecord(input, report, extra) {
  const r = liveRecord(input, report, extra);
  const byId = new Map();
  for (const f of r.findings) {
    const entry = byId.get(f.id) ?? {
      id: f.id,
      severity: f.severity,
      kept: 0,
      messages: new Set(),
    };
    entry.kept++;
    entry.messages.add(f.message.replace(/\d+/g, 'N'));
    byId.set(f.id, entry);
  }
  const findings = [...byId.values()]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((e) => ({ ...e, messages: [...e.messages].sort() }));
  return { ...r, findings };
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A report in the snapshot's terms: ok, the verdicts and the findings, volatile parts normalised. */
function record(input, report, extra, normalise = normaliseText) {
  const findings = report.findings ?? [];
  const ok = report.ok ?? report.valid ?? !findings.some((f) => f.severity === 'error');
  const text = (v) => (typeof v === 'string' ? normalise(v) : v);
  return {
    input,
    ok,
    verdicts: (report.verdicts ?? []).map((v) => ({
      rule: v.rule,
      command: text(v.command) ?? null,
      status: v.status,
      reason: text(v.reason) ?? null,
      errors: v.errors ?? null,
      warnings: v.warnings ?? null,
    })),
    findings: findings.map((f) => ({
      id: f.id,
      severity: f.severity ?? null,
      message: text(f.message) ?? null,
      line: f.line ?? null,
      endLine: f.endLine ?? null,
      excerpt: text(f.excerpt) ?? null,
      probe: text(f.probe) ?? null,
      // cmdhelp document findings point into the document (a JSON Pointer).
      ...(typeof f.path === 'string' ? { path: text(f.path) } : {}),
    })),
    ...(extra ? { extra } : {}),
  };
}

/** Under strict only the statuses are recorded: severities may become `error` there (one meaning of strict). */
const strictOf = (report) => ({
  ok: report.ok ?? report.valid ?? !(report.findings ?? []).some((f) => f.severity === 'error'),
  verdicts: (report.verdicts ?? []).map(
    (v) => `${v.rule}${v.command ? ` ${normaliseText(v.command)}` : ''}: ${v.status}`,
  ),
});

const withStrict = (rec, strictReport) => ({ ...rec, strict: strictOf(strictReport) });

// ---- the inputs ----

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const rel = (path) => relative(ROOT, path);
const sortedDirs = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

function walk(dir, match, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, match, out);
    else if (match(name)) out.push(full);
  }
  return out;
}

function scenarios() {
  const dir = join(ROOT, 'scenarios');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json') && n !== 'scenario.schema.json')
    .sort()
    .map((n) => readJson(join(dir, n)));
}

async function streamScenarios(kit, corpus) {
  const out = [];
  for (const scenario of scenarios().filter((s) => s.kind === 'stream')) {
    const run = await corpus.runStreamScenario(scenario);
    const report = kit.checkStream(run.stdout, { exitCode: run.exitCode, signal: run.signal });
    const strict = kit.checkStream(run.stdout, {
      exitCode: run.exitCode,
      signal: run.signal,
      strict: true,
    });
    out.push(
      withStrict(
        record(`scenarios/${scenario.id}.json`, report, {
          exit: { code: run.exitCode, signal: run.signal },
        }),
        strict,
      ),
    );
  }
  return out;
}

function transcripts(kit) {
  const dir = join(ROOT, 'fixtures', 'transcripts');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.jsonl'.length);
      const expected = readJson(join(dir, `${name}.expected.json`));
      const options = {
        unbounded: expected.unbounded,
        ...(expected.schemaVersion != null ? { schemaVersion: expected.schemaVersion } : {}),
        ...(expected.maxLineBytes != null ? { maxLineBytes: expected.maxLineBytes } : {}),
        ...(expected.secrets != null ? { secrets: expected.secrets } : {}),
      };
      const bytes = new Uint8Array(readFileSync(join(dir, file)));
      const end = { exitCode: expected.exitCode, signal: expected.signal };
      return withStrict(
        record(rel(join(dir, file)), kit.checkStream(bytes, { ...options, ...end })),
        kit.checkStream(bytes, { ...options, ...end, strict: true }),
      );
    });
}

function cmdhelpDocuments(kit) {
  const dir = join(ROOT, 'fixtures', 'cmdhelp');
  return walk(dir, (n) => /^(cmdhelp\.json|capabilities\.txt|help\.md)$/.test(n)).map((file) => {
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('cmdhelp.json'))
      return withStrict(
        record(rel(file), kit.validateCmdhelpDocument(text)),
        kit.validateCmdhelpDocument(text, { strict: true }),
      );
    if (file.endsWith('capabilities.txt')) return record(rel(file), kit.parseCapabilityLine(text));
    return withStrict(
      record(rel(file), kit.checkCmdhelpMarkdown(text, { binary: 'helpdesk' })),
      kit.checkCmdhelpMarkdown(text, { binary: 'helpdesk', strict: true }),
    );
  });
}

function agentCliManifests(agents) {
  const files = [
    ...walk(join(ROOT, 'fixtures', 'manifests'), (n) => n === 'AGENT-CLI.md'),
    ...walk(join(ROOT, 'fixtures', 'agents'), (n) => n === 'AGENT-CLI.md'),
  ];
  return files.map((file) => {
    const text = readFileSync(file, 'utf8');
    return withStrict(
      record(rel(file), agents.validateAgentCliManifest(text, { path: file })),
      agents.validateAgentCliManifest(text, { path: file, strict: true }),
    );
  });
}

function appPackages(kit) {
  const dir = join(ROOT, 'fixtures', 'apps');
  const packages = readJson(join(dir, 'expected.json')).packages.map((p) => p.path);
  return packages.map((path) =>
    withStrict(
      record(rel(join(dir, path)), kit.validateAppPackage(join(dir, path))),
      kit.validateAppPackage(join(dir, path), { strict: true }),
    ),
  );
}

function agentConversations(agents) {
  const dir = join(ROOT, 'fixtures', 'transcripts', 'agents');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'expected.json')
    .sort()
    .flatMap((file) => {
      const fixture = readJson(join(dir, file));
      const report = agents.checkTurns(fixture.transcript, fixture.options);
      const strict = agents.checkTurns(fixture.transcript, { ...fixture.options, strict: true });
      const out = [
        withStrict(
          record(rel(join(dir, file)), report, {
            events: report.events.map((e) => e.type),
            turns: report.turns,
          }),
          strict,
        ),
      ];
      if (fixture.lifecycle) {
        const { records, alive } = fixture.lifecycle;
        out.push(
          record(
            `${rel(join(dir, file))}#lifecycle`,
            agents.checkAgentLifecycle(records, { alive: (pid) => alive.includes(pid) }),
          ),
        );
        // The runner's side judged from the same log, with the fixture's inputs (AGENTCLI-27…30).
        if (fixture.options.policy)
          out.push(
            record(
              `${rel(join(dir, file))}#policy`,
              agents.checkSessionPolicy(records, fixture.options.policy),
            ),
          );
        if (fixture.options.preflight)
          out.push(
            record(
              `${rel(join(dir, file))}#preflight`,
              agents.checkPreflight(records, fixture.options.preflight),
            ),
          );
        if (fixture.options.runnerSecrets)
          out.push(
            record(
              `${rel(join(dir, file))}#runner-secrets`,
              agents.checkRunnerSecrets(records, fixture.options.runnerSecrets),
            ),
          );
      }
      return out;
    });
}

function execFixtures(kit) {
  const root = join(ROOT, 'fixtures', 'exec');
  return sortedDirs(root).flatMap((name) => {
    const dir = join(root, name);
    const input = readFileSync(join(dir, 'input.jsonl'), 'utf8');
    const output = readFileSync(join(dir, 'output.jsonl'), 'utf8');
    const stderr = existsSync(join(dir, 'stderr.txt'))
      ? readFileSync(join(dir, 'stderr.txt'), 'utf8')
      : '';
    const expected = readJson(join(dir, 'expected.json'));
    return expected.judgements.map((j) => {
      const options = { ...j.options, stderr };
      return withStrict(
        record(
          `${rel(dir)}#${JSON.stringify(j.options)}`,
          kit.checkExecOutput(input, output, expected.exit, options),
        ),
        kit.checkExecOutput(input, output, expected.exit, { ...options, strict: true }),
      );
    });
  });
}

/** Every pair of contracts (fixtures/contracts), compared in memory: the verdicts, and the changes classified. */
function contractPairs(kit) {
  const root = join(ROOT, 'fixtures', 'contracts');
  const read = (path) => {
    const contract = kit.readContract(readFileSync(path, 'utf8'));
    if (!contract.ok) throw new Error(`${rel(path)}: ${contract.problems.join('; ')}`);
    return contract.contract;
  };
  return sortedDirs(root).map((name) => {
    const [base, head] = ['base.json', 'head.json'].map((f) => read(join(root, name, f)));
    const report = kit.compareContracts(base, head);
    const changes = report.changes.map(
      (c) =>
        `${c.class} ${c.breaking ? `breaking${c.announcedBy ? `, ${c.announcedBy}` : ''}` : 'compatible'}: ${c.where}`,
    );
    return withStrict(
      record(rel(join(root, name)), report, { changes }),
      kit.compareContracts(base, head, { strict: true }),
    );
  });
}

/**
 * The process linter on every fake the corpus says it must judge (the lint scenarios, and the stream scenarios'
 * `lint` blocks), with the fake in memory: no process is started, so it runs by default.
 */
async function lintScenarios(lint, fakes, corpus) {
  const jobs = scenarios()
    .filter((s) => s.kind === 'lint' || (s.kind === 'stream' && s.lint))
    .map((s) => async () => {
      const plan = s.kind === 'lint' ? s : s.lint;
      const input = `lint:memory scenarios/${s.id}.json`;
      const target = lint.inMemoryTarget(fakes.notes, {
        faults: corpus.scenarioFaults(s.fake),
        seed: s.fake.seed,
      });
      try {
        const report = await lint.lintCli(target, {
          setup: plan.setup,
          invocations: plan.invocations,
          canarySeed: 'verdict-snapshot',
        });
        return lintRecord(input, report, {
          commands: report.commands,
          capabilities: report.capabilities,
          probes: report.probes,
        });
      } catch (error) {
        if (!(error instanceof lint.LintSetupError)) throw error;
        return {
          input,
          ok: false,
          verdicts: [],
          findings: [],
          setupError: normaliseLiveText(error.message),
        };
      }
    });
  return limited(jobs, 8);
}

// ---- live: checks that run processes ----

/** The README's main job: lint the reference fake with its setup and invocations. */
const MAIN_JOB = {
  setup: [
    ['create', '--title', 'First note'],
    ['create', '--title', 'Second note'],
  ],
  invocations: [
    ['search', 'note', '--limit', '1'],
    ['get', 'n_0001'],
    ['create', '--title', 'Fresh'],
    ['update', 'n_0001', '--title', 'Renamed'],
    ['delete', 'n_0001', '--confirm'],
  ],
};

/** A corpus argv with the kit's CLI run directly (scenarios say `npx aoi-testkit …`). */
function direct(argv, kitCommand) {
  if (kitCommand.some((w, i) => argv[i] !== w))
    throw new Error(`not a kit command: ${argv.join(' ')}`);
  return [process.execPath, [CLI, ...argv.slice(kitCommand.length)]];
}

/** Run `jobs` two at a time (the machine is shared), results in the jobs' order. */
async function limited(jobs, width = 2) {
  const results = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]();
      }
    }),
  );
  return results;
}

async function live(lint, corpus, kinds) {
  const scratch = mkdtempSync(join(tmpdir(), 'aoi-verdicts-'));
  const wanted = (kind) => kinds === undefined || kinds.has(kind);
  try {
    const all = scenarios().filter((s) => wanted(s.kind));
    const out = [];
    if (wanted('main')) {
      const main = await lint.lintCli(
        lint.processTarget(process.execPath, [join(ROOT, 'fixtures', 'bin', 'notes')]),
        { ...MAIN_JOB, canarySeed: 1 },
      );
      out.push(
        lintRecord('live:lint fixtures/bin/notes (README main job)', main, {
          commands: main.commands,
          capabilities: main.capabilities,
          probes: main.probes,
        }),
      );
    }
    const jobs = [
      ...all
        .filter((s) => s.kind === 'cmdhelp')
        .map((s) => async () => {
          const [command, args] = direct(s.command, corpus.KIT_COMMAND);
          const report = await lint.checkCmdhelp(command, args, {
            env: { AOI_TESTKIT_STATE_DIR: mkdtempSync(join(scratch, 'cmdhelp-')) },
          });
          return liveRecord(`live:checkCmdhelp scenarios/${s.id}.json`, report);
        }),
      ...all
        .filter((s) => s.kind === 'exec')
        .map((s) => async () => {
          const [command, args] = direct(s.command, corpus.KIT_COMMAND);
          const report = await lint.checkExec(command, args, {
            plan: s.plan,
            bulkLines: s.bulkLines,
            bulkTimeoutMs: 10_000,
          });
          return liveRecord(`live:checkExec scenarios/${s.id}.json`, report, {
            planSource: report.planSource,
          });
        }),
      ...all
        .filter((s) => s.kind === 'app')
        .map((s) => async () => {
          const report = await lint.checkAgentApplication(join(ROOT, s.path), s.options);
          return liveRecord(`live:checkAgentApplication scenarios/${s.id}.json`, report, {
            skipped: report.skipped ? normaliseText(report.skipped) : null,
          });
        }),
    ];
    out.push(...(await limited(jobs)));
    out.push(
      ...(await limited([
        ...all.filter((s) => s.kind === 'lint').map((s) => () => lintProcessScenario(s, corpus)),
        ...all.filter((s) => s.kind === 'foreign').map((s) => () => lintForeignScenario(s)),
      ])),
    );
    return out;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** `aoi-testkit lint … --output jsonl -- PROGRAM` as a user runs it: its aoi:check events, as a record. */
async function lintAsUser(input, args, program, options = {}) {
  const { runCli } = await load('run');
  const run = await runCli(
    process.execPath,
    [CLI, 'lint', ...args, '--output', 'jsonl', '--', ...program],
    { timeoutMs: 600_000, ...options },
  );
  const events = Buffer.from(run.stdout)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
  const checks = events.filter((e) => e.type === 'aoi:check');
  return {
    input,
    exitCode: run.exitCode,
    ok: events.find((e) => e.type === 'aoi:summary')?.ok ?? null,
    verdicts: checks.map((c) => [
      c.name,
      c.command ?? null,
      c.status,
      [...new Set((c.findings ?? []).map((f) => f.id))].sort(),
    ]),
  };
}

const plannedArgs = (s) => [
  ...s.setup.flatMap((argv) => ['--setup', shellWords(argv)]),
  ...s.invocations.flatMap((argv) => ['--invoke', shellWords(argv)]),
];
const shellWords = (argv) =>
  argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`)).join(' ');

/** A lint scenario's fake as a real process (`aoi-testkit fake …`), linted with the scenario's plan. */
function lintProcessScenario(s, corpus) {
  const [command, args] = direct(s.command, corpus.KIT_COMMAND);
  return lintAsUser(`live:lint process scenarios/${s.id}.json`, plannedArgs(s), [command, ...args]);
}

/** A foreign tool (clean or with its defect), linted from the package root with the scenario's options; its service first. */
async function lintForeignScenario(s) {
  const { spawn } = await import('node:child_process');
  let service;
  const env = [];
  if (s.service) {
    const [program, ...args] = s.service.command;
    service = spawn(program, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
    const url = await new Promise((resolve, reject) => {
      let out = '';
      service.stdout.setEncoding('utf8').on('data', (chunk) => {
        out += chunk;
        if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')).trim());
      });
      service.once('exit', (code) =>
        reject(new Error(`${s.id}: the service exited ${code} before its ready line`)),
      );
    });
    env.push('--env', `${s.service.urlEnv}=${url}`);
  }
  try {
    return await lintAsUser(
      `live:lint foreign scenarios/${s.id}.json`,
      [...s.lintArgs, ...env, ...plannedArgs(s)],
      s.command,
      { cwd: ROOT },
    );
  } finally {
    service?.kill();
  }
}

/** With --hog: a busy loop per core until the run ends, so that every probe competes for the CPU. */
async function withHogs(enabled, body) {
  if (!enabled) return body();
  const { spawn } = await import('node:child_process');
  const { availableParallelism } = await import('node:os');
  const hogs = Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  try {
    return await body();
  } finally {
    for (const hog of hogs) hog.kill('SIGKILL');
  }
}

// ---- the snapshot and its comparison ----

/** Rule prefixes whose verdicts need a program of the user's kind to judge, with where they are proven instead. */
const SNAPSHOTTED_ELSEWHERE = {
  CONSUMER: 'a consumer program is run per scenario: test/integration/consumer',
  RUNTIME: 'an APP runtime is run per scenario: test/integration/consumer/app-runtimes.test.ts',
};

async function snapshot(liveToo, kinds) {
  const [kit, lint, agents, corpus, fakes] = await Promise.all([
    load('index'),
    load('lint'),
    load('agents'),
    load('corpus'),
    load('fakes'),
  ]);
  const records = [
    ...(await streamScenarios(kit, corpus)),
    ...transcripts(kit),
    ...cmdhelpDocuments(kit),
    ...agentCliManifests(agents),
    ...appPackages(kit),
    ...agentConversations(agents),
    ...execFixtures(kit),
    ...contractPairs(kit),
    ...(await lintScenarios(lint, fakes, corpus)),
    ...(liveToo ? await live(lint, corpus, kinds) : []),
  ];
  const seen = new Set();
  for (const r of records) {
    if (seen.has(r.input)) throw new Error(`two records for ${r.input}`);
    seen.add(r.input);
  }
  // Every spec the kit judges (COVERAGE_SPECS, from SPECS) has inputs here: a spec added without them fails.
  const judged = new Set(
    records.flatMap((r) => (r.verdicts ?? []).map((v) => v.rule.split('-')[0])),
  );
  const missing = corpus.COVERAGE_SPECS.map((spec) => spec.prefix).filter(
    (prefix) => !judged.has(prefix) && !(prefix in SNAPSHOTTED_ELSEWHERE),
  );
  if (missing.length > 0)
    throw new Error(`no input of the snapshot judges ${missing.join(', ')}: add its fixtures here`);
  return {
    $comment:
      'aoi-testkit verdict snapshot (scripts/verdict-snapshot.mjs): every verdict on every shipped input.',
    live: liveToo,
    records,
  };
}

const render = (snap) => `${JSON.stringify(snap, null, 1)}\n`;

/** Where two values differ, as JSON-ish paths (at most `limit`). */
function differences(a, b, path = '', out = [], limit = 8) {
  if (out.length >= limit) return out;
  if (JSON.stringify(a) === JSON.stringify(b)) return out;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path}: ${a.length} item(s) before, ${b.length} now`);
    for (let i = 0; i < Math.min(a.length, b.length); i++)
      differences(a[i], b[i], `${path}[${i}]`, out, limit);
  } else if (isObject(a) && isObject(b)) {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])])
      differences(a[key], b[key], path ? `${path}.${key}` : key, out, limit);
  } else out.push(`${path}: ${JSON.stringify(a)} before, ${JSON.stringify(b)} now`);
  return out;
}

function compare(before, now) {
  const lines = [];
  const was = new Map(before.records.map((r) => [r.input, r]));
  const is = new Map(now.records.map((r) => [r.input, r]));
  for (const input of was.keys()) if (!is.has(input)) lines.push(`- missing now: ${input}`);
  for (const input of is.keys()) if (!was.has(input)) lines.push(`+ new: ${input}`);
  for (const [input, r] of is) {
    const old = was.get(input);
    if (!old) continue;
    const diff = differences(old, r);
    if (diff.length > 0) lines.push(`~ ${input}`, ...diff.map((d) => `    ${d}`));
  }
  return lines;
}

const args = parseArgs(process.argv.slice(2));
const started = Date.now();
const snap = await withHogs(args.hog, () => snapshot(args.live, args.kinds));
process.stderr.write(
  `verdict-snapshot: ${((Date.now() - started) / 1000).toFixed(0)} s${args.hog ? ', a busy loop on every core' : ''}\n`,
);
if (args.out) {
  writeFileSync(args.out, render(snap));
  process.stdout.write(
    `verdict-snapshot: ${snap.records.length} record(s) written to ${args.out}\n`,
  );
} else {
  const before = readJson(args.compare);
  if (before.live !== snap.live)
    usage(
      `${args.compare} was made ${before.live ? 'with' : 'without'} --live: compare it the same way`,
    );
  const lines = compare(before, snap);
  if (lines.length === 0) {
    process.stdout.write(
      `verdict-snapshot: ${snap.records.length} record(s), identical to ${args.compare}\n`,
    );
  } else {
    const changed = lines.filter((l) => /^[-+~] /.test(l)).length;
    process.stdout.write(
      `verdict-snapshot: ${changed} input(s) differ from ${args.compare}\n${lines.join('\n')}\n`,
    );
    process.exit(1);
  }
}
