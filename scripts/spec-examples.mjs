// The specs' own examples (fixtures/spec-examples): each fixture file is an example cut from a spec text, and
// fixtures/spec-examples/index.json says where: after the first line that contains `after`, the next `lines`
// lines (after `skip` more lines, and any blank ones), the last one cut after `lastLineUpTo` where the text joined
// the example to the prose after it. Where the text lost the example's indentation (YAML flattened by the page it
// was copied from), `compare: "ignoring-indentation"` keeps the fixture's indentation and compares the rest. The spec texts are not shipped; name their directory as the argument or in
// AOI_TESTKIT_SPEC_TEXTS.
//
//   node scripts/spec-examples.mjs [--check] [<dir of spec texts>]
//
// Writes every example's file from the text, or with --check writes nothing and exits 1 when a fixture differs
// from its text (the spec changed, or the fixture was edited by hand). The test (test/unit/corpus/
// spec-examples.test.ts) runs the same check when AOI_TESTKIT_SPEC_TEXTS is set.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FAMILY = fileURLToPath(new URL('../fixtures/spec-examples/', import.meta.url));

/** The family's index: its examples, each with where it is in its spec text. */
export const readIndex = () => JSON.parse(readFileSync(join(FAMILY, 'index.json'), 'utf8'));

/**
 * The example `source` locates in a spec text, as its fixture file holds it (lines joined by `\n`, one final
 * newline), or an Error saying why it cannot be found.
 */
export function extractExample(text, source) {
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((line) => line.includes(source.after));
  if (at < 0) return new Error(`no line contains “${source.after}”`);
  if (lines.findIndex((line, i) => i > at && line.includes(source.after)) >= 0)
    return new Error(`more than one line contains “${source.after}”`);
  let first = at + 1 + (source.skip ?? 0);
  while (first < lines.length && lines[first].trim() === '') first++;
  const taken = lines.slice(first, first + source.lines);
  if (taken.length < source.lines) return new Error(`the text ends before ${source.lines} lines`);
  if (source.lastLineUpTo !== undefined) {
    const last = taken.at(-1);
    const cut = last.indexOf(source.lastLineUpTo);
    if (cut < 0) return new Error(`the last line does not contain “${source.lastLineUpTo}”`);
    taken[taken.length - 1] = last.slice(0, cut + source.lastLineUpTo.length);
  }
  return `${taken.join('\n')}\n`;
}

const unindented = (text) => text.replace(/^[ \t]+/gm, '');

/** Whether a fixture holds the example found in the text, by the example's way of comparing. */
export const sameExample = (fixture, found, compare) =>
  compare === 'ignoring-indentation'
    ? unindented(fixture) === unindented(found)
    : fixture === found;

/** Every example compared with its text: `[file, problem]` for each that differs or cannot be found. */
export function driftOf(textsDir, write = false) {
  const problems = [];
  for (const example of readIndex().examples) {
    const text = readFileSync(join(textsDir, `${example.text}.txt`), 'utf8');
    const found = extractExample(text, example.source);
    const file = join(FAMILY, example.file);
    if (found instanceof Error) problems.push([example.file, found.message]);
    else if (
      write &&
      !(existsSync(file) && sameExample(readFileSync(file, 'utf8'), found, example.source.compare))
    ) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, found);
    } else if (!existsSync(file)) problems.push([example.file, 'missing']);
    else if (!sameExample(readFileSync(file, 'utf8'), found, example.source.compare))
      problems.push([example.file, `differs from ${example.text}.txt ${example.section}`]);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const dir = args.find((a) => !a.startsWith('--')) ?? process.env.AOI_TESTKIT_SPEC_TEXTS;
  if (dir === undefined || !existsSync(dir)) {
    process.stderr.write(
      'spec-examples: name the directory of the spec texts (argument or AOI_TESTKIT_SPEC_TEXTS)\n',
    );
    process.exit(64);
  }
  const problems = driftOf(dir, !check);
  for (const [file, problem] of problems)
    process.stderr.write(
      `spec-examples: ${relative(process.cwd(), join(FAMILY, file))}: ${problem}\n`,
    );
  if (problems.length === 0)
    process.stdout.write(
      `spec-examples: ${readIndex().examples.length} examples ${check ? 'match' : 'written'}\n`,
    );
  process.exit(problems.length > 0 ? 1 : 0);
}
