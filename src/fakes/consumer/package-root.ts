import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { kitRoot } from '../../package-root.js';

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
