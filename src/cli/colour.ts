/**
 * Colour, in this order: `--no-color` off, `--color` on; then FORCE_COLOR (on, unless it is `0` or `false`),
 * which wins over NO_COLOR as in Node itself; then a non-empty NO_COLOR off, and TERM=dumb (a terminal that
 * cannot show colour, as Emacs' shell) off; else on when stdout is a terminal.
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
  if (env.TERM === 'dumb') return false;
  return tty;
}
