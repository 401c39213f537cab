/**
 * The Agent Application checker: APP.md (APP-01…08) and the CLI contract, judged by running entry.command
 * from the package root in a fresh state directory (APP-10…15).
 */
import { resolve } from 'node:path';
import { maskSecrets } from '../secrets.js';
import { APP_STATE_DIR_ENV, CONFIRMATION_REQUIRED, type AppManifest } from '../../spec/app/manifest.js';
import { APP_RULES } from '../../spec/app/rules.js';
import { runCli, type Run } from '../../run/run-cli.js';
import { STATE_DIR_ENV, withStateDir } from '../../run/state-dir.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';
import { makeVerdict, type RuleVerdict } from '../verdict.js';
import { validateAppPackage, type AppManifestReport } from './manifest.js';
import { appProbePlan, type AppProbePlan } from './plan.js';

export interface AppCheckOptions {
  /**
   * Invocations (argv after entry.command) run first in the fresh state, e.g. `[['add', 'Probe item']]`; each must
   * succeed (APP-15). Default: the first invocation of a creating command (`add`, `create`, …) that the APP.md body
   * documents, if any; that one may fail without a finding (the kit guessed it), and APP-14 is then not_applicable.
   */
  setup?: readonly (readonly string[])[];
  /**
   * A read invocation, run three times (APP-10, APP-14, APP-15), and around each confirmation probe (APP-13).
   * Default: the first declared command not in confirmationRequired, as the APP.md body documents it, else bare.
   */
  read?: readonly string[];
  /** An invocation that must fail (APP-11, APP-12). Default: an unknown command. */
  fail?: readonly string[];
  /** Arguments for each confirmation-required command (APP-13). Default: the first entity id the probes saw, if any. */
  confirmArgs?: Readonly<Record<string, readonly string[]>>;
  /** Extra environment for the application; values are treated as secrets and never printed. */
  env?: Record<string, string>;
  /** One more variable to give the state directory in (it is always in APP_STATE_DIR and AOI_TESTKIT_STATE_DIR). */
  stateDirEnv?: string;
  /** Per-invocation timeout (default 15 s). */
  timeoutMs?: number;
  /** Warnings count as errors. */
  strict?: boolean;
}

export interface AppReport {
  /** No finding of severity error (under strict, none at all). */
  valid: boolean;
  dir: string;
  manifest?: AppManifest;
  /** Manifest findings first, then probe findings, in the order found. */
  findings: Finding[];
  /** One verdict per APP rule. */
  verdicts: RuleVerdict[];
  /** Why the CLI was not run, when it was not. */
  skipped?: string;
  /** The invocations the probes used (given, or read from APP.md), when the CLI was run. */
  plan?: AppProbePlan;
}

/** The command an unknown-command probe runs. */
export const UNKNOWN_COMMAND_PROBE = '__aoi_testkit_no_such_command__';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

type Parsed = { kind: 'one'; value: unknown } | { kind: 'many'; count: number } | { kind: 'none' };

/** One JSON document, several (JSON Lines / concatenated), or not JSON. */
export function parseStdout(text: string): Parsed {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'none' };
  try {
    return { kind: 'one', value: JSON.parse(trimmed) };
  } catch {
    const lines = trimmed.split(/\r?\n/).filter((l) => l.trim() !== '');
    if (lines.length > 1 && lines.every((l) => isJson(l))) return { kind: 'many', count: lines.length };
    return { kind: 'none' };
  }
}
const isJson = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

/** Every `id` value (strings) anywhere in a JSON value, in document order. */
export function collectIds(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) collectIds(v, out);
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) {
    if (k === 'id' && (typeof v === 'string' || typeof v === 'number')) out.push(String(v));
    else collectIds(v, out);
  }
  return out;
}

/** `{ok:false, error:{code: string, message: string}}`. */
export const isStructuredError = (value: unknown): boolean =>
  isRecord(value) && value.ok === false && isRecord(value.error) && typeof value.error.code === 'string' && typeof value.error.message === 'string';

/**
 * Check an Agent Application package: validate `<dir>/APP.md` with the package layout, then, when the
 * manifest is valid, run its entry.command (through `sh -c`, from the package root, stdin closed) in a fresh
 * state directory given in `APP_STATE_DIR` and `AOI_TESTKIT_STATE_DIR`. Never throws on a broken package.
 *
 * @example const report = await checkAgentApplication('fixtures/apps/todo', { setup: [['add', 'Probe item']] })
 */
