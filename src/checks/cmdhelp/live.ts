/**
 * The live cmdhelp checker: runs a tool's help surface with runCli and judges CMDHELP-01…08. The judgements
 * themselves are the pure validators (document.ts, capability.ts, markdown.ts, examples.ts); this file only
 * decides which invocations to make and compares their outputs.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type Run, type RunCliOptions } from '../../run/run-cli.js';
import { maskSecrets } from '../secrets.js';
import { CAPABILITY_PROBES } from '../../spec/cmdhelp/constants.js';
import { CMDHELP_RULES, CMDHELP_SUB_RULES } from '../../spec/cmdhelp/rules.js';
import type { CmdhelpCommand, CmdhelpDocument } from '../../spec/cmdhelp/types.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';
import { makeVerdict, type RuleVerdict } from '../verdict.js';
import { parseCapabilityLine, type CapabilityLine } from './capability.js';
import { validateCmdhelpDocument } from './document.js';
import { checkCmdhelpMarkdown } from './markdown.js';

export interface CmdhelpCheckOptions extends Pick<RunCliOptions, 'env' | 'cwd' | 'timeoutMs'> {
  /** Warnings count as errors (the spec's ambiguous points: unknown format, negative depth, parity). */
  strict?: boolean;
  /** At most this many commands are walked (default 64). */
  maxCommands?: number;
}

export interface CmdhelpReport {
  /** No rule failed. */
  readonly valid: boolean;
  readonly verdicts: readonly RuleVerdict[];
  readonly findings: readonly Finding[];
  readonly capability?: CapabilityLine;
  /** The tree as assembled from the scoped json outputs (leaves in full detail). */
  readonly document?: CmdhelpDocument;
}

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
/** md compared across runs: the frontmatter's `generated` timestamp differs by design. */
const normaliseMd = (md: string) => md.replace(/^generated:.*$/m, 'generated: *');
const hasDetail = (c: unknown) => isObject(c) && (c.flags !== undefined || c.args !== undefined || c.examples !== undefined);
const detailKey = (c: unknown) =>
  isObject(c)
    ? JSON.stringify({
        flags: isObject(c.flags) ? Object.keys(c.flags).sort() : [],
        args: Array.isArray(c.args) ? c.args.length : 0,
        examples: Array.isArray(c.examples) ? c.examples.length : 0,
      })
    : '';

/**
 * Run `command [...args]` (e.g. `node`, `['dist/bin/helpdesk.js']`) through its cmdhelp surface and judge every
 * CMDHELP rule. Never throws for a misbehaving tool; a tool that cannot be started fails CMDHELP-01.
 *
 * @example const report = await checkCmdhelp('helpdesk'); report.valid
 */
