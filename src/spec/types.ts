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

/**
 * What a sub-rule's severity rests on: the words of the spec it enforces. Only `must` may be an error.
 * - `must`: MUST, MUST NOT, REQUIRED (or "must" in a text without RFC 2119 keywords), or a rule of a standard the
 *   spec cites (RFC 8259 for JSON, YAML 1.2, JSON-RPC 2.0, ACP, MCP);
 * - `should`: SHOULD, SHOULD NOT, recommended, preferred — a warning;
 * - `kit`: the text is silent or leaves room and the kit chose a reading — a warning, which `strict` (or the option
 *   the sub-rule's note names) makes fail.
 */
export interface SpecBasis {
  readonly strength: 'must' | 'should' | 'kit';
  /** Where: `§14.3` (of the rule's own spec), a heading of a text without numbers (`Options`), or a place in `source`. */
  readonly section: string;
  /** The sentence, verbatim from the text; for `kit`, the nearest sentence the reading starts from, if any. */
  readonly quote?: string;
  /** The document quoted when it is not the rule's own spec: `RFC 8259`, `ACP`, `JSON-RPC 2.0`, `AOI-CLI v0.2`. */
  readonly source?: string;
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
  /** The spec's sentence behind it, and how strong it is: an error needs a MUST. Shown on the rule's page. */
  readonly basis: SpecBasis;
  /** Why the default severity is what it is, where the spec leaves room (see docs/spec-notes.md). */
  readonly note?: string;
}
