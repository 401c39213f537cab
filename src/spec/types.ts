/** The ten Machine Mode characteristics (AOI-CLI §Relationship to Machine Mode). */
export type Characteristic =
  | 'Typed'
  | 'Discoverable'
  | 'Streamable'
  | 'Bounded'
  | 'Safe'
  | 'Idempotent'
  | 'Auditable'
  | 'Verifiable'
  | 'Composable'
  | 'Versioned';

/** `error` fails the rule; `warning` is reported but fails only under `strict`. */
export type Severity = 'error' | 'warning';

/** A numbered lint check, e.g. `AOI-03` (§18.2 row 3). Rule ids are stable API. */
export interface Rule {
  readonly id: string;
  readonly title: string;
  readonly characteristics: readonly Characteristic[];
  /** Spec sections the rule enforces, e.g. `§4`. */
  readonly sections: readonly string[];
  /** Relative path of the rule's documentation page inside the package. */
  readonly docs: string;
}

/** One distinct way to break a rule, e.g. `AOI-02/ansi`. Findings always name a sub-rule. */
export interface SubRule {
  readonly id: string;
  /** The parent rule id, e.g. `AOI-02`. */
  readonly rule: string;
  readonly title: string;
  readonly severity: Severity;
  /** One sentence: how to fix it. */
  readonly fix: string;
  /**
   * `stream`: the stream checker finds it in recorded stdout (`checkStream`, `aoi-testkit check`);
   * `probe`: only the process linter does, by running the tool (`lintCli`, `aoi-testkit lint`);
   * `manifest`: the AGENT-CLI.md validator (`validateAgentCliManifest`);
   * `config`: the reference spawn resolution, on a runner's mode and option choices (`resolveSpawn`);
   * `transcript`: the turn checker, on a recorded runner ↔ agent conversation (`checkTurns`);
   * `lifecycle`: the lifecycle probe, on what a runner did to an agent process (`checkAgentLifecycle`);
   * `document`: a validator of one document the tool printed or shipped (a cmdhelp JSON document, an exec envelope);
   * `contract`: the compatibility judge, on two recorded contracts of a tool (`compareContracts`);
   * `runner`: the runner verb, on what a runner under test did to the kit's fake agents (`lintRunner`).
   */
  readonly judgedBy:
    | 'stream'
    | 'probe'
    | 'manifest'
    | 'config'
    | 'transcript'
    | 'lifecycle'
    | 'document'
    | 'contract'
    | 'runner';
  /** Why the default severity is what it is, where the spec leaves room (see docs/spec-notes.md). */
  readonly note?: string;
}
