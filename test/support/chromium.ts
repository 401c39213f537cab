/**
 * Debian's headless Chromium, driven from the command line (no npm browser package): the DOM of a page after it
 * ran (--dump-dom) and its screenshot (--screenshot), each in a private profile that is removed afterwards, and
 * a small PNG decoder to read the screenshot's colours. CI installs chromium (.ci/run) and sets
 * AOI_TESTKIT_REQUIRE_CHROMIUM=1: there a missing chromium fails instead of skipping.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** How a page lays out in a viewport `width` px wide (see {@link measureWidth}). */
export interface PageWidth {
  readonly innerWidth: number;
  /** The page's own width: more than innerWidth means the page scrolls sideways. */
  readonly scrollWidth: number;
  /** Elements past the right edge that no scrolling box holds (tag.class and their first words). */
  readonly overflowing: readonly string[];
  /** Each box that scrolls sideways (overflow-x auto or scroll): its content's width and its own. */
  readonly scrollers: readonly { readonly scrollWidth: number; readonly clientWidth: number }[];
}

/**
 * The page in a viewport `width` px wide, as a phone shows it. Headless Chromium's window is at least 500 px wide, so
 * the page is loaded in an iframe of that width (its own viewport: media queries and innerWidth are the iframe's) and
 * measured by the frame's script, which leaves the page itself untouched (a report's policy forbids scripts).
 */
export function measureWidth(file: string, width: number): PageWidth {
  const dir = mkdtempSync(join(tmpdir(), 'aoi-width-'));
  try {
    const frame = join(dir, 'frame.html');
    writeFileSync(
      frame,
      `<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" src="${new URL(`file://${file}`).href}" style="width:${width}px;height:1200px;border:0;display:block"></iframe>
<pre id="out"></pre>
<script>
document.getElementById('f').addEventListener('load', () => {
  const win = document.getElementById('f').contentWindow;
  const doc = win.document;
  const scrolls = (e) => ['auto', 'scroll'].includes(win.getComputedStyle(e).overflowX);
  const held = (e) => { for (let p = e.parentElement; p; p = p.parentElement) if (scrolls(p)) return true; return false; };
  const all = [...doc.querySelectorAll('body *')];
  const result = {
    innerWidth: win.innerWidth,
    scrollWidth: doc.documentElement.scrollWidth,
    overflowing: all.filter((e) => e.getBoundingClientRect().right > win.innerWidth + 0.5 && !held(e))
      .slice(0, 10).map((e) => e.tagName.toLowerCase() + '.' + e.className + ' ' + (e.textContent || '').slice(0, 40)),
    scrollers: all.filter((e) => e !== doc.body && scrolls(e)).map((e) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth })),
  };
  document.getElementById('out').textContent = btoa(unescape(encodeURIComponent(JSON.stringify(result))));
});
</script></body></html>`,
    );
    const dom = chromium([
      '--allow-file-access-from-files',
      '--window-size=800,1200',
      '--dump-dom',
      `file://${frame}`,
    ]);
    const encoded = /<pre id="out">([^<]+)<\/pre>/.exec(dom)?.[1];
    if (!encoded) throw new Error(`the frame measured nothing:\n${dom.slice(0, 2000)}`);
    return JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as PageWidth;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
