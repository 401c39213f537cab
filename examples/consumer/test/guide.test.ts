/**
 * docs/guides/testing-a-consumer.md shows tests; they must be tests that run. Every test in the guide's
 * code blocks is one of run-aoi.test.ts, word for word (indentation aside), so that what the guide
 * recommends is what CI runs against the correct consumer and, through the meta-test, the buggy one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

const guide = readFileSync(
  new URL('../../../docs/guides/testing-a-consumer.md', import.meta.url),
  'utf8',
);
const suite = readFileSync(new URL('run-aoi.test.ts', import.meta.url), 'utf8');

/** Lines without their indentation: a test nested in a describe reads the same as one at the top. */
const normalise = (code: string) =>
  code
    .split('\n')
    .map((line) => line.trimStart())
    .join('\n');

/** The tests in a code block: from a line that starts with `test` to the next line that is `});` or `);`. */
function testsIn(block: string): string[] {
  const tests: string[] = [];
  let current: string[] | undefined;
  for (const line of block.split('\n')) {
    if (current === undefined && /^test(\.each|\.concurrent)?\(/.test(line)) current = [];
    if (current === undefined) continue;
    current.push(line);
    if (line === '});' || line === ');') {
      tests.push(current.join('\n'));
      current = undefined;
    }
  }
  if (current !== undefined) throw new Error(`a test in the guide does not end: ${current[0]}`);
  return tests;
}

/** The guide's ```ts blocks, each with the heading of the section it is in. */
const blocks = [...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => {
  const heading = [...guide.slice(0, match.index).matchAll(/^#{2,3} (.+)$/gm)].at(-1)?.[1] ?? '';
  return { heading, code: match[1]! };
});
const guideTests = blocks.flatMap(({ heading, code }) =>
  testsIn(code).map((code) => ({
    heading,
    code,
    title: /\(\s*'([^']+)'/.exec(code)?.[1] ?? code.split('\n')[0]!,
  })),
);

describe('the consumer guide’s snippets are the example suite’s tests', () => {
  test('every recipe shows at least one test, and the guide has them all', () => {
    const recipes = [...guide.matchAll(/^### (\d+)\. /gm)].map((match) => match[1]);
    expect(recipes).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    for (const recipe of recipes)
      expect(
        guideTests.some((t) => t.heading.startsWith(`${recipe}. `)),
        `recipe ${recipe}`,
      ).toBe(true);
    expect(guideTests.length).toBeGreaterThanOrEqual(25);
  });

  test.each(guideTests.map((t) => [`${t.heading} — ${t.title}`, t.code] as const))(
    '%s',
    (_name, code) => {
      expect(normalise(suite), 'the snippet differs from its test in run-aoi.test.ts').toContain(
        normalise(code),
      );
    },
  );

  test('a snippet changed by one character is not found (the check can fail)', () => {
    const [first] = guideTests;
    expect(normalise(suite)).not.toContain(
      normalise(first!.code.replace('toEqual', 'toStrictEqual')),
    );
  });
});
