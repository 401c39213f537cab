import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type Run } from '../../run/run-cli.js';
import { DEFAULT_ENVELOPE_READING, type EnvelopeReading } from '../../spec/exec/types.js';
import type { Finding } from '../../stream/finding.js';
import type { RuleVerdict } from '../verdict.js';
import { ExecFindings } from './findings.js';
import { judgeExecOutput } from './output.js';
import { DEFAULT_MANIFEST_ARGS, planCandidates, planFromAnswers, type ExecPlan } from './plan.js';

export type { ExecPlan } from './plan.js';

export interface CheckExecOptions {
  /** The lines to drive exec with (default: a plan built from the manifest's safe commands, see `planFromAnswers`). */
  plan?: ExecPlan;
  /** Where `_cmd`/`_line` must be (default `either`). */
  envelope?: EnvelopeReading;
  /** The words that select exec (default `['exec']`). */
  execArgs?: readonly string[];
  /**
   * The words that print the dispatch manifest (default `['manifest', '--output', 'json']`, where the guide
   * puts it). Any other place is reported as the warning `EXEC-01/manifest-location`.
   */
  manifestArgs?: readonly string[];
  /** The variable that names the tool's state directory (default `AOI_TESTKIT_STATE_DIR`); each probe gets a fresh one. */
  stateDirEnv?: string;
  /** Extra environment for every run. */
  env?: Record<string, string>;
  /** Per probe (default 20 s). */
  timeoutMs?: number;
  /** Lines of the large batch (default 5,000: well over a 64 KiB pipe buffer in and out). */
  bulkLines?: number;
  /** How long the large batch may take before it counts as deadlocked and is killed (default three times `timeoutMs`). */
  bulkTimeoutMs?: number;
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
  /** The plan exec was driven with: the one given, or the one built from the manifest (undefined when none could be). */
  plan?: ExecPlan;
  /** Where the plan came from: `given`, `manifest` (built from it), or `none` (EXEC-02…11 skipped). */
  planSource: 'given' | 'manifest' | 'none';
}

export const EXEC_RULE_IDS = ['EXEC-01', 'EXEC-02', 'EXEC-03', 'EXEC-04', 'EXEC-05', 'EXEC-06', 'EXEC-07', 'EXEC-08', 'EXEC-09', 'EXEC-10', 'EXEC-11'] as const;
type ExecRuleId = (typeof EXEC_RULE_IDS)[number];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const jsonl = (lines: readonly unknown[]) => `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`;
const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
/** Every stdout line that is a JSON object, with its text. */
const objectLines = (run: Run): { value: Json; text: string }[] =>
  text(run.stdout)
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((l) => {
      try {
        const v = JSON.parse(l) as unknown;
        return isObject(v) ? [{ value: v, text: l }] : [];
      } catch {
        return [];
      }
    });
const envelopes = (run: Run): Json[] => objectLines(run).map((o) => o.value);
const lineOf = (e: Json) => (e._line ?? (isObject(e.meta) ? e.meta._line : undefined)) as unknown;
/** The envelope that answers a 1-based input line: by its _line (top level or meta), else by position. */
function answerTo(es: Json[], line: number): Json | undefined {
  if (es.some((e) => lineOf(e) !== undefined)) return es.find((e) => lineOf(e) === line);
  return es[line - 1];
}
/** An envelope without what may differ between two runs of the same line (timings). */
const comparable = (e: Json) => JSON.stringify({ ...e, meta: isObject(e.meta) ? { ...e.meta, duration_ms: 0 } : e.meta });
/** What a line answered, wherever and whenever it ran: ok, data, error and warnings. */
const outcome = (e: Json) => JSON.stringify({ ok: e.ok, data: e.data, error: e.error, warnings: e.warnings });

/** A Node preload that appends each process's pid to a log: how many processes one exec started (EXEC-11). */
const SPAWN_LOG_SOURCE = `require('node:fs').appendFileSync(process.env.AOI_TESTKIT_EXEC_SPAWN_LOG, process.pid + '\\n');\n`;

/**
 * Judge a tool's `exec` on EXEC-01…11 by running it: a manifest probe, batches with and without
 * --ignore-errors, a malformed stream, --dry-run (judged by the state, through the plan's read-only line,
 * each probe in a fresh state directory), `_opts`, --input-file with stdin left open, a large batch through
 * both pipes at once, and a count of the processes exec starts (Node tools only). Without a plan, one is
 * built from the manifest's safe commands (EXEC-08's state half and EXEC-09 are then skipped).
 */
