import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'aoi-testkit';

/** This module's own file (tsup's shims give the CommonJS build an `import.meta.url`). */
function thisFile(): string {
  return fileURLToPath(import.meta.url);
}

/**
 * The root of the installed (or checked-out) aoi-testkit: the nearest directory above `from` whose
 * package.json is named `aoi-testkit`. Works from `src/fakes/consumer` (tests), from `dist/` (a chunk
 * of the bundle) and from `node_modules/aoi-testkit/dist`. Undefined when there is none.
 */
export function kitRoot(from: string = thisFile()): string | undefined {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME) return dir;
      } catch {
        // not ours: keep looking
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The kit's built CLI (`dist/cli/main.js`), or an error that says how to get one. */
export function kitCli(from?: string): string {
  const root = kitRoot(from);
  const cli = root === undefined ? undefined : join(root, 'dist', 'cli', 'main.js');
  if (cli !== undefined && existsSync(cli)) return cli;
  throw new Error(
    cli === undefined
      ? 'aoi-testkit: cannot find the package root (no package.json named aoi-testkit above this module) to run the fake CLI; pass options.cli'
      : `aoi-testkit: the fake CLI runs the kit's built CLI, and there is none at ${cli}: run \`npm run build\` in the aoi-testkit checkout, or pass options.cli`,
  );
}

/** The corpus directory shipped with the kit (`scenarios/`), if there is one. */
export function kitScenariosDir(from?: string): string | undefined {
  const root = kitRoot(from);
  const dir = root === undefined ? undefined : join(root, 'scenarios');
  return dir !== undefined && existsSync(dir) ? dir : undefined;
}
