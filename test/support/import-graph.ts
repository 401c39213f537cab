import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * The import graph of a source tree, for the architecture tests: which files import which, and by what
 * names. Read with the TypeScript parser, so an import inside a comment or a string does not count, and
 * type-only imports do (a layer that needs another's types depends on it just the same).
 */

/** One import or re-export of a file in the tree. */
export interface ImportEdge {
  /** The imported file, relative to the root (posix separators). */
  readonly to: string;
  /** The values it imports (types aside); `'*'` for a namespace import or `export *`; none for `import 'x'`. */
  readonly names: readonly string[];
  /** An `export … from`: the file passes the names on without using them itself. */
  readonly reexport: boolean;
}

/** Every file (relative to the root, posix separators) with its imports of other files in the tree. */
export type ImportGraph = ReadonlyMap<string, readonly ImportEdge[]>;

/** The names of values (not types) an import or export clause names, as the imported module calls them. */
const valueNames = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>): string[] =>
  elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text);

/**
 * The relative module specifiers of a source, with the values each brings in (`x as y` counts as `x`; a
 * type-only import brings none, though it is still an import).
 */
export function importsIn(
  source: string,
): Array<{ specifier: string; names: string[]; reexport: boolean }> {
  const file = ts.createSourceFile(
    'source.ts',
    source,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TS,
  );
  const found: Array<{ specifier: string; names: string[]; reexport: boolean }> = [];
  const add = (specifier: ts.Expression | undefined, names: string[], reexport = false) => {
    if (specifier && ts.isStringLiteralLike(specifier) && specifier.text.startsWith('.'))
      found.push({ specifier: specifier.text, names, reexport });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.isTypeOnly ? undefined : clause?.namedBindings;
      const names = [
        ...(clause?.name && !clause.isTypeOnly ? ['default'] : []),
        ...(bindings && ts.isNamespaceImport(bindings) ? ['*'] : []),
        ...(bindings && ts.isNamedImports(bindings) ? valueNames(bindings.elements) : []),
      ];
      add(node.moduleSpecifier, names);
    } else if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause;
      const names = node.isTypeOnly
        ? []
        : clause && ts.isNamedExports(clause)
          ? valueNames(clause.elements)
          : ['*'];
      add(node.moduleSpecifier, names, true);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], ['*']);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal as ts.Expression, ['*']);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A relative specifier resolved to a file of the tree: `./x.js` → `./x.ts`, a directory → its index.ts. */
function resolve(root: string, from: string, specifier: string): string | undefined {
  const base = join(root, dirname(from), specifier);
  for (const candidate of [
    base.replace(/\.js$/, '.ts'),
    `${base}.ts`,
    join(base, 'index.ts'),
    base,
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile())
      return relative(root, candidate).split(sep).join('/');
  }
  return undefined;
}

/** The import graph of every `.ts` file under `root` (a source tree on disk). */
export function importGraphOf(root: string): ImportGraph {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = dir === '' ? name : `${dir}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  walk('');
  return new Map(
    files.sort().map((file) => [
      file,
      importsIn(readFileSync(join(root, file), 'utf8')).flatMap(
        ({ specifier, names, reexport }) => {
          const to = resolve(root, file, specifier);
          return to === undefined ? [] : [{ to, names, reexport }];
        },
      ),
    ]),
  );
}

/** The files of the graph under a folder (`'checks'` → `checks/**`). */
export const filesUnder = (graph: ImportGraph, folder: string): string[] =>
  [...graph.keys()].filter((file) => file.startsWith(`${folder}/`));

/** The graph without the imports `allowed` lists (`[file, place]`: whatever `file` imports from the file or folder `place`). */
export function without(
  graph: ImportGraph,
  allowed: ReadonlyArray<readonly [file: string, place: string]>,
): ImportGraph {
  return new Map(
    [...graph.entries()].map(([file, edges]) => [
      file,
      edges.filter(
        ({ to }) =>
          !allowed.some(
            ([from, place]) => from === file && (to === place || to.startsWith(`${place}/`)),
          ),
      ),
    ]),
  );
}

/** Every file reachable from `roots` by imports (roots included), each with the chain of files that reached it. */
export function reachable(
  graph: ImportGraph,
  roots: readonly string[],
): Map<string, readonly string[]> {
  const chains = new Map<string, readonly string[]>(roots.map((root) => [root, [root]]));
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const { to } of graph.get(file) ?? []) {
      if (chains.has(to)) continue;
      chains.set(to, [...chains.get(file)!, to]);
      queue.push(to);
    }
  }
  return chains;
}

/**
 * How files under `from` reach files under any of `forbidden`, directly or through other modules: one chain
 * (`a.ts → b.ts → c.ts`) per forbidden file reached. Empty when the boundary holds.
 */
export function crossings(
  graph: ImportGraph,
  from: string,
  forbidden: readonly string[],
): string[] {
  const inside = (file: string) => forbidden.some((folder) => file.startsWith(`${folder}/`));
  return [...reachable(graph, filesUnder(graph, from)).entries()]
    .filter(([file]) => inside(file))
    .map(([, chain]) => chain.join(' → '));
}

/**
 * The names a side imports from files under a shared `folder`, as `file#name`: those of every file the side's
 * `roots` reach, following imports through other layers (but not the shared folder's own internal imports).
 */
export function namesImportedFrom(
  graph: ImportGraph,
  roots: readonly string[],
  folder: string,
): Set<string> {
  const shared = (file: string) => file.startsWith(`${folder}/`);
  const names = new Set<string>();
  for (const file of reachable(graph, roots).keys()) {
    if (shared(file)) continue;
    for (const { to, names: imported } of graph.get(file) ?? [])
      if (shared(to)) for (const name of imported) names.add(`${to}#${name}`);
  }
  return names;
}

/** The files that import (to use, not to re-export) any of `names` from the file `target`. */
export function importersOf(
  graph: ImportGraph,
  target: string,
  names: readonly string[],
): string[] {
  return [...graph.entries()]
    .filter(([, edges]) =>
      edges.some(
        ({ to, names: imported, reexport }) =>
          to === target && !reexport && imported.some((name) => names.includes(name)),
      ),
    )
    .map(([file]) => file);
}

/**
 * The functions that files under `folder` export and that both sides (the files under `sideA` and under
 * `sideB`, with everything they reach) import, as `file#name`. `exportsOf` gives a file's runtime exports.
 */
export function sharedFunctions(
  graph: ImportGraph,
  [sideA, sideB]: readonly [string, string],
  folder: string,
  exportsOf: (file: string) => Readonly<Record<string, unknown>>,
): string[] {
  const split = (entry: string) => entry.split('#') as [string, string];
  const importedBy = (side: string) =>
    new Set(
      [...namesImportedFrom(graph, filesUnder(graph, side), folder)].flatMap((entry) => {
        const [file, name] = split(entry);
        return name === '*'
          ? Object.keys(exportsOf(file)).map((each) => `${file}#${each}`)
          : [entry];
      }),
    );
  const b = importedBy(sideB);
  return [...importedBy(sideA)]
    .filter((entry) => b.has(entry))
    .filter((entry) => {
      const [file, name] = split(entry);
      return typeof exportsOf(file)[name] === 'function';
    })
    .sort();
}
