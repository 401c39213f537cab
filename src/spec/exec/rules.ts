import { kit, must, subRulesJudgedBy, withDocs } from '../define.js';
import type { Rule, SubRule } from '../types.js';

/**
 * EXEC-01…11: the built-in batch dispatch command `tool exec` (guide "Designing a Built-In Batch Dispatch
 * Command", REQ-O-050): JSONL in with `_cmd`/`_opts`, one ResponseEnvelope out per line with `_cmd` and
 * `_line`, exit 0/1/2, `--ignore-errors`, `--dry-run` forwarding, `--input-file`.
 * EXEC-02…07 are judged on one recorded batch (`checkExecOutput`); EXEC-01 and 08…11 only by running the
 * tool (`checkExec`).
 */
export const EXEC_RULES: readonly Rule[] = withDocs([
  {
    id: 'EXEC-01',
    title: 'The tool offers exec and a manifest that gives every command a danger_level',
    characteristics: ['Discoverable', 'Composable'],
    sections: ['§When to Provide exec', '§The _cmd Routing Key'],
  },
  {
    id: 'EXEC-02',
    title: 'Every output line is one ResponseEnvelope',
    characteristics: ['Typed'],
    sections: ['§Per-Line Output'],
  },
  {
    id: 'EXEC-03',
    title: 'One envelope per input line, in order, with its 1-based _line',
    characteristics: ['Verifiable', 'Composable'],
    sections: ['§Per-Line Output'],
  },
  {
    id: 'EXEC-04',
    title: 'Every envelope echoes the _cmd of its input line',
    characteristics: ['Verifiable'],
    sections: ['§Per-Line Output'],
  },
  {
    id: 'EXEC-05',
    title:
      'A failed line never suppresses later lines under --ignore-errors (and, by the chosen reading, without it)',
    characteristics: ['Composable'],
    sections: ['§Per-Line Output', '§Failure Modes and Exit Codes'],
  },
  {
    id: 'EXEC-06',
    title: 'Exit 0 when every line succeeded, 1 when any line failed',
    characteristics: ['Verifiable'],
    sections: ['§Failure Modes and Exit Codes'],
  },
  {
    id: 'EXEC-07',
    title: 'A malformed stream is DISPATCH_PARSE_ERROR and exit 2, before any dispatch',
    characteristics: ['Safe', 'Typed'],
    sections: ['§Failure Modes and Exit Codes', '§Implementation Checklist'],
  },
  {
    id: 'EXEC-08',
    title: '--dry-run is forwarded to the mutating and destructive commands only',
    characteristics: ['Safe'],
    sections: ['§Failure Modes and Exit Codes', 'REQ-C-004'],
  },
  {
    id: 'EXEC-09',
    title:
      '_opts become per-line flags: true a bare flag, a string or number --flag=value, for that line only',
    characteristics: ['Composable'],
    sections: ['§Per-Line Flag Overrides with _opts'],
  },
  {
    id: 'EXEC-10',
    title:
      'Large batches work: --input-file, no pipe deadlock, dispatched commands never read stdin',
    characteristics: ['Bounded', 'Safe'],
    sections: ['§Safe Invocation Pattern for Agent Builders'],
  },
  {
    id: 'EXEC-11',
    title: 'Lines are dispatched in-process, not one subprocess per line',
    characteristics: ['Composable'],
    sections: ['§Implementation Checklist'],
  },
]);

const document = subRulesJudgedBy('document');
const probe = subRulesJudgedBy('probe');

