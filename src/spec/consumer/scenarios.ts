/**
 * The consumer scenarios, as data: the upstream a consumer is given and what a correct consumer must do with
 * it (AOI-CLI §4, §4.1, §6, §7, §13). `stdin` scenarios pipe the upstream's bytes into a transformer or sink;
 * `spawn` scenarios put a fake tool on PATH that prints them and then ends as `end` says. The corpus writes each
 * to `scenarios/<id>.json`; `aoi-testkit consumer` and `lintConsumer` run them.
 */

export type ConsumerShape = 'stdin' | 'spawn';

/** How the upstream ends after its bytes. */
export type UpstreamEnd =
  /** stdin: the pipe is closed after the bytes (EOF); how the producer ended is not visible to a stdin reader. */
  | { readonly kind: 'eof' }
  /** spawn: the tool exits with `code`. */
  | { readonly kind: 'exit'; readonly code: number }
  /** spawn: the tool kills itself with `signal` (no exit code). */
  | { readonly kind: 'signal'; readonly signal: 'SIGKILL' | 'SIGTERM' | 'SIGSEGV' }
  /** spawn: the tool stops writing and never ends on its own; it ignores `ignores` (a consumer must time it out). */
  | { readonly kind: 'hang'; readonly ignores: readonly ('SIGTERM' | 'SIGINT' | 'SIGHUP')[] }
  /** spawn: the tool prompts on stderr and reads a line from stdin; on EOF (or an answer) it prints `refusal` and exits `code`. */
  | {
      readonly kind: 'prompt';
      readonly prompt: string;
      readonly refusal: string;
      readonly code: number;
    };

/**
 * What a correct consumer does with the scenario: report failure (`fail-closed`), report success (`succeed`), or,
 * run per-line tolerant, report each malformed line as an item-level aoi:error (or aoi:warning) and go on with the
 * lines after it (`report-and-continue`, AOI-CLI §12.2).
 */
export type ConsumerMust = 'fail-closed' | 'succeed' | 'report-and-continue';

/**
 * The mode the consumer under test was run in, as its user tells the kit (`--continue-on-error`, `--unbounded`):
 * `default` (fail fast, a finite upstream), `continue-on-error` (per-line tolerant, §12.2, §13), or `unbounded`
 * (the upstream is a documented watch/tail: EOF without a summary is how it ends, §4, §4.2). A scenario runs
 * only in its own mode.
 */
export type ConsumerMode = 'default' | 'continue-on-error' | 'unbounded';

export interface ConsumerScenarioSpec {
  /** `consumer.<shape>.<name>`. */
  readonly id: string;
  readonly shape: ConsumerShape;
  readonly description: string;
  /** The upstream's bytes (UTF-8): what the consumer reads on stdin, or what the fake tool prints on stdout. */
  readonly stdout: string;
  /** What the fake tool prints on stderr (spawn only). */
  readonly stderr: string;
  readonly end: UpstreamEnd;
  readonly must: ConsumerMust;
  /** The sub-rule a consumer that does not do `must` breaks. */
  readonly breaks: string;
  readonly mode: ConsumerMode;
}

const line = (event: Record<string, unknown>): string => `${JSON.stringify(event)}\n`;
const META = line({
  type: 'aoi:meta',
  tool: 'notes',
  tool_version: '1.0.0',
  aoi_version: '0.2',
  schema_name: 'com.example.notes.events',
  schema_version: '1.0.0',
  command: 'list',
});
const ENTRY = (n: number): string => line({ type: 'entry', id: `n${n}`, title: `Note ${n}` });
const ENTRIES = (count: number): string =>
  Array.from({ length: count }, (_, i) => ENTRY(i + 1)).join('');
const SUMMARY = (fields: Record<string, unknown>): string =>
  line({
    type: 'aoi:summary',
    warning_count: 0,
    error_count: 0,
    partial: false,
    truncated: false,
    ...fields,
  });
const OK_SUMMARY = (count: number): string => SUMMARY({ ok: true, count });
const ERROR = line({
  type: 'aoi:error',
  code: 'BACKEND_UNAVAILABLE',
  category: 'unavailable',
  message: 'The notes backend did not answer.',
  retryable: true,
});
const FAILED = `${META}${ENTRY(1)}${ERROR}${SUMMARY({ ok: false, count: 1, error_count: 1, partial: true })}`;
const GOOD = `${META}${ENTRIES(3)}${OK_SUMMARY(3)}`;
const CRASHED = `${META}${ENTRIES(2)}`;
const EOF: UpstreamEnd = { kind: 'eof' };

