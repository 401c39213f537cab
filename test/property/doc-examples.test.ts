import { readdirSync, readFileSync, statSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as arbitraries from '../../src/arbitraries/index.js';
import { checkStream, createStreamChecker } from '../../src/checks/aoi/stream.js';
import { runInMemory } from '../../src/fakes/aoi/engine/memory.js';
import { notes } from '../../src/fakes/aoi/notes/index.js';
import { ERROR_CATEGORIES } from '../../src/spec/aoi/constants.js';
import { validateCapabilities } from '../../src/spec/aoi/schemas.js';

/**
 * Every `@example` of an arbitrary's doc comment that makes an assertion runs, and holds: one-liners
 * and blocks alike. A block runs from the line after `@example` to the next blank comment line, tag or
 * the end of the comment, as the body of an async function.
 */
const ROOT = new URL('../../src/arbitraries/', import.meta.url);

function sources(dir: URL): URL[] {
  return readdirSync(dir).flatMap((name) => {
    const url = new URL(name, dir);
    if (statSync(url).isDirectory()) return sources(new URL(`${name}/`, dir));
    return name.endsWith('.ts') ? [url] : [];
  });
}

interface Example {
  where: string;
  code: string;
}

function examplesOf(url: URL): Example[] {
  const lines = readFileSync(url, 'utf8').split('\n');
  const where = url.pathname.slice(ROOT.pathname.length);
  const found: Example[] = [];
  lines.forEach((line, i) => {
    if (line.trim() !== '* @example') return;
    const block: string[] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const text = lines[j]!.trim();
      if (text === '*' || text === '*/' || text.startsWith('* @')) break;
      block.push(lines[j]!.replace(/^\s*\* ?/, ''));
    }
    found.push({ where: `${where}:${i + 2}`, code: block.join('\n') });
  });
  // Examples that only show a value (`fc.sample(…) // …`) assert nothing: those that assert must run.
  return found.filter((example) => /\bfc\.assert\(/.test(example.code));
}

const examples = sources(ROOT).flatMap(examplesOf);

/**
 * fast-check as the examples see it: an async predicate given to `fc.property` is an error (it returns a
 * promise fast-check never awaits, so it checks nothing), and every `fc.assert` is awaited by the runner,
 * so that an async one left without `await` still fails its own test.
 */
function guardedFc(pending: Promise<unknown>[]): typeof fc {
  const property = ((...args: unknown[]) => {
    const predicate = args.at(-1) as (...values: unknown[]) => unknown;
    return (fc.property as (...a: unknown[]) => unknown)(
      ...args.slice(0, -1),
      (...values: unknown[]) => {
        const result = predicate(...values);
        if (result instanceof Promise)
          throw new Error(
            'an async predicate in fc.property checks nothing: use fc.asyncProperty, and await fc.assert',
          );
        return result;
      },
    );
  }) as typeof fc.property;
  const assert = ((...args: Parameters<typeof fc.assert>) => {
    const result = fc.assert(...args);
    if (result instanceof Promise) pending.push(result);
    return result;
  }) as typeof fc.assert;
  return { ...fc, property, assert };
}

describe('doc comment examples', () => {
  // Keep the suite's seed (test/support/fast-check-seed.ts); only the budget is smaller here.
  const suite = fc.readConfigureGlobal();
  beforeAll(() => fc.configureGlobal({ ...suite, numRuns: 30 }));
  afterAll(() => fc.configureGlobal(suite));

  it('finds them: one-liners, and the blocks of the main arbitraries', () => {
    expect(examples.length).toBeGreaterThan(20);
    const blocks = examples
      .filter((example) => example.code.includes('\n'))
      .map((example) => example.where.replace(/:\d+$/, ''));
    expect(new Set(blocks)).toEqual(
      new Set([
        'aoi/stream.ts',
        'aoi/defects.ts',
        'aoi/run.ts',
        'aoi/input.ts',
        'aoi/schedule.ts',
        'chunks.ts',
      ]),
    );
    expect(blocks.filter((file) => file === 'chunks.ts')).toHaveLength(2);
  });

  it.each(examples.map((example) => [example.where, example] as const))(
    '%s',
    async (_where, example) => {
      const pending: Promise<unknown>[] = [];
      const scope = {
        ...arbitraries,
        fc: guardedFc(pending),
        expect,
        checkStream,
        createStreamChecker,
        runInMemory,
        notes,
        ERROR_CATEGORIES,
        validateCapabilities,
        JSON,
      };
      const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
        ...args: string[]
      ) => (...values: unknown[]) => Promise<unknown>;

      const run = new AsyncFunction(...Object.keys(scope), example.code);
      await run(...Object.values(scope));
      await Promise.all(pending);
    },
  );

  it('the guard catches the mistake it is there for: an async predicate in fc.property', async () => {
    const pending: Promise<unknown>[] = [];
    const guarded = guardedFc(pending);
    let failure: Error | undefined;
    try {
      guarded.assert(guarded.property(fc.nat(), (async () => {}) as never));
    } catch (error) {
      failure = error as Error;
    }
    expect(`${failure?.message} ${(failure?.cause as Error | undefined)?.message}`).toMatch(
      /async predicate in fc.property checks nothing/,
    );
    // An async property left without await still fails, once the runner awaits it.
    guarded.assert(guarded.asyncProperty(fc.nat(), async () => expect(1).toBe(2)));
    await expect(Promise.all(pending)).rejects.toThrow(/Property failed/);
  });
});
