/**
 * SPECS: the one list of what the kit judges, each spec and each consumer role once, with every name it goes by.
 * Every other list is derived from it: detection and the `lint --spec` names (the live specs), the corpus's kinds
 * and specs, docs/coverage.md, the reporters' grouping by spec, the rule-id patterns of the kit's own events, the
 * help strings. Plain data with no imports, so that the lightest paths (a fake's start) can read it; the
 * registries are keyed by these ids in `spec/rules.ts`, the live detectors and runners in `lint/program.ts`, each
 * a map the compiler requires to be complete.
 */

/** A fixture family: its folder and the JSON Schema its expected-verdict files validate against. */
export interface FixtureFamily {
  /** The folder, from the package root (published: the corpus cites these paths). */
  readonly dir: string;
  /** The schema of the family's expected verdicts. */
  readonly schema: string;
  /**
   * Where the expected verdicts are: `beside` each fixture (`<name>.expected.json`), `one` file for the family
   * (`<dir>/expected.json`), or one `expected.json` per fixture folder (`per-dir`).
   */
  readonly expected: 'beside' | 'one' | 'per-dir';
}

export interface SpecInfo {
  /** The kit's name of the spec: its folder in every layer (`src/<layer>/<id>/`), its `lint --spec` name. */
  readonly id: string;
  /** The folder its code lives in, when it shares its spec's (the APP runtime role lives in `consumer/`). */
  readonly folder: string;
  /** The prefix of its rule ids (`AOI` → `AOI-01`, `AOI-02/ansi`). */
  readonly prefix: string;
  /** How docs/coverage.md heads it. */
  readonly title: string;
  /** The spec text it is judged against (`specs/<text>.txt` of the project's shared documents). */
  readonly text: string;
  /** What it judges: a tool, or a consumer of tools (the same pipeline turned round). */
  readonly judges: 'tool' | 'consumer';
  /** `aoi-testkit lint` judges it on a live program: `lint/<id>/` offers a detector and a runner. */
  readonly live: boolean;
  /** Its names in the corpus (published: `scenarios/<kind>.*.json` carry `"spec"` and `"kind"`), when it has scenarios. */
  readonly corpus?: { readonly spec: string; readonly kinds: readonly string[] };
  /** Its own package subpath, when it has one (`aoi-testkit/agents`). */
  readonly subpath?: string;
  /** Its fixture families (a consumer role's expected behaviour is its corpus scenarios instead). */
  readonly fixtures: readonly FixtureFamily[];
}

