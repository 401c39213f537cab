import { EXIT_CODES } from '../../spec/aoi/constants.js';
import type { Evidence } from '../../stream/finding.js';
import type { AoiEvent } from '../../stream/jsonl-reader.js';

/**
 * How the process ended, when known. With the exit unknown (raw text), a missing summary is judged
 * as after exit 0 (the crash signal), and exit-status agreement is not judged.
 */
export interface StreamEnd {
  exitCode?: number | null;
  signal?: string | null;
}

export interface StreamCheckOptions {
  /** The command is unbounded (watch, tail): no terminal summary required, meta need not lead (§4.2). */
  unbounded?: boolean;
  /**
   * What `summary.count` counts (docs/spec-notes.md, note 1): `emitted` (the item events the stream carried, as
   * §19.1 and §19.3) or `processed` (what the command processed, as §19.4: at least the items emitted). Default:
   * `processed` when the first aoi:meta names an `input_mode` (a command that reads input, as §19.4's), else `emitted`.
   */
  summaryCount?: 'emitted' | 'processed';
  /** Treat every warning as a failure (ambiguous spec points become strict; see docs/spec-notes.md). */
  strict?: boolean;
  /** The schema version the caller negotiated with --schema-version; meta must report that major (§5.1). */
  schemaVersion?: string;
  /** Longest line accepted, in bytes (default 16 MiB). */
  maxLineBytes?: number;
  /** Findings kept with evidence per sub-rule; further ones are only counted (default 10). */
  maxFindingsPerSubRule?: number;
  /** Known secrets (e.g. canaries) that must never appear in excerpts. */
  secrets?: readonly string[];
}

/** What a rule sees: a way to report and the options. */
export interface RuleContext {
  readonly options: StreamCheckOptions;
  report(subRuleId: string, message: string, evidence?: Evidence): void;
  /** A masked, truncated excerpt of an event for evidence. */
  excerpt(event: unknown): string;
  /** A masked, truncated excerpt of a raw line for evidence. */
  excerptText(text: string): string;
}

/** One rule judged incrementally over the events of a stream. */
export interface StreamRule {
  readonly rule: string;
  /** The rule judges only `aoi:` events: domain events (the bulk of a stream) are not sent to it. */
  readonly frameworkOnly?: boolean;
  /**
   * For a domain event: whether `onEvent` needs its fields beyond `type` (an excerpt included). A rule that
   * answers false gets `{ type }` alone for it, the checker's fast path; a rule without it gets every event whole.
   */
  needsEvent?(type: string): boolean;
  /** Every decoded line, event or not (only rules that need raw text implement it). */
  onLine?(text: string, line: number): void;
  onEvent(event: AoiEvent, line: number): void;
  onEnd(end: StreamEnd): void;
  /** Why the rule had nothing to judge in this stream, or undefined when it did judge. */
  notApplicable(): string | undefined;
}

export const isFramework = (type: string): boolean => type.startsWith('aoi:');

/** A usage error, which may come before the stream starts: before meta, without a summary (§2, §20). */
export const isUsageError = (event: AoiEvent): boolean =>
  event.type === 'aoi:error' && event.category === 'usage';

/**
 * Whether a stream is a rejected command line: nothing but usage errors (closed, or not, by a summary that
 * does not claim ok:true), which may come before the stream starts and owe no meta and no summary (§2, §20).
 * An error whose category is missing or unknown (AOI-05's to report) counts as a usage error when the process
 * exited 64, EX_USAGE (§6).
 */
export function usageFailureTracker() {
  let events = 0;
  let errors = 0;
  let errorsOnly = true;
  let usageOnly = true;
  return {
    see(event: AoiEvent): void {
      events++;
      // A tool may close a rejected command line with a failed summary (§4.1): still nothing but the rejection.
      if (event.type === 'aoi:summary' && event.ok !== true) return;
      if (event.type === 'aoi:error') errors++;
      else errorsOnly = false;
      if (!isUsageError(event)) usageOnly = false;
    },
    get events(): number {
      return events;
    },
    /** Judged once the run has ended. */
    isUsageFailure(end: StreamEnd): boolean {
      return errors > 0 && (usageOnly || (errorsOnly && end.exitCode === EXIT_CODES.USAGE));
    },
  };
}
