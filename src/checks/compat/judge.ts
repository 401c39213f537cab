/**
 * COMPAT-01…03: two contracts of a tool, compared. Every difference is classified (output for an old consumer,
 * command surface for an old caller); a breaking one is information when a major version announces it and a
 * finding when none does — §5.1's MUST for machine output (COMPAT-01), the kit's reading of §1.1 for the command
 * surface (COMPAT-02). The schema versions the newer contract offers side by side are compared the same way, and
 * its versions are checked for conflation (§5, COMPAT-03). Pure; never throws on any contract.
 */
import { KNOWN_AOI_VERSIONS } from '../../spec/aoi/constants.js';
import type { Contract, ContractSurface, JsonObject } from '../../spec/compat/contract.js';
import { isObject } from '../../stream/json.js';
import { VerdictCollector, type Report } from '../verdict.js';
import { subRuleOf, type Difference } from './difference.js';
import { compareEventSchemas } from './output.js';
import {
  capabilitiesSurface,
  cmdhelpSurface,
  compareSurfaces,
  execSurface,
  type SurfaceSpec,
} from './surface.js';
import {
  compareVersions,
  parseVersion,
  releaseMajorChanged,
  schemaMajorChanged,
} from './versions.js';

export const COMPAT_RULE_IDS = ['COMPAT-01', 'COMPAT-02', 'COMPAT-03'] as const;

/** One classified difference between the two contracts. */
export interface ContractChange extends Difference {
  readonly surface: ContractSurface;
  readonly breaking: boolean;
  /** The sub-rule a breaking change is reported under when no version announces it. */
  readonly subRule?: string;
  /** The major version change that announces this breaking change (`schema_version 1.0.0 → 2.0.0`), if one does. */
  readonly announcedBy?: string;
  /** A breaking output change between documents a contract gives no version for: whether a major announced it is unknown. */
  readonly versionUnknown?: true;
}

export interface CompatOptions {
  /** Warnings count as errors. */
  readonly strict?: boolean;
}

export interface CompatReport extends Report {
  /** Every difference, breaking or compatible, in the order found. */
  readonly changes: readonly ContractChange[];
  /** The releases compared, as their contracts name them. */
  readonly base: Contract['tool'];
  readonly head: Contract['tool'];
}

/** The schema a consumer that negotiates nothing gets: capabilities' first schema and its default version. */
function defaultSchema(contract: Contract): { name?: string; version?: string } {
  const schemas = contract.aoi?.capabilities?.schemas;
  const first = Array.isArray(schemas) ? (schemas as unknown[]).find(isObject) : undefined;
  if (!first) return {};
  const versions = Array.isArray(first.versions)
    ? first.versions.filter((v): v is string => typeof v === 'string')
    : [];
  const version =
    typeof first.default === 'string'
      ? first.default
      : versions.length === 1
        ? versions[0]
        : undefined;
  return {
    ...(typeof first.name === 'string' ? { name: first.name } : {}),
    ...(version !== undefined ? { version } : {}),
  };
}

/** The recorded schema documents of each schema name, versions in ascending order. */
function recordedSchemas(contract: Contract): Map<string, [string, JsonObject][]> {
  const out = new Map<string, [string, JsonObject][]>();
  for (const [name, versions] of Object.entries(contract.aoi?.schemas ?? {}))
    out.set(
      name,
      Object.entries(versions).sort(([a], [b]) => compareVersions(a, b)),
    );
  return out;
}

/** The highest recorded version of each major. */
function byMajor(versions: readonly [string, JsonObject][]): Map<number, [string, JsonObject]> {
  const out = new Map<number, [string, JsonObject]>();
  for (const entry of versions) {
    const v = parseVersion(entry[0]);
    if (v) out.set(v.major, entry);
  }
  return out;
}

const schemaLabel = (name: string | undefined, from: string, to: string) =>
  `schema ${name ?? '(default)'} ${from === to ? from : `${from} → ${to}`}`;

class Judgement {
  readonly changes: ContractChange[] = [];
  private readonly seen = new Set<string>();
  judgedOutput = false;
  judgedSurface = false;