export const SPECS = [
  {
    id: 'aoi',
    folder: 'aoi',
    prefix: 'AOI',
    title: 'AOI-CLI v0.2 (machine mode)',
    text: 'aoi-cli-v0.2',
    judges: 'tool',
    live: true,
    corpus: { spec: 'aoi', kinds: ['stream', 'lint', 'foreign'] },
    fixtures: [
      {
        dir: 'fixtures/transcripts',
        schema: 'fixtures/transcripts/expected.schema.json',
        expected: 'beside',
      },
    ],
  },
  {
    id: 'cmdhelp',
    folder: 'cmdhelp',
    prefix: 'CMDHELP',
    title: 'cmdhelp v0.1',
    text: 'cmdhelp-v0.1',
    judges: 'tool',
    live: true,
    corpus: { spec: 'cmdhelp', kinds: ['cmdhelp'] },
    fixtures: [
      { dir: 'fixtures/cmdhelp', schema: 'fixtures/cmdhelp/expected.schema.json', expected: 'one' },
    ],
  },
  {
    id: 'exec',
    folder: 'exec',
    prefix: 'EXEC',
    title: 'exec batch dispatch',
    text: 'batch-dispatch-exec',
    judges: 'tool',
    live: true,
    corpus: { spec: 'exec', kinds: ['exec'] },
    fixtures: [
      { dir: 'fixtures/exec', schema: 'fixtures/exec/expected.schema.json', expected: 'per-dir' },
    ],
  },
  {
    id: 'app',
    folder: 'app',
    prefix: 'APP',
    title: 'Agent Applications (APP.md and the CLI contract)',
    text: 'app-cli-contract',
    judges: 'tool',
    live: true,
    corpus: { spec: 'app', kinds: ['app'] },
    fixtures: [
      { dir: 'fixtures/apps', schema: 'fixtures/apps/expected.schema.json', expected: 'one' },
    ],
  },
  {
    id: 'agentcli',
    folder: 'agentcli',
    prefix: 'AGENTCLI',
    title: 'AIP-45 (AGENT-CLI.md and agent CLIs)',
    text: 'aip-45-agent-cli',
    judges: 'tool',
    live: false,
    corpus: { spec: 'agent', kinds: ['agent'] },
    subpath: 'agents',
    fixtures: [
      {
        dir: 'fixtures/manifests/agent-cli',
        schema: 'fixtures/manifests/agent-cli/expected.schema.json',
        expected: 'one',
      },
      {
        dir: 'fixtures/transcripts/agents',
        schema: 'fixtures/transcripts/agents-expected.schema.json',
        expected: 'one',
      },
      // Runners in other languages, judged by the runner verb (AGENTCLI-22, 23, 26…35).
      { dir: 'fixtures/runners', schema: 'fixtures/runners/expected.schema.json', expected: 'one' },
    ],
  },
  {
    id: 'compat',
    folder: 'compat',
    prefix: 'COMPAT',
    title: 'Compatibility between releases (AOI-CLI §5, §5.1)',
    text: 'aoi-cli-v0.2',
    judges: 'tool',
    live: false,
    fixtures: [
      {
        dir: 'fixtures/contracts',
        schema: 'fixtures/contracts/expected.schema.json',
        expected: 'one',
      },
    ],
  },
  {
    id: 'consumer',
    folder: 'consumer',
    prefix: 'CONSUMER',
    title: 'Consumers of AOI streams (stdin readers and wrappers)',
    text: 'aoi-cli-v0.2',
    judges: 'consumer',
    live: false,
    corpus: { spec: 'consumer', kinds: ['consumer'] },
    fixtures: [],
  },
  {
    id: 'runtime',
    folder: 'consumer',
    prefix: 'RUNTIME',
    title: 'Agent Application runtimes',
    text: 'app-cli-contract',
    judges: 'consumer',
    live: false,
    corpus: { spec: 'consumer', kinds: ['consumer'] },
    fixtures: [],
  },
] as const satisfies readonly SpecInfo[];

export type SpecId = (typeof SPECS)[number]['id'];
/** A spec `aoi-testkit lint` judges on a live program. */
export type LiveSpecId = Extract<(typeof SPECS)[number], { live: true }>['id'];
/** The corpus's names of a spec (`agent` for agentcli) and of a kind of scenario. */
type InCorpus = Extract<(typeof SPECS)[number], { corpus: object }>;
export type CorpusSpec = InCorpus['corpus']['spec'];
export type CorpusKind = InCorpus['corpus']['kinds'][number];

/** Every spec id, in SPECS order. */
export const SPEC_IDS: readonly SpecId[] = SPECS.map((s) => s.id);
/** The live specs, in SPECS order: what `lint` detects and `--spec` names. */
export const LIVE_SPEC_IDS = SPECS.filter((s) => s.live).map((s) => s.id) as readonly LiveSpecId[];

/** Specs as asked for (`all`: every live one): the live specs among them, in SPECS order, each once. */
export const liveSpecsOf = (ids: readonly (LiveSpecId | 'all')[]): LiveSpecId[] =>
  LIVE_SPEC_IDS.filter((s) => ids.includes('all') || ids.includes(s));

/** A spec by id. */
export const specInfo = (id: SpecId): SpecInfo => SPECS.find((s) => s.id === id)!;

/** The spec a rule or sub-rule id belongs to (`AOI-06`, `CMDHELP-02/x` → its spec), by its prefix. */
export function specOfRule(id: string): SpecInfo | undefined {
  const prefix = /^([A-Z]+)-\d/.exec(id)?.[1];
  return SPECS.find((s) => s.prefix === prefix);
}

/** A record with an entry per id (`SPEC_IDS`, `LIVE_SPEC_IDS`): `f` of each. */
export function bySpec<I extends string, T>(ids: readonly I[], f: (id: I) => T): Record<I, T> {
  return Object.fromEntries(ids.map((id) => [id, f(id)])) as Record<I, T>;
}
