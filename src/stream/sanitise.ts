/**
 * The one sanitiser for text that came from the program under test. Such text can carry terminal escapes
 * (ESC/OSC: colours, hyperlinks, clipboard writes, cursor moves), C1 controls (U+009B is a one-byte CSI), bidi or
 * invisible format characters that make printed text read differently from what it is, and the commands a CI log
 * obeys (GitHub's `::set-output …::`, `::add-mask::`, `::stop-commands::` at the start of a line, the legacy `##[…]`
 * and Azure's `##vso[…]` anywhere, GitLab's `section_start:`). Every control, bidi and invisible character is shown as
 * a visible `\uXXXX` escape (\t \n \r as `\t` `\n` `\r`), and a workflow command is broken by escaping one of its
 * characters the same way, so that the text neither starts a line with `::` nor holds `##[`; everything else is left
 * as it is. Each replacement is a valid JSON escape too (see {@link sanitiseJson}).
 */

// In order: C0 controls, DEL and C1 controls; soft hyphen (U+00AD); combining grapheme joiner (U+034F); ALM
// (U+061C); Hangul fillers (U+115F, U+1160, U+3164, U+FFA0); Khmer inherent vowels (U+17B4, U+17B5); Mongolian
// variation selectors and vowel separator (U+180B–U+180F); zero-width space/non-joiner/joiner and LRM/RLM
// (U+200B–U+200F); line/paragraph separators and bidi embeddings/overrides (U+2028–U+202E); word joiner, invisible
// operators, bidi isolates and deprecated format controls (U+2060–U+206F); variation selectors (U+FE00–U+FE0F);
// BOM/ZWNBSP (U+FEFF); interlinear annotation controls (U+FFF9–U+FFFB); shorthand format controls (U+1BCA0–U+1BCA3);
// musical formatting (U+1D173–U+1D17A); tag characters and the variation selectors supplement (U+E0000–U+E0FFF);
// a lone surrogate (with the `u` flag the class matches only unpaired halves), which no terminal can print.
const UNSAFE =
  // eslint-disable-next-line no-misleading-character-class -- combining marks listed one by one, to escape each alone
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0000}-\u{e0fff}\ud800-\udfff]/gu;

const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;

const escape = (c: string): string =>
  c === '\t'
    ? '\\t'
    : c === '\r'
      ? '\\r'
      : c === '\n'
        ? '\\n'
        : // A character outside the BMP (a tag character) as its surrogate pair: `\udb40\udc41`.
          [...c].length === 1 && c.length === 2
          ? hex(c.charCodeAt(0)) + hex(c.charCodeAt(1))
          : hex(c.charCodeAt(0));

/** `::` opening the text (after spaces, which a runner trims): a GitHub workflow command once it starts a line. */
const LEADING_COMMAND = /^(\s*):(?=:)/;
/** The legacy `##[command]` and Azure's `##vso[command]`, obeyed anywhere in a line. */
const HASH_COMMAND = /#(?=#(?:vso)?\[)/gi;
/** GitLab's collapsible-section markers. */
const SECTION_MARKER = /(section_(?:start|end)):/gi;

/** `text` with every control, bidi and invisible format character made a visible escape, and no CI log command. */
export function sanitise(text: string): string {
  return text
    .replace(UNSAFE, escape)
    .replace(LEADING_COMMAND, (_m, space: string) => `${space}${hex(0x3a)}`)
    .replace(HASH_COMMAND, hex(0x23))
    .replace(SECTION_MARKER, (_m, marker: string) => `${marker}${hex(0x3a)}`);
}

/**
 * Serialised JSON made safe to `cat` and to print into a CI log: JSON.stringify escapes C0 and lone surrogates but
 * leaves DEL, C1, bidi, invisible characters, the separators and `##[` raw. The characters replaced occur only inside
 * strings (JSON's own syntax is ASCII, and a JSON text starts with none of `::`, `##[` or `section_`), and every
 * replacement is a valid JSON escape, so the parsed value is the same.
 */
export const sanitiseJson = sanitise;
