/**
 * The one sanitiser for text that came from the program under test. Such text can carry terminal escapes
 * (ESC/OSC: colours, hyperlinks, clipboard writes, cursor moves), C1 controls (U+009B is a one-byte CSI) and
 * bidi or invisible format characters that make printed text read differently from what it is. Every one of
 * them is shown as a visible `\uXXXX` escape (\t \n \r as `\t` `\n` `\r`) before the text reaches a terminal
 * or a report; everything else is left as it is.
 */

// In order: C0 controls, DEL and C1 controls; ALM (U+061C); zero-width space/non-joiner/joiner and LRM/RLM
// (U+200B–U+200F); line/paragraph separators and bidi embeddings/overrides (U+2028–U+202E); word joiner,
// invisible operators, bidi isolates and deprecated format controls (U+2060–U+206F); BOM/ZWNBSP (U+FEFF);
// a lone surrogate (with the `u` flag the class matches only unpaired halves), which no terminal can print.

const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ud800-\udfff]/gu;

const escape = (c: string): string =>
  c === '\t'
    ? '\\t'
    : c === '\r'
      ? '\\r'
      : c === '\n'
        ? '\\n'
        : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with every control, bidi and invisible format character made a visible escape. */
export function sanitise(text: string): string {
  return text.replace(UNSAFE, escape);
}

/**
 * Serialised JSON made safe to `cat`: JSON.stringify escapes C0 and lone surrogates but leaves DEL, C1,
 * bidi and the separators raw. The characters replaced occur only inside strings (JSON's own syntax is
 * ASCII) and every replacement is a valid JSON escape, so the parsed value is the same.
 */
export const sanitiseJson = sanitise;
