import { describe, expect, it } from 'vitest';
import { shellWords } from '../../../src/shell-words.js';
import { UsageError } from '../../../src/errors.js';
import { inputExample } from '../../../src/lint/aoi/input-example.js';
import {
  flagValue,
  hasFlag,
  machine,
  planCommands,
  withFlag,
  withoutFlag,
} from '../../../src/lint/aoi/plan.js';

describe('shellWords (--invoke values)', () => {
  it.each([
    ['search notes --limit 2', ['search', 'notes', '--limit', '2']],
    ["create --title 'two words'", ['create', '--title', 'two words']],
    ['create --title "say \\"hi\\""', ['create', '--title', 'say "hi"']],
    ['a\\ b c', ['a b', 'c']],
    ["get ''", ['get', '']],
    ['  spaced   out  ', ['spaced', 'out']],
  ])('%s', (line, argv) => {
    expect(shellWords(line)).toEqual(argv);
  });

  it('rejects an unterminated quote with a usage error', () => {
    expect(() => shellWords("create --title 'oops")).toThrow(UsageError);
    expect(() => shellWords('create --title "oops')).toThrow(UsageError);
  });
});

describe('argv helpers', () => {
  it('reads, replaces and removes flags in both spellings', () => {
    expect(flagValue(['x', '--limit', '5'], '--limit')).toBe('5');
    expect(flagValue(['x', '--limit=5'], '--limit')).toBe('5');
    expect(withFlag(['x', '--limit=5', '--confirm'], '--limit', '1')).toEqual([
      'x',
      '--confirm',
      '--limit',
      '1',
    ]);
    expect(
      withoutFlag(['delete', 'n_1', '--confirm', '--confirm-count', '1'], '--confirm-count', true),
    ).toEqual(['delete', 'n_1', '--confirm']);
    expect(withoutFlag(['delete', '--confirm', 'n_1'], '--confirm', false)).toEqual([
      'delete',
      'n_1',
    ]);
  });

  it("reads a long flag with one dash as Go's flag package does (§16.4: names, not dashes)", () => {
    expect(flagValue(['x', '-limit', '5'], '--limit')).toBe('5');
    expect(flagValue(['x', '-limit=5'], '--limit')).toBe('5');
    expect(hasFlag(['remove', '-sku', 'A1', '-confirm'], '--confirm')).toBe(true);
    expect(hasFlag(['remove', '-confirm-count', '2'], '--confirm')).toBe(false);
    expect(withoutFlag(['remove', '-sku', 'A1', '-confirm'], '--confirm', false)).toEqual([
      'remove',
      '-sku',
      'A1',
    ]);
    expect(
      withoutFlag(['remove', '-confirm=true', '-confirm-count', '2'], '--confirm', false),
    ).toEqual(['remove', '-confirm-count', '2']);
    expect(withoutFlag(['remove', '-confirm-count=2', 'A1'], '--confirm-count', true)).toEqual([
      'remove',
      'A1',
    ]);
    // A short flag has one spelling: `-v` is not `--v`.
    expect(withoutFlag(['x', '-v', '--v'], '-v', false)).toEqual(['x', '--v']);
  });

  it('adds machine mode unless the invocation chose an output', () => {
    expect(machine(['list'])).toEqual(['list', '--output', 'jsonl']);
    expect(machine(['list', '--format', 'jsonl'])).toEqual(['list', '--format', 'jsonl']);
  });
});

describe('planCommands', () => {
  it('takes kinds from capabilities and runs commands without invocations bare', () => {
    const plans = planCommands(
      {
        commands: [
          { name: 'list', read_only: true, supports_cursor: true },
          { name: 'rm', read_only: false, destructive: true, supports_dry_run: true },
        ],
      },
      [['rm', 'a', '--confirm']],
    );
    expect(
      plans.map((p) => [
        p.name,
        p.given,
        p.invocations,
        p.paged,
        p.destructive,
        p.dryRun,
        p.readOnly,
      ]),
    ).toEqual([
      ['list', false, [['list']], true, false, false, true],
      ['rm', true, [['rm', 'a', '--confirm']], false, true, true, false],
    ]);
  });

  it('without capabilities, reads kinds from the invocations’ flags', () => {
    const [rm, find, load] = planCommands(undefined, [
      ['rm', 'a', '--confirm'],
      ['find', 'x', '--limit', '3'],
      ['load', '--input-jsonl', '-'],
    ]);
    expect([rm!.destructive, rm!.readOnly]).toEqual([true, false]);
    expect([find!.paged, find!.readOnly]).toEqual([true, undefined]);
    expect(load!.inputJsonl).toBe(true);
  });
});

describe('inputExample', () => {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['title', 'count', 'kind', 'tags'],
    properties: {
      title: { type: 'string', minLength: 30 },
      count: { type: 'integer', minimum: 3 },
      kind: { enum: ['a', 'b'] },
      tags: { type: 'array', minItems: 1, items: { type: 'string' } },
      extra: { type: 'string' },
    },
    additionalProperties: false,
  };

  it('builds distinct valid records with only the required properties', () => {
    const [one, two] = [inputExample(schema, 1), inputExample(schema, 2)];
    expect(one).toMatchObject({ count: 3, kind: 'a', tags: [expect.any(String)] });
    expect((one!.title as string).length).toBeGreaterThanOrEqual(30);
    expect(one).not.toEqual(two);
    expect(Object.keys(one!)).toEqual(['title', 'count', 'kind', 'tags']);
  });

  it('gives up (undefined) when it cannot satisfy the schema', () => {
    expect(
      inputExample(
        {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', pattern: '^[0-9]+$' } },
        },
        1,
      ),
    ).toBeUndefined();
    expect(inputExample({ type: 'objekt' }, 1)).toBeUndefined();
  });
});