export async function checkAgentApplication(dir: string, options: AppCheckOptions = {}): Promise<AppReport> {
  const root = resolve(dir);
  const strict = options.strict === true;
  const manifestReport: AppManifestReport = validateAppPackage(root, { strict });
  const findings: Finding[] = [...manifestReport.findings];
  let skipped: string | undefined;
  let plan: AppProbePlan | undefined;
  const probed = new Set<string>();
  const notApplicable = new Map<string, string>();
  const skipReasons = new Map<string, string>();
  if (!manifestReport.valid || !manifestReport.manifest) {
    skipped = 'APP.md is not valid, so the CLI was not run';
  } else {
    plan = appProbePlan(manifestReport.manifest, manifestReport.body, options);
    const result = await probe(root, manifestReport.manifest, plan, options, strict);
    findings.push(...result.findings);
    for (const id of result.judged) probed.add(id);
    for (const [id, reason] of result.notApplicable) notApplicable.set(id, reason);
    for (const [id, reason] of result.skips) skipReasons.set(id, reason);
    skipped = result.skipped;
  }
  const verdicts = APP_RULES.map((rule) => {
    const own = findings.filter((f) => f.rule === rule.id);
    const errors = own.filter((f) => f.severity === 'error').length;
    const warnings = own.length - errors;
    const isProbe = Number(rule.id.slice(4)) >= 10;
    const reason = notApplicable.get(rule.id);
    if (own.length === 0 && reason !== undefined) return makeVerdict(rule.id, { status: 'not_applicable', reason, errors: 0, warnings: 0, findings: [] });
    if (own.length === 0 && isProbe && !probed.has(rule.id)) {
      return makeVerdict(rule.id, { status: 'skip', reason: skipped ?? skipReasons.get(rule.id) ?? 'not probed', errors: 0, warnings: 0, findings: [] });
    }
    return makeVerdict(rule.id, { status: errors > 0 || (strict && warnings > 0) ? 'fail' : 'pass', errors, warnings, findings: own });
  });
  const valid = !findings.some((f) => f.severity === 'error' || strict);
  return {
    valid,
    dir: root,
    ...(manifestReport.manifest ? { manifest: manifestReport.manifest } : {}),
    findings,
    verdicts,
    ...(skipped !== undefined ? { skipped } : {}),
    ...(plan ? { plan } : {}),
  };
}

