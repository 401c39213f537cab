/**
 * Records a tool's contract from its discovery alone: `capabilities` and `schema` (bare, and per advertised
 * version), the cmdhelp capability line and every command's scoped json help, the exec dispatch manifest. Every
 * probe goes through the lint's one runner: a fresh sandbox each (state, cwd, HOME, XDG, TMPDIR), no
 * secret-looking variable, the network tripped where the target can see it (§3.2: discovery needs none), stdin
 * an open pipe. Runs processes and decides nothing: `compareContracts` judges two recordings.
 */
import { negotiationFlag, type NegotiationForm } from '../../checks/aoi/probe/negotiation.js';
import { documentOf as helpDocumentOf, walkTree } from '../../checks/cmdhelp/probe/tree.js';
import { formatProbe, scopedProbe } from '../../checks/cmdhelp/probe/probes.js';
import { answerOf, type HelpAnswer } from '../../checks/cmdhelp/probe/types.js';
import { sortKeys } from '../../checks/compat/contract-file.js';
import { parseVersion } from '../../checks/compat/versions.js';
import { makeCanaries } from '../../run/canaries.js';
import { CAPABILITY_PROBES } from '../../spec/cmdhelp/constants.js';
import {
  CONTRACT_FORMAT,
  CONTRACT_SCHEMA_ID,
  type AoiContract,
  type CmdhelpContract,
  type Contract,
  type ContractSurface,
  type ExecContract,
  type JsonObject,
} from '../../spec/compat/contract.js';
import { DEFAULT_EXEC_MANIFEST_ARGS, EXEC_MANIFEST_FALLBACK_ARGS } from '../../spec/exec/types.js';
import { isObject } from '../../stream/json.js';
import { DEFAULT_SURFACE, discoveryFlag, type ToolSurface } from '../aoi/plan.js';
import { ProbeRunner, type RecordedProbe } from '../aoi/runner.js';
import type { LintTarget } from '../aoi/target.js';

export interface RecordContractOptions {
  /** Extra environment for every probe; `{stateDir}` and `{home}` become the probe's sandbox paths. */
  env?: Record<string, string>;
  /** Per probe (default 10 s). */
  timeoutMs?: number;
  /** Per probe, stdout plus stderr read before the kit stops and kills the tool. */
  maxOutputBytes?: number;
  /** How the tool selects machine mode (default `--output jsonl`); discovery asks for JSON the same way. */
  machineFlag?: readonly string[];
  /** The words of the schema command (default `schema`; `aoi-schema` where the tool's domain owns `schema`). */
  schemaCommand?: readonly string[];
  /** The words that print the dispatch manifest (default: the guide's place, then `exec manifest` where cmdhelp documents it). */
  execManifest?: readonly string[];
  /** Only these surfaces (default: every one the tool offers). */
  surfaces?: readonly ContractSurface[];
  /** Probes get the caller's HOME (and XDG directories) instead of their own. */
  callerHome?: boolean;
  /** At most this many commands of a help tree are walked (default 256). */
  maxCommands?: number;
}

/** The contract could not be recorded: the tool offers none of the surfaces asked for. */
export class ContractRecordError extends Error {
  override readonly name = 'ContractRecordError';
}

const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
const ok = (p: RecordedProbe) =>
  p.run.exitCode === 0 && !p.run.timedOut && p.run.outputCapped === undefined;

