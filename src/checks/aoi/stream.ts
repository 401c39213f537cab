import type { Readable } from 'node:stream';
import { makeFinding, toExcerpt, type Evidence, type Finding } from '../../stream/finding.js';
import { JsonlReader, type AoiEvent } from '../../stream/jsonl-reader.js';
import { maskSecrets, redactValue } from '../secrets.js';
import { makeVerdict, type RuleVerdict } from '../verdict.js';
import { boundsRule } from './bounds.js';
import { completionRule } from './completion.js';
import type { RuleContext, StreamCheckOptions, StreamEnd, StreamRule } from './context.js';
import { structuredErrorsRule } from './errors.js';
import { frameworkEventsRule } from './framework-events.js';
import { redactionRule } from './redaction.js';
import { versioningRule } from './versioning.js';

export type { StreamCheckOptions, StreamEnd } from './context.js';

/** The rules a recorded stream can be judged on, in id order. AOI-02 is judged by the reader itself. */
export const STREAM_RULE_IDS = ['AOI-02', 'AOI-03', 'AOI-04', 'AOI-05', 'AOI-09', 'AOI-11', 'AOI-13'] as const;

export interface StreamReport {
  /** True when no rule failed. Warnings do not fail a rule unless `strict`. */
  readonly ok: boolean;
  readonly verdicts: readonly RuleVerdict[];
  /** Every kept finding in stream order (bounded per sub-rule by `maxFindingsPerSubRule`). */
  readonly findings: readonly Finding[];
  readonly stats: { readonly bytes: number; readonly lines: number; readonly events: number };
  /** The first aoi:meta and the first aoi:summary, when present. */
  readonly meta?: AoiEvent;
  readonly summary?: AoiEvent;
  readonly end: StreamEnd;
  readonly unbounded: boolean;
  readonly strict: boolean;
}

/**
 * Judges an AOI-CLI stream incrementally: write byte chunks split anywhere, then `end()` with the
 * exit status when known. Memory stays bounded whatever the input; nothing here throws on input.
 */
export class StreamChecker {
  private readonly reader: JsonlReader;
  private readonly rules: StreamRule[];
  /** The rules that see domain events too (the others see only aoi: events). */
  private readonly domainRules: StreamRule[];
  private readonly kept: Finding[] = [];
  private readonly perSubRule = new Map<string, number>();
  private readonly totals = new Map<string, { errors: number; warnings: number }>();
  private readonly maxPerSubRule: number;
  private events = 0;
  private meta: AoiEvent | undefined;
  private summary: AoiEvent | undefined;
  private report: StreamReport | undefined;

  constructor(private readonly options: StreamCheckOptions = {}) {
    this.maxPerSubRule = options.maxFindingsPerSubRule ?? 10;
    const secrets = options.secrets ?? [];
    const ctx: RuleContext = {
      options,
      report: (id: string, message: string, evidence?: Evidence) => this.add(makeFinding(id, message, evidence, options.strict)),
      excerpt: (event: unknown) => toExcerpt(safeStringify(redactValue(event, secrets)), secrets),
      excerptText: (text: string) => toExcerpt(text, secrets),
    };
    this.rules = [completionRule, frameworkEventsRule, structuredErrorsRule, redactionRule, boundsRule, versioningRule].map((make) => make(ctx));
    this.domainRules = this.rules.filter((rule) => !rule.frameworkOnly);
    this.reader = new JsonlReader(
      {
        onEvent: (event, line) => {
          this.events++;
          if (event.type === 'aoi:meta' && !this.meta) this.meta = event;
          if (event.type === 'aoi:summary' && !this.summary) this.summary = event;
          for (const rule of event.type.startsWith('aoi:') ? this.rules : this.domainRules) rule.onEvent(event, line);
        },
        onFinding: (finding) => this.add(finding),
        ...(this.rules.some((rule) => rule.onLine) ? { onLine: (text: string, line: number) => this.onLine(text, line) } : {}),
      },
      options,
    );
  }

  write(chunk: Uint8Array | string): void {
    if (this.report) throw new Error('StreamChecker: write after end');
    this.reader.write(chunk);
  }