/** A well-formed stream with a line that is not one JSON object in the middle, and a summary that claims success. */
const malformed = (bad: string): string => `${META}${ENTRY(1)}${bad}${ENTRY(2)}${OK_SUMMARY(2)}`;

const stdin = (
  name: string,
  description: string,
  stdout: string,
  must: ConsumerMust,
  breaks: string,
  mode: ConsumerMode = 'default',
): ConsumerScenarioSpec => ({
  id: `consumer.stdin.${name}`,
  shape: 'stdin',
  description,
  stdout,
  stderr: '',
  end: EOF,
  must,
  breaks,
  mode,
});
const spawn = (
  name: string,
  description: string,
  stdout: string,
  end: UpstreamEnd,
  must: ConsumerMust,
  breaks: string,
  stderr = '',
): ConsumerScenarioSpec => ({
  id: `consumer.spawn.${name}`,
  shape: 'spawn',
  description,
  stdout,
  stderr,
  end,
  must,
  breaks,
  mode: 'default',
});
const WATCH_META = line({
  type: 'aoi:meta',
  tool: 'notes',
  tool_version: '1.0.0',
  aoi_version: '0.2',
  schema_name: 'com.example.notes.events',
  schema_version: '1.0.0',
  command: 'watch',
});

export const CONSUMER_SCENARIOS: readonly ConsumerScenarioSpec[] = [
  // Transformers and sinks (§13): the upstream arrives on stdin; EOF is all a stdin reader sees of how it ended.
  stdin(
    'good',
    'A complete stream: meta, three entries, summary ok:true (count 3).',
    GOOD,
    'succeed',
    'CONSUMER-04/success-rejected',
  ),
  stdin(
    'good-with-warning-and-unknown-event',
    'A complete stream with an aoi:warning, an aoi:progress and an event type the consumer cannot know (com.example.audit) between the entries: all to be accepted (§13: ignore unknown types; warnings are counted or passed on).',
    `${META}${ENTRY(1)}${line({ type: 'aoi:warning', code: 'SLOW_BACKEND', message: 'The backend is slow.' })}${line({ type: 'aoi:progress', done: 1, total: 2 })}${line({ type: 'com.example.audit', action: 'read', id: 'n1' })}${ENTRY(2)}${SUMMARY({ ok: true, count: 2, warning_count: 1 })}`,
    'succeed',
    'CONSUMER-04/success-rejected',
  ),
  stdin(
    'eof-without-summary',
    'The producer crashed after two entries: EOF with no terminal summary (§4: the cross-language crash signal).',
    CRASHED,
    'fail-closed',
    'CONSUMER-01/incomplete-accepted',
  ),
  stdin(
    'cut-last-line',
    'The producer died mid-write: two entries, then half of a third line with no newline, then EOF.',
    `${CRASHED}{"type":"entry","id":"n3","ti`,
    'fail-closed',
    'CONSUMER-01/incomplete-accepted',
  ),
  stdin(
    'empty',
    'The producer failed before writing anything: EOF at once.',
    '',
    'fail-closed',
    'CONSUMER-01/incomplete-accepted',
  ),
  stdin(
    'summary-not-ok',
    'The producer failed and said so: an entry, an aoi:error, then summary ok:false (§13: upstream errors make the downstream summary ok:false).',
    FAILED,
    'fail-closed',
    'CONSUMER-02/error-accepted',
  ),
  stdin(
    'prose-line',
    'A line of human prose among the events (a stray warning printed on stdout).',
    malformed('Warning: config file not found, using defaults\n'),
    'fail-closed',
    'CONSUMER-03/malformed-dropped',
  ),
  stdin(
    'ansi-line',
    'An event wrapped in ANSI colour codes.',
    malformed(`\u001b[32m${ENTRY(9).trimEnd()}\u001b[0m\n`),
    'fail-closed',
    'CONSUMER-03/malformed-dropped',
  ),
  stdin(
    'pretty-printed',
    'An event pretty-printed over several lines.',
    malformed(`${JSON.stringify({ type: 'entry', id: 'n9', title: 'Note 9' }, null, 2)}\n`),
    'fail-closed',
    'CONSUMER-03/malformed-dropped',
  ),
  stdin(
    'array-line',
    'A line holding a JSON array of events instead of one object.',
    malformed(
      `${JSON.stringify([
        { type: 'entry', id: 'n8', title: 'Note 8' },
        { type: 'entry', id: 'n9', title: 'Note 9' },
      ])}\n`,
    ),
    'fail-closed',
    'CONSUMER-03/malformed-dropped',
  ),
  // Per-line tolerant consumers (run with --continue-on-error, §12.2): a malformed line is reported, not fatal.
  stdin(
    'tolerant-prose-line',
    'Run per-line tolerant: a line of prose between two entries. The consumer reports it as an item-level aoi:error (or aoi:warning) and goes on to the entry after it.',
    malformed('Warning: config file not found, using defaults\n'),
    'report-and-continue',
    'CONSUMER-03/malformed-dropped',
    'continue-on-error',
  ),
  stdin(
    'tolerant-pretty-printed',
    'Run per-line tolerant: an event pretty-printed over several lines between two entries. Each of its lines is reported; the entry after it is still processed.',
    malformed(`${JSON.stringify({ type: 'entry', id: 'n9', title: 'Note 9' }, null, 2)}\n`),
    'report-and-continue',
    'CONSUMER-03/malformed-dropped',
    'continue-on-error',
  ),
  // Unbounded upstreams (run with --unbounded, §4, §4.2): a documented watch ends at EOF, with no summary.
  stdin(
    'unbounded-eof',
    'A documented unbounded upstream (watch): meta, three entries, then EOF without a summary — how an unbounded stream ends (§4.2: no summary can be required).',
    `${WATCH_META}${ENTRIES(3)}`,
    'succeed',
    'CONSUMER-01/unbounded-eof-rejected',
    'unbounded',
  ),
  stdin(
    'unbounded-error',
    'A documented unbounded upstream (watch): an entry, an aoi:error, then EOF without a summary. The error still fails the consumer (§13).',
    `${WATCH_META}${ENTRY(1)}${ERROR}`,
    'fail-closed',
    'CONSUMER-02/error-accepted',
    'unbounded',
  ),
  // Wrappers and SDKs that run a tool by name: the fake on PATH prints the stream, then ends as `end` says.
  spawn(
    'good',
    'The tool prints a complete stream (meta, three entries, summary ok:true) and exits 0.',
    GOOD,
    { kind: 'exit', code: 0 },
    'succeed',
    'CONSUMER-04/success-rejected',
  ),
  spawn(
    'stderr-noise',
    'The tool logs to stderr while it succeeds (a progress line, a warning for people, and a line that looks like an entry) and exits 0 with summary ok:true: stdout is the stream, stderr is for people (§2; §4.1: exit 0 and summary ok:true is success). A wrapper that fails because stderr was not empty, or reads it as data, is wrong.',
    GOOD,
    { kind: 'exit', code: 0 },
    'succeed',
    'CONSUMER-04/success-rejected',
    `notes: reading the notebook…\nwarning: the index is 3 days old\n${ENTRY(99)}`,
  ),
  spawn(
    'exit-0-not-ok',
    'The tool prints an entry, an aoi:error and summary ok:false, and exits 0: only exit 0 with summary ok:true is success (§4.1), whatever the exit code says.',
    FAILED,
    { kind: 'exit', code: 0 },
    'fail-closed',
    'CONSUMER-02/failure-accepted',
  ),
  spawn(
    'exit-0-without-summary',
    'The tool prints meta and two entries and exits 0 without a summary (§4.1: a protocol failure).',
    CRASHED,
    { kind: 'exit', code: 0 },
    'fail-closed',
    'CONSUMER-01/incomplete-accepted',
  ),
  spawn(
    'failed',
    'The tool prints an entry, an aoi:error and summary ok:false, and exits 69.',
    FAILED,
    { kind: 'exit', code: 69 },
    'fail-closed',
    'CONSUMER-02/failure-accepted',
  ),
  spawn(
    'killed',
    'The tool prints meta and two entries and is killed by SIGKILL (no exit code; a shell says 137).',
    CRASHED,
    { kind: 'signal', signal: 'SIGKILL' },
    'fail-closed',
    'CONSUMER-06/killed-accepted',
  ),
  spawn(
    'ignores-sigterm',
    'The tool prints meta and then hangs, ignoring SIGTERM: only SIGKILL ends it. The consumer must time it out, fail, and leave nothing running.',
    META,
    { kind: 'hang', ignores: ['SIGTERM'] },
    'fail-closed',
    'CONSUMER-01/incomplete-accepted',
  ),
  spawn(
    'prompts',
    'The tool asks for confirmation on stderr and reads stdin; on EOF it refuses with an aoi:error and exits 1. A consumer that hands it an open stdin hangs.',
    META,
    {
      kind: 'prompt',
      prompt: 'Delete 3 notes? [y/N] ',
      refusal: `${line({ type: 'aoi:error', code: 'CONFIRMATION_REQUIRED', category: 'permission', message: 'Confirmation required: pass --yes.', retryable: false })}${SUMMARY({ ok: false, count: 0, error_count: 1 })}`,
      code: 1,
    },
    'fail-closed',
    'CONSUMER-02/failure-accepted',
  ),
];
