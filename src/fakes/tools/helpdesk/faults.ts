/**
 * helpdesk's faults: each flips one switch of its help surface and declares the sub-rules it violates. Select
 * them with `--fault ID` (repeatable) or `AOI_TESTKIT_CMDHELP_FAULTS=id,id`.
 */
export interface HelpdeskFault {
  readonly id: string;
  readonly description: string;
  /** Exactly the sub-rules a conformant checker reports for it. */
  readonly violates: readonly string[];
}

export const HELPDESK_FAULTS: readonly HelpdeskFault[] = [
  { id: 'drifted-examples', description: 'An example still uses a flag that was renamed (--prio)', violates: ['CMDHELP-07/unknown-flag'] },
  { id: 'wrong-section-order', description: 'md renders ### Examples before ### Flags', violates: ['CMDHELP-05/section-order'] },
  { id: 'bool-with-value', description: 'An example passes a value to a bool flag (--open=true)', violates: ['CMDHELP-07/bool-with-value'] },
  { id: 'capability-patch', description: 'The capability line says cmdhelp/0.1.0', violates: ['CMDHELP-01/patch-version'] },
  { id: 'capability-missing-text', description: 'The capability line leaves out text', violates: ['CMDHELP-01/missing-format'] },
  { id: 'depth-ignored', description: '--depth is parsed and ignored: always the summary', violates: ['CMDHELP-04/depth-ignored'] },
  { id: 'depth-rejected', description: 'any --depth above 0 is refused as a usage error', violates: ['CMDHELP-04/depth-ignored'] },
  { id: 'depth-unbounded', description: 'any --depth of 1 or more expands the whole tree in full detail', violates: ['CMDHELP-04/depth-overexpanded'] },
  { id: 'md-json-disagree', description: 'md renders its own examples, not the canonical ones', violates: ['CMDHELP-06/examples-differ'] },
  { id: 'capability-logs', description: 'The capability probe logs a line on stderr', violates: ['CMDHELP-01/side-effect'] },
  { id: 'fallback-capability-patch', description: 'Only the fallback form, --cmdhelp-capabilities, says cmdhelp/0.1.0', violates: ['CMDHELP-01/patch-version'] },
  { id: 'unknown-format-accepted', description: 'An unknown --format silently falls back to text', violates: ['CMDHELP-03/unknown-format'] },
  { id: 'json-version-patch', description: 'cmdhelp_version is "0.1.0"', violates: ['CMDHELP-02/version-format'] },
  { id: 'capability-two-lines', description: 'The capability probe prints a second line', violates: ['CMDHELP-01/not-single-line'] },
  { id: 'capability-no-llm', description: 'The capability line leaves out llm, which --format accepts', violates: ['CMDHELP-01/unlisted-format'] },
  { id: 'llm-rejected', description: '--format llm is rejected although the capability line lists it', violates: ['CMDHELP-01/listed-unsupported'] },
  { id: 'md-rejected', description: '--format md is rejected', violates: ['CMDHELP-03/format-unsupported'] },
  { id: 'md-default', description: 'help without --format prints md', violates: ['CMDHELP-03/text-not-default'] },
  { id: 'llm-is-json', description: '--format llm prints the json document', violates: ['CMDHELP-03/llm-not-md'] },
  { id: 'negative-depth-accepted', description: '--depth -1 is taken as 0', violates: ['CMDHELP-03/negative-depth'] },
  { id: 'root-detail', description: 'help at the root shows its leaves in full detail', violates: ['CMDHELP-04/root-not-summary'] },
  { id: 'scope-leak', description: 'help queue also lists status', violates: ['CMDHELP-04/scope-leak'] },
  { id: 'leaf-summary', description: 'help <leaf> prints only the summary', violates: ['CMDHELP-04/leaf-not-detailed'] },
  { id: 'md-extra-command', description: 'md documents a command json does not know', violates: ['CMDHELP-06/commands-differ'] },
  { id: 'help-flag-differs', description: '<sub> --help --format md renders other markdown than help <sub> --format md', violates: ['CMDHELP-08/parity'] },
];

export const CMDHELP_FAULTS_ENV = 'AOI_TESTKIT_CMDHELP_FAULTS';

export type FaultSet = ReadonlySet<string>;

/** The faults named by argv (`--fault ID`, `--fault=ID`) and the environment; argv without them. Unknown ids throw. */
export function selectFaults(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): { faults: FaultSet; argv: string[] } {
  const ids = new Set((env[CMDHELP_FAULTS_ENV] ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--fault') ids.add(argv[++i] ?? '');
    else if (a.startsWith('--fault=')) ids.add(a.slice(8));
    else rest.push(a);
  }
  for (const id of ids) if (!HELPDESK_FAULTS.some((f) => f.id === id)) throw new Error(`unknown helpdesk fault "${id}" (known: ${HELPDESK_FAULTS.map((f) => f.id).join(', ')})`);
  return { faults: ids, argv: rest };
}
