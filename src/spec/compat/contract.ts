/**
 * A tool's contract: what it promises agents, as its own discovery prints it (AOI-CLI §3 and §17, cmdhelp §5, the
 * exec guide's dispatch manifest). Recorded by `recordContract` (`aoi-testkit contract`), committed next to the
 * tool's code, and compared release to release by `compareContracts` (`aoi-testkit compat`). Plain JSON: any
 * language can read, write and compare it (`aoi-testkit/schemas/compat/contract.schema.json`).
 */

/** The version of this snapshot format; a reader refuses another. */
export const CONTRACT_FORMAT = '1';

/** The `$schema` every recorded contract names. */
export const CONTRACT_SCHEMA_ID =
  'https://unpkg.com/aoi-testkit/dist/schemas/compat/contract.schema.json';

export type JsonObject = { readonly [key: string]: unknown };

/** The AOI-CLI surface: the §17 manifest and the event schema, bare and per advertised version. */
export interface AoiContract {
  /** `capabilities --output json`, as printed (absent when the tool offers none). */
  readonly capabilities?: JsonObject;
  /** `schema --output json` without a version: what a consumer that negotiates nothing is described. */
  readonly schema?: JsonObject;
  /**
   * Per schema name and version capabilities advertise: `schema --output json --schema-version V` (the full version,
   * else its major). A version whose schema could not be recorded is absent (see `Contract.unrecorded`).
   */
  readonly schemas?: { readonly [name: string]: { readonly [version: string]: JsonObject } };
}

/** The cmdhelp surface: the capability line and the whole command tree, every command in full detail. */
export interface CmdhelpContract {
  /** `help --capabilities` (or `--cmdhelp-capabilities`): `cmdhelp/0.1: text, md, json`. */
  readonly capability: string;
  /** `help --format json`, every command as its own scoped help shows it (leaves in full detail). */
  readonly document?: JsonObject;
}

/** The batch-dispatch surface: the dispatch manifest whose keys are exec's `_cmd` values. */
export interface ExecContract {
  /** The words that print it (`manifest --output json`, or the tool's own place). */
  readonly manifestArgs: readonly string[];
  readonly manifest: JsonObject;
}

export interface Contract {
  readonly $schema?: string;
  /** {@link CONTRACT_FORMAT}. */
  readonly contract: string;
  /** The tool's name and release as its discovery gives them (capabilities, cmdhelp's `binary`/`version`, exec's `framework_version`). */
  readonly tool: { readonly name?: string; readonly version?: string };
  readonly aoi?: AoiContract;
  readonly cmdhelp?: CmdhelpContract;
  readonly exec?: ExecContract;
  /** What discovery offered but could not be recorded, one sentence each (a schema version refused, a help scope that failed). */
  readonly unrecorded?: readonly string[];
}

/** The surfaces a contract can hold. */
export const CONTRACT_SURFACES = ['aoi', 'cmdhelp', 'exec'] as const;
export type ContractSurface = (typeof CONTRACT_SURFACES)[number];
