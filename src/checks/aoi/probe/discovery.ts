import { KNOWN_AOI_VERSIONS } from '../../../spec/aoi/constants.js';
import { validateCapabilities } from '../../../spec/aoi/schemas.js';
import { formatSchemaErrors } from '../../../spec/schema-errors.js';
import { toExcerpt } from '../../../stream/finding.js';
import { compileDeclaredSchema, fileIds, type DeclaredSchema } from './declared-schema.js';
import { judgeCapped } from './hang.js';
import { endOf, type ProbeOutcome, type Report } from './types.js';

/** One JSON document on stdout (surrounding whitespace allowed), or why not — naming the line where it stops being one. */
export function parseDocument(
  stdout: Uint8Array | string,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  const text = (typeof stdout === 'string' ? stdout : Buffer.from(stdout).toString('utf8')).trim();
  if (text === '') return { ok: false, problem: 'stdout is empty' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    const line = at ? text.slice(0, Number(at[1])).split('\n').length : undefined;
    // JSONL where one document was asked for: the first line parses, the second starts another value.
    const lines = text.split('\n');
    const firstIsOne = lines.length > 1 && parses(lines[0]!);
    return {
      ok: false,
      problem: firstIsOne
        ? `stdout is not one JSON document: line 1 is a whole JSON value and ${lines.length - 1} more line(s) follow it (JSONL where one document is asked for)`
        : `stdout is not one JSON document (${message}${line !== undefined && !/line \d+/.test(message) ? `, line ${line}` : ''})`,
    };
  }
}

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * AOI-01 (§3, §10): `schema --output json` (or the tool's own spelling, `asked`) run with secret-looking
 * variables removed and the network tripped. `withCredentials` is the same command with the full environment,
 * run only when the clean one failed: success there means the schema needs credentials. Returns the compiled
 * schema when usable.
 */
export function judgeSchema(
  clean: ProbeOutcome,
  withCredentials: ProbeOutcome | undefined,
  report: Report,
  asked = 'schema --output json',
): DeclaredSchema | undefined {
  for (const attempt of clean.network.slice(0, 3))
    report('AOI-01/schema-network', `schema reached for the network: ${attempt}`);
  if (judgeCapped(clean, report)) return undefined;
  if (clean.exitCode !== 0 || clean.timedOut) {
    const tail = toExcerpt(
      Buffer.from(clean.stderr).toString('utf8').trim().split('\n').at(-1) ?? '',
    );
    if (withCredentials && withCredentials.exitCode === 0 && !withCredentials.timedOut) {
      report(
        'AOI-01/schema-needs-credentials',
        `schema failed (${endOf(clean)}) without secret-looking environment variables and succeeded with them`,
        { excerpt: tail },
      );
    } else {
      report(
        'AOI-01/schema-failed',
        `${asked} ${clean.timedOut ? 'timed out' : `ended with ${endOf(clean)}`}`,
        { excerpt: tail },
      );
    }
    return undefined;
  }
  return judgeSchemaDocument(clean.stdout, 'schema', report);
}

/** AOI-01: a schema document (from `schema` or `schema --schema-version N`) is one valid JSON Schema with no file: $id. */
export function judgeSchemaDocument(
  stdout: Uint8Array,
  what: string,
  report: Report,
): DeclaredSchema | undefined {
  const parsed = parseDocument(stdout);
  if (!parsed.ok) {
    report('AOI-01/schema-not-json', `${what}: ${parsed.problem}`, {
      excerpt: toExcerpt(Buffer.from(stdout).toString('utf8')),
    });
    return undefined;
  }
  for (const id of fileIds(parsed.value).slice(0, 3))
    report('AOI-01/file-id', `${what} has $id ${JSON.stringify(id)}`);
  const compiled = compileDeclaredSchema(parsed.value);
  if (!compiled.ok)
    report(
      'AOI-01/schema-invalid',
      `${what} is not a valid JSON Schema: ${compiled.problems.slice(0, 2).join('; ')}`,
    );
  return compiled;
}

/** The §17 manifest fields the linter plans with. */
export interface Capabilities {
  readonly tool?: string;
  readonly schemas?: readonly { name: string; versions: readonly string[]; default?: string }[];
  readonly commands: readonly CapabilityCommand[];
}

export interface CapabilityCommand {
  readonly name: string;
  readonly read_only?: boolean;
  readonly destructive?: boolean;
  readonly requires_confirm?: boolean;
  readonly supports_dry_run?: boolean;
  readonly supports_idempotency_key?: boolean;
  readonly supports_cursor?: boolean;
  readonly bounded?: boolean;
  readonly unbounded?: boolean;
  readonly input_modes?: readonly string[];
  readonly event_types?: readonly string[];
}

/**
 * AOI-01 (§17): `capabilities --output json`. A non-zero exit means the tool does not offer it (the
 * linter then plans from invocations); exit 0 must print one object valid against §17.
 */
export function judgeCapabilities(run: ProbeOutcome, report: Report): Capabilities | undefined {
  for (const attempt of run.network.slice(0, 3))
    report('AOI-01/schema-network', `capabilities reached for the network: ${attempt}`);
  if (judgeCapped(run, report) || run.exitCode !== 0) return undefined;
  return judgeCapabilitiesDocument(run.stdout, report);
}

/**
 * The capabilities manifest itself, printed by the tool or saved from it (`aoi-testkit check --kind capabilities`):
 * one object valid against §17 (AOI-01), naming only AOI-CLI versions the kit knows (AOI-13). Pure.
 */
export function judgeCapabilitiesDocument(
  document: Uint8Array | string,
  report: Report,
): Capabilities | undefined {
  const parsed = parseDocument(document);
  if (!parsed.ok) {
    report('AOI-01/capabilities-invalid', `capabilities: ${parsed.problem}`);
    return undefined;
  }
  const problems = validateCapabilities(parsed.value);
  if (problems.length > 0)
    report(
      'AOI-01/capabilities-invalid',
      `capabilities does not match §17: ${formatSchemaErrors(problems).slice(0, 2).join('; ')}`,
    );
  // §17 is a SHOULD: a manifest that strays from it still plans the lint when its commands can be read.
  if (problems.length > 0 && !usableCommands(parsed.value)) return undefined;
  const manifest = parsed.value as Capabilities & { aoi_versions?: unknown[] };
  for (const version of Array.isArray(manifest.aoi_versions) ? manifest.aoi_versions : [])
    if (typeof version === 'string' && !KNOWN_AOI_VERSIONS.includes(version))
      report(
        'AOI-13/unknown-aoi-version',
        `capabilities aoi_versions lists ${JSON.stringify(version)}, no AOI-CLI version the kit knows (${KNOWN_AOI_VERSIONS.join(', ')})`,
      );
  return manifest;
}

/** A manifest's commands a plan can use despite other problems: a list of objects, each with a string name. */
const usableCommands = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { commands?: unknown }).commands) &&
  (value as { commands: unknown[] }).commands.every(
    (command) =>
      typeof command === 'object' &&
      command !== null &&
      typeof (command as { name?: unknown }).name === 'string',
  );

