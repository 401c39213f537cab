#!/usr/bin/env node
// The package test: how users meet the kit. Packs the package as npm would publish it, installs
// the tarball into scratch consumer projects (vitest 3.2, 4 and 5, jest 29 and 30, ESM and CommonJS, plain
// Node), runs their tests and type tests, and prints one line per scenario.
//
//   node test/package/run.mjs [--keep] [--only=name,name] [--jobs=N]
//
//   --keep   keep the scratch directory (its path is printed) instead of deleting it
//   --only   run only these consumer projects (see PROJECTS below)
//   --jobs   projects installed and run at the same time (default 2)
//
// Templates live in test/package/fixtures/<project>/: a package.json whose "__TARBALL__"
// placeholder becomes `file:<tarball>` ("__CORPUS_TARBALL__": the corpus package's), a tsconfig and test files. fixtures/_shared/ is copied
// into every project. Plain Node, no dependencies: it must run before anything is installed.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const fixtures = join(here, 'fixtures');
const isWindows = process.platform === 'win32';
const npm = isWindows ? 'npm.cmd' : 'npm';
const node = process.execPath;

const MINUTE = 60_000;
const INSTALL_TIMEOUT = 8 * MINUTE;
const STEP_TIMEOUT = 4 * MINUTE;

// ---------------------------------------------------------------------------------------------
// The consumer projects. Each step is [name, argv] run in the project directory; `node` in argv[0]
// means the project's Node (the machine's, or node@22 from the npm registry for vitest 5).

const tsc = ['node', 'node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'];
const tscSteps = [
  ['tsc (skipLibCheck)', [...tsc, '--skipLibCheck', 'true']],
  ['tsc (full lib check)', [...tsc, '--skipLibCheck', 'false']],
];
// The other resolutions users type-check under: bundler (vite-style projects), node10 (ts-jest setups, through
// typesVersions, with @types/jest's global `expect`).
const tscBundler = ['tsc (moduleResolution bundler)', ['node', 'node_modules/typescript/bin/tsc', '-p', 'tsconfig.bundler.json']];
const tscNode10 = ['tsc (moduleResolution node10, @types/jest globals)', ['node', 'node_modules/typescript/bin/tsc', '-p', 'tsconfig.node10.json']];
const vitestRun = ['node', 'node_modules/vitest/vitest.mjs', 'run', '--reporter=verbose'];

