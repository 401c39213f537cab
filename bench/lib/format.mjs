// Number formatting and a padded markdown table.

export const MB = 1e6;

export const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
export const mbps = (bytes, ms) => bytes / MB / (ms / 1000);
export const fixed = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
export const ratio = (n) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : '–');
export const int = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
export const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Render rows (arrays of cells) under a header as a markdown table with padded columns. */
export function markdownTable(header, rows) {
  const escape = (cell) => String(cell ?? '').replace(/\|/g, '\\|');
  const all = [header, ...rows].map((row) => row.map(escape));
  const widths = header.map((_, i) => Math.max(3, ...all.map((row) => [...(row[i] ?? '')].length)));
  const line = (row) =>
    `| ${row.map((cell, i) => cell + ' '.repeat(widths[i] - [...cell].length)).join(' | ')} |`;
  return [
    line(all[0]),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...all.slice(1).map(line),
  ].join('\n');
}
