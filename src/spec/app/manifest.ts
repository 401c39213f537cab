/** The APP.md frontmatter of an Agent Application, as the kit reads the app CLI contract (see app.schema.json). */
export interface AppManifest {
  name: string;
  description: string;
  version?: string;
  entry: { command: string; [key: string]: unknown };
  /** Command names, or `{ name, description? }` entries. */
  commands?: (string | AppCommand)[];
  /** Destructive commands: a runtime asks the user before invoking them; the CLI answers CONFIRMATION_REQUIRED. */
  confirmationRequired?: string[];
  scheduling?: AppScheduling;
  /** Skill names, each shipped as `skills/<name>/SKILL.md`. */
  skills?: string[];
  [key: string]: unknown;
}

export interface AppCommand {
  name: string;
  description?: string;
  [key: string]: unknown;
}

export const APP_SCHEDULING = ['supported', 'notSupported'] as const;
export type AppScheduling = (typeof APP_SCHEDULING)[number];

/** The manifest's file name at the package root. */
export const APP_MANIFEST_FILE = 'APP.md';
/**
 * A command name a runtime can pass as the words after entry.command: any casing and spelling (`list_all`,
 * `listAll`, `items list`), but not empty, not starting with `-`, and no control character or line break. The contract
 * asks for stable names, not a style.
 */
export const APP_COMMAND_NAME = /^(?!-)[^\s\p{Cc}]+(?: [^\s\p{Cc}]+)*$/u;
/** The error code a CLI returns for a confirmation-required command run without confirmation. */
export const CONFIRMATION_REQUIRED = 'CONFIRMATION_REQUIRED';
/** The environment variable the kit gives an application its fresh state directory in (besides AOI_TESTKIT_STATE_DIR). */
export const APP_STATE_DIR_ENV = 'APP_STATE_DIR';

/**
 * The environment of a terminal session that asks for colour: what a human's shell (or a CI log) may carry, and
 * what a runtime that pipes stdout may pass on. The default output must stay JSON under it (APP-10/human-by-environment).
 * The colour-forcing ones are left out of every other probe's environment, so that the default is judged as a runtime sees it.
 */
export const TERMINAL_HINTS: Readonly<Record<string, string>> = {
  TERM: 'xterm-256color',
  COLORTERM: 'truecolor',
  FORCE_COLOR: '1',
  CLICOLOR_FORCE: '1',
};
/** The hints no plain probe inherits from the caller's environment (TERM is nearly always set and stays). */
export const FORCED_COLOUR_ENV: readonly string[] = ['FORCE_COLOR', 'CLICOLOR_FORCE', 'COLORTERM'];
