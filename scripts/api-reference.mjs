#!/usr/bin/env node
// The API reference, docs/api/<subpath>.md, generated from the types and their doc comments with the TypeScript
// compiler: every export of every public subpath (scripts/library-entries.json), its kind, its signature as the
// source declares it, and its documentation. `--check` writes nothing and exits 1 when a page is stale
// (test/unit/corpus/api-reference.test.ts runs it).
//
//   node scripts/api-reference.mjs [--check]
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'docs/api');
const ENTRIES = JSON.parse(readFileSync(join(ROOT, 'scripts/library-entries.json'), 'utf8'));

/** Every page, by file name: the index and one per subpath. */
export function apiPages() {
  const program = ts.createProgram(
    Object.values(ENTRIES).map((file) => join(ROOT, file)),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      resolveJsonModule: true,
      types: ['node'],
    },
  );
  const checker = program.getTypeChecker();
  const pages = new Map();
  const index = [
    '# API reference',
    '',
    'Generated from the types and their doc comments (`node scripts/api-reference.mjs`); do not edit by hand.',
    'Each subpath is an entry point of the package; the CLI is documented by `aoi-testkit help`.',
    '',
    '| subpath | exports |',
    '|---|---|',
  ];
  for (const [name, file] of Object.entries(ENTRIES)) {
    const subpath = name === 'index' ? 'aoi-testkit' : `aoi-testkit/${name}`;
    const source = program.getSourceFile(join(ROOT, file));
    const module = source && checker.getSymbolAtLocation(source);
    const exports = module ? checker.getExportsOfModule(module) : [];
    const entries = exports.map((symbol) => describe(symbol, checker)).filter(Boolean);
    entries.sort(
      (a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) || a.name.localeCompare(b.name),
    );
    const page = [`# \`${subpath}\``, '', moduleDoc(source), ''];
    for (const kind of KINDS) {
      const ofKind = entries.filter((e) => e.kind === kind);
      if (ofKind.length === 0) continue;
      page.push(`## ${HEADINGS[kind]}`, '');
      for (const entry of ofKind) page.push(...render(entry), '');
    }
    pages.set(
      `${name}.md`,
      `${page
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trimEnd()}\n`,
    );
    const runtime = entries.filter((e) => e.kind !== 'type').length;
    index.push(
      `| [\`${subpath}\`](${name}.md) | ${runtime} value(s), ${entries.length - runtime} type(s) |`,
    );
  }
  pages.set('README.md', `${index.join('\n')}\n`);
  return pages;
}

const KINDS = ['function', 'class', 'constant', 'type'];
const HEADINGS = { function: 'Functions', class: 'Classes', constant: 'Constants', type: 'Types' };

function describe(exported, checker) {
  const symbol =
    exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const declaration = symbol.declarations?.[0];
  if (!declaration) return undefined;
  const kind =
    symbol.flags & ts.SymbolFlags.Function
      ? 'function'
      : symbol.flags & ts.SymbolFlags.Class
        ? 'class'
        : symbol.flags & ts.SymbolFlags.Variable
          ? 'constant'
          : 'type';
  const tags = symbol.getJsDocTags(checker);
  return {
    name: exported.name,
    kind,
    signatures: signatures(symbol, kind, checker),
    doc: ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim(),
    examples: tags
      .filter((t) => t.name === 'example')
      .map((t) => ts.displayPartsToString(t.text).trim()),
    deprecated: tags.find((t) => t.name === 'deprecated'),
    from: relative(ROOT, declaration.getSourceFile().fileName),
  };
}

