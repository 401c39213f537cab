/**
 * The Agent Application checker: APP.md (APP-01…08) and the CLI contract, judged by running entry.command
 * from the package root in a fresh state directory (APP-10…15).
 */
import { resolve } from 'node:path';
import { maskSecrets } from '../../spec/aoi/secrets.js';
import { APP_STATE_DIR_ENV, CONFIRMATION_REQUIRED, type AppManifest } from '../../spec/app/manifest.js';
import { APP_RULES } from '../../spec/app/rules.js';
import { runCli, type Run } from '../../run/run-cli.js';
import { STATE_DIR_ENV, withStateDir } from '../../run/state-dir.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';
import { makeVerdict, type RuleVerdict } from '../verdict.js';
import { validateAppPackage, type AppManifestReport } from './manifest.js';

export interface AppCheckOptions {
  /** Invocations (argv after entry.command) run first in the fresh state, e.g. `[['add', 'Probe item']]`; each must succeed. Default none. */
  setup?: readonly (readonly string[])[];
  /** A read invocation, run twice (APP-10, APP-14, APP-15). Default: the first declared command not in confirmationRequired, without arguments. */
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
  const probed = new Set<string>();
  if (!manifestReport.valid || !manifestReport.manifest) {
    skipped = 'APP.md is not valid, so the CLI was not run';
  } else {
    const result = await probe(root, manifestReport.manifest, options, strict);
    findings.push(...result.findings);
    for (const id of result.judged) probed.add(id);
    skipped = result.skipped;
  }
  const verdicts = APP_RULES.map((rule) => {
    const own = findings.filter((f) => f.rule === rule.id);
    const errors = own.filter((f) => f.severity === 'error').length;
    const warnings = own.length - errors;
    const isProbe = Number(rule.id.slice(4)) >= 10;
    if (own.length === 0 && isProbe && !probed.has(rule.id)) {
      return makeVerdict(rule.id, { status: 'skip', reason: skipped ?? 'not probed', errors: 0, warnings: 0, findings: [] });
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
  };
}

async function probe(root: string, manifest: AppManifest, options: AppCheckOptions, strict: boolean) {
  const findings: Finding[] = [];
  const judged = new Set<string>();
  const command = manifest.entry.command;
  const confirm = manifest.confirmationRequired ?? [];
  const names = (manifest.commands ?? []).map((c) => (typeof c === 'string' ? c : c.name));
  const read = options.read ?? names.filter((n) => !confirm.includes(n)).slice(0, 1);
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

    /** A run that must succeed: exit 0 and one JSON document (APP-10), not `ok:false` (APP-11). Returns the document. */
    const judgeSuccess = (args: readonly string[], run: Run): unknown => {
      const parsed = parseStdout(stdoutOf(run));
      if (parsed.kind === 'none') add('APP-10/not-json', `\`${args.join(' ')}\` exited 0 but its stdout is not a JSON document${run.stdout.length === 0 ? ' (it is empty)' : ''}.`, args, run);
      else if (parsed.kind === 'many') add('APP-10/multiple-documents', `\`${args.join(' ')}\` printed ${parsed.count} JSON documents, not one.`, args, run);
      else {
        if (isRecord(parsed.value) && parsed.value.ok === false) add('APP-11/exit-zero-on-failure', `\`${args.join(' ')}\` printed ok:false but exited 0.`, args, run);
        seenIds.push(...collectIds(parsed.value));
        return parsed.value;
      }
      return undefined;
    };
    const describeEnd = (run: Run) => (run.timedOut ? 'timed out' : run.exitCode === null ? `was killed by ${run.signal}` : `exited ${run.exitCode}`);

    judged.add('APP-15');
    // 1. Setup invocations, then the read: they must succeed from the package root.
    for (const args of [...(options.setup ?? []), ...(read.length > 0 ? [read] : [])]) {
      const run = await invoke(args);
      if (run.exitCode !== 0) {
        add('APP-15/does-not-start', `\`${args.join(' ') || '(no arguments)'}\`, run from the package root, ${describeEnd(run)}.`, args, run);
        return { findings, judged, skipped: 'entry.command did not run successfully, so the other probes were not run' };
      }
      judged.add('APP-10');
      judgeSuccess(args, run);
    }

    // 2. The read again: the same ids (APP-14).
    if (read.length > 0) {
      const runs = [await invoke(read), await invoke(read)];
      const idSets = runs.map((run) => {
        const parsed = parseStdout(stdoutOf(run));
        return run.exitCode === 0 && parsed.kind === 'one' ? collectIds(parsed.value) : undefined;
      });
      if (idSets[0] && idSets[1]) {
        judged.add('APP-14');
        const [a, b] = idSets as [string[], string[]];
        if (a.length !== b.length || a.some((id, i) => id !== b[i])) {
          add('APP-14/unstable-ids', `Two runs of \`${read.join(' ')}\` on unchanged state returned different ids (${excerpt(a.slice(0, 3).join(', ') || 'none')} vs ${excerpt(b.slice(0, 3).join(', ') || 'none')}).`, read, runs[1]);
        }
      }
    }

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

    // 4. Confirmation-required commands, without confirmation (APP-13).
    for (const name of confirm) {
      judged.add('APP-13');
      const args = [name, ...(options.confirmArgs?.[name] ?? seenIds.slice(0, 1))];
      const run = await invoke(args);
      const parsed = parseStdout(stdoutOf(run));
      const code = parsed.kind === 'one' && isRecord(parsed.value) && isRecord(parsed.value.error) ? parsed.value.error.code : undefined;
      if (run.exitCode === 0 || code !== CONFIRMATION_REQUIRED) {
        add('APP-13/not-enforced', `\`${args.join(' ')}\` without confirmation ${describeEnd(run)}${code !== undefined ? ` with error.code ${excerpt(JSON.stringify(code))}` : ''}, not a failure with error.code ${CONFIRMATION_REQUIRED}.`, args, run);
      }
    }
    return { findings, judged, skipped: undefined as string | undefined };
  });
}
