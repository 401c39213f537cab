/**
 * The help invocations of a live cmdhelp check, by what they ask (the words after the tool's own arguments):
 * the recorder runs them, the judges read their runs back by the same words.
 */

/** A format no tool supports. */
export const UNKNOWN_FORMAT = 'aoi-testkit-no-such-format';

/** The root in a format (`help --format md`). */
export const formatProbe = (format: string): string[] => ['help', '--format', format];
/** `help` without --format: the default, text. */
export const DEFAULT_PROBE: readonly string[] = ['help'];
export const NEGATIVE_DEPTH_PROBE: readonly string[] = ['help', '--depth', '-1'];
/** The root expanded N levels (`help --format json --depth 2`). */
export const depthProbe = (depth: number, format = 'json'): string[] => [
  'help',
  '--format',
  format,
  '--depth',
  String(depth),
];
/** One command's scoped help (`help ticket create --format json`). */
export const scopedProbe = (path: string, format = 'json'): string[] => [
  'help',
  ...path.split(' '),
  '--format',
  format,
];
/** A leaf's own --help in md (`ticket create --help --format md`). */
export const helpFlagProbe = (path: string): string[] => [
  ...path.split(' '),
  '--help',
  '--format',
  'md',
];

/** The formats every check asks for at the root, before anything is known about the tool. */
export const ROOT_PROBES: readonly (readonly string[])[] = [
  formatProbe('text'),
  DEFAULT_PROBE,
  formatProbe('md'),
  formatProbe('json'),
  formatProbe('llm'),
  formatProbe(UNKNOWN_FORMAT),
  NEGATIVE_DEPTH_PROBE,
];
/** The formats this checker asks for anyway (a listed format beyond them gets its own probe). */
export const KNOWN_FORMATS: readonly string[] = ['text', 'md', 'json', 'llm'];
/** A group expanded N levels below it (`help ticket --format json --depth 1`). */
export const groupDepthProbe = (group: string, depth: number): string[] => [
  'help',
  ...group.split(' '),
  '--format',
  'json',
  '--depth',
  String(depth),
];
/**
 * A bool flag on a leaf's own help, given a value or not (`ticket list --open=true --help`): only help runs, and
 * the two differ in the value alone, so a refusal of the first beside an answer to the second is the parser's.
 */
export const boolFlagProbe = (path: string, flag: string, value?: string): string[] => [
  ...path.split(' '),
  value === undefined ? `--${flag}` : `--${flag}=${value}`,
  '--help',
];
/** A flag no tool has, on a leaf's own help: refused only by a parser that runs before --help is answered. */
export const unknownFlagProbe = (path: string): string[] => [
  ...path.split(' '),
  '--aoi-testkit-no-such-flag',
  '--help',
];
/** A typed flag given a value of no type, on a leaf's own help: refused by a parser that checks values before --help. */
export const badValueProbe = (path: string, flag: string): string[] => [
  ...path.split(' '),
  `--${flag}=aoi-testkit-not-a-value`,
  '--help',
];
/** The command a `dynamic:<binary> <command>` enum_source names, as the tool's words (`queue list`). */
export const enumSourceProbe = (command: string): string[] => command.split(' ');