const PROJECTS = [
  {
    name: 'exports',
    steps: [
      ['import every subpath (ESM)', ['node', 'esm.mjs']],
      ['require every subpath (CJS)', ['node', 'cjs.cjs']],
      ['bin aoi-testkit', ['node', 'cli.mjs']],
      ['rule docs linked from messages', ['node', 'docs.mjs']],
    ],
  },
  {
    name: 'vitest4-esm',
    steps: [['vitest run', vitestRun], ...tscSteps, tscBundler],
  },
  {
    name: 'vitest4-cjs',
    steps: [
      ['vitest run (expect.extend(require(\'aoi-testkit/matchers\')))', [...vitestRun, '--config', 'vitest.matchers.config.mjs']],
      ['vitest run (require(\'aoi-testkit/vitest\'))', [...vitestRun, '--config', 'vitest.config.mjs']],
      ...tscSteps,
    ],
  },
  {
    name: 'vitest3-esm',
    base: 'vitest4-esm',
    steps: [['vitest run (vitest 3.2)', vitestRun], ...tscSteps, tscBundler],
  },
  {
    name: 'vitest5-esm',
    base: 'vitest4-esm',
    // vitest 5 needs Node 22.12+; the machine may have 20. node@22 from the npm registry puts a
    // `node` binary into node_modules/.bin (never fetched from anywhere else).
    nodeFromRegistry: 'node@22',
    steps: [['vitest run (node 22)', vitestRun], ...tscSteps, tscBundler],
  },
  {
    name: 'jest30-esm',
    steps: [
      ['jest (native ESM)', ['node', '--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--ci', '--verbose']],
      ...tscSteps,
    ],
  },
  {
    name: 'jest30-cjs',
    steps: [['jest (CommonJS)', ['node', 'node_modules/jest/bin/jest.js', '--ci', '--verbose']], ...tscSteps, tscNode10],
  },
  {
    // The README's vitest set-up, its files as the README shows them (each fenced block after `<!-- file: PATH -->`),
    // in a project as `npm init -y` makes it (CommonJS), made a module as the README says; Vite's warnings fail it.
    name: 'readme',
    fromReadme: true,
    steps: [
      ['npm pkg set type=module (as the README says)', [npm, 'pkg', 'set', 'type=module']],
      ['vitest run (the README\'s files, no warning)', vitestRun, { rejectOutput: /warn|CommonJS/i }],
      ['tsc (the README\'s files)', [...tsc]],
    ],
  },
  {
    // Every shell command of the README as written, from this install (test/package/readme-commands.mjs; the
    // checkout runs the same list in test/integration/readme/commands.test.ts). msw: `notes sync` needs it.
    name: 'readme-commands',
    fromRepo: ['README.md', 'test/package/readme-commands.mjs'],
    steps: [
      ['every README command (each with its expected exit)', ['node', 'test/package/readme-commands.mjs', 'README.md'], { timeout: 30 * MINUTE }],
    ],
  },
  {
    // A project that describes its tool in aoi-testkit.config.json only: `npx aoi-testkit lint` and a vitest test
    // (toPassAoiLint with no options, and lintProgram with the loaded config) agree verdict for verdict.
    name: 'config',
    steps: [
      ['npx aoi-testkit lint (the config only)', ['npx', 'aoi-testkit', 'lint', '--reporter', 'jsonl=cli.jsonl']],
      ['vitest run (toPassAoiLint, the same verdicts)', vitestRun],
    ],
  },
  {
    // The corpus package (packed by scripts/pack-corpus.mjs) installed beside the kit: the corpus API, its files
    // by their package paths, the corpus commands and the Python guide's listing. `exports` is the kit without it.
    name: 'corpus',
    steps: [['aoi-testkit-corpus beside the kit', ['node', 'corpus.mjs']]],
  },
  {
    // The GitHub Action, its steps run as a runner runs them (action.yml and its script, copied from the repo).
    name: 'action',
    fromRepo: ['action.yml', 'scripts/action-install.sh', 'scripts/action-lint.sh', 'scripts/action-outputs.mjs'],
    // Six lints of the fake: past the 4 minutes of a step on a busy 2-core machine.
    steps: [['action.yml on a clean and a failing tool, and with a baseline', ['node', 'run-action.mjs'], { timeout: 15 * MINUTE }]],
  },
  {
    // The Action from a `git clone` of this repository, which has no dist/: its install step builds the checkout
    // (npm ci, npm run build) and the lint runs with it; the outputs are read back. Slow (a whole install and build).
    name: 'action-build',
    base: 'action',
    steps: [['action.yml from a clone without dist/ (builds it)', ['node', 'build-from-clone.mjs', repo], { timeout: 45 * MINUTE }]],
  },
  {
    // jest 29 is inside the peer range: the jest 30 CommonJS project's files, on jest 29 and @types/jest 29.
    name: 'jest29-cjs',
    base: 'jest30-cjs',
    steps: [['jest 29 (CommonJS)', ['node', 'node_modules/jest/bin/jest.js', '--ci', '--verbose']], ...tscSteps, tscNode10],
  },
];

// ---------------------------------------------------------------------------------------------

const argv = process.argv.slice(2);
const flag = (name) => argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
const flagValue = (name) => flag(name)?.split('=').slice(1).join('=');
const keep = Boolean(flag('keep'));
const only = flagValue('only')?.split(',').filter(Boolean);
const jobs = Math.max(1, Number(flagValue('jobs') ?? 2) || 2);
for (const name of only ?? []) {
  if (!PROJECTS.some((p) => p.name === name)) die(`unknown project ${name}; known: ${PROJECTS.map((p) => p.name).join(', ')}`);
}

/** Env for children: ours, minus what `npm run` adds about *this* package. */
function childEnv(extraPath) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_(package_|lifecycle_|config_local_prefix$)/i.test(k) || k === 'INIT_CWD') continue;
    env[k] = v;
  }
  env.CI = env.CI ?? '1';
  env.NO_COLOR = '1';
  env.FORCE_COLOR = '0';
  if (extraPath) {
    const key = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
    env[key] = `${extraPath}${isWindows ? ';' : ':'}${env[key] ?? ''}`;
  }
  return env;
}