/** One JSON object on stdout, or undefined. */
function documentOf(probe: RecordedProbe): JsonObject | undefined {
  if (!ok(probe)) return undefined;
  try {
    const value = JSON.parse(text(probe.run.stdout).trim()) as unknown;
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Record what `target` promises. Throws {@link ContractRecordError} when it offers none of the surfaces asked for
 * (a program that cannot start offers none).
 *
 * @example
 * const contract = await recordContract(processTarget('node', ['dist/cli.js']));
 * writeFileSync('contract.json', formatContract(contract));
 */
export async function recordContract(
  target: LintTarget,
  options: RecordContractOptions = {},
): Promise<Contract> {
  const surface: ToolSurface = {
    machineFlag: options.machineFlag ?? DEFAULT_SURFACE.machineFlag,
    schemaCommand: options.schemaCommand ?? DEFAULT_SURFACE.schemaCommand,
  };
  const runner = await ProbeRunner.create(target, {
    ...(options.env ? { env: options.env } : {}),
    timeoutMs: options.timeoutMs ?? 10_000,
    graceMs: 2_000,
    canaries: makeCanaries(),
    ...(options.maxOutputBytes !== undefined ? { maxOutputBytes: options.maxOutputBytes } : {}),
    sandboxHome: options.callerHome !== true,
    watchEscapes: false,
  });
  const wants = (s: ContractSurface) => !options.surfaces || options.surfaces.includes(s);
  const ask = (args: readonly string[]) =>
    runner.probe(args, { clean: true, tripwire: target.seesNetwork });
  const unrecorded: string[] = [];
  try {
    const [aoi, cmdhelp] = await Promise.all([
      wants('aoi') ? recordAoi(ask, surface, unrecorded) : undefined,
      wants('cmdhelp') || wants('exec') ? recordCmdhelp(ask, options, unrecorded) : undefined,
    ]);
    const exec = wants('exec') ? await recordExec(ask, options, cmdhelp?.document) : undefined;
    const kept = { aoi, cmdhelp: wants('cmdhelp') ? cmdhelp : undefined, exec };
    if (!kept.aoi && !kept.cmdhelp && !kept.exec)
      throw new ContractRecordError(
        `${target.label} offers no ${options.surfaces?.join(', ') ?? 'AOI capabilities or schema, cmdhelp capability line or exec dispatch manifest'} to record a contract from`,
      );
    const contract: Contract = {
      $schema: CONTRACT_SCHEMA_ID,
      contract: CONTRACT_FORMAT,
      tool: toolOf(kept.aoi, kept.cmdhelp, kept.exec),
      ...(kept.aoi ? { aoi: kept.aoi } : {}),
      ...(kept.cmdhelp ? { cmdhelp: kept.cmdhelp } : {}),
      ...(kept.exec ? { exec: kept.exec } : {}),
      ...(unrecorded.length > 0 ? { unrecorded } : {}),
    };
    return sortKeys(contract) as Contract;
  } finally {
    await runner.dispose();
  }
}

type Ask = (args: readonly string[]) => Promise<RecordedProbe>;

/** §3, §10.1, §17: capabilities, the bare schema, and the schema of every version capabilities advertise. */
async function recordAoi(
  ask: Ask,
  surface: ToolSurface,
  unrecorded: string[],
): Promise<AoiContract | undefined> {
  const json = discoveryFlag(surface.machineFlag);
  const schemaArgs = [...surface.schemaCommand, ...json];
  const [capabilities, schema] = await Promise.all([
    ask(['capabilities', ...json]).then(documentOf),
    ask(schemaArgs).then(documentOf),
  ]);
  if (!capabilities && !schema) return undefined;
  const advertised = (Array.isArray(capabilities?.schemas) ? capabilities.schemas : [])
    .filter(isObject)
    .flatMap((s) =>
      typeof s.name === 'string' && Array.isArray(s.versions)
        ? s.versions
            .filter((v) => typeof v === 'string')
            .map((v) => ({ name: s.name as string, version: v as string }))
        : [],
    );
  const names = new Set(advertised.map((a) => a.name));
  const schemas: Record<string, Record<string, JsonObject>> = {};
  await Promise.all(
    advertised.map(async ({ name, version }) => {
      const doc = await versionedSchema(ask, schemaArgs, name, version, names.size > 1);
      if (doc) (schemas[name] ??= {})[version] = doc;
      else
        unrecorded.push(
          `${schemaArgs.join(' ')} for ${name} ${version}: refused as --schema-version ${version}, --schema-version ${parseVersion(version)?.major ?? version} and --accept-schema ${name}@${parseVersion(version)?.major ?? version}`,
        );
    }),
  );
  return {
    ...(capabilities ? { capabilities } : {}),
    ...(schema ? { schema } : {}),
    ...(Object.keys(schemas).length > 0 ? { schemas } : {}),
  };
}

/**
 * One advertised version's schema: asked by its full version, else by its major (§5.1 shows `--schema-version 1`),
 * else by content negotiation (`--accept-schema NAME@MAJOR`); `--name` too where capabilities list several schemas.
 */
async function versionedSchema(
  ask: Ask,
  schemaArgs: readonly string[],
  name: string,
  version: string,
  named: boolean,
): Promise<JsonObject | undefined> {
  const major = String(parseVersion(version)?.major ?? version);
  const byName = named ? ['--name', name] : [];
  const asks: (readonly string[])[] = [
    ['--schema-version', version, ...byName],
    ...(major !== version ? [['--schema-version', major, ...byName]] : []),
    negotiationFlag('accept-schema' satisfies NegotiationForm, name, major),
  ];
  for (const extra of asks) {
    const doc = documentOf(await ask([...schemaArgs, ...extra]));
    if (doc) return doc;
  }
  return undefined;
}

/** cmdhelp §8, §4: the capability line, then the tree walked through scoped json help, every leaf in full detail. */
async function recordCmdhelp(
  ask: Ask,
  options: RecordContractOptions,
  unrecorded: string[],
): Promise<CmdhelpContract | undefined> {
  let capability: string | undefined;
  for (const words of CAPABILITY_PROBES) {
    const probe = await ask(words);
    const line = text(probe.run.stdout).split('\n', 1)[0]!.trim();
    if (ok(probe) && line.startsWith('cmdhelp/')) {
      capability = line;
      break;
    }
  }
  if (capability === undefined) return undefined;
  const answers = new Map<string, HelpAnswer>();
  const answer = async (words: readonly string[]) => {
    const probe = await ask(words);
    // A run the kit cut at its cap is no answer (answerOf reads exit 0 as one).
    const answered = answerOf(probe.run);
    answers.set(words.join('\u0000'), ok(probe) ? answered : { ...answered, ok: false });
  };
  const recorded = (words: readonly string[]) => answers.get(words.join('\u0000'));
  const root = formatProbe('json');
  await answer(root);
  const rootDoc = helpDocumentOf(recorded(root));
  if (!rootDoc) {
    unrecorded.push(`help --format json printed no cmdhelp document`);
    return { capability };
  }
  for (;;) {
    const { tree, pending } = walkTree(rootDoc, recorded, options.maxCommands ?? 256);
    if (tree) {
      for (const scoped of tree.scoped)
        if (!scoped.document)
          unrecorded.push(`${scopedProbe(scoped.path).join(' ')} printed no cmdhelp document`);
      return { capability, document: tree.assembled as unknown as JsonObject };
    }
    await Promise.all(pending.map(answer));
  }
}

/**
 * The dispatch manifest listing exec: where the user says, else the guide's `manifest --output json`, else `exec
 * manifest --output json` when the tool's help documents it (never blindly: `npm exec manifest` runs a package).
 */
async function recordExec(
  ask: Ask,
  options: RecordContractOptions,
  help: JsonObject | undefined,
): Promise<ExecContract | undefined> {
  const lists = (doc: JsonObject | undefined) => isObject(doc?.commands) && 'exec' in doc.commands;
  const places: (readonly string[])[] = options.execManifest
    ? [options.execManifest]
    : [
        DEFAULT_EXEC_MANIFEST_ARGS,
        ...(documentsExecManifest(help) ? [EXEC_MANIFEST_FALLBACK_ARGS] : []),
      ];
  for (const words of places) {
    const manifest = documentOf(await ask(words));
    if (manifest && lists(manifest)) return { manifestArgs: [...words], manifest };
  }
  return undefined;
}

/** Whether a help tree documents `exec manifest`: a command of its own, or a value of exec's enum argument. */
function documentsExecManifest(help: JsonObject | undefined): boolean {
  const commands = isObject(help?.commands) ? help.commands : {};
  if (isObject(commands['exec manifest'])) return true;
  const exec = commands.exec;
  return (
    isObject(exec) &&
    Array.isArray(exec.args) &&
    exec.args.some((a) => isObject(a) && Array.isArray(a.enum) && a.enum.includes('manifest'))
  );
}

/** The tool's name and release: capabilities first (§17 `tool`, `tool_version`), then cmdhelp, then exec. */
function toolOf(
  aoi: AoiContract | undefined,
  cmdhelp: CmdhelpContract | undefined,
  exec: ExecContract | undefined,
): Contract['tool'] {
  const caps = aoi?.capabilities;
  const help = cmdhelp?.document;
  const framework =
    typeof exec?.manifest.framework_version === 'string'
      ? exec.manifest.framework_version
      : undefined;
  const pick = (...values: unknown[]) =>
    values.find((v): v is string => typeof v === 'string' && v !== '');
  const name = pick(
    caps?.tool,
    help?.binary,
    framework?.split(/\s+/).length === 2 ? framework.split(/\s+/)[0] : undefined,
  );
  const version = pick(caps?.tool_version, help?.version, framework);
  return { ...(name !== undefined ? { name } : {}), ...(version !== undefined ? { version } : {}) };
}
