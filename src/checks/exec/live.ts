import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type Run } from '../../run/run-cli.js';
import { DEFAULT_ENVELOPE_READING, type DispatchRequest, type EnvelopeReading } from '../../spec/exec/types.js';
import type { Finding } from '../../stream/finding.js';
import type { RuleVerdict } from '../verdict.js';
import { ExecFindings } from './findings.js';
import { checkExecOutput } from './output.js';

/**
 * What to send the tool under test: lines its own commands understand. `checkExec` knows no tool; the
 * plan for the reference tool is `NOTES_EXEC_PLAN` (src/fakes/tools/notes/exec-plan.ts).
 */
export interface ExecPlan {
  /** Lines that all succeed, in this order, on a fresh state (at least one safe and one mutating). */
  readonly ok: readonly DispatchRequest[];
  /** A line that fails on a fresh state (e.g. getting a record that does not exist). */
  readonly failing: DispatchRequest;
  /** A mutating line whose effect `inspect` shows. */
  readonly mutating: DispatchRequest;
  /** A read-only line whose `data` shows the state `mutating` changes. */
  readonly inspect: DispatchRequest;
  /** EXEC-09 bare flag: a line with an `_opts` value `true` that must leave the state as it was (e.g. `{"dry-run": true}`). */
  readonly bareFlag?: DispatchRequest;
  /** EXEC-09 valued flag: after `setup`, `line` (with `_opts` `--flag=value`) must answer other data than `without`. */
  readonly valuedFlag?: { readonly setup: readonly DispatchRequest[]; readonly line: DispatchRequest; readonly without: DispatchRequest };
  /** A cheap line that succeeds on a fresh state, repeated for the large batch (EXEC-10). */
  readonly bulk: DispatchRequest;
}

export interface CheckExecOptions {
  plan: ExecPlan;
  /** Where `_cmd`/`_line` must be (default `either`). */
  envelope?: EnvelopeReading;
  /** The words that select exec (default `['exec']`). */
  execArgs?: readonly string[];
  /** The variable that names the tool's state directory (default `AOI_TESTKIT_STATE_DIR`); each probe gets a fresh one. */
  stateDirEnv?: string;
  /** Extra environment for every run. */
  env?: Record<string, string>;
  /** Per probe (default 20 s); the large batch gets three times as long. */
  timeoutMs?: number;
  /** Lines of the large batch (default 5,000: well over a 64 KiB pipe buffer in and out). */
  bulkLines?: number;
  /** Report every warning as an error. */
  strict?: boolean;
}

export interface ExecProbeRecord {
  readonly probe: string;
  readonly argv: readonly string[];
  readonly exitCode: number | null;
  readonly timedOut: boolean;
}

export interface ExecReport {
  ok: boolean;
  findings: Finding[];
  /** EXEC-01…11. */
  verdicts: RuleVerdict[];
  probes: ExecProbeRecord[];
}

export const EXEC_RULE_IDS = ['EXEC-01', 'EXEC-02', 'EXEC-03', 'EXEC-04', 'EXEC-05', 'EXEC-06', 'EXEC-07', 'EXEC-08', 'EXEC-09', 'EXEC-10', 'EXEC-11'] as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const jsonl = (lines: readonly unknown[]) => `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`;
const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
const envelopes = (run: Run): Json[] =>
  text(run.stdout)
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((l) => {
      try {
        const v = JSON.parse(l) as unknown;
        return isObject(v) ? [v] : [];
      } catch {
        return [];
      }
    });
/** The envelope that answers a 1-based input line: by its _line (top level or meta), else by position. */
function answerTo(es: Json[], line: number): Json | undefined {
  const lineOf = (e: Json) => (e._line ?? (isObject(e.meta) ? e.meta._line : undefined)) as unknown;
  if (es.some((e) => lineOf(e) !== undefined)) return es.find((e) => lineOf(e) === line);
  return es[line - 1];
}
/** An envelope without what may differ between two runs of the same line (timings). */
const comparable = (e: Json) => JSON.stringify({ ...e, meta: isObject(e.meta) ? { ...e.meta, duration_ms: 0 } : e.meta });

