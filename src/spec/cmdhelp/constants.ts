/** cmdhelp v0.1 constants (spec §3, §5.1, §6, §8, §9). */

/** The wire version this kit implements. */
export const CMDHELP_VERSION = '0.1';

/** Formats every conforming CLI MUST support (§3). */
export const MANDATORY_FORMATS = ['text', 'md', 'json'] as const;
/** The optional alias of md (§3). */
export const OPTIONAL_FORMATS = ['llm'] as const;

/** Types every implementation MUST recognise (§5.1). */
export const REQUIRED_TYPES = ['string', 'int', 'float', 'bool', 'enum'] as const;
/** Types every implementation SHOULD support (§5.1). */
export const RECOMMENDED_TYPES = [
  'path',
  'url',
  'duration',
  'date',
  'datetime',
  'json',
  'ref',
] as const;
/** Tool-specific extension types (§5.1). */
export const EXTENSION_TYPE = /^x-[a-zA-Z0-9][a-zA-Z0-9_-]*$/;

/** The ### sections of a command in --format md, in their required order (§6). */
export const MD_SECTIONS = [
  'Synopsis',
  'Arguments',
  'Flags',
  'Stdin',
  'Examples',
  'Output',
  'Workspace context',
  'See also',
] as const;

/** `cmdhelp/<MAJOR>.<MINOR>: <formats>` (§8). */
export const CAPABILITY_LINE = /^cmdhelp\/(\d+)\.(\d+): *(.+)$/;
/** The two discovery forms (§8): default, then fallback. */
export const CAPABILITY_PROBES = [['help', '--capabilities'], ['--cmdhelp-capabilities']] as const;