export async function checkCmdhelp(command: string, args: readonly string[] = [], options: CmdhelpCheckOptions = {}): Promise<CmdhelpReport> {
  const strict = options.strict === true;
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const notApplicable = new Map<string, string>();
  const shown = (extra: readonly string[]) => [command, ...args, ...extra].map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : JSON.stringify(w))).join(' ');
  const report = (id: string, message: string, probe: readonly string[], excerpt?: string, line?: number) => {
    const key = `${id}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    findings.push(makeFinding(id, maskSecrets(message), { probe: maskSecrets(shown(probe)), ...(excerpt !== undefined ? { excerpt: toExcerpt(excerpt) } : {}), ...(line !== undefined ? { line } : {}) }, strict));
  };
  const cache = new Map<string, Promise<Run>>();
  const run = (extra: readonly string[], runOptions: RunCliOptions = {}): Promise<Run> => {
    const key = JSON.stringify([extra, runOptions.env ?? null]);
    let pending = cache.get(key);
    if (!pending) {
      pending = runCli(command, [...args, ...extra], {
        ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
        timeoutMs: options.timeoutMs ?? 30_000,
        env: { ...(options.env ?? {}), ...(runOptions.env ?? {}) },
      });
      cache.set(key, pending);
    }
    return pending;
  };
  const out = async (extra: readonly string[]) => {
    const r = await run(extra);
    return { run: r, stdout: decode(r.stdout), stderr: decode(r.stderr), ok: r.exitCode === 0 };
  };

  // CMDHELP-01: the capability line.
  const capability = await judgeCapability(run, report);

  // CMDHELP-03: the formats.
  const [text, dflt, md, json, llm, bogus, negative] = await Promise.all([
    out(['help', '--format', 'text']),
    out(['help']),
    out(['help', '--format', 'md']),
    out(['help', '--format', 'json']),
    out(['help', '--format', 'llm']),
    out(['help', '--format', 'aoi-testkit-no-such-format']),
    out(['help', '--depth', '-1']),
  ]);
  for (const [fmt, r] of [['text', text], ['md', md], ['json', json]] as const)
    if (!r.ok || r.stdout.trim() === '') report('CMDHELP-03/format-unsupported', `help --format ${fmt} ${r.ok ? 'printed nothing' : `exited ${r.run.exitCode ?? r.run.signal}`}.`, ['help', '--format', fmt], r.stderr.split('\n', 1)[0]);
  if (text.ok && dflt.stdout !== text.stdout) report('CMDHELP-03/text-not-default', 'help without --format prints something other than help --format text.', ['help'], dflt.stdout.split('\n', 1)[0]);
  const llmListed = capability?.formats.includes('llm') ?? false;
  if (llm.ok) {
    if (md.ok && normaliseMd(llm.stdout) !== normaliseMd(md.stdout)) report('CMDHELP-03/llm-not-md', '--format llm prints something other than --format md.', ['help', '--format', 'llm']);
    if (capability && !llmListed) report('CMDHELP-01/unlisted-format', 'help --format llm works but the capability line does not list llm.', ['help', '--format', 'llm']);
  } else if (llmListed) report('CMDHELP-01/listed-unsupported', `The capability line lists llm but help --format llm exits ${llm.run.exitCode ?? llm.run.signal}.`, ['help', '--format', 'llm'], llm.stderr.split('\n', 1)[0]);
  for (const f of capability?.formats ?? []) if (!['text', 'md', 'json', 'llm'].includes(f)) {
    const r = await out(['help', '--format', f]);
    if (!r.ok) report('CMDHELP-01/listed-unsupported', `The capability line lists ${f} but help --format ${f} exits ${r.run.exitCode ?? r.run.signal}.`, ['help', '--format', f]);
  }
  if (bogus.ok || bogus.stderr.trim() === '')
    report('CMDHELP-03/unknown-format', bogus.ok ? 'help --format <unknown> exits 0.' : 'help --format <unknown> fails without a message on stderr.', ['help', '--format', 'aoi-testkit-no-such-format'], bogus.stdout.split('\n', 1)[0]);
  if (negative.ok || negative.stderr.trim() === '')
    report('CMDHELP-03/negative-depth', negative.ok ? 'help --depth -1 exits 0.' : 'help --depth -1 fails without a message on stderr.', ['help', '--depth', '-1'], negative.stdout.split('\n', 1)[0]);

  // CMDHELP-02 and the tree walk (CMDHELP-04).
  const parse = (r: { stdout: string; ok: boolean }, probe: readonly string[]): CmdhelpDocument | undefined => {
    if (!r.ok) return undefined;
    const checked = validateCmdhelpDocument(r.stdout, { examples: false });
    for (const f of checked.findings) report(f.id, f.message, probe, f.excerpt);
    let value: unknown;
    try {
      value = JSON.parse(r.stdout);
    } catch {
      return undefined;
    }
    return isObject(value) && isObject(value.commands) ? (value as CmdhelpDocument) : undefined;
  };
  const root = parse(json, ['help', '--format', 'json']);
  let assembled: CmdhelpDocument | undefined;
  if (root) {
    const binary = typeof root.binary === 'string' ? root.binary : '';
    for (const [path, c] of Object.entries(root.commands))
      if (hasDetail(c)) report('CMDHELP-04/root-not-summary', `help at the root emits flags, args or examples for "${path}".`, ['help', '--format', 'json']);
    const depth0 = parse(await out(['help', '--format', 'json', '--depth', '0']), ['help', '--format', 'json', '--depth', '0']);
    for (const [path, c] of Object.entries(depth0?.commands ?? {}))
      if (hasDetail(c)) report('CMDHELP-04/root-not-summary', `help --depth 0 emits flags, args or examples for "${path}".`, ['help', '--format', 'json', '--depth', '0']);
    const mdRoot = checkCmdhelpMarkdown(md.stdout, { binary, strict });
    for (const c of mdRoot.commands)
      if (c.sections.some((s) => ['Arguments', 'Flags', 'Examples'].includes(s))) report('CMDHELP-04/root-not-summary', `help --format md at the root emits the detail of "${c.path}".`, ['help', '--format', 'md']);

    // Walk: every command of the tree, through scoped help. A scope that lists children is a group.
    const leaves = new Map<string, CmdhelpCommand>();
    const groups = new Map<string, CmdhelpCommand>();
    const queue = Object.keys(root.commands);
    const visited = new Set<string>();
    const limit = options.maxCommands ?? 64;
    while (queue.length > 0 && visited.size < limit) {
      const batch = queue.splice(0, 8).filter((p) => !visited.has(p));
      batch.forEach((p) => visited.add(p));
      await Promise.all(
        batch.map(async (path) => {
          const probe = ['help', ...path.split(' '), '--format', 'json'];
          const doc = parse(await out(probe), probe);
          if (!doc) return;
          const keys = Object.keys(doc.commands);
          const inside = (k: string) => k === path || k.startsWith(`${path} `);
          const leak = keys.filter((k) => !inside(k));
          if (leak.length > 0) report('CMDHELP-04/scope-leak', `help ${path} lists ${leak.slice(0, 3).map((k) => `"${k}"`).join(', ')}, outside the scope.`, probe);
          const children = keys.filter((k) => k.startsWith(`${path} `));
          if (children.length > 0) {
            groups.set(path, (root.commands[path] ?? doc.commands[path] ?? { summary: '' }) as CmdhelpCommand);
            for (const child of children) {
              if (hasDetail(doc.commands[child])) report('CMDHELP-04/root-not-summary', `help ${path} emits flags, args or examples for "${child}".`, probe);
              if (!visited.has(child)) queue.push(child);
            }
          } else if (doc.commands[path]) leaves.set(path, doc.commands[path]!);
        }),
      );
    }
    assembled = { ...root, commands: Object.fromEntries([...groups, ...leaves].sort(([a], [b]) => a.localeCompare(b))) };
    const whole = validateCmdhelpDocument(assembled);
    for (const f of whole.findings) if (f.id.startsWith('CMDHELP-07/')) report(f.id, f.message, ['help', ...f.path.split('/')[2]!.replace(/~1/g, '/').replace(/~0/g, '~').split(' '), '--format', 'json'], f.excerpt);

    // --depth N, for every N from 1 to the deepest level (CMDHELP-04): the leaves within N levels in the detail
    // `help <leaf>` shows, and nothing below level N detailed (a tool that expands everything at any N ≥ 1 fails).
    const levelOf = (path: string) => path.split(' ').length;
    const maxLevel = Math.max(1, ...[...leaves.keys()].map(levelOf));
    let deep: CmdhelpDocument | undefined;
    for (let n = 1; n <= maxLevel; n++) {
      const probe = ['help', '--format', 'json', '--depth', String(n)];
      const answer = await out(probe);
      const doc = parse(answer, probe);
      if (n === maxLevel) deep = doc;
      if (!doc) {
        // A rejected --depth expands nothing (a non-JSON answer is CMDHELP-02's, reported by parse).
        if (!answer.ok) report('CMDHELP-04/depth-ignored', `help --depth ${n} exits ${answer.run.exitCode ?? answer.run.signal}: nothing is expanded.`, probe, answer.stderr.split('\n', 1)[0]);
        continue;
      }
      for (const [path, leaf] of leaves)
        if (levelOf(path) <= n && hasDetail(leaf) && detailKey(doc.commands[path]) !== detailKey(leaf))
          report('CMDHELP-04/depth-ignored', `help --depth ${n} does not show "${path}" (level ${levelOf(path)}) in the detail help ${path} shows.`, probe);
      const below = Object.keys(doc.commands).filter((path) => levelOf(path) > n && hasDetail(doc.commands[path]));
      if (below.length > 0)
        report('CMDHELP-04/depth-overexpanded', `help --depth ${n} shows ${below.slice(0, 3).map((p) => `"${p}"`).join(', ')}${below.length > 3 ? ` and ${below.length - 3} more` : ''}, more than ${n} level(s) down, in full detail.`, probe);
    }
    for (const [path, leaf] of leaves) {
      const inDeep = deep?.commands[path];
      if (hasDetail(inDeep) && detailKey(inDeep) !== detailKey(leaf))
        report('CMDHELP-04/leaf-not-detailed', `help ${path} lacks the detail (flags, args, examples) that help --depth ${maxLevel} shows.`, ['help', ...path.split(' '), '--format', 'json']);
    }

    // md per leaf: shape (CMDHELP-05), same examples as json (CMDHELP-06), --help parity (CMDHELP-08).
    const deepMdProbe = ['help', '--format', 'md', '--depth', String(maxLevel)];
    const deepMd = await out(deepMdProbe);
    if (deepMd.ok && deep) {
      const m = checkCmdhelpMarkdown(deepMd.stdout, { binary, strict });
      for (const f of m.findings) report(f.id, f.message, deepMdProbe, f.excerpt, f.line);
      const headed = new Set(m.commands.map((c) => c.path));
      const detailed = Object.entries(deep.commands).filter(([, c]) => hasDetail(c)).map(([p]) => p);
      const missing = detailed.filter((p) => !headed.has(p));
      const extra = [...headed].filter((p) => !Object.hasOwn(deep.commands, p));
      if (missing.length > 0 || extra.length > 0)
        report('CMDHELP-06/commands-differ', `md and json at --depth ${maxLevel} document different commands (${[...missing.map((p) => `json only: "${p}"`), ...extra.map((p) => `md only: "${p}"`)].slice(0, 3).join(', ')}).`, deepMdProbe);
    }
    let offered = 0;
    await Promise.all(
      [...leaves].map(async ([path, leaf]) => {
        const words = path.split(' ');
        const mdProbe = ['help', ...words, '--format', 'md'];
        const [leafMd, sub] = await Promise.all([out(mdProbe), out([...words, '--help', '--format', 'md'])]);
        if (!leafMd.ok) return report('CMDHELP-03/format-unsupported', `help ${path} --format md exits ${leafMd.run.exitCode ?? leafMd.run.signal}.`, mdProbe, leafMd.stderr.split('\n', 1)[0]);
        const m = checkCmdhelpMarkdown(leafMd.stdout, { binary, strict });
        for (const f of m.findings) report(f.id, f.message, mdProbe, f.excerpt, f.line);
        const section = m.commands.find((c) => c.path === path);
        const jsonExamples = (Array.isArray(leaf.examples) ? leaf.examples : []).map((e) => (isObject(e) && typeof e.cmd === 'string' ? e.cmd.trim() : '')).sort();
        const mdExamples = [...(section?.examples ?? [])].sort();
        if (JSON.stringify(jsonExamples) !== JSON.stringify(mdExamples)) {
          const onlyMd = mdExamples.filter((e) => !jsonExamples.includes(e));
          const onlyJson = jsonExamples.filter((e) => !mdExamples.includes(e));
          report('CMDHELP-06/examples-differ', `"${path}": ${onlyJson.length} example(s) only in json, ${onlyMd.length} only in md.`, mdProbe, onlyMd[0] ?? onlyJson[0]);
        }
        const looksMd = sub.ok && (sub.stdout.startsWith('---') || /^##? /m.test(sub.stdout));
        if (!looksMd) return;
        offered++;
        if (normaliseMd(sub.stdout) !== normaliseMd(leafMd.stdout))
          report('CMDHELP-08/parity', `${path} --help --format md differs from help ${path} --format md.`, [...words, '--help', '--format', 'md']);
      }),
    );
    if (offered === 0) notApplicable.set('CMDHELP-08', '<sub> --help --format md is not offered (no leaf answered it with markdown).');
  } else if (json.ok) {
    notApplicable.set('CMDHELP-04', 'help --format json is not a cmdhelp document: the tree cannot be walked.');
  }

  return finish(findings, notApplicable, strict, capability, assembled);
}

type Reporter = (id: string, message: string, probe: readonly string[], excerpt?: string, line?: number) => void;

/**
 * Both discovery forms (§8): every form that answers with a cmdhelp/ line is judged in full (a tool may offer
 * both, and a harness may use either). The line returned is the default form's when it answers, else the fallback's.
 */
async function judgeCapability(run: (extra: readonly string[], o?: RunCliOptions) => Promise<Run>, report: Reporter): Promise<CapabilityLine | undefined> {
  const lines: CapabilityLine[] = [];
  for (const form of CAPABILITY_PROBES) {
    const home = mkdtempSync(join(tmpdir(), 'aoi-cmdhelp-cap-'));
    try {
      const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.state'), XDG_CACHE_HOME: join(home, '.cache'), XDG_DATA_HOME: join(home, '.data'), AOI_TESTKIT_STATE_DIR: home };
      const first = await run(form, { env });
      const stdout = decode(first.stdout);
      if (first.exitCode !== 0 || !stdout.startsWith('cmdhelp/')) continue;
      const body = stdout.replace(/\r?\n$/, '');
      if (body.includes('\n')) report('CMDHELP-01/not-single-line', `${form.join(' ')} prints ${body.split('\n').length} lines.`, form, body);
      const parsed = parseCapabilityLine(stdout);
      for (const f of parsed.findings) report(f.id, `${form.join(' ')}: ${f.message}`, form, f.excerpt, f.line);
      const stderr = decode(first.stderr);
      const written = readdirSync(home);
      if (stderr.trim() !== '') report('CMDHELP-01/side-effect', `${form.join(' ')} writes to stderr.`, form, stderr.split('\n', 1)[0]);
      if (written.length > 0) report('CMDHELP-01/side-effect', `${form.join(' ')} wrote ${written.slice(0, 3).join(', ')} into a fresh HOME/XDG/state directory.`, form);
      const second = await run([...form], { env: { ...env, AOI_TESTKIT_CMDHELP_PROBE: '2' } });
      if (decode(second.stdout) !== stdout) report('CMDHELP-01/unstable', `Two runs of ${form.join(' ')} print different output.`, form, decode(second.stdout));
      lines.push(parsed);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }
  if (lines.length === 0) report('CMDHELP-01/missing', 'Neither `help --capabilities` nor `--cmdhelp-capabilities` prints a cmdhelp/ line with exit 0.', ['help', '--capabilities']);
  return lines[0];
}

function finish(findings: Finding[], notApplicable: Map<string, string>, strict: boolean, capability: CapabilityLine | undefined, document: CmdhelpDocument | undefined): CmdhelpReport {
  const verdicts = CMDHELP_RULES.map((rule) => {
    const mine = findings.filter((f) => f.rule === rule.id);
    const errors = mine.filter((f) => f.severity === 'error').length;
    const warnings = mine.length - errors;
    const reason = notApplicable.get(rule.id);
    if (reason !== undefined && mine.length === 0) return makeVerdict(rule.id, { status: 'not_applicable', reason, errors: 0, warnings: 0, findings: [] });
    return makeVerdict(rule.id, { status: errors > 0 || (strict && warnings > 0) ? 'fail' : 'pass', errors, warnings, findings: mine });
  });
  // Registry order keeps reports stable however the probes interleaved.
  const order = (id: string) => CMDHELP_SUB_RULES_ORDER.get(id) ?? 0;
  const sorted = [...findings].sort((a, b) => order(a.id) - order(b.id));
  return { valid: verdicts.every((v) => v.status !== 'fail'), verdicts, findings: sorted, ...(capability ? { capability } : {}), ...(document ? { document } : {}) };
}

const CMDHELP_SUB_RULES_ORDER = new Map<string, number>(CMDHELP_SUB_RULES.map((s, i) => [s.id, i]));
