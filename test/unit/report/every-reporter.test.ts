/**
 * Every reporter of REPORTERS has tests of its own: a `describe` block named by the reporter (its name, or its plural,
 * as the first word of the title) in a test file. A reporter added to the map passes no test by default; this file
 * also holds the text and JSONL reporters' own blocks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { checkStream } from '../../../src/checks/aoi/stream.js';
import { eventSchema } from '../../../src/report/events-schema.js';
import { CORPUS_REPORTER_NAMES, REPORTER_NAMES } from '../../../src/report/names.js';
import { REPORTERS } from '../../../src/report/reporters.js';
import type { ReportView } from '../../../src/report/view.js';

const TESTS = fileURLToPath(new URL('../../', import.meta.url));

/** The first word of every `describe` title in the test files under `dir`. */
function describedNames(dir: string): Set<string> {
  const names = new Set<string>();
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.test\.ts$/.test(entry.name))
        for (const m of readFileSync(path, 'utf8').matchAll(
          /\bdescribe(?:\.each\([^)]*\))?\(\s*['"`]([A-Za-z-]+)/g,
        ))
          names.add(m[1]!);
    }
  };
  walk(dir);
  return names;
}

/** The reporters with no `describe` block of their own. */
export function untested(reporters: readonly string[], described: ReadonlySet<string>): string[] {
  return reporters.filter((name) => !described.has(name) && !described.has(`${name}s`));
}

it('every reporter has a describe block of its own', () => {
  expect(untested(REPORTER_NAMES, describedNames(TESTS))).toEqual([]);
});

it('the reporters names.ts says render a corpus run are those with a corpus renderer (scenarios --run and its help read the list)', () => {
  expect(CORPUS_REPORTER_NAMES).toEqual(
    REPORTER_NAMES.filter((name) => REPORTERS[name].corpus !== undefined),
  );
  expect(CORPUS_REPORTER_NAMES).toContain('junit');
});

it("every reporter has a row in the README's reporter table (a forgotten one failed silently)", () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const table = readme.slice(readme.indexOf('| reporter | what it writes |'));
  const rows = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `([a-z]+)` \|/gm)].map(
    (m) => m[1],
  );
  expect(rows).toEqual(REPORTER_NAMES);
});

it('a reporter added with no tests fails it', () => {
  expect(untested([...REPORTER_NAMES, 'tap'], describedNames(TESTS))).toEqual(['tap']);
});

// A real stream: a command that echoed a canary secret in an error, with a colour escape added to one line.
const SECRET = 'aoi-canary-7f3c9d2e';
const STREAM = readFileSync(
  fileURLToPath(
    new URL('../../../fixtures/transcripts/bad-aoi-09-secret-echoed.jsonl', import.meta.url),
  ),
  'utf8',
).replace('"command":"search"', '"command":"se\\u001b[31march\\u202e"');
const report = () => checkStream(STREAM, { secrets: [SECRET], exitCode: 77 });
const view = (): ReportView => ({ verb: 'check', target: 'outline.jsonl', report: report() });

describe('text', () => {
  it('names what it judged and the failed rule, and masks the secret the program echoed', () => {
    const text = REPORTERS.text.render(view());
    for (const needle of ['AOI-09', 'outline.jsonl']) expect(text).toContain(needle);
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/\u001b/);
  });

  it('colours only when asked', () => {
    expect(REPORTERS.text.render(view(), { color: true })).toMatch(/\u001b\[/);
  });
});

describe('jsonl', () => {
  it('writes one event per line, each valid against the kit’s event schema, a check per verdict', () => {
    const lines = REPORTERS.jsonl.render(view()).trimEnd().split('\n');
    const events = lines.map((line) => JSON.parse(line) as { type: string; name?: string });
    const validate = new Ajv2020({ strict: false }).compile(eventSchema());
    for (const event of events) expect(validate(event), JSON.stringify(validate.errors)).toBe(true);
    const checks = events.filter((e) => e.type === 'aoi:check');
    expect(checks.length).toBe(report().verdicts.length);
    expect(lines.join('\n')).not.toContain(SECRET);
  });
});
