import type { ProbeOutcome, Report } from './types.js';

/** A schema version no tool supports, for the AOI-13 negotiation probe. */
export const UNSUPPORTED_SCHEMA_VERSION = '999';

/**
 * How a caller chooses a schema version (§5.1): a major per flag (`--schema-version 2`), or content negotiation
 * by schema name (`--accept-schema com.example.outline.events@2`).
 */
export type NegotiationForm = 'schema-version' | 'accept-schema';

/** The flag and value that ask for `major` of the schema `name` in one form. */
export function negotiationFlag(
  form: NegotiationForm,
  name: string,
  major: string,
): [flag: string, value: string] {
  return form === 'accept-schema'
    ? ['--accept-schema', `${name}@${major}`]
    : ['--schema-version', major];
}

/**
 * The forms a tool's `--help` (stdout or stderr) offers: `--accept-schema` where it names that flag, and
 * `--schema-version` where it names that one or neither (the form the kit asks when a tool says nothing, as
 * before). Whole words: `--accept-schema-file` is not the flag.
 */
export function advertisedNegotiation(help: ProbeOutcome): NegotiationForm[] {
  const text = `${Buffer.from(help.stdout).toString('utf8')}\n${Buffer.from(help.stderr).toString('utf8')}`;
  const names = (flag: string) => new RegExp(`(^|[\\s\\[|,])${flag}(?![\\w-])`, 'm').test(text);
  const accept = names('--accept-schema');
  return [
    ...(accept ? (['accept-schema'] as const) : []),
    ...(!accept || names('--schema-version') ? (['schema-version'] as const) : []),
  ];
}

/** AOI-13 (§5.1): asking for a schema version the tool does not have is a usage error, not a fallback. `asked` is how it was asked. */
export function judgeUnsupportedVersion(
  run: ProbeOutcome,
  report: Report,
  asked = `--schema-version ${UNSUPPORTED_SCHEMA_VERSION}`,
): void {
  if (run.exitCode === 0)
    report('AOI-13/unsupported-version-accepted', `${asked} was accepted (exit 0)`);
}
