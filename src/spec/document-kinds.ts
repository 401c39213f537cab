/**
 * The kinds of recorded discovery document the kit judges offline (`checkDocument`, `aoi-testkit check --kind`):
 * plain data, so that the CLI's table can name them without loading a validator.
 */
export const DOCUMENT_KINDS = [
  'capabilities',
  'schema',
  'cmdhelp',
  'cmdhelp-capability',
  'exec-manifest',
  'app',
  'agent-cli',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
