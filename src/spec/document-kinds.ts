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

/** What each kind is, for people (`--kind` help, a refusal). */
export const DOCUMENT_KIND_TITLES: Record<DocumentKind, string> = {
  capabilities: 'an AOI-CLI capabilities manifest (`capabilities --output json`, §17)',
  schema: 'an AOI-CLI event schema (`schema --output json`, §10)',
  cmdhelp: 'a cmdhelp JSON document (`help --format json`)',
  'cmdhelp-capability': 'a cmdhelp capability line (`help --capabilities`)',
  'exec-manifest': 'an exec dispatch manifest (`manifest --output json`)',
  app: 'an Agent Application manifest (APP.md)',
  'agent-cli': 'an AIP-45 agent CLI manifest (AGENT-CLI.md)',
};
