import { kit, must, should, subRulesJudgedBy, withDocs } from '../define.js';
import type { Rule, SubRule } from '../types.js';

/**
 * The 13 `aoi-lint` checks of AOI-CLI v0.2 §18.2, numbered exactly as the spec's table.
 * This is the only place rule metadata lives; checks, matchers, the CLI and docs read it.
 */
export const AOI_RULES: readonly Rule[] = withDocs([
  {
    id: 'AOI-01',
    title: 'Schema and capabilities discovery works without credentials or network',
    characteristics: ['Discoverable'],
    sections: ['§3', '§10', '§17'],
  },
  {
    id: 'AOI-02',
    title: 'Machine mode emits only valid JSONL objects, each with a type',
    characteristics: ['Typed'],
    sections: ['§1.2', '§2'],
  },
  {
    id: 'AOI-03',
    title: 'Finite success exits 0 with a terminal summary; EOF without summary is failure',
    characteristics: ['Verifiable'],
    sections: ['§4', '§6', '§8.3'],
  },
  {
    id: 'AOI-04',
    title: 'Framework events validate against their schema',
    characteristics: ['Typed', 'Verifiable'],
    sections: ['§8', '§10.4'],
  },
  {
    id: 'AOI-05',
    title: 'Malformed usage exits non-zero; errors are structured',
    characteristics: ['Verifiable'],
    sections: ['§6', '§9'],
  },
  {
    id: 'AOI-06',
    title: 'Destructive commands require confirmation; dry-run plans without side effects',
    characteristics: ['Safe'],
    sections: ['§14.2', '§14.3'],
  },
  {
    id: 'AOI-07',
    title: 'Mutations accept an idempotency key and replay without doubling the effect',
    characteristics: ['Idempotent'],
    sections: ['§14.4'],
  },
  {
    id: 'AOI-08',
    title: 'Mutating events carry stable ids for the resources they touch',
    characteristics: ['Auditable'],
    sections: ['§14.5'],
  },
  {
    id: 'AOI-09',
    title: 'Secret-looking arguments and environment values are never echoed raw',
    characteristics: ['Safe'],
    sections: ['§8.3', '§11'],
  },
  {
    id: 'AOI-10',
    title: 'Early pipe close exits cleanly; SIGINT/SIGTERM produce an interrupted summary',
    characteristics: ['Composable'],
    sections: ['§7'],
  },
  {
    id: 'AOI-11',
    title: 'Bounded commands report truncation and cursors consistently',
    characteristics: ['Bounded', 'Streamable'],
    sections: ['§15'],
  },
  {
    id: 'AOI-12',
    title: 'Malformed input JSONL is handled as the declared mode says',
    characteristics: ['Composable'],
    sections: ['§12.2'],
  },
  {
    id: 'AOI-13',
    title: 'schema_version is reported in meta and honoured when negotiated',
    characteristics: ['Versioned'],
    sections: ['§5'],
  },
]);

const sub = subRulesJudgedBy('stream');

/** A sub-rule only the process linter can judge: it needs the tool run, not just its stream. */
const probe = subRulesJudgedBy('probe');

/**
 * Every distinct failure the kit reports. A finding always names one of these ids.
 * Later capabilities (probes, the full linter) add their sub-rules here, never elsewhere.
 */