async function probe(root: string, manifest: AppManifest, plan: AppProbePlan, options: AppCheckOptions, strict: boolean) {
  const findings: Finding[] = [];
  const judged = new Set<string>();
  const notApplicable = new Map<string, string>();
  /** Why a probe rule could not be judged although the CLI ran. */
  const skips = new Map<string, string>();
  const command = manifest.entry.command;
  const confirm = manifest.confirmationRequired ?? [];
  const read = plan.read;
  const secrets = Object.values(options.env ?? {}).filter((v) => v.length >= 6);
  const excerpt = (text: string) => toExcerpt(text, secrets);
  const firstLine = (bytes: Uint8Array) => excerpt((new TextDecoder().decode(bytes).trim().split('\n', 1)[0] ?? '').trimEnd());

  return withStateDir(async (stateDir) => {
    const env: Record<string, string> = {
      ...(options.env ?? {}),
      [APP_STATE_DIR_ENV]: stateDir,
      [STATE_DIR_ENV]: stateDir,
      ...(options.stateDirEnv ? { [options.stateDirEnv]: stateDir } : {}),
    };
    const invoke = (args: readonly string[]): Promise<Run> =>
      runCli('sh', ['-c', `${command} "$@"`, 'sh', ...args], { cwd: root, env, stdin: 'closed', timeoutMs: options.timeoutMs ?? 15_000 });
    const show = (args: readonly string[]) => excerpt([command, ...args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a)))].join(' '));
    const add = (id: string, message: string, args: readonly string[], run?: Run) => {
      const line = run ? firstLine(run.stdout) : '';
      findings.push(makeFinding(id, maskSecrets(message, secrets), { probe: show(args), ...(line ? { excerpt: line } : {}) }, strict));
    };
    const stdoutOf = (run: Run) => new TextDecoder().decode(run.stdout);
    const seenIds: string[] = [];
    /** The ids a successful run printed, or undefined when it failed or printed no single JSON document. */
    const idsOf = (run: Run): string[] | undefined => {
      const parsed = parseStdout(stdoutOf(run));
      return run.exitCode === 0 && parsed.kind === 'one' ? collectIds(parsed.value) : undefined;
    };

    /** A run that must succeed: exit 0 and one JSON document (APP-10), not `ok:false` (APP-11). */
    const judgeSuccess = (args: readonly string[], run: Run): void => {
      const parsed = parseStdout(stdoutOf(run));
      if (parsed.kind === 'none') add('APP-10/not-json', `\`${args.join(' ')}\` exited 0 but its stdout is not a JSON document${run.stdout.length === 0 ? ' (it is empty)' : ''}.`, args, run);
      else if (parsed.kind === 'many') add('APP-10/multiple-documents', `\`${args.join(' ')}\` printed ${parsed.count} JSON documents, not one.`, args, run);
      else {
        if (isRecord(parsed.value) && parsed.value.ok === false) add('APP-11/exit-zero-on-failure', `\`${args.join(' ')}\` printed ok:false but exited 0.`, args, run);
        seenIds.push(...collectIds(parsed.value));
      }
    };
    const describeEnd = (run: Run) => (run.timedOut ? 'timed out' : run.exitCode === null ? `was killed by ${run.signal}` : `exited ${run.exitCode}`);
    const shown = (args: readonly string[]) => `\`${excerpt(args.join(' '))}\``;

    judged.add('APP-15');
    // 1. Setup, then the read: they must succeed from the package root. A setup the kit derived from APP.md may
    //    fail without a finding (the kit guessed its arguments); APP-14 then says why it had nothing to compare.
    let setupNote = '';
    for (const args of plan.setup) {
      const run = await invoke(args);
      if (run.exitCode === 0) {
        judged.add('APP-10');
        judgeSuccess(args, run);
      } else if (plan.setupFrom === 'APP.md') {
        setupNote = `; the setup read from APP.md, ${shown(args)}, ${describeEnd(run)}`;
      } else {
        add('APP-15/does-not-start', `${shown(args)}, run from the package root, ${describeEnd(run)}.`, args, run);
        return { findings, judged, notApplicable, skips, skipped: 'entry.command did not run successfully, so the other probes were not run' };
      }
    }
    if (read.length > 0) {
      const run = await invoke(read);
      if (run.exitCode !== 0) {
        add('APP-15/does-not-start', `${shown(read)}, run from the package root, ${describeEnd(run)}.`, read, run);
        return { findings, judged, notApplicable, skips, skipped: 'entry.command did not run successfully, so the other probes were not run' };
      }
      judged.add('APP-10');
      judgeSuccess(read, run);
    }

    // 2. The read again, twice: the same ids (APP-14). No ids at all: nothing to compare.
    let stableIds = false;
    if (read.length > 0) {
      const runs = [await invoke(read), await invoke(read)];
      const [a, b] = runs.map(idsOf);
      if (!a || !b) skips.set('APP-14', `${shown(read)} did not print one JSON document twice, so there are no ids to compare`);
      else {
        if (a.length === 0 && b.length === 0) {
          const why = setupNote || (plan.setupFrom === 'none' ? '; APP.md documents no add/create invocation to derive a setup from' : '');
          notApplicable.set('APP-14', `two runs of ${shown(read)} returned no entity ids to compare${why}; give a setup invocation that creates one (options.setup, lint --app-setup)`);
        } else {
          judged.add('APP-14');
          stableIds = a.length === b.length && a.every((id, i) => id === b[i]);
          if (!stableIds)
            add('APP-14/unstable-ids', `Two runs of ${shown(read)} on unchanged state returned different ids (${excerpt(a.slice(0, 3).join(', ') || 'none')} vs ${excerpt(b.slice(0, 3).join(', ') || 'none')}).`, read, runs[1]);
        }
      }
    } else notApplicable.set('APP-14', 'no read command: APP.md declares no command outside confirmationRequired (give one: options.read, lint --app-read)');

    // 3. A failing invocation (APP-11, APP-12).
    const failArgs = options.fail ?? [UNKNOWN_COMMAND_PROBE];
    const failed = await invoke(failArgs);
    judged.add('APP-11');
    judged.add('APP-12');
    if (failed.exitCode === 0) add('APP-11/exit-zero-on-failure', `\`${failArgs.join(' ')}\` should fail but exited 0.`, failArgs, failed);
    else {
      const parsed = parseStdout(stdoutOf(failed));
      if (!(parsed.kind === 'one' && isStructuredError(parsed.value)))
        add('APP-12/unstructured-error', `\`${failArgs.join(' ')}\` failed (${describeEnd(failed)}) without printing {ok:false,error:{code,message}} on stdout.`, failArgs, failed);
    }

    // 4. Confirmation-required commands, without confirmation (APP-13): refused in words (exit non-zero,
    //    CONFIRMATION_REQUIRED) and in deeds (the read shows the same ids before and after).
    for (const name of confirm) {
      judged.add('APP-13');
      const args = [name, ...(options.confirmArgs?.[name] ?? seenIds.slice(0, 1))];
      const before = read.length > 0 ? idsOf(await invoke(read)) : undefined;
      const run = await invoke(args);
      const parsed = parseStdout(stdoutOf(run));
      const code = parsed.kind === 'one' && isRecord(parsed.value) && isRecord(parsed.value.error) ? parsed.value.error.code : undefined;
      if (run.exitCode === 0 || code !== CONFIRMATION_REQUIRED) {
        add('APP-13/not-enforced', `\`${args.join(' ')}\` without confirmation ${describeEnd(run)}${code !== undefined ? ` with error.code ${excerpt(JSON.stringify(code))}` : ''}, not a failure with error.code ${CONFIRMATION_REQUIRED}.`, args, run);
      }
      // An exit 0 is already "ran without confirmation"; a refusal that changed the state anyway is its own defect.
      // Judged only where ids identify entities (APP-14 held).
      if (run.exitCode === 0 || !stableIds || !before || before.length === 0) continue;
      const after = idsOf(await invoke(read));
      const gone = after ? before.filter((id) => !after.includes(id)) : [];
      if (gone.length > 0)
        add('APP-13/state-changed', `\`${args.join(' ')}\` refused (${describeEnd(run)}), yet ${shown(read)} no longer shows ${excerpt(gone.slice(0, 3).join(', '))}.`, args, run);
    }
    return { findings, judged, notApplicable, skips, skipped: undefined as string | undefined };
  });
}
