/**
 * Builds the helpdesk fake from today's source into a temporary directory, once per test file: tsup also builds
 * it (dist/bin/helpdesk.js, run by fixtures/bin/helpdesk), but dist/ is only as new as the last `npm run build`,
 * and these tests judge the source. esbuild, the bundler tsup itself uses; one self-contained ESM file.
 */
import { buildSync } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

let built: string | undefined;

/** The path of a runnable helpdesk (`node <path> …`). */
export function buildHelpdesk(): string {
  if (built) return built;
  const outdir = mkdtempSync(join(tmpdir(), 'helpdesk-build-'));
  const outfile = join(outdir, 'helpdesk.mjs');
  buildSync({
    entryPoints: [fileURLToPath(new URL('../../../src/fakes/cmdhelp/bin.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    logLevel: 'silent',
  });
  built = outfile;
  return outfile;
}