/** A Node preload that appends each process's pid to a log: how many processes one exec started (EXEC-11). */
const SPAWN_LOG_SOURCE = `require('node:fs').appendFileSync(process.env.AOI_TESTKIT_EXEC_SPAWN_LOG, process.pid + '\\n');\n`;

/**
 * Judge a tool's `exec` on EXEC-01…11 by running it: a manifest probe, batches with and without
 * --ignore-errors, a malformed stream, --dry-run (judged by the state, through the plan's read-only line,
 * each probe in a fresh state directory), `_opts`, --input-file with stdin left open, a large batch through
 * both pipes at once, and a count of the processes exec starts (Node tools only).
 */
export async function checkExec(command: string, args: readonly string[] = [], options: CheckExecOptions): Promise<ExecReport> {
  const { plan } = options;
  const envelope = options.envelope ?? DEFAULT_ENVELOPE_READING;
  const execArgs = options.execArgs ?? ['exec'];
  const stateEnv = options.stateDirEnv ?? 'AOI_TESTKIT_STATE_DIR';
  const timeoutMs = options.timeoutMs ?? 20_000;
  const out = new ExecFindings(options.strict === true);
  const probes: ExecProbeRecord[] = [];
  const work = mkdtempSync(join(tmpdir(), 'aoi-exec-'));
  const fresh = () => mkdtempSync(join(work, 'state-'));
  const notJudged: Partial<Record<(typeof EXEC_RULE_IDS)[number], { status: 'skip' | 'not_applicable'; reason: string }>> = {};

  const run = async (probe: string, extra: readonly string[], stdin: 'closed' | 'open' | string, stateDir: string, more: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<Run> => {
    const argv = [...args, ...execArgs, ...extra];
    const r = await runCli(command, argv, { stdin, env: { ...options.env, [stateEnv]: stateDir, ...more.env }, timeoutMs: more.timeoutMs ?? timeoutMs });
    probes.push({ probe, argv, exitCode: r.exitCode, timedOut: r.timedOut });
    return r;
  };
  const probeLabel = (extra: readonly string[]) => [command, ...args, ...execArgs, ...extra].join(' ');
  const judge = (r: Run, input: string, extra: readonly string[], ignoreErrors: boolean) => {
    const report = checkExecOutput(input, r.stdout, r.exitCode, { ignoreErrors, envelope, stderr: r.stderr, strict: options.strict === true });
    for (const f of report.findings) out.all.push({ ...f, probe: probeLabel(extra) });
    for (const id of new Set(report.findings.map((f) => f.id))) {
      // counts, not just the kept findings
      out.counts.set(id, (out.counts.get(id) ?? 0) + report.findings.filter((f) => f.id === id).length);
    }
    return report;
  };
  /** The data the inspect line answers in this state directory. */
  const inspect = async (probe: string, stateDir: string) => {
    const r = await run(probe, [], jsonl([plan.inspect]), stateDir);
    const e = envelopes(r)[0];
    return e ? JSON.stringify(e.data) : undefined;
  };

  try {
    // EXEC-01 — manifest.
    const m = await runCli(command, [...args, 'manifest', '--output', 'json'], { stdin: 'closed', env: { ...options.env, [stateEnv]: fresh() }, timeoutMs });
    probes.push({ probe: 'manifest', argv: [...args, 'manifest', '--output', 'json'], exitCode: m.exitCode, timedOut: m.timedOut });
    let manifest: unknown;
    try {
      manifest = JSON.parse(text(m.stdout));
    } catch {
      manifest = undefined;
    }
    const commands = isObject(manifest) && isObject(manifest.commands) ? manifest.commands : undefined;
    const probeM = [command, ...args, 'manifest', '--output', 'json'].join(' ');
    if (!commands) out.add('EXEC-01/manifest', `\`manifest --output json\` printed no JSON object with a commands map (exit ${m.exitCode})`, { probe: probeM, text: text(m.stdout).slice(0, 200) });
    else {
      const levels = ['safe', 'mutating', 'destructive'];
      const bad = Object.entries(commands).filter(([, c]) => !isObject(c) || !levels.includes(String(c.danger_level)));
      for (const [name] of bad.slice(0, 3)) out.add('EXEC-01/manifest', `manifest command "${name}" has no danger_level safe, mutating or destructive`, { probe: probeM });
      const used = [...plan.ok, plan.failing, plan.mutating, plan.inspect].map((r) => r._cmd);
      for (const cmd of new Set(used)) if (!(cmd in commands)) out.add('EXEC-01/manifest', `the manifest has no command "${cmd}", which exec dispatches`, { probe: probeM });
    }

    // EXEC-02…06 — a mixed batch under --ignore-errors, then the default, then an all-ok batch.
    const mixed = jsonl([...plan.ok, plan.failing, plan.inspect]);
    const ig = await run('ignore-errors', ['--ignore-errors'], mixed, fresh());
    if (envelopes(ig).length === 0) {
      out.add('EXEC-01/no-exec', `a batch of ${plan.ok.length + 2} line(s) got no envelope (exit ${ig.exitCode})`, { probe: probeLabel(['--ignore-errors']), text: text(ig.stderr).slice(0, 200) });
      for (const rule of ['EXEC-02', 'EXEC-03', 'EXEC-04', 'EXEC-05', 'EXEC-06'] as const) notJudged[rule] = { status: 'skip', reason: 'exec answered no envelope (EXEC-01)' };
    } else {
      judge(ig, mixed, ['--ignore-errors'], true);
      judge(await run('default', [], mixed, fresh()), mixed, [], false);
      const allOk = jsonl(plan.ok);
      judge(await run('all-ok', [], allOk, fresh()), allOk, [], false);
    }

    // EXEC-07 — malformed: nothing dispatched (judged by the state too).
    const baseline = await inspect('baseline', fresh());
    const bad = jsonl([plan.mutating, '{"_cmd": "', plan.mutating]);
    const dir7 = fresh();
    const r7 = await run('malformed', [], bad, dir7);
    judge(r7, bad, [], false);
    const after7 = await inspect('malformed-inspect', dir7);
    if (baseline !== undefined && after7 !== baseline) out.add('EXEC-07/dispatched', 'the state changed although line 2 of the batch is malformed', { probe: probeLabel([]), text: `${after7 ?? ''}` });

    // EXEC-08 — --dry-run reaches mutating commands: the state says so.
    const dirReal = fresh();
    await run('mutation', [], jsonl([plan.mutating]), dirReal);
    const mutated = await inspect('mutation-inspect', dirReal);
    if (baseline === undefined || mutated === baseline) {
      notJudged['EXEC-08'] = { status: 'skip', reason: 'the plan’s mutating line leaves no trace the inspect line shows' };
    } else {
      const dir8 = fresh();
      await run('dry-run', ['--dry-run'], jsonl([plan.mutating, plan.inspect]), dir8);
      const after8 = await inspect('dry-run-inspect', dir8);
      if (after8 !== baseline) out.add('EXEC-08/not-forwarded', `after \`exec --dry-run\` the inspect line answers ${after8 ?? 'nothing'}; on a fresh state ${baseline}`, { probe: probeLabel(['--dry-run']) });
    }

    // EXEC-09 — _opts.
    if (plan.bareFlag && baseline !== undefined && mutated !== baseline) {
      const dir9 = fresh();
      await run('opts-bare', [], jsonl([plan.bareFlag]), dir9);
      const after9 = await inspect('opts-bare-inspect', dir9);
      if (after9 !== baseline) out.add('EXEC-09/bare-flag', `${JSON.stringify(plan.bareFlag._opts)} did not act: the line changed the state`, { probe: probeLabel([]), text: JSON.stringify(plan.bareFlag) });
    }
    if (plan.valuedFlag) {
      const v = plan.valuedFlag;
      const line = v.setup.length + 1;
      const withOpts = answerTo(envelopes(await run('opts-valued', [], jsonl([...v.setup, v.line]), fresh())), line);
      const without = answerTo(envelopes(await run('opts-valued-without', [], jsonl([...v.setup, v.without]), fresh())), line);
      if (withOpts && without && JSON.stringify(withOpts.data) === JSON.stringify(without.data)) {
        out.add('EXEC-09/valued-flag', `${JSON.stringify(v.line._opts)} did not act: the line answered the same data as without it`, { probe: probeLabel([]), text: JSON.stringify(v.line) });
      }
    }
    if (!plan.bareFlag && !plan.valuedFlag) notJudged['EXEC-09'] = { status: 'skip', reason: 'the plan has no _opts lines' };

    // EXEC-10 — --input-file (same answers as stdin), stdin left open; the large batch comes after EXEC-11.
    const batch = jsonl(plan.ok);
    const file = join(work, 'batch.jsonl');
    writeFileSync(file, batch);
    const viaStdin = envelopes(await run('stdin', [], batch, fresh())).map(comparable);
    const viaFile = await run('input-file', ['--input-file', file], 'closed', fresh());
    const fileEnvelopes = envelopes(viaFile).map(comparable);
    if (JSON.stringify(fileEnvelopes) !== JSON.stringify(viaStdin)) {
      out.add('EXEC-10/input-file', `\`--input-file\` answered ${fileEnvelopes.length} envelope(s) (exit ${viaFile.exitCode}), unlike the same ${plan.ok.length} line(s) on stdin`, { probe: probeLabel(['--input-file', file]), text: text(viaFile.stderr).slice(0, 200) });
    } else {
      const open = await run('input-file-stdin-open', ['--input-file', file], 'open', fresh(), { timeoutMs: Math.min(timeoutMs, 10_000) });
      if (open.timedOut) out.add('EXEC-10/reads-stdin', 'with --input-file and stdin left open, exec never finished: it (or a dispatched command) waits for stdin', { probe: probeLabel(['--input-file', file]) });
    }
    // EXEC-11 — processes started for one batch (Node tools: a preload logs every process). Before the large batch.
    const log = join(work, 'spawn.log');
    const preload = join(work, 'spawn-log.cjs');
    writeFileSync(preload, SPAWN_LOG_SOURCE);
    writeFileSync(log, '');
    const lines = Array.from({ length: 12 }, (_, i) => plan.ok[i % plan.ok.length]!);
    const base = options.env?.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? '';
    await run('process-count', [], jsonl(lines), fresh(), { env: { AOI_TESTKIT_EXEC_SPAWN_LOG: log, NODE_OPTIONS: `${base} --require ${JSON.stringify(preload)}`.trim() } });
    const pids = new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean));
    if (pids.size === 0) notJudged['EXEC-11'] = { status: 'skip', reason: 'not a Node process: the process log was never loaded' };
    else if (pids.size > lines.length / 2) out.add('EXEC-11/subprocess-per-line', `one exec of ${lines.length} lines started ${pids.size} Node processes`, { probe: probeLabel([]) });
    // EXEC-10 — the large batch, skipped when every line starts a process (it would take minutes).
    if (!out.counts.has('EXEC-11/subprocess-per-line')) {
      const n = options.bulkLines ?? 5_000;
      const big = jsonl(Array.from({ length: n }, () => plan.bulk));
      const rBig = await run('large', [], big, fresh(), { timeoutMs: timeoutMs * 3 });
      if (rBig.timedOut) out.add('EXEC-10/deadlock', `a batch of ${n} lines (${big.length} bytes in) did not finish in ${timeoutMs * 3} ms; ${rBig.stdout.length} bytes had come out`, { probe: probeLabel([]) });
      else judge(rBig, big, [], false);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  const verdicts = EXEC_RULE_IDS.map((rule) => out.verdict(rule, notJudged[rule]));
  return { ok: !out.all.some((f) => f.severity === 'error'), findings: out.all, verdicts, probes };
}
