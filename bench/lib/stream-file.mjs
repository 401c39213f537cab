// The ≥200 MB stream file under bench/work/ (gitignored). Reused when the file and its sidecar
// manifest say it was written by this generator version, seed and target, with the right size.
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SEED, GENERATOR_VERSION, generateAoiStream } from './gen.mjs';

export function ensureStreamFile({ dir, targetBytes, seed = DEFAULT_SEED }) {
  mkdirSync(dir, { recursive: true });
  const name = `aoi-stream-${Math.round(targetBytes / 1024 / 1024)}mib`;
  const path = join(dir, `${name}.jsonl`);
  const manifestPath = join(dir, `${name}.manifest.json`);
  const wanted = { generatorVersion: GENERATOR_VERSION, seed, targetBytes };

  if (existsSync(path) && existsSync(manifestPath)) {
    try {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      const same = Object.entries(wanted).every(([k, v]) => manifest[k] === v);
      if (same && statSync(path).size === manifest.stats.bytes)
        return { path, stats: manifest.stats, reused: true, ms: 0 };
    } catch {
      // fall through and regenerate
    }
  }

  const started = performance.now();
  const stats = {};
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, 'w');
  try {
    for (const chunk of generateAoiStream({ targetBytes, seed, chunkBytes: 1024 * 1024, stats }))
      writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  writeFileSync(manifestPath, JSON.stringify({ ...wanted, stats }, null, 2) + '\n');
  return { path, stats, reused: false, ms: performance.now() - started };
}
