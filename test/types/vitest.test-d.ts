// `src/vitest.ts` augments vitest's `expect` (via the global `Chai.Assertion` and vitest's
// `AsymmetricMatchersContaining`). Never run: checked by tsc. Every `@ts-expect-error` must be an
// error, which proves the matchers are typed, not `any`.
import { expect } from 'vitest';
import '../../src/vitest.js';
import type { RunLike } from '../../src/matchers/index.js';

declare const text: string;
declare const bytes: Uint8Array;
declare const run: RunLike;
declare const pending: Promise<RunLike>;

const results: void[] = [
  expect(text).toBeAoiConformant(),
  expect(run).toBeAoiConformant({
    strict: true,
    unbounded: false,
    schemaVersion: '1.0',
    secrets: ['x'],
  }),
  expect(bytes).toEmitOnlyJsonl({ strict: true }),
  expect(run).toHaveTerminalSummary(),
  expect(run).toSucceedWithSummary({ count: 1 }),
  expect(run).toContainAoiEvent({ type: 'hit', id: expect.any(Number) }),
  expect(run).toHaveAoiError({ category: 'usage' }),
  expect({ type: 'hit' }).toBeAoiEvent({ type: 'hit' }),
  expect(text).not.toBeAoiConformant(),
  expect(run).not.toHaveAoiError(),
];
const promises: Promise<void>[] = [
  expect(pending).resolves.toBeAoiConformant(),
  expect(pending).resolves.not.toSucceedWithSummary({ count: 2 }),
  expect(pending).rejects.toBeAoiEvent(),
  expect(['node', 'cli.js']).toPassAoiLint({
    invocations: [['search', 'x']],
    setup: [['init']],
    strict: true,
  }),
  expect({ command: 'mytool' }).not.toPassAoiRule('AOI-06', { timeoutMs: 5_000 }),
  expect(['python3', 'wrapper.py']).toHandleAoiStreams({
    as: 'notes',
    scenarios: ['consumer.spawn.killed'],
    timeoutMs: 30_000,
  }),
  expect(['node', 'transformer.mjs']).not.toHandleAoiStreams(),
  expect(['python3', 'runner.py']).toRunAgents({
    protocols: ['mcp'],
    scenarios: ['runner.mcp.turn'],
    runnerTimeoutMs: 5_000,
  }),
  expect({ command: 'my-runner' }).not.toRunAgents(),
];
expect([]).toContainEqual(expect.aoiEvent({ type: 'hit' }));
expect({}).toEqual({ last: expect.aoiEvent() });

// @ts-expect-error invocations are argv lists, not strings
void expect(['mytool']).toPassAoiLint({ invocations: ['search x'] });
// @ts-expect-error as is the tool's name, a string
void expect(['wrapper']).toHandleAoiStreams({ as: true });
// @ts-expect-error protocols are AIP-45's arms
void expect(['runner']).toRunAgents({ protocols: ['a2a'] });
// @ts-expect-error the rule id is required
void expect(['mytool']).toPassAoiRule();
// @ts-expect-error strict is a boolean
expect(text).toBeAoiConformant({ strict: 'yes' });
// @ts-expect-error unknown option
expect(text).toBeAoiConformant({ stirct: true });
// @ts-expect-error the expected event is required
expect(run).toContainAoiEvent();
// @ts-expect-error the expected error is an object
expect(run).toHaveAoiError('usage');
// @ts-expect-error the expected event is an object
expect.aoiEvent('hit');
// @ts-expect-error no such matcher
expect(text).toBeAoiConformantt();
// @ts-expect-error under .resolves a matcher returns a Promise
const notVoid: void = expect(pending).resolves.toBeAoiConformant();

// Expected summaries and events are typed by the spec (AOI-CLI v0.2 §8, §9), asymmetric matchers anywhere.
expect(run).toSucceedWithSummary({
  ok: true,
  count: 2,
  truncated: false,
  next_cursor: null,
  elapsed_ms: expect.any(Number),
});
expect(run).toSucceedWithSummary({ truncated: expect.anything(), my_tool_field: 'any value' });
expect(run).toHaveAoiError({
  category: 'rate_limited',
  retryable: true,
  code: expect.stringMatching(/^RATE/),
});
expect(run).toContainAoiEvent({ type: 'aoi:summary', truncated: true });
expect(run).toContainAoiEvent({ type: 'hit', truncated: 'no', rank: 1 }); // a domain event's fields are its own
expect(run).toContainAoiEvent({ type: expect.any(String), ok: 'whatever' });
expect([]).toContainEqual(expect.aoiEvent({ type: 'aoi:error', retryable: expect.any(Boolean) }));
// @ts-expect-error truncated is a boolean
expect(run).toSucceedWithSummary({ truncated: 'no' });
// @ts-expect-error count is a number
expect(run).toSucceedWithSummary({ count: '2' });
// @ts-expect-error next_cursor is a string or null
expect(run).toSucceedWithSummary({ next_cursor: 42 });
// @ts-expect-error retryable is a boolean
expect(run).toHaveAoiError({ retryable: 'yes' });
// @ts-expect-error an aoi:summary's truncated is a boolean, in an expected event too
expect(run).toContainAoiEvent({ type: 'aoi:summary', truncated: 'no' });
// @ts-expect-error an aoi:error's retryable is a boolean
expect({}).toBeAoiEvent({ type: 'aoi:error', retryable: 1 });
// @ts-expect-error type is a string
expect(run).toContainAoiEvent({ type: 7 });

export { results, promises, notVoid };
