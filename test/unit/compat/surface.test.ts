/** The command surface, for an old caller: one shape for capabilities, cmdhelp and the exec manifest, one comparison. */
import { describe, expect, it } from 'vitest';
import {
  cmdhelpSurface,
  compareSurfaces,
  execSurface,
} from '../../../src/checks/compat/surface.js';

const help = (flags: object, args: object[] = []) =>
  cmdhelpSurface('cmdhelp/0.1: text, md, json', {
    cmdhelp_version: '0.1',
    binary: 't',
    commands: { run: { summary: 'Run.', flags, args } },
  });
const diff = (a: ReturnType<typeof help>, b: ReturnType<typeof help>) =>
  compareSurfaces(a, b).map((d) => d.class);

describe('flags', () => {
  it('a type is narrowed when the new one does not take the old values', () => {
    expect(diff(help({ n: { type: 'int' } }), help({ n: { type: 'float' } }))).toEqual([
      'input-widened',
    ]);
    expect(diff(help({ n: { type: 'float' } }), help({ n: { type: 'int' } }))).toEqual([
      'flag-type-narrowed',
    ]);
    expect(diff(help({ n: { type: 'path' } }), help({ n: { type: 'string' } }))).toEqual([
      'input-widened',
    ]);
    // A presence switch and a valued flag are called differently (cmdhelp §5.3).
    expect(diff(help({ b: { type: 'bool' } }), help({ b: { type: 'string' } }))).toEqual([
      'flag-type-narrowed',
    ]);
    expect(
      diff(help({ b: { type: 'bool' } }), help({ b: { type: 'enum', enum: ['true', 'false'] } })),
    ).toEqual(['flag-type-narrowed']);
    expect(
      diff(help({ s: { type: 'string' } }), help({ s: { type: 'enum', enum: ['a'] } })),
    ).toEqual(['flag-type-narrowed']);
    expect(
      diff(help({ s: { type: 'string' } }), help({ s: { type: 'string', enum: ['a'] } })),
    ).toEqual(['flag-enum-narrowed']);
    expect(
      diff(help({ e: { type: 'enum', enum: ['a'] } }), help({ e: { type: 'string' } })),
    ).toEqual(['input-widened']);
  });

  it('a rename needs a flag of the same kind: the same type, values and description, or the only pair', () => {
    const before = help({
      sort: { type: 'enum', enum: ['a', 'b'], description: 'Order' },
      n: { type: 'int' },
    });
    expect(
      diff(
        before,
        help({
          order: { type: 'enum', enum: ['a', 'b'], description: 'Order' },
          n: { type: 'int' },
        }),
      ),
    ).toEqual(['flag-renamed']);
    expect(
      diff(
        before,
        help({ order: { type: 'enum', enum: ['a'], description: 'Order' }, n: { type: 'int' } }),
      ).sort(),
    ).toEqual(['flag-added', 'flag-removed']);
    // Two removed, two added, different descriptions: nothing says which is which.
    const two = help({
      a: { type: 'int', description: 'one' },
      b: { type: 'int', description: 'two' },
    });
    expect(
      diff(
        two,
        help({ c: { type: 'int', description: 'three' }, d: { type: 'int', description: 'four' } }),
      ).sort(),
    ).toEqual(['flag-added', 'flag-added', 'flag-removed', 'flag-removed']);
    // A rename to a required flag is a rename and a new requirement.
    expect(
      diff(help({ a: { type: 'int' } }), help({ b: { type: 'int', required: true } })).sort(),
    ).toEqual(['flag-renamed', 'required-input-added']);
  });

  it('a spelling of a flag is part of it: negate_flag and short', () => {
    expect(
      diff(help({ c: { type: 'bool', negate_flag: '--no-c' } }), help({ c: { type: 'bool' } })),
    ).toEqual(['flag-removed']);
    expect(
      diff(help({ c: { type: 'int', short: 'c' } }), help({ c: { type: 'int', short: 'k' } })),
    ).toEqual(['flag-removed']);
  });
});

describe('positional arguments, by position', () => {
  it('names do not matter; types, count and requirement do', () => {
    const one = [{ name: 'q', type: 'string', required: true }];
    expect(
      diff(help({}, one), help({}, [{ name: 'query', type: 'string', required: true }])),
    ).toEqual([]);
    expect(diff(help({}, one), help({}, []))).toEqual(['argument-removed']);
    expect(
      diff(help({}, one), help({}, [...one, { name: 'x', type: 'int', required: true }])),
    ).toEqual(['required-input-added']);
    expect(
      diff(
        help({}, one),
        help({}, [{ name: 'q', type: 'string', required: true, repeatable: true }]),
      ),
    ).toEqual(['input-widened']);
    expect(
      diff(
        help({}, [{ name: 'q', type: 'string', repeatable: true }]),
        help({}, [{ name: 'q', type: 'string' }]),
      ),
    ).toEqual(['argument-narrowed']);
  });
});

describe('the exec manifest reads as the same shape', () => {
  const manifest = (cmd: object) =>
    execSurface({
      schema_version: '1.0',
      commands: {
        'doc.list': { description: 'd', danger_level: 'safe', flags: {}, exit_codes: {}, ...cmd },
      },
    });
  it('FlagEntry types in cmdhelp words, enum_values, danger levels, aliases', () => {
    expect(
      compareSurfaces(
        manifest({ flags: { n: { type: 'integer', required: false, description: 'n' } } }),
        manifest({ flags: { n: { type: 'number', required: false, description: 'n' } } }),
      ).map((d) => d.class),
    ).toEqual(['input-widened']);
    expect(
      compareSurfaces(
        manifest({
          flags: {
            s: { type: 'enum', enum_values: ['a', 'b'], required: false, description: 's' },
          },
        }),
        manifest({
          flags: { s: { type: 'enum', enum_values: ['a'], required: false, description: 's' } },
        }),
      ).map((d) => d.class),
    ).toEqual(['flag-enum-narrowed']);
    expect(
      compareSurfaces(
        manifest({ danger_level: 'mutating' }),
        manifest({ danger_level: 'destructive' }),
      ).map((d) => d.class),
    ).toEqual(['command-now-mutating']);
    expect(
      compareSurfaces(manifest({ aliases: ['ls'] }), manifest({})).map((d) => d.class),
    ).toEqual(['command-removed']);
  });

  it('an ExitCodeEntry means its name, retryable and side_effects, named in words; its description is wording', () => {
    const entry = (retryable: boolean, description: string) =>
      manifest({
        exit_codes: { '66': { name: 'NOT_FOUND', description, retryable, side_effects: 'none' } },
      });
    expect(compareSurfaces(entry(false, 'No such item'), entry(false, 'Not there'))).toEqual([]);
    expect(compareSurfaces(entry(false, 'No such item'), entry(true, 'No such item'))).toEqual([
      {
        class: 'exit-code-meaning-changed',
        where: 'exec manifest: command doc.list exit 66',
        message:
          'exec manifest: command doc.list: exit code 66 meant "NOT_FOUND, not retryable, side effects none" and now means "NOT_FOUND, retryable, side effects none"',
      },
    ]);
  });
});
