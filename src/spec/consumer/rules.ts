import { kit, must, should, subRulesJudgedBy, withDocs } from '../define.js';
import type { Rule, SubRule } from '../types.js';

/**
 * CONSUMER-01…08: what AOI-CLI v0.2 asks of the other end of the pipe — transformers and sinks that read
 * upstream AOI JSONL on stdin (§13), and wrappers that run a tool and read its stream and exit status (§4.1,
 * §6, §7, §13.1). Judged by running the consumer once per consumer scenario (`aoi-testkit consumer`,
 * `lintConsumer`): the kit feeds it an upstream (on stdin, or as a fake tool on PATH) and looks at how it ends.
 */
export const CONSUMER_RULES: readonly Rule[] = withDocs([
  {
    id: 'CONSUMER-01',
    title: 'An incomplete upstream (EOF without a terminal summary) fails the consumer',
    characteristics: ['Verifiable', 'Composable'],
    sections: ['§4', '§4.1', '§13'],
  },
  {
    id: 'CONSUMER-02',
    title: 'A failed upstream (summary ok:false, an aoi:error, a non-zero exit) fails the consumer',
    characteristics: ['Verifiable', 'Composable'],
    sections: ['§4.1', '§6', '§13'],
  },
  {
    id: 'CONSUMER-03',
    title:
      'A line that is not one JSON object (prose, ANSI, pretty-printed JSON, an array) is never dropped silently',
    characteristics: ['Typed', 'Composable'],
    sections: ['§2', '§12.2', '§13.1'],
  },
  {
    id: 'CONSUMER-04',
    title:
      'A complete, successful upstream succeeds (meta, warnings, progress and unknown event types accepted)',
    characteristics: ['Composable'],
    sections: ['§4.1', '§13'],
  },
  {
    id: 'CONSUMER-05',
    title: 'The consumer never reports more items than it received',
    characteristics: ['Verifiable'],
    sections: ['§8.3', '§13'],
  },
  {
    id: 'CONSUMER-06',
    title: 'A tool killed by a signal is a failure, never a success',
    characteristics: ['Verifiable'],
    sections: ['§6', '§7'],
  },
  {
    id: 'CONSUMER-07',
    title: 'A tool that ignores SIGTERM does not outlive the consumer',
    characteristics: ['Safe', 'Bounded'],
    sections: ['§7'],
  },
  {
    id: 'CONSUMER-08',
    title: 'The consumer ends on its own, even when the tool waits on stdin',
    characteristics: ['Bounded'],
    sections: ['§1.3', '§7'],
  },
]);

const probe = subRulesJudgedBy('probe');

/** Every distinct way a consumer breaks a CONSUMER rule. */
export const CONSUMER_SUB_RULES: readonly SubRule[] = [
  probe(
    'CONSUMER-01/incomplete-accepted',
    'error',
    'The upstream ended without its terminal summary (a crash, a cut line, nothing at all), and the consumer reported success',
    'Treat EOF without an aoi:summary as failure: exit non-zero, or end your own stream with an aoi:error and an aoi:summary whose ok is false.',
    must(
      '§4',
      'A consumer MUST treat EOF without a terminal summary as an incomplete stream unless the operation is explicitly documented as unbounded.',
    ),
  ),
  probe(
    'CONSUMER-01/unbounded-eof-rejected',
    'warning',
    'Run for a documented unbounded upstream (--unbounded), the consumer failed because EOF came without a terminal summary',
    'For an operation documented as unbounded (watch, tail), EOF without an aoi:summary is how the stream ends (§4, §4.2): act on the events received; fail only on an aoi:error or a summary ok:false.',
    kit('§4.2', 'consumers cannot require a terminal summary until EOF.'),
  ),
  probe(
    'CONSUMER-02/failure-accepted',
    'error',
    'The tool exited non-zero, and the consumer reported success',
    'Treat a non-zero exit of the tool as failure (exit non-zero, or end your own stream with summary ok:false), unless the caller asked for partial tolerance.',
    must(
      '§4.1',
      'non-zero exit with partial events MUST be treated as failure unless the caller explicitly requested partial tolerance',
    ),
  ),
  probe(
    'CONSUMER-02/error-accepted',
    'warning',
    'The upstream reported failure in its stream (an aoi:error, or summary ok:false), and the consumer reported success',
    'Let an upstream aoi:error or summary ok:false make your own summary ok:false (or exit non-zero), unless the caller asked for --continue-on-error.',
    should(
      '§13',
      'Upstream error events cause downstream summary.ok=false unless --continue-on-error is set.',
    ),
    'A "Recommended default" (§13), and §13.1 says a wrapper "should" check summary.ok: a warning; strict makes it an error. A non-zero exit accepted is CONSUMER-02/failure-accepted (§4.1 MUST).',
  ),
  probe(
    'CONSUMER-03/malformed-dropped',
    'error',
    'A line that is not one JSON object with a type was dropped and the consumer reported success',
    'Fail fast on a malformed line (exit non-zero, or aoi:error and summary ok:false), or, when per-line tolerant, emit an item-level aoi:error for it; never skip it silently.',
    must('§12.2', 'For JSONL input streams, tools MUST document whether failures are:'),
  ),
  probe(
    'CONSUMER-03/tolerant-aborted',
    'error',
    'Run per-line tolerant (--continue-on-error), the consumer stopped at the malformed line: it passed on the items before the line and none after it',
    'When per-line tolerant, report the malformed line as an item-level aoi:error and go on with the next line (§12.2).',
    must(
      '§12.2',
      'per-line tolerant — malformed lines emit item-level errors and processing continues',
    ),
  ),
  probe(
    'CONSUMER-04/success-rejected',
    'warning',
    'A complete upstream whose summary says ok:true made the consumer fail',
    'Accept aoi:meta, aoi:warning, aoi:progress and event types you do not know (ignore or pass them on); succeed when the summary says ok:true and the tool exited 0.',
    should(
      '§13',
      'A transformer or sink that accepts AOI JSONL input SHOULD: … accept and parse upstream meta, warning, error, and summary events, … ignore unknown event types unless explicitly configured to fail',
    ),
  ),
  probe(
    'CONSUMER-05/count-inflated',
    'warning',
    'The consumer’s summary counts more items than the upstream delivered and more than it printed itself',
    'Count the items you read whole and parsed, or the items you produced: never a cut line, a prose line, or the upstream summary’s own count.',
    kit('§13', 'A transformer reads upstream events and produces its own.'),
  ),
  probe(
    'CONSUMER-06/killed-accepted',
    'error',
    'The tool was killed by a signal (no exit code), and the consumer reported success',
    'A process ended by a signal has no exit code: treat it as failure (a shell reports 128+N); never default a missing exit code to 0.',
    must(
      '§4.1',
      'non-zero exit with partial events MUST be treated as failure unless the caller explicitly requested partial tolerance',
    ),
  ),
  probe(
    'CONSUMER-07/child-survived',
    'warning',
    'The tool was still running after the consumer ended',
    'On timeout send SIGTERM, wait a short grace, then SIGKILL, and wait for the tool to exit before you report.',
    kit(
      '§7',
      'If emitting a final summary would corrupt state or hang, exiting promptly is more important.',
    ),
  ),
  probe(
    'CONSUMER-08/hung',
    'warning',
    'The consumer did not end within the kit’s timeout (its process tree was killed)',
    'Give the tool no stdin (or close it) so that a prompt reads EOF, and bound every wait on the tool with a timeout.',
    kit('§1.3', 'Machine mode is non-interactive by contract.'),
  ),
];