export async function checkExec(command: string, args: readonly string[] = [], options: CheckExecOptions = {}): Promise<ExecReport> {
  const envelope = options.envelope ?? DEFAULT_ENVELOPE_READING;
  const execArgs = options.execArgs ?? ['exec'];
  const manifestArgs = options.manifestArgs ?? DEFAULT_MANIFEST_ARGS;
  const stateEnv = options.stateDirEnv ?? 'AOI_TESTKIT_STATE_DIR';
  const timeoutMs = options.timeoutMs ?? 20_000;
  const bulkTimeoutMs = options.bulkTimeoutMs ?? timeoutMs * 3;
  const out = new ExecFindings(options.strict === true);
  const probes: ExecProbeRecord[] = [];
  const work = mkdtempSync(join(tmpdir(), 'aoi-exec-'));
  const fresh = () => mkdtempSync(join(work, 'state-'));
  const notJudged: Partial<Record<ExecRuleId, { status: 'skip' | 'not_applicable'; reason: string }>> = {};
  const skipFrom = (rules: readonly ExecRuleId[], reason: string) => {
    for (const rule of rules) notJudged[rule] ??= { status: 'skip', reason };
  };
  const AFTER_01 = EXEC_RULE_IDS.slice(1);

  const run = async (probe: string, extra: readonly string[], stdin: 'closed' | 'open' | string, stateDir: string, more: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<Run> => {
    const argv = [...args, ...execArgs, ...extra];
    const r = await runCli(command, argv, { stdin, env: { ...options.env, [stateEnv]: stateDir, ...more.env }, timeoutMs: more.timeoutMs ?? timeoutMs });
    probes.push({ probe, argv, exitCode: r.exitCode, timedOut: r.timedOut });
    return r;
  };
  const probeLabel = (extra: readonly string[]) => [command, ...args, ...execArgs, ...extra].join(' ');
  /** EXEC-02…07 on one run, into the shared findings (one cap and one count over every run). */
  const judge = (r: Run, input: string, extra: readonly string[], ignoreErrors: boolean) => {
    out.probe = probeLabel(extra);
    judgeExecOutput(input, r.stdout, r.exitCode, { ignoreErrors, envelope, stderr: r.stderr, strict: options.strict === true }, out);
    out.probe = undefined;
  };
  /** The data the inspect line answers in this state directory. */
  const inspectData = async (plan: ExecPlan, probe: string, stateDir: string) => {
    const e = envelopes(await run(probe, [], jsonl([plan.inspect]), stateDir))[0];
    return e ? JSON.stringify(e.data) : undefined;
  };
  let planned = options.plan;
  let planSource: ExecReport['planSource'] = planned ? 'given' : 'none';

  try {
    // EXEC-01 — the dispatch manifest, where the guide puts it unless told otherwise.
    const m = await runCli(command, [...args, ...manifestArgs], { stdin: 'closed', env: { ...options.env, [stateEnv]: fresh() }, timeoutMs });
    probes.push({ probe: 'manifest', argv: [...args, ...manifestArgs], exitCode: m.exitCode, timedOut: m.timedOut });
    let manifest: unknown;
    try {
      manifest = JSON.parse(text(m.stdout));
    } catch {
      manifest = undefined;
    }
    const commands = isObject(manifest) && isObject(manifest.commands) ? manifest.commands : undefined;
    const where = manifestArgs.join(' ');
    const probeM = [command, ...args, ...manifestArgs].join(' ');
    if (where !== DEFAULT_MANIFEST_ARGS.join(' ')) {
      out.add('EXEC-01/manifest-location', `the dispatch manifest is read from \`${where}\`; the guide tells agents to look at \`${DEFAULT_MANIFEST_ARGS.join(' ')}\``, { probe: probeM });
    }
    if (!commands) out.add('EXEC-01/manifest', `\`${where}\` printed no JSON object with a commands map (exit ${m.exitCode})`, { probe: probeM, text: text(m.stdout).slice(0, 200) });
    else {
      const levels = ['safe', 'mutating', 'destructive'];
      const bad = Object.entries(commands).filter(([, c]) => !isObject(c) || !levels.includes(String(c.danger_level)));
      for (const [name] of bad.slice(0, 3)) out.add('EXEC-01/manifest', `manifest command "${name}" has no danger_level safe, mutating or destructive`, { probe: probeM });
      // The lines that must succeed name commands agents can find (a failing line may name an unknown one).
      const used = planned ? [...planned.ok, planned.inspect, ...(planned.mutating ? [planned.mutating] : [])].map((r) => r._cmd) : [];
      for (const cmd of new Set(used)) if (!(cmd in commands)) out.add('EXEC-01/manifest', `the manifest has no command "${cmd}", which exec dispatches`, { probe: probeM });
    }

    // No plan given: try the manifest's safe commands in one batch, and keep those that succeed.
    let noEnvelope = false;
    if (!planned) {
      let problem: string;
      const candidates = commands ? planCandidates(commands) : [];
      if (!commands) problem = `\`${where}\` gave no commands map to build one from`;
      else if (candidates.length === 0) problem = 'the manifest has no safe command without required flags to try';
      else {
        const tried = await run('plan', ['--ignore-errors'], jsonl(candidates), fresh());
        const answers = new Map(objectLines(tried).map((o, i) => [typeof lineOf(o.value) === 'number' ? (lineOf(o.value) as number) : i + 1, { ok: o.value.ok, text: o.text }]));
        if (tried.timedOut) problem = `a batch of the ${candidates.length} safe command(s) did not finish in ${timeoutMs} ms`;
        else if (answers.size === 0) {
          noEnvelope = true;
          problem = '';
          out.add('EXEC-01/no-exec', `a batch of ${candidates.length} line(s) got no envelope (exit ${tried.exitCode})`, { probe: probeLabel(['--ignore-errors']), text: text(tried.stderr).slice(0, 200) });
        } else {
          const built = planFromAnswers(candidates, answers, commands);
          if ('plan' in built) {
            planned = built.plan;
            planSource = 'manifest';
          }
          problem = 'problem' in built ? built.problem : '';
        }
      }
      if (noEnvelope) skipFrom(AFTER_01, 'exec answered no envelope (EXEC-01/no-exec)');
      else if (!planned) skipFrom(AFTER_01, `no exec plan given, and none could be built from the manifest: ${problem}`);
    }
    if (!planned || noEnvelope) return finish();
    const plan = planned;

    // EXEC-02…06 — a mixed batch under --ignore-errors, then the default, then an all-ok batch.
    const mixed = jsonl([...plan.ok, plan.failing, plan.inspect]);
    const ig = await run('ignore-errors', ['--ignore-errors'], mixed, fresh());
    if (envelopes(ig).length === 0) {
      out.add('EXEC-01/no-exec', `a batch of ${plan.ok.length + 2} line(s) got no envelope (exit ${ig.exitCode})`, { probe: probeLabel(['--ignore-errors']), text: text(ig.stderr).slice(0, 200) });
      skipFrom(AFTER_01, 'exec answered no envelope (EXEC-01/no-exec)');
      return finish();
    }
    judge(ig, mixed, ['--ignore-errors'], true);
    judge(await run('default', [], mixed, fresh()), mixed, [], false);
    const allOk = jsonl(plan.ok);
    judge(await run('all-ok', [], allOk, fresh()), allOk, [], false);

    // EXEC-07 — malformed: nothing dispatched (judged by the state too).
    const baseline = await inspectData(plan, 'baseline', fresh());
    const first = plan.mutating ?? plan.ok[0]!;
    const bad = jsonl([first, '{"_cmd": "', first]);
    const dir7 = fresh();
    const r7 = await run('malformed', [], bad, dir7);
    judge(r7, bad, [], false);
    const after7 = await inspectData(plan, 'malformed-inspect', dir7);
    if (baseline !== undefined && after7 !== baseline) out.add('EXEC-07/dispatched', 'the state changed although line 2 of the batch is malformed: a line of it was dispatched', { probe: probeLabel([]), text: `${after7 ?? ''}` });

    // EXEC-08 — --dry-run reaches mutating commands (the state says so) and no safe one (its line answers as without it).
    let mutationShows = false;
    if (plan.mutating) {
      const dirReal = fresh();
      await run('mutation', [], jsonl([plan.mutating]), dirReal);
      const mutated = await inspectData(plan, 'mutation-inspect', dirReal);
      mutationShows = baseline !== undefined && mutated !== undefined && mutated !== baseline;
    }
    const dryBatch = [...(mutationShows ? [plan.mutating!] : []), plan.inspect];
    const dir8 = fresh();
    const r8 = await run('dry-run', ['--dry-run', '--ignore-errors'], jsonl(dryBatch), dir8);
    const plain8 = envelopes(await run('dry-run-inspect', [], jsonl([plan.inspect]), dir8))[0];
    const after8 = plain8 ? JSON.stringify(plain8.data) : undefined;
    if (mutationShows && after8 !== baseline) out.add('EXEC-08/not-forwarded', `after \`exec --dry-run\` the inspect line answers ${after8 ?? 'nothing'}; on a fresh state ${baseline}`, { probe: probeLabel(['--dry-run']) });
    // The read-only line is the batch's last: by its _line, else by position (a wrong _line is EXEC-03's business).
    const dryEnvelopes = envelopes(r8);
    const underDry = answerTo(dryEnvelopes, dryBatch.length) ?? dryEnvelopes[dryBatch.length - 1];
    if (plain8 && (!underDry || outcome(underDry) !== outcome(plain8))) {
      out.add('EXEC-08/forwarded-to-safe', `the read-only line ${JSON.stringify(plan.inspect._cmd)} answered ${underDry ? outcome(underDry) : 'nothing'} under \`exec --dry-run\`, and ${outcome(plain8)} without it on the same state`, {
        probe: probeLabel(['--dry-run', '--ignore-errors']),
        text: JSON.stringify(plan.inspect),
      });
    }
    const safeHalf = 'only "a safe line runs as without --dry-run" was judged';
    if (!plan.mutating) {
      const changing = commands ? Object.entries(commands).filter(([, c]) => isObject(c) && ['mutating', 'destructive'].includes(String(c.danger_level))).map(([name]) => name) : [];
      const listed = changing.length === 0 ? 'the manifest lists no mutating or destructive command' : `the manifest’s mutating and destructive commands: ${changing.slice(0, 5).join(', ')}${changing.length > 5 ? ', …' : ''}`;
      skipFrom(['EXEC-08'], `the plan has no mutating line (${plan.noMutating ?? 'no reason given'}), so nothing shows whether --dry-run reaches mutating and destructive commands; ${listed}; ${safeHalf}`);
    } else if (!mutationShows) skipFrom(['EXEC-08'], `the plan’s mutating line leaves no trace the inspect line shows; ${safeHalf}`);

    // EXEC-09 — _opts.
    if (plan.bareFlag && mutationShows) {
      const dir9 = fresh();
      await run('opts-bare', [], jsonl([plan.bareFlag]), dir9);
      const after9 = await inspectData(plan, 'opts-bare-inspect', dir9);
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
    if (!plan.bareFlag && !plan.valuedFlag) skipFrom(['EXEC-09'], 'the plan has no _opts lines');

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
    if (pids.size === 0) skipFrom(['EXEC-11'], 'not a Node process: the process log was never loaded');
    else if (pids.size > lines.length / 2) out.add('EXEC-11/subprocess-per-line', `one exec of ${lines.length} lines started ${pids.size} Node processes`, { probe: probeLabel([]) });
    // EXEC-10 — the large batch through both pipes at once, killed when it outlives its timeout (a deadlock
    // never ends by itself); skipped when every line starts a process (it would take minutes).
    if (!out.counts.has('EXEC-11/subprocess-per-line')) {
      const n = options.bulkLines ?? 5_000;
      const big = jsonl(Array.from({ length: n }, () => plan.bulk));
      const rBig = await run('large', [], big, fresh(), { timeoutMs: bulkTimeoutMs });
      if (rBig.timedOut) out.add('EXEC-10/deadlock', `a batch of ${n} lines (${big.length} bytes in) did not finish in ${bulkTimeoutMs} ms and was killed; ${rBig.stdout.length} bytes had come out`, { probe: probeLabel([]) });
      else judge(rBig, big, [], false);
    }
    return finish();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  function finish(): ExecReport {
    const verdicts = EXEC_RULE_IDS.map((rule) => out.verdict(rule, notJudged[rule]));
    return { ok: !out.all.some((f) => f.severity === 'error'), findings: out.all, verdicts, probes, ...(planned ? { plan: planned } : {}), planSource: planned ? planSource : 'none' };
  }
}