const children = new Set();

/** Run a command; resolve with { code, output (stdout and stderr), stdout, timedOut }. Never rejects. */
function exec(cmd, args, { cwd, timeout = STEP_TIMEOUT, env = childEnv() } = {}) {
  return new Promise((done) => {
    let output = '';
    let stdout = '';
    let timedOut = false;
    let child;
    try {
      child = spawn(cmd, args, { cwd, env, detached: !isWindows, shell: isWindows && cmd.endsWith('.cmd'), stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      done({ code: -1, output: String(error), stdout, timedOut });
      return;
    }
    children.add(child);
    child.stdout.on('data', (d) => {
      output += d;
      stdout += d;
    });
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      timedOut = true;
      kill(child);
    }, timeout);
    child.on('error', (error) => (output += `\n${error.stack ?? error}`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      done({ code: code ?? (signal ? 128 : -1), signal, output, stdout, timedOut });
    });
  });
}

function kill(child) {
  try {
    if (isWindows) child.kill();
    else process.kill(-child.pid, 'SIGKILL'); // the whole group: vitest and jest start workers
  } catch {
    /* already gone */
  }
}

function die(message) {
  console.error(`test:package: ${message}`);
  process.exit(2);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
const results = [];

function report(name, ok, ms, output = '', note = '') {
  results.push({ name, ok, ms, output });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name} (${seconds(ms)})${note ? ` — ${note}` : ''}`);
}

// ---------------------------------------------------------------------------------------------

const scratch = mkdtempSync(join(tmpdir(), 'aoi-testkit-package-'));
refuseStrayNodeModules(scratch);
let cleaned = false;
function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const child of children) kill(child);
  if (keep) console.log(`scratch projects kept in ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    cleanup();
    process.exit(130);
  });
}

/**
 * Node resolves packages from every `node_modules` above a project, so one in the temp directory or above it
 * (a stray install, a symlink) would make an optional peer such as msw resolvable in every scratch project and
 * turn "works without it" checks red, or green, for the wrong reason.
 */
function refuseStrayNodeModules(dir) {
  for (let above = dirname(dir); ; above = dirname(above)) {
    if (existsSync(join(above, 'node_modules'))) {
      rmSync(dir, { recursive: true, force: true });
      console.error(`test:package: ${join(above, 'node_modules')} is visible to the scratch projects (Node resolves packages from it); remove it, or set TMPDIR to a directory with none above it`);
      process.exit(2);
    }
    if (dirname(above) === above) return;
  }
}

