import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where this install of aoi-testkit is. The one lookup behind every path to the kit's own files (rule pages,
 * scenarios, fixtures, built programs) and its package.json, so that a new layout (a bundle chunk, pnpm's store,
 * a global install) is handled in one place.
 */

const PACKAGE_NAME = 'aoi-testkit';

/** This install's package.json, as far as the kit reads it. */
export interface KitPackage {
  readonly version: string;
  readonly repository?: string | { readonly url?: string };
}

interface Found {
  readonly root: string;
  readonly pkg: KitPackage;
}

/** This module's own file (tsup's shims give the CommonJS build an `import.meta.url`). */
const thisFile = (): string => fileURLToPath(import.meta.url);

const cache = new Map<string, Found | null>();

/**
 * The nearest directory above `from` whose package.json is named aoi-testkit: the package's root when installed,
 * the repository's in the checkout. Works from `src/` (tests), from `dist/` and from a chunk of the bundle.
 */
function find(from: string): Found | null {
  const start = dirname(from);
  const cached = cache.get(start);
  if (cached !== undefined) return cached;
  let found: Found | null = null;
  for (let dir = start; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const json = JSON.parse(readFileSync(file, 'utf8')) as {
          name?: unknown;
          version?: unknown;
          repository?: KitPackage['repository'];
        };
        if (json.name === PACKAGE_NAME && typeof json.version === 'string') {
          found = {
            root: dir,
            pkg: {
              version: json.version,
              ...(json.repository !== undefined ? { repository: json.repository } : {}),
            },
          };
          break;
        }
      } catch {
        // Not JSON: not ours; keep looking above.
      }
    }
    if (dirname(dir) === dir) break;
  }
  cache.set(start, found);
  return found;
}

/** The kit's root directory, or undefined when no aoi-testkit package.json is above `from`. */
export const kitRoot = (from: string = thisFile()): string | undefined => find(from)?.root;

/** The kit's package.json (its version and repository), or null when there is none above `from`. */
export const kitPackage = (from: string = thisFile()): KitPackage | null => find(from)?.pkg ?? null;

/** A file or folder of the kit by its path from the root (`scenarios`, `docs/rules`), when it exists. */
export function kitPath(path: string, from: string = thisFile()): string | undefined {
  const root = kitRoot(from);
  const full = root === undefined ? undefined : join(root, path);
  return full !== undefined && existsSync(full) ? full : undefined;
}

/** The package that holds the language-neutral corpus (an optional peer dependency of the kit). */
export const CORPUS_PACKAGE = 'aoi-testkit-corpus';

/** What the corpus package holds, by the paths a checkout keeps the same files at (scripts/pack-corpus.mjs). */
export const CORPUS_PATHS = ['scenarios', 'fixtures/transcripts', 'fixtures/contracts'] as const;

/**
 * Where the corpus is (the directory holding `scenarios/` and `fixtures/transcripts/`): in a checkout, the
 * repository's root, the one copy the corpus package is packed from; in an install, aoi-testkit-corpus as the
 * kit itself would require it. Undefined when neither is there.
 */
export function corpusRoot(from: string = thisFile()): string | undefined {
  const root = kitRoot(from);
  if (root === undefined) return undefined;
  if (existsSync(join(root, 'scenarios', 'scenario.schema.json'))) return root;
  try {
    const require = createRequire(join(root, 'package.json'));
    return dirname(require.resolve(`${CORPUS_PACKAGE}/package.json`));
  } catch {
    return undefined;
  }
}
