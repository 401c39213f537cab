/** The colours of the kit's text output (ANSI SGR codes); the CLI decides when to use them (cli/colour.ts). */
export const GREEN = 32;
export const RED = 31;
export const YELLOW = 33;
export const GREY = 90;

/** The colour of a verdict's status. */
export const STATUS_COLOUR: Readonly<Record<string, number>> = {
  pass: GREEN,
  fail: RED,
  skip: YELLOW,
  not_applicable: GREY,
};

/** `paint(code, text)`: the text in that colour, or as it is when `color` is off. */
export const painter =
  (color: boolean) =>
  (code: number, text: string): string =>
    color ? `\u001b[${code}m${text}\u001b[0m` : text;
