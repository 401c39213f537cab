/** The shape of `help --format json` (cmdhelp v0.1 §5). Unknown fields are allowed everywhere (§9). */

export type CmdhelpType = string;

export interface CmdhelpArg {
  name: string;
  type: CmdhelpType;
  required?: boolean;
  description?: string;
  default?: unknown;
  format?: string;
  repeatable?: boolean;
  enum?: (string | number | boolean)[];
  enum_source?: string;
  [extra: string]: unknown;
}

export interface CmdhelpFlag {
  type: CmdhelpType;
  required?: boolean;
  description?: string;
  default?: unknown;
  format?: string;
  repeatable?: boolean;
  enum?: (string | number | boolean)[];
  enum_source?: string;
  /** Only on bool flags, e.g. `--no-cache` (§5.3). */
  negate_flag?: string;
  /** Single-letter alias (a kit extension many tools add; not in the spec). */
  short?: string;
  [extra: string]: unknown;
}

export type CmdhelpExitCode =
  string | { when: string; recovery?: string; message_template?: string; [extra: string]: unknown };

export interface CmdhelpExample {
  cmd: string;
  note?: string;
  [extra: string]: unknown;
}

export interface CmdhelpCommand {
  summary: string;
  description?: string;
  args?: CmdhelpArg[];
  flags?: Record<string, CmdhelpFlag>;
  stdin?: { accepted: boolean; format?: string };
  stdout?: { text_template?: string; json_schema_ref?: string; [extra: string]: unknown };
  exit_codes?: Record<string, CmdhelpExitCode>;
  examples?: CmdhelpExample[];
  see_also?: string[];
  since?: string;
  stability?: string;
  [extra: string]: unknown;
}

export interface CmdhelpDocument {
  cmdhelp_version: string;
  binary: string;
  version?: string;
  summary?: string;
  homepage?: string;
  global_flags?: Record<string, CmdhelpFlag>;
  /** Space-joined command paths, e.g. `"item create"`. */
  commands: Record<string, CmdhelpCommand>;
  schemas?: Record<string, unknown>;
  context?: Record<string, unknown>;
  [extra: string]: unknown;
}
