import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The reference tool `notes` bundled from src/ into a temporary `notes.mjs` (as tsup builds dist/bin/notes.js),
 * so that these tests run today's source as a real process without rebuilding dist/.
 */
export async function bundleNotes(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'aoi-exec-bin-'));
  const outfile = join(dir, 'notes.mjs');
  await build({
    entryPoints: [join(root, 'src/fakes/aoi/notes/bin.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
    packages: 'external',
    absWorkingDir: root,
  });
  return outfile;
}