/** The declaration as the source writes it, without bodies or doc comments. */
function signatures(symbol, kind, checker) {
  const declarations = symbol.declarations ?? [];
  if (kind === 'function')
    return declarations
      .filter((d) => ts.isFunctionDeclaration(d) && (declarations.length === 1 || !d.body))
      .map((d) => headOf(d));
  if (kind === 'constant') {
    const d = declarations[0];
    const type = checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, d));
    return [`const ${symbol.name}: ${type}`];
  }
  if (kind === 'class') {
    const d = declarations.find(ts.isClassDeclaration);
    if (!d) return [];
    const members = d.members
      .filter(
        (m) =>
          !hasModifier(m, ts.SyntaxKind.PrivateKeyword) &&
          !hasModifier(m, ts.SyntaxKind.ProtectedKeyword),
      )
      .filter((m) => !(m.name && ts.isPrivateIdentifier(m.name)))
      .map((m) => `  ${headOf(m).replace(/\s*;$/, '')};`);
    return [`class ${d.name?.text ?? symbol.name}${heritage(d)} {\n${members.join('\n')}\n}`];
  }
  return declarations
    .filter(
      (d) =>
        ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d) || ts.isEnumDeclaration(d),
    )
    .slice(0, 1)
    .map((d) => stripComments(d.getText()));
}

function heritage(d) {
  return (d.heritageClauses ?? []).map((h) => ` ${stripComments(h.getText())}`).join('');
}

function hasModifier(node, kind) {
  return (ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : []).some(
    (m) => m.kind === kind,
  );
}

/** A function's or member's head: its text up to its body. */
function headOf(node) {
  const text = node.getText();
  const body = node.body;
  const head = body ? text.slice(0, body.getStart() - node.getStart()) : text;
  return stripComments(head)
    .replace(/^export\s+(default\s+)?/, '')
    .replace(/\s*\{?\s*$/, '')
    .replace(/\s+/g, ' ')
    .replace(/\( /g, '(')
    .replace(/,? \)/g, ')');
}

function stripComments(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\n\s*\n/g, '\n');
}

function moduleDoc(source) {
  const first = source?.statements[0];
  const comments = first
    ? (ts.getLeadingCommentRanges(source.text, first.getFullStart()) ?? [])
    : [];
  const block = comments.find((c) => source.text.slice(c.pos, c.end).startsWith('/**'));
  if (!block) return '';
  return source.text
    .slice(block.pos + 3, block.end - 2)
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
    .trim()
    .replace(
      // An @example runs to the next tag or the end of the comment.
      /(^|\n)@example\n([\s\S]*?)(?=\n@\w|$(?![\s\S]))/,
      (_, start, code) => `${start}For example:\n\n\`\`\`ts\n${code.trim()}\n\`\`\``,
    );
}

function render(entry) {
  const out = [`### \`${entry.name}\``, ''];
  if (entry.deprecated)
    out.push(`**Deprecated.** ${ts.displayPartsToString(entry.deprecated.text).trim()}`, '');
  if (entry.signatures.length > 0) out.push('```ts', ...entry.signatures, '```', '');
  if (entry.doc) out.push(entry.doc, '');
  for (const example of entry.examples)
    out.push('```ts', example.replace(/^```\w*\n?|```$/g, '').trim(), '```', '');
  out.push(`<sub>${entry.from}</sub>`);
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  const pages = apiPages();
  const stale = [];
  const existing = existsSync(OUT) ? readdirSync(OUT).filter((f) => f.endsWith('.md')) : [];
  for (const [file, text] of pages) {
    const path = join(OUT, file);
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
    stale.push(file);
    if (!check) {
      mkdirSync(OUT, { recursive: true });
      writeFileSync(path, text);
    }
  }
  for (const file of existing.filter((f) => !pages.has(f))) {
    stale.push(file);
    if (!check) rmSync(join(OUT, file));
  }
  if (check && stale.length > 0) {
    console.error(`docs/api is stale (${stale.join(', ')}): run node scripts/api-reference.mjs`);
    process.exit(1);
  }
  console.log(
    `docs/api: ${pages.size} page(s)${stale.length > 0 ? `, ${stale.length} written` : ', up to date'}`,
  );
}