  /** Classify differences; `announce(class)` names what announces a breaking one (or `unknown`). */
  add(
    surface: ContractSurface,
    differences: readonly Difference[],
    announce: (subRule: string) => string | 'unknown' | undefined,
  ): void {
    for (const d of differences) {
      const key = `${d.class}\u0000${d.where}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      const subRule = subRuleOf(d.class);
      if (!subRule) {
        this.changes.push({ ...d, surface, breaking: false });
        continue;
      }
      const by = announce(subRule);
      this.changes.push({
        ...d,
        surface,
        breaking: true,
        subRule,
        ...(by === 'unknown'
          ? { versionUnknown: true }
          : by !== undefined
            ? { announcedBy: by }
            : {}),
      });
    }
  }
}

const isOutput = (subRule: string) => subRule.startsWith('COMPAT-01/');

/**
 * Compare `base` (the last release's contract, or a snapshot) with `head` (the tool as it is now).
 *
 * @example
 * const report = compareContracts(JSON.parse(readFileSync('contract.json', 'utf8')), await recordContract(target));
 * for (const change of report.changes.filter((c) => c.breaking)) console.log(change.message, change.announcedBy);
 */
export function compareContracts(
  base: Contract,
  head: Contract,
  options: CompatOptions = {},
): CompatReport {
  const collector = new VerdictCollector({ strict: options.strict === true, keepPerSubRule: 20 });
  const judgement = new Judgement();
  const baseDefault = defaultSchema(base);
  const headDefault = defaultSchema(head);
  const defaultMajor = schemaMajorChanged(baseDefault.version, headDefault.version);
  const defaultBump =
    defaultMajor === true
      ? `schema_version ${baseDefault.version} → ${headDefault.version}`
      : undefined;
  const releaseBump = releaseMajorChanged(base.tool.version, head.tool.version)
    ? `tool_version ${base.tool.version} → ${head.tool.version}`
    : undefined;
  /** A surface break is announced by a major release of the tool, or a new default schema major. */
  const surfaceAnnounce = (subRule: string) =>
    isOutput(subRule)
      ? defaultMajor === undefined
        ? ('unknown' as const)
        : defaultBump
      : (releaseBump ?? defaultBump);

  compareOutput(base, head, judgement);

  // The command surfaces, each read into one shape and compared the same way.
  const surfaces: [ContractSurface, SurfaceSpec | undefined, SurfaceSpec | undefined][] = [
    [
      'aoi',
      base.aoi?.capabilities && capabilitiesSurface(base.aoi.capabilities),
      head.aoi?.capabilities && capabilitiesSurface(head.aoi.capabilities),
    ],
    [
      'cmdhelp',
      base.cmdhelp && cmdhelpSurface(base.cmdhelp.capability, base.cmdhelp.document),
      head.cmdhelp && cmdhelpSurface(head.cmdhelp.capability, head.cmdhelp.document),
    ],
    [
      'exec',
      base.exec && execSurface(base.exec.manifest),
      head.exec && execSurface(head.exec.manifest),
    ],
  ];
  const NAMES = {
    aoi: 'the AOI capabilities manifest',
    cmdhelp: 'cmdhelp help',
    exec: 'the exec dispatch manifest',
  };
  for (const [surface, before, after] of surfaces) {
    if (before && after) {
      judgement.judgedSurface = true;
      if (defaultMajor !== undefined && [...before.commands.values()].some((c) => c.eventTypes))
        judgement.judgedOutput = true;
      judgement.add(surface, compareSurfaces(before, after), surfaceAnnounce);
    } else if (before) {
      judgement.judgedSurface = true;
      judgement.add(
        surface,
        [
          {
            class: 'capability-withdrawn',
            where: NAMES[surface],
            message: `${NAMES[surface]} is no longer offered`,
          },
        ],
        surfaceAnnounce,
      );
    } else if (after) {
      judgement.add(
        surface,
        [
          {
            class: 'capability-added',
            where: NAMES[surface],
            message: `${NAMES[surface]} is newly offered`,
          },
        ],
        surfaceAnnounce,
      );
    }
  }

  const unknown = judgement.changes.filter((c) => c.versionUnknown);
  for (const change of judgement.changes) {
    if (!change.breaking) continue;
    const rule = change.subRule!.slice(0, change.subRule!.indexOf('/'));
    if (change.announcedBy)
      collector.note(rule, `announced by ${change.announcedBy}: ${change.message}`);
    else if (change.versionUnknown)
      collector.note(rule, `not judged (no version known to announce it): ${change.message}`);
    else collector.add(change.subRule!, change.message);
  }

  // COMPAT-01: judged where two schema documents (or two lists of event types) with known versions were compared.
  if (unknown.length > 0) {
    collector.skip(
      'COMPAT-01',
      'a breaking output change was found, but a contract does not say which schema version it describes (capabilities `schemas[].default`)',
    );
  }
  if (judgement.judgedOutput) collector.exercised('COMPAT-01');
  else
    collector.notApplicable(
      'COMPAT-01',
      'neither contract records an event schema or the event types of a command',
    );
  if (judgement.judgedSurface) collector.exercised('COMPAT-02');
  else collector.notApplicable('COMPAT-02', 'the two contracts share no command surface');
  judgeVersions(base, head, collector);

  const report = collector.report(COMPAT_RULE_IDS);
  return { ...report, changes: judgement.changes, base: base.tool, head: head.tool };
}

/**
 * The event schemas: each major both contracts offer (the newest version of it on each side: the same major, so
 * nothing announces a break), the documents a consumer that negotiates nothing gets (announced when the default's
 * major changed), and the versions the newer contract offers side by side, each against the one before it.
 */
function compareOutput(base: Contract, head: Contract, judgement: Judgement): void {
  const before = recordedSchemas(base);
  const after = recordedSchemas(head);
  const compared = new Set<string>();
  const add = (from: string, to: string, diffs: Difference[], major: boolean | undefined) => {
    if (major !== undefined) judgement.judgedOutput = true;
    judgement.add('aoi', diffs, () =>
      major === undefined ? 'unknown' : major ? `schema_version ${from} → ${to}` : undefined,
    );
  };
  for (const [name, versions] of before) {
    const now = byMajor(after.get(name) ?? []);
    for (const [major, [from, doc]] of byMajor(versions)) {
      const other = now.get(major);
      if (!other) continue;
      compared.add(`${name}@${major}`);
      add(
        from,
        other[0],
        compareEventSchemas(doc, other[1], schemaLabel(name, from, other[0])),
        false,
      );
    }
  }
  const baseDefault = defaultSchema(base);
  const headDefault = defaultSchema(head);
  if (base.aoi?.schema && head.aoi?.schema) {
    const major = schemaMajorChanged(baseDefault.version, headDefault.version);
    const covered =
      major === false &&
      headDefault.name === baseDefault.name &&
      compared.has(`${headDefault.name}@${parseVersion(headDefault.version)!.major}`);
    if (!covered) {
      const from = baseDefault.version ?? '(unknown version)';
      const to = headDefault.version ?? '(unknown version)';
      add(
        from,
        to,
        compareEventSchemas(
          base.aoi.schema,
          head.aoi.schema,
          schemaLabel(headDefault.name ?? baseDefault.name, from, to),
        ),
        major,
      );
    }
  }
  // The versions one contract offers side by side, each against the one before it.
  for (const [name, versions] of after)
    for (let i = 1; i < versions.length; i++) {
      const [from, doc] = versions[i - 1]!;
      const [to, next] = versions[i]!;
      add(
        from,
        to,
        compareEventSchemas(doc, next, schemaLabel(name, from, to)),
        schemaMajorChanged(from, to),
      );
    }
}

/** COMPAT-03 (§5): the three versions kept apart, in the newer contract and from one release to the next. */
function judgeVersions(base: Contract, head: Contract, collector: VerdictCollector): void {
  const tool = head.tool.version;
  const caps = head.aoi?.capabilities;
  const aoiVersions = Array.isArray(caps?.aoi_versions)
    ? (caps.aoi_versions as unknown[]).filter((v): v is string => typeof v === 'string')
    : [];
  const schemaVersions = new Set(
    (Array.isArray(caps?.schemas) ? (caps.schemas as unknown[]) : [])
      .filter(isObject)
      .flatMap((s) => (Array.isArray(s.versions) ? s.versions : []))
      .filter((v): v is string => typeof v === 'string'),
  );
  if (tool === undefined && aoiVersions.length === 0) {
    collector.notApplicable('COMPAT-03', 'the contract names no tool or AOI version');
    return;
  }
  collector.exercised('COMPAT-03');
  for (const version of aoiVersions) {
    if (KNOWN_AOI_VERSIONS.includes(version)) continue;
    const same =
      version === tool ? `the tool version` : schemaVersions.has(version) ? 'a schema version' : '';
    if (same)
      collector.add(
        'COMPAT-03/aoi-version-conflated',
        `capabilities aoi_versions lists ${JSON.stringify(version)}, which is ${same}, not a version of AOI-CLI (${KNOWN_AOI_VERSIONS.join(', ')})`,
      );
  }
  const baseDefault = defaultSchema(base);
  const headDefault = defaultSchema(head);
  if (
    base.tool.version !== undefined &&
    tool !== undefined &&
    base.tool.version !== tool &&
    baseDefault.version === base.tool.version &&
    headDefault.version === tool
  )
    collector.add(
      'COMPAT-03/schema-follows-tool',
      `the schema version is the tool version in both releases (${base.tool.version} → ${tool}): it follows the release, not the output`,
    );
}
