import type { Readable } from 'node:stream';
import { makeFinding, toExcerpt, type Evidence, type Finding } from '../../stream/finding.js';
import { JsonlReader, type AoiEvent } from '../../stream/jsonl-reader.js';
import { redactValue } from '../../secrets/mask.js';
import { ruleIdsOf } from '../../spec/rules.js';
import { VerdictCollector, type RuleVerdict } from '../verdict.js';
import { boundsRule } from './bounds.js';
import { completionRule } from './completion.js';
import {
  isFramework,
  type RuleContext,
  type StreamCheckOptions,
  type StreamEnd,
  type StreamRule,
} from './context.js';
import { structuredErrorsRule } from './errors.js';
import { frameworkEventsRule } from './framework-events.js';
import { redactionRule } from './redaction.js';
import { versioningRule } from './versioning.js';

export type { StreamCheckOptions, StreamEnd } from './context.js';

/** The rules a recorded stream can be judged on, in id order (the registry's `judgedBy: 'stream'`). AOI-02 is judged by the reader itself. */
export const STREAM_RULE_IDS: readonly string[] = ruleIdsOf('AOI', 'stream');

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
  private readonly verdicts: VerdictCollector;
  private events = 0;
  private meta: AoiEvent | undefined;
  private summary: AoiEvent | undefined;
  private report: StreamReport | undefined;

  constructor(private readonly options: StreamCheckOptions = {}) {
    const secrets = options.secrets ?? [];
    this.verdicts = new VerdictCollector({
      strict: options.strict === true,
      secrets,
      keepPerSubRule: options.maxFindingsPerSubRule ?? 10,
    });
    const ctx: RuleContext = {
      options,
      report: (id: string, message: string, evidence?: Evidence) =>
        this.add(makeFinding(id, message, evidence, options.strict)),
      excerpt: (event: unknown) => toExcerpt(safeStringify(redactValue(event, secrets)), secrets),
      excerptText: (text: string) => toExcerpt(text, secrets),
    };
    this.rules = [
      completionRule,
      frameworkEventsRule,
      structuredErrorsRule,
      redactionRule,
      boundsRule,
      versioningRule,
    ].map((make) => make(ctx));
    this.domainRules = this.rules.filter((rule) => !rule.frameworkOnly);
    const domainNeeds = this.domainRules.map((rule) => rule.needsEvent ?? (() => true));
    this.reader = new JsonlReader(
      {
        onEvent: (event, line) => {
          this.events++;
          if (event.type === 'aoi:meta' && !this.meta) this.meta = event;
          if (event.type === 'aoi:summary' && !this.summary) this.summary = event;
          for (const rule of isFramework(event.type) ? this.rules : this.domainRules)
            rule.onEvent(event, line);
        },
        onFinding: (finding) => this.add(finding),
        needsEvent: (type) => isFramework(type) || domainNeeds.some((needs) => needs(type)),
        ...(this.rules.some((rule) => rule.onLine)
          ? { onLine: (text: string, line: number) => this.onLine(text, line) }
          : {}),
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
    // A rule with no finding may say why it had nothing to judge in this stream.
    for (const rule of this.rules) {
      const { errors, warnings } = this.verdicts.verdict(rule.rule);
      const reason = errors + warnings === 0 ? rule.notApplicable() : undefined;
      if (reason) this.verdicts.notApplicable(rule.rule, reason);
    }
    this.report = {
      ...this.verdicts.report(STREAM_RULE_IDS),
      stats: { bytes: this.reader.bytes, lines: this.reader.lines, events: this.events },
      // Redacted like every excerpt: a report is printed, logged and snapshotted.
      ...(this.meta
        ? { meta: redactValue(this.meta, this.options.secrets ?? []) as AoiEvent }
        : {}),
      ...(this.summary
        ? { summary: redactValue(this.summary, this.options.secrets ?? []) as AoiEvent }
        : {}),
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
    // Messages may quote a field value (a category, a code): mask them like excerpts.
    this.verdicts.addFinding({ ...finding, message: this.verdicts.mask(finding.message) });
  }
}

export function createStreamChecker(options: StreamCheckOptions = {}): StreamChecker {
  return new StreamChecker(options);
}

/** Stream input the synchronous checker accepts. */
export type SyncStreamInput = string | Uint8Array | Iterable<string | Uint8Array>;
/** Stream input the asynchronous checker accepts, in addition to the synchronous kinds. */
export type AsyncStreamInput =
  | SyncStreamInput
  | AsyncIterable<string | Uint8Array>
  | Readable
  | ReadableStream<Uint8Array | string>;

/** Judge a whole stream held in memory. `exitCode`/`signal` are how the process ended, when known. */
export function checkStream(
  input: SyncStreamInput,
  options: StreamCheckOptions & StreamEnd = {},
): StreamReport {
  const checker = new StreamChecker(options);
  if (typeof input === 'string' || input instanceof Uint8Array) checker.write(input);
  else for (const chunk of input) checker.write(chunk);
  return checker.end(endOf(options));
}

/** Judge a stream as it arrives: text, bytes, an (async) iterable of chunks, a Node Readable or a web ReadableStream. */
export async function checkStreamAsync(
  input: AsyncStreamInput,
  options: StreamCheckOptions & StreamEnd = {},
): Promise<StreamReport> {
  if (typeof input === 'string' || input instanceof Uint8Array) return checkStream(input, options);
  const checker = new StreamChecker(options);
  const iterable: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array> = isWebStream(
    input,
  )
    ? webStreamChunks(input)
    : (input as AsyncIterable<string | Uint8Array>);
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
  return (
    typeof (input as ReadableStream | undefined)?.getReader === 'function' &&
    !(Symbol.asyncIterator in (input as object))
  );
}

async function* webStreamChunks(
  stream: ReadableStream<Uint8Array | string>,
): AsyncGenerator<Uint8Array | string> {
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
