/**
 * Debian's headless Chromium, driven from the command line (no npm browser package): the DOM of a page after it
 * ran (--dump-dom) and its screenshot (--screenshot), each in a private profile that is removed afterwards, and
 * a small PNG decoder to read the screenshot's colours. CI installs chromium (.ci/run) and sets
 * AOI_TESTKIT_REQUIRE_CHROMIUM=1: there a missing chromium fails instead of skipping.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

const BINARY = 'chromium';
/** Starting a browser on a loaded two-core machine takes long: a generous bound, never a sleep. */
const TIMEOUT_MS = 150_000;

export const HAS_CHROMIUM = (() => {
  const found = spawnSync(BINARY, ['--version'], { stdio: 'ignore', timeout: 60_000 }).status === 0;
  if (!found && process.env.AOI_TESTKIT_REQUIRE_CHROMIUM === '1')
    throw new Error(
      'chromium is required here (AOI_TESTKIT_REQUIRE_CHROMIUM=1): apt-get install chromium',
    );
  return found;
})();

function chromium(args: readonly string[]): string {
  const profile = mkdtempSync(join(tmpdir(), 'aoi-chromium-'));
  try {
    const run = spawnSync(
      BINARY,
      [
        '--headless',
        '--disable-gpu',
        '--no-sandbox',
        '--no-first-run',
        '--disable-extensions',
        `--user-data-dir=${profile}`,
        ...args,
      ],
      {
        encoding: 'utf8',
        timeout: TIMEOUT_MS,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (run.status !== 0)
      throw new Error(
        `chromium ${args.join(' ')}: exit ${run.status} ${run.signal ?? ''}\n${run.stderr}`,
      );
    return run.stdout;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The serialised DOM of a file after its scripts ran. */
export const dumpDom = (file: string): string => chromium(['--dump-dom', `file://${file}`]);

/** A PNG screenshot of a file, as bytes. */
export function screenshot(file: string, width: number, height: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'aoi-shot-'));
  try {
    const png = join(dir, 'page.png');
    chromium([
      `--screenshot=${png}`,
      `--window-size=${width},${height}`,
      '--hide-scrollbars',
      `file://${file}`,
    ]);
    return readFileSync(png);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How many pixels of each colour (`#rrggbb`) an 8-bit RGB or RGBA PNG (what Chromium writes) has. */
export function pngColours(png: Buffer): Map<string, number> {
  if (png.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
      const [depth, colourType, interlace] = [body[8], body[9], body[12]];
      if (depth !== 8 || (colourType !== 2 && colourType !== 6) || interlace !== 0)
        throw new Error(
          `unsupported PNG: depth ${depth}, colour type ${colourType}, interlace ${interlace}`,
        );
      channels = colourType === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const previous = Buffer.alloc(stride);
  const row = Buffer.alloc(stride);
  const colours = new Map<string, number>();
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? row[x - channels]! : 0;
      const b = previous[x]!;
      const c = x >= channels ? previous[x - channels]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      if (predictor === undefined) throw new Error(`bad PNG filter ${filter}`);
      row[x] = (line[x]! + predictor) & 0xff;
    }
    for (let x = 0; x < stride; x += channels) {
      const colour = `#${row.subarray(x, x + 3).toString('hex')}`;
      colours.set(colour, (colours.get(colour) ?? 0) + 1);
    }
    row.copy(previous);
  }
  return colours;
}
