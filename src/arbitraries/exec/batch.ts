import fc from 'fast-check';
import type { DangerLevel, DispatchRequest, EnvelopeReading } from '../../spec/exec/types.js';

/** Commands to route to, with their danger levels (a ManifestResponse's commands map, reduced). */
export type ExecCommands = Readonly<Record<string, DangerLevel>>;

/** A generic tool: dotted paths of every danger level, as in the guide's examples. */
export const GENERIC_EXEC_COMMANDS: ExecCommands = {
  'account.list': 'safe',
  'account.create': 'mutating',
  'transaction.add': 'mutating',
  'account.close': 'destructive',
  doctor: 'safe',
};

const FIELD = /^[a-z][a-z_]{0,10}$/;
const SEGMENT = /^[a-z][a-z0-9-]{0,8}$/;
const scalar = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -1000, max: 1000 }),
  fc.boolean(),
);
const fieldName = fc
  .stringMatching(FIELD)
  .filter((k) => !k.startsWith('_') && k !== '__proto__' && k !== 'constructor');

export interface ExecRequestOptions {
  /** Commands to pick `_cmd` from (default: any dot-separated path). */
  commands?: ExecCommands;
  /** Add `_opts` sometimes (default true). */
  withOpts?: boolean;
}

/**
 * One well-formed dispatch request: `_cmd`, maybe `_opts` (booleans, strings, numbers), payload fields.
 * @example fc.sample(execRequest({ commands: GENERIC_EXEC_COMMANDS }), 1) // [{ _cmd: 'account.create', name: 'x', _opts: { draft: true } }]
 */
export function execRequest(options: ExecRequestOptions = {}): fc.Arbitrary<DispatchRequest> {
  const cmd = options.commands
    ? fc.constantFrom(...Object.keys(options.commands))
    : fc.array(fc.stringMatching(SEGMENT), { minLength: 1, maxLength: 3 }).map((s) => s.join('.'));
  const opts = fc.dictionary(fieldName, scalar, { maxKeys: 3 });
  return fc
    .tuple(
      cmd,
      fc.dictionary(
        fieldName,
        fc.oneof(scalar, fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 })),
        { maxKeys: 3 },
      ),
      options.withOpts === false ? fc.constant(undefined) : fc.option(opts, { nil: undefined }),
    )
    .map(([_cmd, payload, _opts]) => ({
      _cmd,
      ...payload,
      ...(_opts !== undefined ? { _opts } : {}),
    }));
}

/** A batch as lines of text and the requests it holds, with their 1-based physical line numbers. */
export interface ExecBatch {
  readonly lines: readonly string[];
  /** The batch as stdin: lines joined by LF, a final LF. */
  readonly text: string;
  readonly requests: readonly { readonly line: number; readonly request: DispatchRequest }[];
}

export interface ExecBatchOptions extends ExecRequestOptions {
  minLines?: number;
  maxLines?: number;
  /** Blank lines between requests sometimes (skipped by exec, but counted in `_line`). Default false. */
  blankLines?: boolean;
}

const toBatch = (items: readonly (DispatchRequest | '')[]): ExecBatch => {
  const lines = items.map((i) => (i === '' ? '' : JSON.stringify(i)));
  const requests = items.flatMap((i, k) => (i === '' ? [] : [{ line: k + 1, request: i }]));
  return { lines, text: `${lines.join('\n')}\n`, requests };
};

/**
 * A well-formed batch.
 * @example fc.sample(execBatch({ commands: GENERIC_EXEC_COMMANDS, maxLines: 3 }), 1)[0].text
 */
export function execBatch(options: ExecBatchOptions = {}): fc.Arbitrary<ExecBatch> {
  const item: fc.Arbitrary<DispatchRequest | ''> = options.blankLines
    ? fc.oneof(
        { weight: 5, arbitrary: execRequest(options) },
        { weight: 1, arbitrary: fc.constant('' as const) },
      )
    : execRequest(options);
  return fc
    .array(item, { minLength: options.minLines ?? 1, maxLength: options.maxLines ?? 20 })
    .filter((items) => items.some((i) => i !== ''))
    .map(toBatch);
}

/** Kinds of malformed line (EXEC-07): what makes a stream a caller error. */
export const MALFORMED_LINE_KINDS = [
  'not-json',
  'truncated',
  'array',
  'no-cmd',
  'cmd-not-string',
  'cmd-pattern',
  'opts-not-object',
  'opts-nested',
] as const;
export type MalformedLineKind = (typeof MALFORMED_LINE_KINDS)[number];

/**
 * One malformed input line and why.
 * @example fc.sample(malformedExecLine(), 1) // [{ kind: 'cmd-pattern', text: '{"_cmd":"Account Create"}' }]
 */