export const AOI_SUB_RULES: readonly SubRule[] = [
  // AOI-01 — discovery without credentials or network (§3, §10, §17); judged by the process linter
  probe(
    'AOI-01/schema-failed',
    'error',
    '`schema --output json` fails',
    'Make `schema --output json` print the event schema and exit 0 in a clean environment: no login, config, network or query (§3.2).',
    must(
      '§3',
      'A conforming tool MUST provide a credential-free, network-free way to discover its schema and capabilities.',
    ),
  ),
  probe(
    'AOI-01/schema-needs-credentials',
    'error',
    '`schema` works only when credentials are in the environment',
    'Serve the schema from the binary itself; never read a token before printing it (§3.2).',
    must('§3.2', 'schema MUST NOT require: … authentication, … environment secrets'),
  ),
  probe(
    'AOI-01/schema-network',
    'error',
    'Discovery attempted network access',
    'Embed the schema and capabilities in the tool; discovery must not resolve or connect to any host (§3).',
    must(
      '§3',
      'A conforming tool MUST provide a credential-free, network-free way to discover its schema and capabilities.',
    ),
  ),
  probe(
    'AOI-01/schema-not-json',
    'error',
    '`schema` output is not one JSON document',
    'Print exactly one JSON object on stdout for `schema --output json`, nothing else.',
    must(
      '§3',
      'A conforming tool MUST provide a credential-free, network-free way to discover its schema and capabilities.',
    ),
  ),
  probe(
    'AOI-01/schema-invalid',
    'warning',
    'The schema is not a valid JSON Schema',
    'Fix the schema until a strict JSON Schema validator (draft 2020-12 or the $schema it names) compiles it.',
    should('§10.1', 'The schema command SHOULD emit JSON Schema to stdout'),
  ),
  probe(
    'AOI-01/file-id',
    'error',
    'A schema $id is a machine-local file URI',
    'Give $id a stable https URL, e.g. https://schemas.example.com/tool/events/1.0.0/schema.json (§10.2).',
    must(
      '§10.2',
      'Schema $id MUST NOT be a machine-local file URI unless the schema is explicitly local-only.',
    ),
  ),
  probe(
    'AOI-01/capabilities-invalid',
    'warning',
    '`capabilities --output json` is not a valid §17 manifest',
    'Print one JSON object with tool and commands (name, read_only, destructive, …) as §17 shows.',
    should(
      '§17',
      'capabilities --output json SHOULD return a single JSON object, not JSONL, because it is discovery metadata.',
    ),
  ),
  probe(
    'AOI-01/help-failed',
    'error',
    '`--help` does not exit 0 with help',
    'Print human-readable help and exit 0 for `--help` and `-h` (§16.1: MUST).',
    must('§16.1', '--help, -h MUST Human-readable help.'),
  ),
  probe(
    'AOI-01/discovery-flag-differs',
    'error',
    'An advertised `--schema`/`--capabilities` flag fails or differs from its subcommand',
    'Make `--schema` and `--capabilities` print exactly what `schema` and `capabilities` print (§3: they MUST return equivalent information), or stop advertising them.',
    must('§3', 'If both flags and subcommands exist, they MUST return equivalent information.'),
  ),
  // AOI-02 — the stream is JSONL objects only (§2)
  sub(
    'AOI-02/not-utf8',
    'error',
    'A line is not valid UTF-8',
    'Encode machine-mode stdout as UTF-8.',
    must('§2', 'Machine-mode stdout MUST be UTF-8 newline-delimited JSON.'),
  ),
  sub(
    'AOI-02/bom',
    'error',
    'The stream starts with a byte order mark',
    'Do not write a BOM; JSON text must not begin with one (RFC 8259 §8.1).',
    must('§2', 'Each line MUST be one complete JSON object.'),
  ),
  sub(
    'AOI-02/blank-line',
    'error',
    'A blank line in the stream',
    'Write exactly one JSON object per line; do not emit empty lines.',
    must('§2', 'Each line MUST be one complete JSON object.'),
  ),
  sub(
    'AOI-02/crlf',
    'warning',
    'A line ends in CRLF',
    'End lines with "\\n" only.',
    kit('§2', 'Machine-mode stdout MUST be UTF-8 newline-delimited JSON.'),
    'JSON parsers ignore the trailing "\\r", so most consumers cope; the spec says newline-delimited.',
  ),
  sub(
    'AOI-02/ansi',
    'error',
    'ANSI escape codes in machine mode',
    'Never colour machine-mode output; check --output jsonl before styling.',
    must('§2', 'Machine-mode stdout MUST NOT include: … color or ANSI escape codes'),
  ),
  sub(
    'AOI-02/control',
    'error',
    'Raw control characters in machine mode',
    'Remove progress bars, carriage-return animations and other control characters from stdout.',
    must('§2', 'Machine-mode stdout MUST NOT include: … progress bars'),
  ),
  sub(
    'AOI-02/prose',
    'error',
    'Human prose on stdout in machine mode',
    'Send human text to stderr, or emit it as an aoi:warning / aoi:error event.',
    must('§2', 'Machine-mode stdout MUST NOT include: … human prose'),
  ),
  sub(
    'AOI-02/stack-trace',
    'error',
    'A stack trace on stdout',
    'Catch the exception and emit an aoi:error event; print traces (redacted) to stderr only.',
    must('§2', 'Machine-mode stdout MUST NOT include: … stack traces'),
  ),
  sub(
    'AOI-02/not-json',
    'error',
    'A line is not valid JSON',
    'Serialise each event with a JSON encoder, one complete object per line.',
    must('§2', 'Each line MUST be one complete JSON object.'),
  ),
  sub(
    'AOI-02/pretty-printed',
    'error',
    'A JSON object printed across several lines',
    'Print each event compactly on one line (e.g. JSON.stringify(event) with no indent).',
    must('§2', 'Each line MUST be one complete JSON object.'),
  ),
  sub(
    'AOI-02/json-array',
    'error',
    'A JSON array instead of JSONL',
    'Stream one event object per line instead of one array at the end (§21).',
    must('§2', 'Each line MUST be one complete JSON object.'),
  ),
  sub(
    'AOI-02/not-object',
    'error',
    'A line is JSON but not an object',
    'Wrap every value in an event object with a "type".',
    must('§2', 'Each line MUST be one complete JSON object.'),
  ),
  sub(
    'AOI-02/missing-type',
    'error',
    'An event has no string "type"',
    'Give every event a non-empty string "type" field.',
    must('§2', 'Every event object MUST include: {"type":"..."}'),
  ),
  sub(
    'AOI-02/line-too-long',
    'warning',
    'A line is longer than the checker accepts',
    'Split the data into several events, or raise maxLineBytes if such lines are intended.',
    kit('§2', 'Each line MUST be one complete JSON object.'),
  ),
  probe(
    'AOI-02/machine-mode-unselectable',
    'error',
    'The machine-mode flag is refused',
    'Accept `--output jsonl` (or `--format jsonl`, §16.4) on every command and enter JSONL mode; an always-machine tool ignores it (§1, §16.1: MUST).',
    must(
      '§16.1',
      '--output jsonl / --format jsonl MUST Enter AOI JSONL mode unless the tool is AOI-only.',
    ),
  ),
  // AOI-03 — completion semantics (§4, §6)
  sub(
    'AOI-03/meta-not-first',
    'warning',
    'aoi:meta is not the first event of a finite command',
    'Emit aoi:meta before any other event.',
    should('§4', 'A normal finite operation SHOULD emit meta first'),
    '§4 says SHOULD.',
  ),
  sub(
    'AOI-03/eof-without-summary',
    'error',
    'EOF without a terminal aoi:summary',
    'Always end a finite command with {"type":"aoi:summary","ok":…}, also on failure.',
    must(
      '§4',
      'A normal finite operation SHOULD emit meta first and MUST emit a terminal summary event before exiting 0.',
    ),
  ),
  sub(
    'AOI-03/failure-without-summary',
    'warning',
    'A non-zero exit without a terminal aoi:summary',
    'Emit aoi:summary with ok:false before exiting non-zero once the stream has started.',
    kit(
      '§23',
      'Should summary be mandatory for every finite non-zero failure once meta has emitted, or only best effort?',
    ),
    '§4 only requires a summary before exit 0; §23 leaves failures open.',
  ),
  sub(
    'AOI-03/summary-not-last',
    'error',
    'Events after the terminal aoi:summary',
    'Emit aoi:summary last; nothing may follow it.',
    must(
      '§4',
      'A normal finite operation SHOULD emit meta first and MUST emit a terminal summary event before exiting 0.',
    ),
  ),
  sub(
    'AOI-03/multiple-summaries',
    'error',
    'More than one aoi:summary',
    'Emit exactly one terminal aoi:summary.',
    must(
      '§4',
      'A normal finite operation SHOULD emit meta first and MUST emit a terminal summary event before exiting 0.',
    ),
  ),
  sub(
    'AOI-03/summary-ok-missing',
    'error',
    'aoi:summary has no boolean "ok"',
    'Set "ok": true or false on the summary.',
    must('§18.2 #3', 'Finite success exits 0 with terminal summary.ok=true.'),
  ),
  sub(
    'AOI-03/nonzero-exit-ok',
    'error',
    'Non-zero exit with summary ok:true',
    'Exit 0 when the summary says ok:true; a consumer cannot trust contradictory signals.',
    must('§18.2 #3', 'Finite success exits 0 with terminal summary.ok=true.'),
  ),
  sub(
    'AOI-03/exit-zero-not-ok',
    'warning',
    'Exit 0 with summary ok:false',
    'Exit non-zero when the operation failed, so that exit status and summary agree.',
    kit(
      '§6',
      '0 — process completed successfully at the process layer. For finite streams, a terminal summary.ok=true is still required for application-level success.',
    ),
    '§6: exit 0 is process-level success; application failure is in the summary.',
  ),
  sub(
    'AOI-03/count-mismatch',
    'warning',
    'Summary counts disagree with the events seen',
    'Make count, warning_count and error_count count the events the stream carried.',
    kit('§8.3', 'Terminal event for finite commands. Required for process-level success.'),
    'The spec does not define whether count covers emitted items or processed input (§19.4), so this is a warning unless strict.',
  ),
  probe(
    'AOI-03/timed-out',
    'error',
    'A finite command did not exit within the timeout',
    'Finish finite commands promptly; never read stdin unless the command takes input, and never wait on a human in machine mode (§1.3, §4).',
    must(
      '§1.3',
      'A conforming tool MUST NOT prompt for input, open a browser, or otherwise require human attention while running in machine mode.',
    ),
  ),
  probe(
    'AOI-03/prompted',
    'error',
    'Machine mode printed a prompt and waited for an answer',
    'Emit an aoi:error with code INTERACTIVE_REQUIRED and exit instead of prompting (§1.3).',
    must(
      '§1.3',
      'A conforming tool MUST NOT prompt for input, open a browser, or otherwise require human attention while running in machine mode.',
    ),
  ),
  // AOI-04 — framework events (§8)
  sub(
    'AOI-04/schema',
    'error',
    'A framework event fails its schema',
    'Fix the event so that it matches the aoi: event schema (see the path in the message).',
    must(
      '§18.2 #4',
      'aoi:meta, aoi:summary, aoi:warning, aoi:error, and aoi:check events validate against the declared schema when emitted.',
    ),
  ),
  sub(
    'AOI-04/unknown-framework-type',
    'warning',
    'An aoi: type that AOI-CLI v0.2 does not define',
    'Use one of the eight aoi: framework types, or an unprefixed domain type.',
    kit(
      '§8.2',
      'Event type values live in one of three namespaces, and the namespace is visible on the wire by prefix convention.',
    ),
    'The aoi: namespace is reserved for the spec; a later version may define it.',
  ),
  sub(
    'AOI-04/reserved-name',
    'error',
    'A domain event uses a reserved framework name',
    'Prefix framework events with "aoi:"; give domain events an unreserved name.',
    must('§8.2', 'a domain schema MUST NOT define an unprefixed event type with a framework name'),
  ),
  sub(
    'AOI-04/timestamp-not-rfc3339',
    'warning',
    'A timestamp is ISO 8601 but not RFC 3339',
    'Write timestamps as RFC 3339, e.g. 2026-01-31T12:00:00Z: the extended format, a "T" and an offset.',
    kit('§8.1', 'ISO 8601 timestamp when useful'),
    '§8.1 asks for ISO 8601, which this timestamp is; the event schemas (and most parsers) take RFC 3339 (JSON Schema date-time).',
  ),
  sub(
    'AOI-04/reserved-name-summary',
    'warning',
    'A domain event is named "summary"',
    'Write "aoi:summary" for the terminal summary; give a domain summary another name (e.g. "abstract").',
    kit('§8.2', 'A tool that emits a textual document summary'),
    '§8.2 forbids reserved names, yet its own rationale shows a domain {"type":"summary","text":…} coexisting with aoi:summary; warning unless strict.',
  ),
  probe(
    'AOI-04/declared-schema',
    'error',
    'An event fails the schema the tool itself declares',
    'Make the events match `schema --output json` for the schema version in meta, or fix the schema (§1.1, §10).',
    must(
      '§1.1',
      'If a tool advertises AOI conformance, its machine mode MUST be a stable, schema-governed API.',
    ),
  ),
  // AOI-05 — structured errors (§9)
  sub(
    'AOI-05/error-fields',
    'error',
    'aoi:error lacks category, code, message or retryable',
    'Include category, code, message and retryable in every aoi:error.',
    must(
      '§18.2 #5',
      'Structured errors include category, code, message, and retryable when emitted.',
    ),
  ),
  sub(
    'AOI-05/unknown-category',
    'warning',
    'aoi:error uses a category outside §9.1',
    'Map the error to one of the 14 standard categories.',
    should(
      '§9',
      'Tools MAY define domain-specific codes, but SHOULD map them to a standard category.',
    ),
    '§23 leaves open whether the categories are a fixed enum.',
  ),
  sub(
    'AOI-05/retryable-mismatch',
    'warning',
    'retryable contradicts the category default',
    'Set retryable as §9.1 says for the category, or pick the right category.',
    kit('§9', 'AOI needs portable retry and handling logic.'),
    '§9.1 gives defaults ("Retry?"), not a rule: a tool may know that a retry will or will not help.',
  ),
  sub(
    'AOI-05/code-format',
    'warning',
    'Error code is not UPPER_SNAKE_CASE',
    'Use stable upper snake case codes such as FILE_NOT_FOUND.',
    should('§9.1', 'Domain-specific code values should be stable and uppercase snake case.'),
    '§9 says codes "should be" upper snake case.',
  ),
  probe(
    'AOI-05/usage-exit-zero',
    'error',
    'Malformed usage exits 0',
    'Exit non-zero (64, EX_USAGE) when the command line cannot be understood (§6).',
    must('§18.2 #5', 'Malformed usage exits non-zero.'),
  ),
  probe(
    'AOI-05/usage-exit-code',
    'warning',
    'Malformed usage exits non-zero but not 64',
    'Exit 64 (EX_USAGE) for usage errors, as the §6 sysexits mapping recommends.',
    should('§6', 'Recommended mapping using sysexits-compatible codes'),
    '§6 only recommends the sysexits mapping; the baseline is non-zero.',
  ),
  probe(
    'AOI-05/interactive-required-missing',
    'error',
    'Machine mode prompted instead of emitting INTERACTIVE_REQUIRED',
    'Never prompt in machine mode: emit {"type":"aoi:error","category":"authn","code":"INTERACTIVE_REQUIRED",…,"retryable":false} and exit non-zero (§1.3: MUST).',
    must(
      '§1.3',
      'If a machine-mode invocation reaches a point where it would otherwise prompt, it MUST instead emit a structured error',
    ),
  ),
  // AOI-06 — confirmation and dry-run (§14.2, §14.3); judged by the process linter
  probe(
    'AOI-06/unconfirmed-destructive',
    'error',
    'A destructive command ran without --confirm',
    'Refuse destructive work without --confirm: a structured usage error, non-zero exit, no side effect (§14.3).',
    must('§14.3', 'Destructive operations MUST require explicit confirmation such as --confirm.'),
  ),
  probe(
    'AOI-06/dry-run-side-effect',
    'error',
    '--dry-run changed state',
    'Run --dry-run on the same path as the real run but stop before every write (§14.2).',
    must('§18.2 #6', 'Dry-run emits plan events and performs no side effects when advertised.'),
  ),
  probe(
    'AOI-06/dry-run-no-plan',
    'warning',
    '--dry-run emitted no aoi:plan event',
    'Emit one aoi:plan per change the real run would make (§14.2, §8.3).',
    should(
      '§14.2',
      'Non-trivial mutating operations SHOULD support --dry-run and emit plan events.',
    ),
  ),
  probe(
    'AOI-06/read-only-side-effect',
    'warning',
    'A read command (declared read_only, or a §16.3 read: list, get, search, status) changed state',
    "Keep reads free of side effects: no counters, caches or access logs the tool's own reads show; make any change obvious in the command or its options (§14.1).",
    should(
      '§14.1',
      'Commands SHOULD default to read-only behavior. Mutating operations must be obvious in the command or options.',
    ),
    'Judged on the files of its sandbox, or, where only the tool shows its state, on the observation commands run around it alone at the end of the lint.',
  ),
  probe(
    'AOI-06/wrote-outside-sandbox',
    'warning',
    "A probe wrote outside its sandbox (the caller's cwd, its parent or the real HOME)",
    'Write only where the caller points the tool (its state variable, HOME, the XDG directories, TMPDIR, the cwd): never to a path learned elsewhere (the passwd entry, the install directory) (§14.1).',
    kit('§14.1', 'Mutating operations must be obvious in the command or options.'),
    "§14.1: mutating operations must be obvious; no MUST names the caller's directories.",
  ),
  probe(
    'AOI-06/confirm-count-ignored',
    'warning',
    'A wrong --confirm-count was accepted',
    'Refuse when --confirm-count differs from the number of resources affected (§14.3).',
    should(
      '§14.3',
      'Bulk destructive operations SHOULD require --confirm-count N or an equivalent guard to prevent accidental broad deletes.',
    ),
    '§14.3 says SHOULD for the count guard.',
  ),
  // AOI-07 — idempotency (§14.4); judged by the process linter
  probe(
    'AOI-07/key-rejected',
    'warning',
    'An advertised --idempotency-key is rejected',
    'Accept --idempotency-key KEY on every command that advertises supports_idempotency_key (§14.4, §17).',
    should('§14.4', 'Retryable writes SHOULD support: … --idempotency-key KEY'),
  ),
  probe(
    'AOI-07/effect-doubled',
    'error',
    'A replay with the same idempotency key changed state again',
    'Store the key with the first result; a replay returns that result and changes nothing (§14.4).',
    must(
      '§18.2 #7',
      'Mutations accept an --idempotency-key and replay returns the prior result without doubling the effect.',
    ),
  ),
  probe(
    'AOI-07/replay-differs',
    'error',
    'A replay reports other resource ids than the first run',
    "Return the first run's result (the same ids) on a replay with the same key (§18.2 check 7).",
    must(
      '§18.2 #7',
      'Mutations accept an --idempotency-key and replay returns the prior result without doubling the effect.',
    ),
  ),
  // AOI-08 — auditability (§14.5); judged by the process linter
  probe(
    'AOI-08/no-mutation-event',
    'warning',
    'A successful mutation emitted no event naming what it changed',
    'Emit one domain event per resource created, updated or deleted (§14.5).',
    should(
      '§14.5',
      'Mutating operations SHOULD emit stable IDs/paths/URLs for resources created, updated, or deleted.',
    ),
  ),
  probe(
    'AOI-08/missing-id',
    'warning',
    'A mutating event carries no stable id',
    'Put the resource\'s stable id, path or URL in every mutating event, e.g. {"type":"created","id":"doc_123"} (§14.5).',
    should(
      '§14.5',
      'Mutating operations SHOULD emit stable IDs/paths/URLs for resources created, updated, or deleted.',
    ),
  ),
  probe(
    'AOI-08/id-not-unique',
    'warning',
    'Two creates of the same input reported the same id',
    'Give every resource its own id (a counter, a UUID) and report it; a field two resources share (a URL, a title) does not identify either (§14.5).',
    should(
      '§14.5',
      'Mutating operations SHOULD emit stable IDs/paths/URLs for resources created, updated, or deleted.',
    ),
  ),
  probe(
    'AOI-08/id-unresolvable',
    'warning',
    'The get-like command cannot find the id a create reported',
    'Report the key `get` takes: `get ID` must resolve the id of the resource just created (§14.5, §16.3).',
    kit('§16.3', 'get One resource by stable key.'),
    '§14.5 asks for stable ids and §16.3 says get takes "a stable key"; the spec does not say in words that they are the same key.',
  ),
  // AOI-09 — confidentiality (§8.3, §11)
  sub(
    'AOI-09/meta-env',
    'error',
    'aoi:meta echoes the environment',
    'Never put environment variables in meta (§11).',
    must('§8.3', 'MUST NOT echo raw argv or environment wholesale.'),
  ),
  sub(
    'AOI-09/meta-secret',
    'error',
    'aoi:meta echoes a secret-looking argument',
    'Redact sensitive flags, URL credentials and tokens before including args (§11).',
    must('§11', 'If arguments are included, the tool MUST redact sensitive values.'),
  ),
  sub(
    'AOI-09/secret-echoed',
    'error',
    'A secret the command was given appears in its output',
    'Never echo credentials, tokens or URLs with secrets back; the caller already knows what it passed (§11).',
    must('§18.2 #9', 'Known secret-looking args are not echoed raw in output.'),
  ),
  sub(
    'AOI-09/meta-argv',
    'error',
    'aoi:meta echoes raw argv',
    'Drop args from meta, or redact them and set "args_redacted": true.',
    must('§8.3', 'MUST NOT echo raw argv or environment wholesale.'),
  ),
  probe(
    'AOI-09/secret-on-stderr',
    'error',
    'A secret the command was given appears on stderr',
    'Redact secrets in diagnostics too; never echo argv, URLs or environment values raw (§11, §20).',
    must('§18.2 #9', 'Known secret-looking args are not echoed raw in output.'),
  ),
  // AOI-10 — pipes and signals (§7); judged by the process linter
  probe(
    'AOI-10/pipe-stack-trace',
    'warning',
    'A stack trace after the reader closed stdout',
    'Treat EPIPE on stdout as normal termination: exit quietly (141) without a trace (§7, §20).',
    should(
      '§7',
      'All AOI implementations SHOULD exit cleanly on SIGPIPE/downstream pipe close without printing stack traces to stderr.',
    ),
  ),
  probe(
    'AOI-10/pipe-hang',
    'warning',
    'Still running after the reader closed stdout',
    'Stop when a write to stdout fails with EPIPE (or let SIGPIPE end the process) (§7).',
    should(
      '§7',
      'All AOI implementations SHOULD exit cleanly on SIGPIPE/downstream pipe close without printing stack traces to stderr.',
    ),
  ),
  probe(
    'AOI-10/pipe-exit-code',
    'warning',
    'After stdout was closed, an exit status other than 0 or 141',
    'Exit 141 (or die of SIGPIPE) when the downstream reader has gone (§6).',
    should('§6', '141 SIGPIPE / downstream closed pipe'),
    '§6 recommends 141 for a closed pipe; §7 only requires a clean exit.',
  ),
  probe(
    'AOI-10/signal-stack-trace',
    'warning',
    'A stack trace after SIGINT/SIGTERM',
    'Handle SIGINT and SIGTERM in machine mode (a Python KeyboardInterrupt, an unhandled rejection): stop, emit the interrupted summary, exit 130/143 without a trace (§7, §2).',
    kit(
      '§7',
      'All AOI implementations SHOULD exit cleanly on SIGPIPE/downstream pipe close without printing stack traces to stderr.',
    ),
  ),
  probe(
    'AOI-10/signal-ignored',
    'warning',
    'Still running after SIGINT/SIGTERM',
    'Handle SIGINT and SIGTERM: stop work, emit the interrupted summary if safe, and exit (§7).',
    should(
      '§7',
      'On SIGINT/SIGTERM, a tool SHOULD emit, if safe and possible: … then exit with the conventional signal code.',
    ),
  ),
  probe(
    'AOI-10/no-interrupted-summary',
    'warning',
    'Interrupted without an interrupted summary',
    'On SIGINT/SIGTERM emit {"type":"aoi:summary","ok":false,"reason":"interrupted","partial":true} before exiting (§7).',
    should(
      '§7',
      'On SIGINT/SIGTERM, a tool SHOULD emit, if safe and possible: … then exit with the conventional signal code.',
    ),
    '§7 says SHOULD, "if safe and possible".',
  ),
  probe(
    'AOI-10/process-survived',
    'warning',
    'A process outlived the command that started it',
    'Finish background work before exiting, or leave it to a documented service; never detach a process from the command (setsid, a double fork) (§7).',
    kit(
      '§7',
      'If emitting a final summary would corrupt state or hang, exiting promptly is more important.',
    ),
    '§7 asks for a prompt, clean exit; no MUST names background processes.',
  ),
  probe(
    'AOI-10/signal-exit-code',
    'warning',
    'An interrupted run exits with other than 130 (SIGINT) or 143 (SIGTERM)',
    'Exit 128 + the signal number after an interruption (§6, §7).',
    should(
      '§7',
      'On SIGINT/SIGTERM, a tool SHOULD emit, if safe and possible: … then exit with the conventional signal code.',
    ),
    '§7 says "the conventional signal code"; only 130 is in the §6 table.',
  ),
  // AOI-11 — bounds (§15)
  sub(
    'AOI-11/cursor-without-truncated',
    'warning',
    'next_cursor set but truncated is not true',
    'Set "truncated": true whenever more data can be fetched.',
    kit(
      '§15',
      'If output is truncated, summary.truncated MUST be true and summary.next_cursor SHOULD be set when more data can be fetched.',
    ),
  ),
  sub(
    'AOI-11/truncated-without-cursor',
    'warning',
    'truncated:true without next_cursor',
    'Set "next_cursor" when more data can be fetched.',
    should(
      '§15',
      'If output is truncated, summary.truncated MUST be true and summary.next_cursor SHOULD be set when more data can be fetched.',
    ),
    '§15 says SHOULD.',
  ),
  probe(
    'AOI-11/limit-ignored',
    'warning',
    'More items than --limit asked for',
    'Return at most --limit items and report the rest with truncated and next_cursor (§15).',
    should('§16.1', '--limit N SHOULD Bound result count.'),
  ),
  probe(
    'AOI-11/truncation-unreported',
    'error',
    'A page was cut short by --limit without truncated:true',
    'Set "truncated": true (and next_cursor) whenever --limit left items out (§15).',
    must(
      '§15',
      'If output is truncated, summary.truncated MUST be true and summary.next_cursor SHOULD be set when more data can be fetched.',
    ),
  ),
  probe(
    'AOI-11/cursor-failed',
    'error',
    'Following next_cursor fails',
    'Accept every cursor the command returned, with the same query, until the data runs out (§15).',
    must(
      '§18.2 #11',
      'Commands advertising --limit report truncated and cursor behavior consistently.',
    ),
  ),
  probe(
    'AOI-11/output-cap-exceeded',
    'warning',
    "Output past the kit's cap: the kit stopped reading and killed the process",
    'Bound what one invocation prints by default (--limit, --max-bytes) and report the rest with truncated and next_cursor (§15).',
    should('§15', 'List, search, and read operations SHOULD be bounded by default.'),
    '§15 says SHOULD; nothing else about the probe is judged, since the kit cut the output itself.',
  ),
  probe(
    'AOI-11/cursor-repeats',
    'error',
    'The page after next_cursor repeats items of the page before',
    'Make next_cursor point after the last item returned (§15).',
    must(
      '§18.2 #11',
      'Commands advertising --limit report truncated and cursor behavior consistently.',
    ),
  ),
  probe(
    'AOI-11/unbounded-by-default',
    'warning',
    'A command that takes --limit is not bounded without it',
    'Apply a default limit when --limit is absent, report truncated and next_cursor, and declare bounded: true (§15).',
    should('§15', 'List, search, and read operations SHOULD be bounded by default.'),
    '§15 says list, search and read operations SHOULD be bounded by default.',
  ),
  // AOI-12 — malformed input JSONL (§12.2); judged by the process linter
  probe(
    'AOI-12/no-item-error',
    'error',
    'A malformed input line produced no aoi:error with its line_number',
    'Report each malformed input line as an aoi:error (code INPUT_JSONL_PARSE_ERROR) with "line_number" (§12.2, §19.4).',
    must(
      '§12.2',
      'per-line tolerant — malformed lines emit item-level errors and processing continues',
    ),
  ),
  probe(
    'AOI-12/wrong-line-number',
    'warning',
    'line_number does not name the malformed input line',
    'Count input lines from 1, as §19.4 does.',
    kit('§19.4', 'Invalid JSON on input line 17'),
  ),
  probe(
    'AOI-12/malformed-succeeded',
    'error',
    'A malformed input line ended in success',
    'End with summary ok:false and a non-zero exit when any input line was malformed (§12.2, §19.4).',
    must('§12.2', 'whole-input fail-fast — any malformed line aborts the whole command'),
  ),
  probe(
    'AOI-12/fail-fast-side-effect',
    'warning',
    'Fail-fast mode applied input lines although one was malformed',
    'Validate the whole input before the first side effect in fail-fast mode (§12.2).',
    should('§12.2', 'Mutating imports — fail fast before side effects where possible.'),
  ),
  probe(
    'AOI-12/continue-stopped',
    'error',
    'Continue-on-error mode stopped at the malformed line',
    'In continue-on-error mode, report the bad line and go on with the next one (§12.2).',
    must(
      '§12.2',
      'per-line tolerant — malformed lines emit item-level errors and processing continues',
    ),
  ),
  // AOI-13 — versioning (§5)
  sub(
    'AOI-13/meta-schema-version',
    'warning',
    'aoi:meta has no schema_version',
    'Report schema_version (and schema_name) in meta.',
    should('§5', 'The meta event SHOULD include all three when known'),
  ),
  sub(
    'AOI-13/schema-version-not-honoured',
    'error',
    'A negotiated --schema-version is not honoured',
    'Emit the schema version the caller asked for, or fail with a usage error if it is unsupported.',
    must('§18.2 #13', 'schema_version is reported in meta and is honored when negotiated.'),
  ),
  probe(
    'AOI-13/unsupported-version-accepted',
    'warning',
    'An unsupported --schema-version was accepted',
    'Fail with a usage error naming the supported versions when a requested schema version is not supported (§5.1).',
    kit('§5.1', 'A tool MAY expose multiple schema versions through one binary'),
  ),
  sub(
    'AOI-13/meta-aoi-version',
    'warning',
    'aoi:meta has no aoi_version',
    'Report "aoi_version": "0.2" in meta.',
    should('§5', 'The meta event SHOULD include all three when known'),
    '§5 says SHOULD.',
  ),
  sub(
    'AOI-13/unknown-aoi-version',
    'warning',
    'aoi_version names no AOI-CLI version the kit knows',
    'Report the version of AOI-CLI the tool follows, "0.2", in meta and in capabilities aoi_versions; the release goes in tool_version (§5).',
    kit('§5', 'AOI version — the version of this interface convention, e.g. aoi_version: "0.2".'),
    '§5 defines aoi_version as "the version of this interface convention, e.g. aoi_version: "0.2"" but no MUST limits its values, and a later version may exist that the kit does not know: a warning.',
  ),
];

export type AoiRuleId = (typeof AOI_RULES)[number]['id'];
