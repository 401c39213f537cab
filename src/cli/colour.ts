/** The colours of the kit's text output (ANSI SGR codes), and when to use them. */
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

/**
 * Colour, in this order: `--no-color` off, `--color` on; then FORCE_COLOR (on, unless it is `0` or `false`),
 * which wins over NO_COLOR as in Node itself; then a non-empty NO_COLOR off; else on when stdout is a terminal.
 */
export function wantsColour(
  values: Readonly<Record<string, unknown>>,
  env: NodeJS.ProcessEnv = process.env,
  tty = process.stdout.isTTY === true,
): boolean {
  if (values['no-color'] === true) return false;
  if (values.color === true) return true;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if ((env.NO_COLOR ?? '') !== '') return false;
  return tty;
}

/** `paint(code, text)`: the text in that colour, or as it is when `color` is off. */
export const painter =
  (color: boolean) =>
  (code: number, text: string): string =>
    color ? `\u001b[${code}m${text}\u001b[0m` : text;