/** The discovery flags of §3 and the subcommand each must agree with. */
export const DISCOVERY_FLAGS = { '--schema': 'schema', '--capabilities': 'capabilities' } as const;
export type DiscoveryFlag = keyof typeof DISCOVERY_FLAGS;

/**
 * The discovery flags a tool's `--help` (stdout or stderr) offers as options of the program itself: an option
 * entry (`  --schema  print…`, `  -s, --schema`) or an option of the program's own usage line (`usage: tool [-h]
 * [--schema]`). Whole words: `--schema-version` advertises nothing, and neither does a subcommand's flag
 * (`tool help [--capabilities]`).
 */
export function advertisedDiscoveryFlags(help: ProbeOutcome): DiscoveryFlag[] {
  const text = `${Buffer.from(help.stdout).toString('utf8')}\n${Buffer.from(help.stderr).toString('utf8')}`;
  return (Object.keys(DISCOVERY_FLAGS) as DiscoveryFlag[]).filter((flag) => {
    const entry = new RegExp(`^[ \\t]*(-\\w,[ \\t]*)?${flag}(?![\\w-])`, 'm');
    const usage = new RegExp(
      `^[ \\t]*usage:[ \\t]+\\S+([ \\t]+\\[[^\\]\\n]*\\])*[ \\t]+\\[${flag}\\]`,
      'im',
    );
    return entry.test(text) || usage.test(text);
  });
}

/** JSON text with object keys sorted: two documents with the same information compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * AOI-01 (§3): "If both flags and subcommands exist, they MUST return equivalent information." `byFlag` is the
 * advertised flag's run, `bySubcommand` the subcommand's document (undefined when the subcommand itself failed:
 * its own sub-rules say so, and there is nothing to compare with). Equivalent: the same JSON value.
 */
export function judgeDiscoveryFlag(
  flag: DiscoveryFlag,
  byFlag: ProbeOutcome,
  bySubcommand: unknown,
  report: Report,
): void {
  if (byFlag.exitCode !== 0 || byFlag.timedOut) {
    report(
      'AOI-01/discovery-flag-differs',
      `${flag} is advertised in --help but ended with ${byFlag.timedOut ? 'a timeout' : endOf(byFlag)}`,
    );
    return;
  }
  const parsed = parseDocument(byFlag.stdout);
  if (!parsed.ok) {
    report(
      'AOI-01/discovery-flag-differs',
      `${flag} is advertised in --help but ${parsed.problem}`,
      { excerpt: toExcerpt(Buffer.from(byFlag.stdout).toString('utf8')) },
    );
    return;
  }
  if (bySubcommand !== undefined && canonicalJson(parsed.value) !== canonicalJson(bySubcommand)) {
    report(
      'AOI-01/discovery-flag-differs',
      `${flag} prints a different document from \`${DISCOVERY_FLAGS[flag]}\``,
      { excerpt: toExcerpt(canonicalJson(parsed.value)) },
    );
  }
}