  /** Finish the stream and judge it. `end` carries the exit status and signal when known. */
  end(end: StreamEnd = {}): StreamReport {
    if (this.report) return this.report;
    this.reader.end();
    for (const rule of this.rules) rule.onEnd(end);
    const verdicts = STREAM_RULE_IDS.map((ruleId) => this.verdict(ruleId));
    this.report = {
      ok: verdicts.every((v) => v.status !== 'fail'),
      verdicts,
      findings: this.kept,
      stats: { bytes: this.reader.bytes, lines: this.reader.lines, events: this.events },
      // Redacted like every excerpt: a report is printed, logged and snapshotted.
      ...(this.meta ? { meta: redactValue(this.meta, this.options.secrets ?? []) as AoiEvent } : {}),
      ...(this.summary ? { summary: redactValue(this.summary, this.options.secrets ?? []) as AoiEvent } : {}),
      end,
      unbounded: this.options.unbounded ?? false,
      strict: this.options.strict ?? false,
    };
    return this.report;
  }

  private onLine(text: string, line: number): void {
    for (const rule of this.rules) rule.onLine?.(text, line);
  }

  private add(finding: Finding): void {
    const total = this.totals.get(finding.rule) ?? { errors: 0, warnings: 0 };
    if (finding.severity === 'error') total.errors++;
    else total.warnings++;
    this.totals.set(finding.rule, total);
    const seen = this.perSubRule.get(finding.id) ?? 0;
    this.perSubRule.set(finding.id, seen + 1);
    // Messages may quote a field value (a category, a code): mask them like excerpts.
    if (seen < this.maxPerSubRule) this.kept.push({ ...finding, message: maskSecrets(finding.message, this.options.secrets ?? []) });
  }

  private verdict(ruleId: string): RuleVerdict {
    const { errors, warnings } = this.totals.get(ruleId) ?? { errors: 0, warnings: 0 };
    const findings = this.kept.filter((f) => f.rule === ruleId);
    const notApplicable = errors + warnings === 0 ? this.rules.find((r) => r.rule === ruleId)?.notApplicable() : undefined;
    if (notApplicable) return makeVerdict(ruleId, { status: 'not_applicable', reason: notApplicable, errors, warnings, findings });
    return makeVerdict(ruleId, { status: errors > 0 ? 'fail' : 'pass', errors, warnings, findings });
  }
}

export function createStreamChecker(options: StreamCheckOptions = {}): StreamChecker {
  return new StreamChecker(options);
}

/** Stream input the synchronous checker accepts. */
export type SyncStreamInput = string | Uint8Array | Iterable<string | Uint8Array>;
/** Stream input the asynchronous checker accepts, in addition to the synchronous kinds. */
export type AsyncStreamInput = SyncStreamInput | AsyncIterable<string | Uint8Array> | Readable | ReadableStream<Uint8Array | string>;

/** Judge a whole stream held in memory. `exitCode`/`signal` are how the process ended, when known. */
export function checkStream(input: SyncStreamInput, options: StreamCheckOptions & StreamEnd = {}): StreamReport {
  const checker = new StreamChecker(options);
  if (typeof input === 'string' || input instanceof Uint8Array) checker.write(input);
  else for (const chunk of input) checker.write(chunk);
  return checker.end(endOf(options));
}

/** Judge a stream as it arrives: text, bytes, an (async) iterable of chunks, a Node Readable or a web ReadableStream. */
export async function checkStreamAsync(input: AsyncStreamInput, options: StreamCheckOptions & StreamEnd = {}): Promise<StreamReport> {
  if (typeof input === 'string' || input instanceof Uint8Array) return checkStream(input, options);
  const checker = new StreamChecker(options);
  const iterable: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array> =
    isWebStream(input) ? webStreamChunks(input) : (input as AsyncIterable<string | Uint8Array>);
  for await (const chunk of iterable) checker.write(chunk);
  return checker.end(endOf(options));
}

function endOf(options: StreamEnd): StreamEnd {
  return {
    ...(options.exitCode !== undefined ? { exitCode: options.exitCode } : {}),
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  };
}

function isWebStream(input: unknown): input is ReadableStream<Uint8Array | string> {
  return typeof (input as ReadableStream | undefined)?.getReader === 'function' && !(Symbol.asyncIterator in (input as object));
}

async function* webStreamChunks(stream: ReadableStream<Uint8Array | string>): AsyncGenerator<Uint8Array | string> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