/** Build if needed and pack; returns the tarball path and the packed file list. */
async function pack() {
  if (!existsSync(join(repo, 'dist'))) {
    const started = Date.now();
    const build = await exec(npm, ['run', 'build'], { cwd: repo, timeout: 5 * MINUTE });
    report('build (dist/ was missing)', build.code === 0, Date.now() - started, build.output);
    if (build.code !== 0) return undefined;
  }
  const started = Date.now();
  const dest = join(scratch, 'pack');
  mkdirSync(dest);
  const packed = await exec(npm, ['pack', '--json', '--pack-destination', dest], { cwd: repo, timeout: 2 * MINUTE });
  let info;
  try {
    // Lifecycle scripts may print before the JSON; the array starts with a line holding only "[".
    info = JSON.parse(packed.stdout.slice(packed.stdout.search(/^\[\s*$/m)))[0];
  } catch {
    /* reported below */
  }
  if (packed.code !== 0 || !info) {
    report('npm pack', false, Date.now() - started, packed.output);
    return undefined;
  }
  const tarball = join(dest, info.filename);
  const files = info.files.map((f) => f.path);
  const problems = checkTarball(files);
  report(`npm pack (${files.length} files, ${Math.round(info.size / 1024)} kB)`, problems.length === 0, Date.now() - started, problems.join('\n'));
  return existsSync(tarball) ? tarball : undefined;
}

/** Pack aoi-testkit-corpus (scripts/pack-corpus.mjs) beside the kit's tarball; its version must be the kit's. */
async function packCorpus() {
  const started = Date.now();
  const dest = join(scratch, 'pack');
  const packed = await exec(node, [join(repo, 'scripts', 'pack-corpus.mjs'), '--pack-destination', dest], { cwd: repo, timeout: 2 * MINUTE });
  let info;
  try {
    info = JSON.parse(packed.stdout.slice(packed.stdout.search(/^\[\s*$/m)))[0];
  } catch {
    /* reported below */
  }
  const kit = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  const files = new Set(info?.files.map((f) => f.path) ?? []);
  const problems = [
    ...(info && info.version !== kit.version ? [`version ${info.version}, the kit's is ${kit.version}`] : []),
    ...['package.json', 'README.md', 'LICENSE', 'scenarios/scenario.schema.json', 'scenarios/README.md', 'fixtures/transcripts/expected.schema.json', 'fixtures/contracts/expected.schema.json']
      .filter((f) => info && !files.has(f))
      .map((f) => `missing from the corpus tarball: ${f}`),
  ];
  const ok = packed.code === 0 && info !== undefined && problems.length === 0;
  const what = info ? ` (${files.size} files, ${Math.round(info.size / 1024)} kB, ${(info.unpackedSize / 1e6).toFixed(2)} MB unpacked)` : '';
  report(`pack aoi-testkit-corpus${what}`, ok, Date.now() - started, [packed.output, ...problems].join('\n'));
  return ok ? join(dest, info.filename) : undefined;
}

/** What the tarball must (and must not) hold, from package.json's own claims. */
function checkTarball(files) {
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  const has = new Set(files);
  const problems = [];
  const need = (path, why) => {
    const p = path.replace(/^\.\//, '');
    if (!has.has(p)) problems.push(`missing from the tarball: ${p} (${why})`);
  };
  const walk = (target, where) => {
    if (typeof target === 'string') {
      if (!target.includes('*')) need(target, where);
      else if (!files.some((f) => f.startsWith(target.slice(2, target.indexOf('*'))))) problems.push(`nothing in the tarball matches ${target} (${where})`);
    } else if (target && typeof target === 'object') {
      for (const [k, v] of Object.entries(target)) walk(v, `${where} ${k}`);
    }
  };
  for (const [sub, target] of Object.entries(pkg.exports ?? {})) walk(target, `exports["${sub}"]`);
  for (const field of ['main', 'module', 'types']) if (pkg[field]) need(pkg[field], field);
  for (const [name, bin] of Object.entries(typeof pkg.bin === 'string' ? { [pkg.name]: pkg.bin } : (pkg.bin ?? {}))) need(bin, `bin ${name}`);
  need('package.json', 'always');
  // A foreign-tool scenario names its program and tool.json by their paths in the package.
  for (const name of readdirSync(join(repo, 'scenarios')).filter((n) => n.startsWith('foreign.'))) {
    const scenario = JSON.parse(readFileSync(join(repo, 'scenarios', name), 'utf8'));
    need(`${scenario.tool.path}/tool.json`, `scenarios/${name}`);
    need(scenario.command.at(-1), `scenarios/${name}`);
  }
  for (const f of files) {
    if (/^(scenarios|fixtures\/transcripts|fixtures\/contracts)\//.test(f)) problems.push(`the corpus package's, not the kit's: ${f}`);
    if (/^(src|test|bench|scripts|node_modules)\//.test(f) || /(^|\/)\.env/.test(f) || f.endsWith('.tsbuildinfo')) {
      problems.push(`should not be published: ${f}`);
    }
  }
  return problems;
}

/** Copy a project's templates, point it at the tarball. */
function scaffold(project, tarball, corpusTarball) {
  const dir = join(scratch, project.name);
  mkdirSync(dir);
  if (project.base) cpSync(join(fixtures, project.base), dir, { recursive: true });
  cpSync(join(fixtures, '_shared'), dir, { recursive: true });
  cpSync(join(fixtures, project.name), dir, { recursive: true });
  for (const path of project.fromRepo ?? []) cpSync(join(repo, path), join(dir, path), { recursive: true });
  if (project.fromReadme) {
    const blocks = [...readFileSync(join(repo, 'README.md'), 'utf8').matchAll(/^<!-- file: (\S+) -->\n```\w*\n([\s\S]*?)^```$/gm)];
    if (blocks.length === 0) throw new Error('README.md has no <!-- file: PATH --> block');
    for (const [, path, text] of blocks) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  }
  const manifest = join(dir, 'package.json');
  const text = readFileSync(manifest, 'utf8');
  if (!text.includes('"__TARBALL__"')) throw new Error(`${project.name}/package.json has no "__TARBALL__" placeholder`);
  writeFileSync(
    manifest,
    text.replaceAll('"__TARBALL__"', JSON.stringify(`file:${tarball}`)).replaceAll('"__CORPUS_TARBALL__"', JSON.stringify(`file:${corpusTarball}`)),
  );
  return dir;
}

async function runProject(project, tarball, corpusTarball) {
  const label = (step) => `${project.name} › ${step}`;
  const skipRest = (from, why) => {
    for (const [name] of project.steps.slice(from)) report(label(name), false, 0, '', `skipped: ${why}`);
  };
  let dir;
  try {
    dir = scaffold(project, tarball, corpusTarball);
  } catch (error) {
    report(label('scaffold'), false, 0, String(error.stack ?? error));
    return skipRest(0, 'scaffold failed');
  }

  let started = Date.now();
  const install = await exec(npm, ['install', '--no-audit', '--no-fund'], { cwd: dir, timeout: INSTALL_TIMEOUT });
  report(label('npm install'), install.code === 0, Date.now() - started, install.output, install.timedOut ? 'timed out' : '');
  if (install.code !== 0) return skipRest(0, 'npm install failed');

  let projectNode = node;
  let env = childEnv();
  if (project.nodeFromRegistry) {
    started = Date.now();
    const got = await exec(npm, ['install', '--no-save', '--no-audit', '--no-fund', project.nodeFromRegistry], { cwd: dir, timeout: INSTALL_TIMEOUT });
    const bin = join(dir, 'node_modules', '.bin', isWindows ? 'node.cmd' : 'node');
    const version = got.code === 0 && existsSync(bin) ? await exec(bin, ['--version'], { cwd: dir }) : { code: -1, output: '' };
    const wanted = project.nodeFromRegistry.split('@')[1];
    const ok = version.code === 0 && version.output.trim().startsWith(`v${wanted}.`);
    report(label(`npm i --no-save ${project.nodeFromRegistry}`), ok, Date.now() - started, `${got.output}\n${version.output}`, ok ? version.output.trim() : '');
    if (!ok) return skipRest(0, `${project.nodeFromRegistry} unavailable`);
    projectNode = bin;
    env = childEnv(join(dir, 'node_modules', '.bin')); // anything spawning `node` gets this one too
  }

  for (const [name, [cmd, ...args], { rejectOutput, timeout = STEP_TIMEOUT } = {}] of project.steps) {
    started = Date.now();
    const result = await exec(cmd === 'node' ? projectNode : cmd, args, { cwd: dir, env, timeout });
    const rejected = rejectOutput?.exec(result.output);
    const note = result.timedOut ? 'timed out' : rejected ? `printed ${JSON.stringify(rejected[0])}` : '';
    report(label(name), result.code === 0 && !rejected, Date.now() - started, result.output, note);
  }
}

async function main() {
  const began = Date.now();
  console.log(`aoi-testkit package test: node ${process.version}, scratch ${scratch}`);
  const tarball = await pack();
  const corpusTarball = tarball && (await packCorpus());
  const selected = PROJECTS.filter((p) => !only || only.includes(p.name));
  if (tarball && corpusTarball) {
    const queue = [...selected];
    const worker = async () => {
      for (let project = queue.shift(); project; project = queue.shift()) await runProject(project, tarball, corpusTarball);
    };
    await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, worker));
  }

  const failed = results.filter((r) => !r.ok);
  for (const r of failed) {
    if (!r.output.trim()) continue;
    console.log(`\n──── FAIL ${r.name} ────`);
    const text = r.output.trimEnd();
    console.log(text.length > 20_000 ? `…${text.slice(-20_000)}` : text);
  }
  console.log(`\ntotal ${seconds(Date.now() - began)}`);
  console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
  return failed.length === 0 && tarball && corpusTarball ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
} finally {
  cleanup();
}
process.exit(code);
