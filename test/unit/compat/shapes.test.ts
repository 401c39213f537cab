/** What the compatibility judge reads from an event schema, and how it compares two of them for an old consumer. */
import { describe, expect, it } from 'vitest';
import { eventShapes } from '../../../src/checks/compat/event-shapes.js';
import { compareEventSchemas } from '../../../src/checks/compat/output.js';

const classes = (before: unknown, after: unknown) =>
  compareEventSchemas(before, after, 'schema x 1 → 2').map((d) => d.class);

describe('eventShapes reads the §10.4 forms', () => {
  it('a type enum with if/then branches', () => {
    const shapes = eventShapes({
      properties: { type: { enum: ['aoi:meta', 'hit'] }, trace_id: { type: 'string' } },
      allOf: [
        {
          if: { properties: { type: { const: 'hit' } } },
          then: { required: ['id'], properties: { id: { type: 'string' } } },
        },
      ],
    });
    expect([...shapes.types!]).toEqual(['aoi:meta', 'hit']);
    const hit = shapes.events.get('hit')!;
    expect([...hit.properties.keys()].sort()).toEqual(['id', 'trace_id', 'type']);
    expect([...hit.required]).toEqual(['id']);
    expect([...shapes.events.get('aoi:meta')!.properties.keys()].sort()).toEqual([
      'trace_id',
      'type',
    ]);
  });

  it('oneOf branches with a type const, through $ref into $defs', () => {
    const shapes = eventShapes({
      $defs: {
        hit: {
          type: 'object',
          properties: { type: { const: 'hit' }, rank: { type: 'integer' } },
          required: ['type', 'rank'],
        },
        entry: { properties: { type: { enum: ['entry'] }, id: { $ref: '#/$defs/id' } } },
        id: { type: 'string', pattern: '^n_' },
      },
      oneOf: [{ $ref: '#/$defs/hit' }, { $ref: '#/$defs/entry' }],
    });
    expect([...shapes.types!].sort()).toEqual(['entry', 'hit']);
    expect([...shapes.events.get('entry')!.properties.get('id')!.types!]).toEqual(['string']);
    expect(shapes.events.get('hit')!.required.has('rank')).toBe(true);
  });

  it('leaves an open schema open: no declared types, nothing to remove', () => {
    expect(eventShapes({ type: 'object', required: ['type'] }).types).toBeUndefined();
    expect(eventShapes('not a schema').events.size).toBe(0);
    expect(eventShapes({ $ref: '#/nowhere' }).events.size).toBe(0);
    // A cycle of refs ends.
    expect(
      eventShapes({ $defs: { a: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' }).events.size,
    ).toBe(0);
  });

  it('types from const and enum values, and from a union', () => {
    const field = eventShapes({
      properties: {
        type: { enum: ['e'] },
        n: { enum: [1, 2.5] },
        u: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
    }).events.get('e')!;
    expect([...field.properties.get('n')!.types!].sort()).toEqual(['integer', 'number']);
    expect([...field.properties.get('u')!.types!].sort()).toEqual(['null', 'string']);
  });
});

describe('compareEventSchemas, for a consumer of the old schema', () => {
  const schema = (hit: object) => ({
    properties: { type: { enum: ['hit'] } },
    allOf: [{ if: { properties: { type: { const: 'hit' } } }, then: hit }],
  });
  const base = schema({
    required: ['rank', 'meta'],
    properties: {
      rank: { type: 'integer' },
      score: { type: 'number' },
      meta: { type: 'object', required: ['source'], properties: { source: { type: 'string' } } },
      tags: { type: 'array', items: { type: 'string' } },
    },
  });

  it('finds nothing between a schema and itself', () => {
    expect(classes(base, base)).toEqual([]);
  });

  it('an integer may become a number only the other way round', () => {
    const widened = schema({
      required: ['rank', 'meta'],
      properties: {
        rank: { type: 'number' },
        score: { type: 'integer' },
        meta: { type: 'object', required: ['source'], properties: { source: { type: 'string' } } },
        tags: { type: 'array', items: { type: 'string' } },
      },
    });
    expect(classes(base, widened).sort()).toEqual(['field-narrowed', 'field-retyped']);
  });

  it('judges nested objects and array items by path', () => {
    const nested = schema({
      required: ['rank', 'meta'],
      properties: {
        rank: { type: 'integer' },
        score: { type: 'number' },
        meta: { type: 'object', properties: { source: { type: 'string' } } },
        tags: { type: 'array', items: { type: 'integer' } },
      },
    });
    const diffs = compareEventSchemas(base, nested, 'x');
    expect(diffs.map((d) => [d.class, d.where])).toEqual([
      ['field-became-optional', 'x: "hit" field meta.source'],
      ['field-retyped', 'x: "hit" field tags[]'],
    ]);
  });

  it('a field that loses its type constraint is retyped; one that had none is never broken', () => {
    const open = schema({
      required: ['rank', 'meta'],
      properties: {
        rank: {},
        score: { type: 'number' },
        meta: { type: 'object', required: ['source'], properties: { source: { type: 'string' } } },
        tags: { type: 'array', items: { type: 'string' } },
      },
    });
    expect(classes(base, open)).toEqual(['field-retyped']);
    expect(classes(open, base)).toEqual(['field-narrowed']);
  });

  it('a field only `required` names is a field of any type: dropping it breaks, describing it narrows', () => {
    const bare = schema({ required: ['id', 'hex'] });
    expect(classes(bare, schema({ required: ['id'] }))).toEqual(['field-removed']);
    expect(
      classes(bare, schema({ required: ['id', 'hex'], properties: { hex: { type: 'string' } } })),
    ).toEqual(['field-narrowed']);
    expect(classes(bare, bare)).toEqual([]);
  });

  it('an enum dropped from a field widens it', () => {
    const a = schema({ properties: { kind: { type: 'string', enum: ['a'] } } });
    const b = schema({ properties: { kind: { type: 'string' } } });
    expect(classes(a, b)).toEqual(['field-enum-widened']);
    expect(classes(b, a)).toEqual(['field-narrowed']);
  });
});
