import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkStream } from '../../../src/checks/aoi/stream.js';
import { REPORTER_NAMES } from '../../../src/report/names.js';
import { REPORTERS } from '../../../src/report/reporters.js';
import type { ReportView } from '../../../src/report/view.js';

// Issue 38: a command name and a target carrying raw escape, C1 and bidi characters reach no reporter's output raw,
// at the level of values: JSON strings once parsed, XML and HTML text once its character references are decoded.
const RAW = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
const STREAM = readFileSync(
  fileURLToPath(
    new URL('../../../fixtures/transcripts/bad-aoi-09-secret-echoed.jsonl', import.meta.url),
  ),
  'utf8',
).replace(
  '"command":"search"',
  '"command":"se\\u001b]8;;https://x.example/\\u0007ar\\u009bch\\u202e"',
);
const view = (): ReportView => ({
  verb: 'check',
  target: 'out\u001b[2Jline\u202e.jsonl',
  report: checkStream(STREAM, { exitCode: 1 }),
});

/** Every string value of the output: JSON parsed (whole, or line by line), else text with references decoded. */
function values(output: string): string[] {
  const strings: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object')
      Object.entries(v).forEach(([k, x]) => (strings.push(k), walk(x)));
  };
  try {
    walk(JSON.parse(output));
    return strings;
  } catch {
    // Not one JSON document.
  }
  const lines = output.trimEnd().split('\n');
  try {
    for (const line of lines) walk(JSON.parse(line));
    return strings;
  } catch {
    // Not JSONL either: markup or text.
  }
  return [
    output
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec))),
  ];
}

// The blob is not printed: it is merge-reports' input, which keeps values whole and renders them through these reporters.
const PRINTED = REPORTER_NAMES.filter((name) => name !== 'blob');

describe.each(PRINTED.map((name) => [name]))('%s: command and target values', (name) => {
  it('hold no raw escape, C1 or bidi character', () => {
    const output = REPORTERS[name].render(view());
    const raw = values(output).filter((v) => RAW.test(v));
    expect(raw).toEqual([]);
  });
});
