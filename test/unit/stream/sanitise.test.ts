import { describe, expect, it } from 'vitest';
import { makeFinding, toExcerpt } from '../../../src/stream/finding.js';
import { sanitise, sanitiseJson } from '../../../src/stream/sanitise.js';
import { VerdictCollector, makeVerdict } from '../../../src/checks/verdict.js';

/** Hostile strings a program under test can print, and how the kit shows them. */
const HOSTILE: readonly (readonly [name: string, raw: string, shown: string])[] = [
  ['ESC [31m (SGR colour)', '\u001b[31mred\u001b[0m', '\\u001b[31mred\\u001b[0m'],
  [
    'OSC 8 hyperlink',
    '\u001b]8;;http://x\u0007click\u001b]8;;\u0007',
    '\\u001b]8;;http://x\\u0007click\\u001b]8;;\\u0007',
  ],
  ['OSC 52 clipboard write', '\u001b]52;c;cm0gLXJmIH4=\u0007', '\\u001b]52;c;cm0gLXJmIH4=\\u0007'],
  ['C1 CSI U+009B', '\u009b2J', '\\u009b2J'],
  ['C1 NEL U+0085 and OSC U+009D', 'a\u0085b\u009dc', 'a\\u0085b\\u009dc'],
  ['RLO U+202E', 'txt.\u202Eexe', 'txt.\\u202eexe'],
  ['LRI U+2066 … PDI U+2069', '\u2066admin\u2069', '\\u2066admin\\u2069'],
  ['LRM/RLM and ALM', '\u200Ea\u200Fb\u061Cc', '\\u200ea\\u200fb\\u061cc'],
  ['zero-width space U+200B', 'pay\u200Bpal', 'pay\\u200bpal'],
  ['line separator U+2028', 'one\u2028two\u2029', 'one\\u2028two\\u2029'],
  ['BOM U+FEFF', '\uFEFFok', '\\ufeffok'],
  ['lone surrogates', 'a\uD800b\uDC00', 'a\\ud800b\\udc00'],
  ['NUL and DEL', 'a\u0000b\u007f', 'a\\u0000b\\u007f'],
  ['tab, CR, LF', 'a\tb\rc\n', 'a\\tb\\rc\\n'],
  // Issue 38: invisible characters that passed raw.
  ['soft hyphen U+00AD', 'to\u00adken', 'to\\u00adken'],
  ['combining grapheme joiner U+034F', 'a\u034fb', 'a\\u034fb'],
  ['variation selectors U+FE0F, U+E0100', 'a\ufe0fb\u{e0100}c', 'a\\ufe0fb\\udb40\\udd00c'],
  ['tag characters U+E0041', 'a\u{e0041}\u{e007f}b', 'a\\udb40\\udc41\\udb40\\udc7fb'],
  ['Hangul filler U+3164 and Mongolian FVS U+180B', 'a\u3164b\u180bc', 'a\\u3164b\\u180bc'],
  // Issue 38: what a CI log obeys.
  ['a GitHub workflow command', '::set-output name=x::y', '\\u003a:set-output name=x::y'],
  [
    'one after spaces (the runner trims them)',
    '   ::add-mask::secret',
    '   \\u003a:add-mask::secret',
  ],
  ['the legacy ##[command], anywhere', 'ok ##[error]boom', 'ok \\u0023#[error]boom'],
  [
    "Azure's ##vso[…]",
    'x ##vso[task.setvariable variable=a]b',
    'x \\u0023#vso[task.setvariable variable=a]b',
  ],
  ["GitLab's section markers", 'section_start:1:x', 'section_start\\u003a1:x'],
];

describe('sanitise', () => {
  it.each(HOSTILE)('%s is shown visibly', (_name, raw, shown) => {
    expect(sanitise(raw)).toBe(shown);
  });

  it('leaves printable text alone, emoji (a surrogate pair) and other scripts included', () => {
    const text = 'ok ✓ 😀 שלום مرحبا 日本語 \\u001b (already visible) \u00a0nbsp';
    expect(sanitise(text)).toBe(text);
  });

  it('is idempotent: what it prints has nothing left to escape', () => {
    for (const [, raw] of HOSTILE) expect(sanitise(sanitise(raw))).toBe(sanitise(raw));
  });

  it('sanitiseJson keeps JSON valid with the same parsed value, and raw C1/bidi out of the bytes', () => {
    const value = { all: HOSTILE.map(([, raw]) => raw), key: { '\u202Ekey': '\u009b' } };
    const json = sanitiseJson(JSON.stringify(value));
    expect(JSON.parse(json)).toEqual(value);

    expect(json).not.toMatch(
      // eslint-disable-next-line no-misleading-character-class -- combining marks listed one by one
      /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufe00-\ufe0f\ufeff\u{e0000}-\u{e0fff}]|##\[/u,
    );
  });
});

describe('where program text enters a finding', () => {
  it('toExcerpt keeps its C0 output and escapes the new classes too', () => {
    expect(toExcerpt('\u001b[31mx\u0000\t\r\n\u007f')).toBe('\\u001b[31mx\\u0000\\t\\r\\n\\u007f');
    expect(toExcerpt('\u009b\u202E\u2066\u200B\u2028')).toBe('\\u009b\\u202e\\u2066\\u200b\\u2028');
  });

  it('toExcerpt never cuts a surrogate pair in half', () => {
    const excerpt = toExcerpt(`${'a'.repeat(119)}😀${'b'.repeat(50)}`);
    expect(excerpt).toBe(`${'a'.repeat(119)}…`);
  });

  it('makeFinding sanitises the message, the probe and the excerpt', () => {
    const finding = makeFinding(
      'AOI-02/not-json',
      'line 1 is not JSON: Unexpected token \'\u001b\', "\u001b]52;c;x\u0007" is not valid JSON',
      {
        line: 1,
        excerpt: 'raw\u202E',
        probe: 'tool \u009b2J --output jsonl',
      },
    );
    expect(finding.message).toBe(
      'line 1 is not JSON: Unexpected token \'\\u001b\', "\\u001b]52;c;x\\u0007" is not valid JSON',
    );
    expect(finding.excerpt).toBe('raw\\u202e');
    expect(finding.probe).toBe('tool \\u009b2J --output jsonl');
  });

  it('the collector sanitises a finding rebuilt after makeFinding, and a verdict’s reason', () => {
    const collector = new VerdictCollector();
    const finding = makeFinding('AOI-02/not-json', 'not JSON');
    collector.addFinding({ ...finding, probe: 'tool \u001b[2J' });
    expect(collector.findings[0]!.probe).toBe('tool \\u001b[2J');
    collector.addFinding(finding);
    expect(collector.findings[1]).toBe(finding);
    expect(
      makeVerdict('AOI-01', {
        status: 'skip',
        reason: 'ended with \u202Eoops',
        errors: 0,
        warnings: 0,
        findings: [],
      }).reason,
    ).toBe('ended with \\u202eoops');
  });
});