export function malformedExecLine(): fc.Arbitrary<{ kind: MalformedLineKind; text: string }> {
  return fc.constantFrom(...MALFORMED_LINE_KINDS).chain((kind) => {
    const t = (a: fc.Arbitrary<string>) => a.map((text) => ({ kind, text }));
    switch (kind) {
      case 'not-json':
        return t(
          fc
            .stringMatching(/^[a-z ]{1,20}$/)
            .filter((s) => s.trim() !== '' && !['true', 'false', 'null'].includes(s.trim())),
        );
      case 'truncated':
        return t(fc.constantFrom('{"_cmd":', '{"_cmd":"list"', '{', '{"_cmd":"list",}'));
      case 'array':
        return t(fc.constantFrom('[]', '["list"]', '[{"_cmd":"list"}]', '"list"', '42', 'null'));
      case 'no-cmd':
        return t(fc.dictionary(fieldName, scalar, { maxKeys: 3 }).map((o) => JSON.stringify(o)));
      case 'cmd-not-string':
        return t(
          fc
            .oneof(fc.integer(), fc.boolean(), fc.constant(null))
            .map((v) => JSON.stringify({ _cmd: v })),
        );
      case 'cmd-pattern':
        return t(
          fc
            .constantFrom('Account.Create', 'account create', '.list', 'list.', '1list', '')
            .map((c) => JSON.stringify({ _cmd: c })),
        );
      case 'opts-not-object':
        return t(
          fc.constantFrom('true', '"x"', '[]', '3').map((o) => `{"_cmd":"list","_opts":${o}}`),
        );
      case 'opts-nested':
        return t(
          fc
            .constantFrom('{"a":{}}', '{"a":[1]}', '{"a":null}')
            .map((o) => `{"_cmd":"list","_opts":${o}}`),
        );
    }
  });
}

/**
 * A batch with malformed lines among well-formed ones; `firstMalformed` is the 1-based line of the first.
 * @example fc.sample(malformedExecBatch({ commands: GENERIC_EXEC_COMMANDS }), 1)[0].firstMalformed
 */
export function malformedExecBatch(
  options: ExecBatchOptions = {},
): fc.Arbitrary<ExecBatch & { firstMalformed: number; kinds: MalformedLineKind[] }> {
  return fc
    .tuple(
      execBatch({
        ...options,
        minLines: 0 < (options.minLines ?? 1) ? (options.minLines ?? 1) : 1,
      }),
      fc.array(fc.tuple(malformedExecLine(), fc.nat()), { minLength: 1, maxLength: 3 }),
    )
    .map(([batch, bad]) => {
      const lines = [...batch.lines];
      for (const [{ text }, at] of bad) lines.splice(at % (lines.length + 1), 0, text);
      const firstMalformed = lines.findIndex((l) => bad.some(([b]) => b.text === l)) + 1;
      const requests = lines.flatMap((l, k) => {
        if (l === '' || bad.some(([b]) => b.text === l)) return [];
        return [{ line: k + 1, request: JSON.parse(l) as DispatchRequest }];
      });
      return {
        lines,
        text: `${lines.join('\n')}\n`,
        requests,
        firstMalformed,
        kinds: bad.map(([b]) => b.kind),
      };
    });
}

/**
 * A batch that mixes safe, mutating and destructive commands (at least one of each level the commands have).
 * @example fc.sample(mixedDangerBatch(GENERIC_EXEC_COMMANDS), 1)[0].requests.map((r) => r.request._cmd)
 */
export function mixedDangerBatch(
  commands: ExecCommands = GENERIC_EXEC_COMMANDS,
  maxLines = 12,
): fc.Arbitrary<ExecBatch & { danger: DangerLevel[] }> {
  const levels = [...new Set(Object.values(commands))];
  return execBatch({
    commands,
    minLines: levels.length,
    maxLines: Math.max(levels.length, maxLines),
  })
    .filter((b) => levels.every((lvl) => b.requests.some((r) => commands[r.request._cmd] === lvl)))
    .map((b) => ({ ...b, danger: b.requests.map((r) => commands[r.request._cmd]!) }));
}

/**
 * What a conforming exec prints for a batch: one envelope per request with `_cmd`/`_line` where `placement`
 * says, each line failing with probability ~1/5; `stop` (no --ignore-errors) ends after the first failure.
 * Returns the output text and the exit status (0 all ok, 1 a failure).
 * @example fc.sample(execBatch().chain((b) => conformingExecOutput(b)), 1)[0].exitCode
 */
export function conformingExecOutput(
  batch: ExecBatch,
  options: { placement?: EnvelopeReading | 'both'; stop?: boolean } = {},
): fc.Arbitrary<{ text: string; exitCode: 0 | 1 }> {
  const placement = options.placement ?? 'meta';
  return fc
    .array(fc.integer({ min: 0, max: 4 }), {
      minLength: batch.requests.length,
      maxLength: batch.requests.length,
    })
    .chain((rolls) =>
      fc.nat({ max: 1000 }).map((ms) => {
        const out: string[] = [];
        let failed = false;
        for (const [i, { line, request }] of batch.requests.entries()) {
          const ok = rolls[i] !== 0;
          const tags = { _cmd: request._cmd, _line: line };
          const top =
            placement === 'top-level' || placement === 'both' || placement === 'either' ? tags : {};
          const meta = placement === 'meta' || placement === 'both' ? tags : {};
          out.push(
            JSON.stringify({
              ...top,
              ok,
              data: ok ? { n: i } : null,
              error: ok
                ? null
                : { code: 'LINE_FAILED', message: `line ${line} failed`, retryable: false },
              warnings: [],
              meta: { duration_ms: ms, ...meta },
            }),
          );
          if (!ok) failed = true;
          if (!ok && options.stop) break;
        }
        return { text: out.length ? `${out.join('\n')}\n` : '', exitCode: failed ? 1 : 0 };
      }),
    );
}