/** Every distinct way a tool breaks an EXEC rule. */
export const EXEC_SUB_RULES: readonly SubRule[] = [
  // EXEC-01 — discovery
  probe(
    'EXEC-01/no-exec',
    'error',
    '`tool exec` is not a command (a valid one-line batch is refused or answered with no envelope)',
    'Register a built-in `exec` command that reads JSONL and dispatches each line by _cmd.',
    must(
      'Description',
      'The framework MUST provide a built-in tool exec command that reads a JSONL stream from stdin and dispatches each line to the matching subcommand in-process — no subprocess fork per line.',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  probe(
    'EXEC-01/manifest',
    'error',
    '`tool manifest --output json` is missing or does not give every command a danger_level',
    'Print a ManifestResponse whose commands map has a danger_level (safe, mutating, destructive) for every command; agents fill _cmd from its keys.',
    must(
      'Description',
      'The framework MUST provide a tool manifest built-in command that returns the complete command tree',
      'REQ-O-041 (cli-agent-spec)',
    ),
  ),
  probe(
    'EXEC-01/manifest-location',
    'warning',
    'The dispatch manifest is not at `tool manifest --output json`, where the guide tells agents to look',
    'Answer `tool manifest --output json` with the dispatch manifest; if `manifest` already means something else, say in your help where the dispatch manifest is.',
    kit(
      'The _cmd Routing Key',
      'agents discover the available paths from tool manifest --output json, then populate _cmd directly from that map.',
    ),
    'The guide names one place; a tool whose `manifest` verb is taken (the kit’s own CLI) can only put it elsewhere: reported as a warning when the checker is told (or detection finds) another place; strict makes it an error.',
  ),
  // EXEC-02 — the envelope
  document(
    'EXEC-02/not-json',
    'error',
    'An output line is not a JSON object',
    'Print exactly one compact JSON object per line on stdout; logs and progress go to stderr.',
    must(
      'Description',
      'Per-line output streams to stdout as JSONL.',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  document(
    'EXEC-02/shape',
    'error',
    'An envelope lacks ok, data, error, warnings or meta, or one has the wrong type',
    'Print the invariant ResponseEnvelope: ok boolean, data object|array|null, error {code,message}|null, warnings string[], meta {duration_ms}.',
    must(
      'Description',
      'Each output line is a ResponseEnvelope with _cmd (echoed from the request) and _line (1-based line index) added to meta.',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  document(
    'EXEC-02/ok-error-mismatch',
    'error',
    'ok and error disagree (ok true with an error, or ok false without one)',
    'Derive ok from the line’s outcome: ok true with error null, ok false with an error object.',
    must(
      'error',
      'Null on success. Structured error object on any non-zero exit.',
      'ResponseEnvelope (cli-agent-spec schema)',
    ),
  ),
  // EXEC-03 — one in, one out
  document(
    'EXEC-03/missing-output',
    'error',
    'An input line has no envelope',
    'Emit one envelope for every input line, failed or not.',
    must(
      'Acceptance Criteria',
      'cat ops.jsonl | tool exec --output jsonl dispatches all lines in-process and emits one response line per input line to stdout',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  document(
    'EXEC-03/extra-output',
    'error',
    'More envelopes than input lines, or two for one line',
    'Emit exactly one envelope per input line.',
    must(
      'Acceptance Criteria',
      'cat ops.jsonl | tool exec --output jsonl dispatches all lines in-process and emits one response line per input line to stdout',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  document(
    'EXEC-03/no-line',
    'error',
    'An envelope has no integer _line',
    'Add _line, the 1-based index of the input line the envelope answers.',
    must(
      'Description',
      'Each output line is a ResponseEnvelope with _cmd (echoed from the request) and _line (1-based line index) added to meta.',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  document(
    'EXEC-03/wrong-line',
    'error',
    'An envelope’s _line is not the 1-based line it answers, or envelopes are out of order',
    'Number input lines from 1 and emit envelopes in input order with that number as _line.',
    must(
      'Description',
      'Each output line is a ResponseEnvelope with _cmd (echoed from the request) and _line (1-based line index) added to meta.',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  document(
    'EXEC-03/misplaced',
    'error',
    '_cmd or _line is where the chosen envelope reading does not put it (top level vs meta)',
    'Put _cmd and _line where your consumers look: the kit accepts either by default; with envelope: "meta" only meta, with "top-level" only the top level.',
    must(
      'Description',
      'Each output line is a ResponseEnvelope with _cmd (echoed from the request) and _line (1-based line index) added to meta.',
      'REQ-O-050 (cli-agent-spec)',
    ),
    'The guide’s prose says "in meta", its example puts them at the top level (which the upstream schema forbids): reported only when an envelope reading is chosen.',
  ),
  // EXEC-04 — _cmd
  document(
    'EXEC-04/no-cmd',
    'error',
    'An envelope has no _cmd',
    'Echo the input line’s _cmd in its envelope.',
    must(
      'Description',
      'Each output line is a ResponseEnvelope with _cmd (echoed from the request) and _line (1-based line index) added to meta.',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  document(
    'EXEC-04/wrong-cmd',
    'error',
    'An envelope’s _cmd differs from its input line’s',
    'Echo _cmd verbatim from the request line.',
    must(
      'Description',
      'Each output line is a ResponseEnvelope with _cmd (echoed from the request) and _line (1-based line index) added to meta.',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  // EXEC-05 — continuation
  document(
    'EXEC-05/stopped-under-ignore-errors',
    'error',
    'Under --ignore-errors the batch stopped after a failed line',
    'With --ignore-errors keep dispatching after a failure and still exit 1 at the end.',
    must(
      'Description',
      '--ignore-errors: continue dispatching after a line failure (default: stop at first failure)',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  document(
    'EXEC-05/continued-by-default',
    'error',
    'Without --ignore-errors a line after a failed one was dispatched (reading "stops")',
    'Without --ignore-errors stop at the first failed line: dispatch nothing after it (answer the rest with an error, or not at all).',
    must(
      'Description',
      '--ignore-errors: continue dispatching after a line failure (default: stop at first failure)',
      'REQ-O-050 (cli-agent-spec)',
    ),
    'The guide says both "always one-in, one-out" and "if exec stops at the first failure (default behavior)": reported only when the failure reading "stops" is chosen.',
  ),
  document(
    'EXEC-05/stopped-silently',
    'error',
    'Without --ignore-errors the lines after a failed one got no envelope (reading "one-in-one-out")',
    'Answer every input line: after a stop, give each line not run an envelope with ok false and an error saying it was not dispatched.',
    must(
      'Description',
      'Errors on individual lines are structured per ResponseEnvelope.error and never suppress output for subsequent lines.',
      'REQ-O-050 (cli-agent-spec)',
    ),
    'The guide says both "always one-in, one-out" and "if exec stops at the first failure (default behavior)": reported only when the failure reading "one-in-one-out" is chosen.',
  ),
  // EXEC-06 — exit status
  document(
    'EXEC-06/zero-despite-failure',
    'error',
    'Exit 0 although a line failed',
    'Exit 1 when any line failed, with or without --ignore-errors.',
    must(
      'Description',
      '1 | One or more lines produced a non-zero exit',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  document(
    'EXEC-06/wrong-exit',
    'error',
    'A well-formed batch exited with something other than 0 (all ok) or 1 (a line failed)',
    'Exit 0 when every line succeeded and 1 when any failed; 2 is only for a malformed stream.',
    must('Description', '0 | All lines dispatched and succeeded', 'REQ-O-050 (cli-agent-spec)'),
  ),
  // EXEC-07 — malformed stream
  document(
    'EXEC-07/exit',
    'error',
    'A malformed stream did not exit 2',
    'Parse the whole stream before dispatching; on a parse error exit 2 (a caller error), not 1.',
    must(
      'Description',
      '2 | The JSONL stream was malformed (parse error before any dispatch)',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  document(
    'EXEC-07/no-parse-error',
    'error',
    'A malformed stream did not report DISPATCH_PARSE_ERROR',
    'Print an envelope with error.code DISPATCH_PARSE_ERROR (and _line of the bad line) before exiting 2.',
    must(
      'Acceptance Criteria',
      'A JSONL parse error on any line emits an error response for that line with error.code: "DISPATCH_PARSE_ERROR"',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  document(
    'EXEC-07/dispatched',
    'error',
    'A line was dispatched although the stream was malformed',
    'Validate every line first; dispatch nothing when any line is malformed.',
    must(
      'Description',
      '2 | The JSONL stream was malformed (parse error before any dispatch)',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  // EXEC-08 — dry-run
  probe(
    'EXEC-08/not-forwarded',
    'error',
    '`exec --dry-run` changed state: the flag did not reach a mutating or destructive command',
    'Forward --dry-run to every dispatched command whose danger_level is mutating or destructive.',
    must(
      'Description',
      '--dry-run: forward dry_run: true to every dispatched command whose danger_level is "mutating" or "destructive"; commands with danger_level: "safe" ignore it',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  probe(
    'EXEC-08/forwarded-to-safe',
    'error',
    'Under `exec --dry-run` a safe (read-only) line answered otherwise than without it: the flag reached a command that does not take it',
    'Forward --dry-run only to commands whose danger_level is mutating or destructive; a safe line must run exactly as without it.',
    must(
      'Description',
      '--dry-run: forward dry_run: true to every dispatched command whose danger_level is "mutating" or "destructive"; commands with danger_level: "safe" ignore it',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  // EXEC-09 — _opts
  probe(
    'EXEC-09/bare-flag',
    'error',
    'An _opts value true did not act as a bare --flag',
    'Translate {"flag": true} into --flag for that line only.',
    must(
      'Description',
      'an optional _opts object of per-line flag overrides',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  probe(
    'EXEC-09/valued-flag',
    'error',
    'An _opts string or number did not act as --flag=value',
    'Translate {"flag": "v"} or {"flag": 3} into --flag=v / --flag=3 for that line only.',
    must(
      'Description',
      'an optional _opts object of per-line flag overrides',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  probe(
    'EXEC-09/leaked',
    'error',
    'A line’s _opts acted on a later line of the batch',
    'Apply _opts to their own line only: build each line’s flags afresh from the global flags and its own _opts.',
    must(
      'Description',
      'an optional _opts object of per-line flag overrides',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  // EXEC-10 — large batches
  probe(
    'EXEC-10/input-file',
    'warning',
    '--input-file is not supported, or gives other results than the same batch on stdin',
    'Accept --input-file PATH and read the batch from it exactly as from stdin.',
    kit(
      'Safe Invocation Pattern for Agent Builders',
      'Writing the payload to a temp file and passing --input-file eliminates the input side of the deadlock.',
    ),
    'The guide’s safe invocation pattern passes --input-file for batches over 32 KB, but its implementation checklist does not list it: a warning; strict makes it an error.',
  ),
  probe(
    'EXEC-10/deadlock',
    'error',
    'A batch larger than the pipe buffer in and out did not finish',
    'Write envelopes as lines are dispatched while stdin is still being read (or read all input first); never wait for the reader to stop writing.',
    must(
      'Acceptance Criteria',
      'cat ops.jsonl | tool exec --output jsonl dispatches all lines in-process and emits one response line per input line to stdout',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
  probe(
    'EXEC-10/reads-stdin',
    'warning',
    'With --input-file, exec or a dispatched command waited on stdin',
    'Never read stdin when the batch comes from --input-file, and never let a dispatched command read stdin.',
    kit(
      'Safe Invocation Pattern for Agent Builders',
      "stdin=DEVNULL is not optional. Without it, the subprocess inherits the agent's own stdin",
    ),
  ),
  // EXEC-11 — in-process dispatch
  probe(
    'EXEC-11/subprocess-per-line',
    'error',
    'exec started a process per line',
    'Route each line through the tool’s own command registry in-process; startup is paid once per batch.',
    must(
      'Description',
      'The framework MUST provide a built-in tool exec command that reads a JSONL stream from stdin and dispatches each line to the matching subcommand in-process — no subprocess fork per line.',
      'REQ-O-050 (cli-agent-spec)',
    ),
  ),
];
