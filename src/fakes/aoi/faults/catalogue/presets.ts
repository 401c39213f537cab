import type { FaultId } from './lookup.js';
import type { ReferenceRunId } from './reference-runs.js';

/** A fault from the catalogue with parameters, as presets and corpus files name them. */
export type FaultSpec = readonly [FaultId] | readonly [FaultId, object];

/** A named fake: the reference tool plus faults. */
export interface Preset {
  readonly description: string;
  readonly tool: 'notes';
  readonly faults: readonly FaultSpec[];
  /**
   * The reference run the stream checker judges the preset on: presets of stream faults only. A preset
   * with a behaviour fault has none — its declaration holds for the process linter, as its faults' do.
   */
  readonly run?: ReferenceRunId;
}

const presets = {
  'well-behaved': {
    description: 'the reference tool as it is: every AOI-CLI rule holds',
    tool: 'notes',
    faults: [],
    run: 'search-truncated',
  },
  'crashing-without-summary': {
    description:
      'dies just before its terminal summary and exits 0: a consumer must treat the stream as failed',
    tool: 'notes',
    faults: [['crash-before-summary', { exitCode: 0 }]],
    run: 'search-truncated',
  },
  'killed-mid-stream': {
    description: 'killed by SIGKILL after two events, half-way through a line',
    tool: 'notes',
    faults: [['killed-mid-stream', { afterEvents: 2, cutLine: true }]],
    run: 'search-truncated',
  },
  'leaking-secrets': {
    description:
      'echoes its command line (with an --api-token), its environment (with a token) and its backend URL (token in it) in aoi:meta',
    tool: 'notes',
    faults: [['leaks-argv-in-meta'], ['leaks-env-in-meta'], ['leaks-credentials-in-meta']],
    run: 'search-truncated',
  },
  'mixing-prose': {
    description: 'a start-up banner and a chatty log line on stdout among the events',
    tool: 'notes',
    faults: [['banner'], ['mixing-prose']],
    run: 'search-truncated',
  },
  colourful: {
    description: 'colours its results with ANSI codes in machine mode',
    tool: 'notes',
    faults: [['ansi-colour']],
    run: 'search-truncated',
  },
  'json-array': {
    description: 'buffers everything and prints one JSON array at the end',
    tool: 'notes',
    faults: [['giant-json-array']],
    run: 'search-truncated',
  },
  'pretty-printing': {
    description: 'indents every event over several lines',
    tool: 'notes',
    faults: [['pretty-printed']],
    run: 'search-truncated',
  },
  'legacy-v0.1': {
    description: 'a pre-0.2 stream: meta and summary without the aoi: prefix',
    tool: 'notes',
    faults: [['legacy-unprefixed']],
    run: 'search-truncated',
  },
  'windows-text-mode': {
    description: 'a byte order mark and CRLF line endings',
    tool: 'notes',
    faults: [['bom'], ['crlf']],
    run: 'search-truncated',
  },
  'unstructured-errors': {
    description: 'errors as a bare message: no category, code or retryable',
    tool: 'notes',
    faults: [['unstructured-error']],
    run: 'get-missing',
  },
  'sloppy-errors': {
    // Not retryable-mismatch as well: with an invented category there is no §9.1 default to contradict.
    description:
      'errors with an invented category and a code that is not UPPER_SNAKE_CASE (warnings only)',
    tool: 'notes',
    faults: [['error-code-format'], ['unknown-error-category']],
    run: 'get-missing',
  },
  'unbounded-pager': {
    description: 'a truncated page that neither says truncated nor reports a schema version',
    tool: 'notes',
    faults: [['truncation-without-flag'], ['schema-version-missing']],
    run: 'search-truncated',
  },
  // Behaviour presets: the process linter tells them apart (`aoi-testkit lint -- aoi-testkit fake <preset>`).
  slow: {
    description: 'slow to start and between events, with seeded jitter: slow, yet conformant',
    tool: 'notes',
    faults: [['slow']],
  },
  'ignoring-sigpipe': {
    description: 'watch ignores EPIPE when the reader goes away and never exits',
    tool: 'notes',
    faults: [['ignores-sigpipe']],
  },
  'stack-trace-on-epipe': {
    description:
      'watch dies of an unhandled "write EPIPE" when the reader goes away: a Node trace on stderr, exit 1',
    tool: 'notes',
    faults: [['stack-trace-on-epipe']],
  },
  'ignoring-signals': {
    description: 'ignores SIGINT and SIGTERM: watch runs on until killed',
    tool: 'notes',
    faults: [['ignores-signals']],
  },
  stalling: {
    description: 'search stops writing after its meta and never finishes',
    tool: 'notes',
    faults: [['stall']],
  },
  'destructive-without-confirmation': {
    description: 'delete deletes without --confirm',
    tool: 'notes',
    faults: [['destructive-without-confirmation']],
  },
  prompting: {
    description:
      'delete without --confirm asks "[y/N]" on stderr and waits on stdin, even in machine mode',
    tool: 'notes',
    faults: [['prompts-in-machine-mode']],
  },
} as const satisfies Record<string, Preset>;

export type PresetId = keyof typeof presets;
export const PRESETS: Readonly<Record<PresetId, Preset>> = presets;
export const PRESET_IDS = Object.keys(PRESETS) as PresetId[];
