import { kit, must, should, subRulesJudgedBy, withDocs } from '../define.js';
import type { Rule, SubRule } from '../types.js';

/**
 * CMDHELP-01…08: cmdhelp v0.1 (`<cmd> help --format text|md|json --depth N`, the capability line).
 * Sub-rules judged by `document` are found by the pure validators (`validateCmdhelpDocument`,
 * `parseCapabilityLine`, `checkCmdhelpMarkdown`); those judged by `probe` only by running the tool (`checkCmdhelp`).
 */
export const CMDHELP_RULES: readonly Rule[] = withDocs([
  {
    id: 'CMDHELP-01',
    title:
      'The capability line is one stable, side-effect-free line cmdhelp/MAJOR.MINOR listing every format',
    characteristics: ['Discoverable', 'Versioned'],
    sections: ['§8', '§9'],
  },
  {
    id: 'CMDHELP-02',
    title: 'help --format json is a cmdhelp v0.1 document',
    characteristics: ['Typed', 'Discoverable'],
    sections: ['§5', '§5.1', '§5.2', '§5.3', '§7', '§9'],
  },
  {
    id: 'CMDHELP-03',
    title:
      'help supports text (the default), md and json, llm as md, and rejects a bad format or depth',
    characteristics: ['Discoverable'],
    sections: ['§3'],
  },
  {
    id: 'CMDHELP-04',
    title:
      'help scopes: a summary at the root and at a group, full detail at a leaf, --depth N expands N levels',
    characteristics: ['Bounded', 'Discoverable'],
    sections: ['§4'],
  },
  {
    id: 'CMDHELP-05',
    title: 'help --format md has the predictable section order and a valid frontmatter',
    characteristics: ['Discoverable'],
    sections: ['§6'],
  },
  {
    id: 'CMDHELP-06',
    title: 'md and json are drawn from the same commands and the same examples',
    characteristics: ['Verifiable'],
    sections: ['§6'],
  },
  {
    id: 'CMDHELP-07',
    title: 'Every example resolves against the flag tree',
    characteristics: ['Verifiable', 'Typed'],
    sections: ['§6', '§5.3'],
  },
  {
    id: 'CMDHELP-08',
    title:
      '<cmd> <sub> --help --format md, where offered, is the same as <cmd> help <sub> --format md',
    characteristics: ['Discoverable'],
    sections: ['§3'],
  },
]);

const document = subRulesJudgedBy('document');
const probe = subRulesJudgedBy('probe');

/** Every distinct way a tool's help surface breaks a CMDHELP rule. */
export const CMDHELP_SUB_RULES: readonly SubRule[] = [
  // CMDHELP-01 — capability line (§8, §9)
  probe(
    'CMDHELP-01/missing',
    'error',
    'Neither `help --capabilities` nor `--cmdhelp-capabilities` prints a capability line with exit 0',
    'Make `<cmd> help --capabilities` (or `<cmd> --cmdhelp-capabilities`) print `cmdhelp/0.1: text, md, json` and exit 0.',
    must('§8', 'Conforming CLIs MUST expose a capability bit.'),
  ),
  probe(
    'CMDHELP-01/not-single-line',
    'error',
    'The capability output is not exactly one line on stdout',
    'Print the capability line alone, one line, nothing before or after it on stdout.',
    must(
      '§8',
      'Whichever form the CLI exposes, it MUST be: … Single-line on stdout, parseable, stable across releases.',
    ),
  ),
  document(
    'CMDHELP-01/syntax',
    'error',
    'The line is not `cmdhelp/<MAJOR>.<MINOR>: <comma-separated formats>`',
    'Print exactly `cmdhelp/0.1: text, md, json` (plus `llm` if supported).',
    must(
      '§8',
      'Whichever form the CLI exposes, it MUST be: … Single-line on stdout, parseable, stable across releases.',
    ),
  ),
  document(
    'CMDHELP-01/patch-version',
    'error',
    'The capability line carries a PATCH component (cmdhelp/0.1.0)',
    'Advertise the wire version MAJOR.MINOR only: `cmdhelp/0.1`; patch levels never appear on the wire (§9).',
    must('§9', '0.1.0 is not a valid wire version.'),
  ),
  document(
    'CMDHELP-01/missing-format',
    'error',
    'The format list lacks a mandatory format (text, md or json)',
    'List every supported format, including the mandatory text, md and json.',
    must(
      '§8',
      'The format list MUST include every supported format, including the mandatory text.',
    ),
  ),
  probe(
    'CMDHELP-01/unlisted-format',
    'error',
    'The CLI accepts --format llm but the capability line does not list it',
    'Add llm to the capability line, or stop accepting --format llm.',
    must(
      '§8',
      'The format list MUST include every supported format, including the mandatory text.',
    ),
  ),
  probe(
    'CMDHELP-01/listed-unsupported',
    'warning',
    'The capability line lists a format that help --format rejects',
    'List only formats that `help --format <fmt>` accepts.',
    kit('§8', 'The format list MUST include every supported format, including the mandatory text.'),
  ),
  probe(
    'CMDHELP-01/side-effect',
    'error',
    'The capability probe wrote to stderr or to its home, config or state directories',
    'Print the line and nothing else: no logging, no config writes, no network, no auth challenge.',
    must(
      '§8',
      'Whichever form the CLI exposes, it MUST be: … Side-effect-free — no logging, no network calls, no config writes, no auth challenges.',
    ),
    'Only what a fresh HOME/XDG/state directory and stderr show; a network attempt is CMDHELP-01/network.',
  ),
  probe(
    'CMDHELP-01/network',
    'error',
    'The capability probe reached for the network (the kit’s tripwire saw a connection, a DNS lookup or a proxied request)',
    'Answer the capability line from the build alone: no update check, telemetry or licence call on this path.',
    must(
      '§8',
      'Whichever form the CLI exposes, it MUST be: … Side-effect-free — no logging, no network calls, no config writes, no auth challenges.',
    ),
    'Seen only when the tool runs as a process (checkCmdhelp), by the AOI lint’s network tripwire: a network namespace of its own where Linux allows one (any language), else the proxy recorder and the Node preload. The verdict’s note names which.',
  ),
  probe(
    'CMDHELP-01/unstable',
    'error',
    'Two runs of the capability probe print different lines',
    'Make the capability line a constant of the build.',
    must(
      '§8',
      'Whichever form the CLI exposes, it MUST be: … Single-line on stdout, parseable, stable across releases.',
    ),
  ),
  // CMDHELP-02 — the JSON document (§5, §9)
  document(
    'CMDHELP-02/not-json',
    'error',
    'help --format json does not print one JSON object',
    'Print exactly one JSON object on stdout, nothing else.',
    must('§3', 'CLIs MUST support text, md, json; MAY support llm (alias for md).'),
  ),
  document(
    'CMDHELP-02/missing-key',
    'error',
    'A required key is missing: cmdhelp_version, binary, commands, a command’s summary, an arg’s name or type, a flag’s type',
    'Add the key; cmdhelp_version, binary and commands are required, and each command requires summary.',
    must('§5', 'Required keys: cmdhelp_version, binary, commands. Each command requires summary.'),
  ),
  document(
    'CMDHELP-02/version-format',
    'error',
    'cmdhelp_version is not MAJOR.MINOR (e.g. "0.1.0")',
    'Write cmdhelp_version as "0.1": the wire format has no PATCH component (§9).',
    must('§9', '0.1.0 is not a valid wire version.'),
  ),
  document(
    'CMDHELP-02/unknown-type',
    'error',
    'An arg or flag type is outside the §5.1 vocabulary and not x-*',
    'Use string, int, float, bool, enum, path, url, duration, date, datetime, json, ref, or an x-<tool>-<name> extension type.',
    must(
      '§5.1',
      'Argument and flag type values are drawn from a closed set, plus an extension namespace for tool-specific types.',
    ),
  ),
  document(
    'CMDHELP-02/exit-code',
    'error',
    'An exit_codes entry is neither a non-empty string nor an object with when, or its key is not a decimal code',
    'Key exit_codes by decimal strings; give each a terse string or {when, recovery?, message_template?} (§5.2).',
    must('§5.2', 'Object form requires when.'),
  ),
  document(
    'CMDHELP-02/flag-name',
    'error',
    'A flag name does not match ^[a-zA-Z][a-zA-Z0-9_-]*$ (e.g. it keeps its leading dashes)',
    'Key flags by their bare name: `priority`, not `--priority`.',
    must(
      'Adopt cmdhelp',
      'Validate your --format json output against cmdhelp.schema.json as a CI step. The schema enforces every contract in §3–§9.',
    ),
  ),
  document(
    'CMDHELP-02/negate-flag',
    'error',
    'negate_flag on a flag that is not bool, or not of the form --name',
    'Declare negate_flag only on bool flags, as the full flag: "--no-cache" (§5.3).',
    must(
      '§5.3',
      'Negation flags (e.g. --no-cache) are declared on the original flag using the optional negate_flag field.',
    ),
  ),
  document(
    'CMDHELP-02/enum-source',
    'error',
    'enum_source is not `dynamic:<command>`',
    'Write enum_source as "dynamic:<command that lists the values>" (§7).',
    must('§7', 'JSON marks these with enum_source: "dynamic:<command>".'),
  ),
  probe(
    'CMDHELP-02/bool-takes-value',
    'error',
    'The live parser accepts a value for a flag the document types bool (`<leaf> --flag=true --help` is not refused)',
    'Refuse `--flag=<value>` on a bool flag with a usage error, or document the flag as type enum with enum ["true", "false"] (§5.3).',
    must('§5.3', 'It MUST NOT accept a value on the command line.'),
    'Asked as `<leaf> --flag=true --help` beside `<leaf> --flag --help`, so that nothing but help runs; a flag whose control is refused is not judged.',
  ),
  probe(
    'CMDHELP-02/dynamic-enum-differs',
    'warning',
    'The enum a `dynamic:<command>` enum_source resolves to in the working directory is not what that command lists there',
    'Splice the values the enum_source command prints (in the same workspace) into help, at every scope (§7).',
    should(
      '§7',
      'CLIs with session state (workspace, project, account) SHOULD splice dynamic facts into help output',
    ),
    '§7 is a SHOULD. The listing is read as a JSON array of strings, else one value per non-empty line.',
  ),
  document(
    'CMDHELP-02/type',
    'error',
    'A field has the wrong JSON type or breaks its schema',
    'Give the field the type the cmdhelp schema declares (see the path in the message).',
    must(
      'Adopt cmdhelp',
      'Validate your --format json output against cmdhelp.schema.json as a CI step. The schema enforces every contract in §3–§9.',
    ),
  ),
  // CMDHELP-03 — formats (§3)
  probe(
    'CMDHELP-03/format-unsupported',
    'error',
    'help --format text, md or json fails or prints nothing',
    'Support the three mandatory formats: `help --format text|md|json` exits 0 with output.',
    must('§3', 'CLIs MUST support text, md, json; MAY support llm (alias for md).'),
  ),
  probe(
    'CMDHELP-03/text-not-default',
    'error',
    'help without --format differs from help --format text',
    'Make text the default format.',
    must('§3', 'text | yes (default) | Existing human-readable --help'),
  ),
  probe(
    'CMDHELP-03/llm-not-md',
    'error',
    '--format llm is accepted but differs from --format md',
    'Render --format llm exactly as --format md (it is an alias in v0.1).',
    must('§3', 'CLIs MUST support text, md, json; MAY support llm (alias for md).'),
  ),
  probe(
    'CMDHELP-03/unknown-format',
    'warning',
    'help --format <unknown> exits 0, or fails without a message on stderr',
    'Reject an unknown format with a non-zero exit and a message naming the supported formats.',
    kit('§3', 'CLIs MUST support text, md, json; MAY support llm (alias for md).'),
    'The spec does not say what an unknown format does; a silent fallback misleads a harness (strict makes it an error).',
  ),
  probe(
    'CMDHELP-03/negative-depth',
    'warning',
    'help --depth -1 exits 0, or fails without a message on stderr',
    'Reject a negative depth with a non-zero exit and a message.',
    kit('§4', '--depth=0 is summary; each increment recurses one more level with full detail.'),
    'The spec does not say what a negative depth does (strict makes it an error).',
  ),
  // CMDHELP-04 — scope (§4)
  probe(
    'CMDHELP-04/root-not-summary',
    'error',
    'help (depth 0) at the root or at a group emits flags, args or examples',
    'At tree or subtree scope without --depth, print only the subcommand list with one-line summaries.',
    must(
      '§4',
      'tree summary: subcommand list with one-line descriptions only. No flags, args, or examples are emitted.',
    ),
  ),
  probe(
    'CMDHELP-04/scope-leak',
    'error',
    'help <group> lists commands outside the group',
    'Scope `help <group>` to the commands under that group.',
    must('§4', 'same summary, scoped to one subtree.'),
  ),
  probe(
    'CMDHELP-04/leaf-not-detailed',
    'error',
    'help <leaf> lacks the flags, args or examples the command has',
    'At a leaf, print the command in full detail (flags, args, examples, output) by default.',
    must('§4', 'At a leaf, default is full detail, not summary.'),
  ),
  probe(
    'CMDHELP-04/depth-ignored',
    'error',
    '--depth N does not give full detail to the commands within N levels',
    'Make --depth N expand N levels with full detail; --depth 0 is the summary.',
    must('§4', '--depth=0 is summary; each increment recurses one more level with full detail.'),
  ),
  probe(
    'CMDHELP-04/depth-overexpanded',
    'error',
    '--depth N gives full detail to commands more than N levels down',
    'Stop the full detail at level N: deeper commands are listed in summary (or left out), never detailed.',
    must('§4', '--depth=0 is summary; each increment recurses one more level with full detail.'),
    'Probed for every N from 1 to the deepest level of the tree, at the root and at every group (N counted from the group).',
  ),
  // CMDHELP-05 — markdown shape (§6)
  document(
    'CMDHELP-05/section-order',
    'warning',
    'A command’s ### sections are out of the §6 order',
    'Order sections Synopsis, Arguments, Flags, Stdin, Examples, Output, Workspace context, See also.',
    kit('§6', 'Single markdown doc with a predictable section order so LLMs can pattern-match.'),
  ),
  document(
    'CMDHELP-05/heading',
    'warning',
    'A ## command heading is not `<cmd> <subcommand>` in backticks',
    'Head each command section with ## `<binary> <command path>`.',
    kit('§6', 'Single markdown doc with a predictable section order so LLMs can pattern-match.'),
    'The spec shows the shape but does not say MUST; consumers pattern-match on it.',
  ),
  document(
    'CMDHELP-05/frontmatter',
    'error',
    'The YAML frontmatter does not parse, or its cmdhelp_version is not MAJOR.MINOR, or its binary is not the tool',
    'Write the frontmatter as `---`, cmdhelp_version: "0.1", binary: <name>, version, generated, `---`.',
    must('§9', '0.1.0 is not a valid wire version.'),
  ),
  // CMDHELP-06 — one source (§6)
  probe(
    'CMDHELP-06/examples-differ',
    'error',
    'A command’s examples in --format md differ from those in --format json',
    'Render md and json examples from the same canonical example list.',
    must(
      '§6',
      'Examples in --format md MUST be drawn from the same canonical example set as --format json',
    ),
  ),
  probe(
    'CMDHELP-06/commands-differ',
    'warning',
    '--format md and --format json document different commands',
    'Render md and json from the same command tree.',
    kit('§1', 'Two outputs from one source of truth'),
  ),
  // CMDHELP-07 — examples resolve (§6, §5.3)
  document(
    'CMDHELP-07/wrong-binary',
    'error',
    'An example does not invoke the binary',
    'Start every example with the binary name.',
    must(
      '§6',
      "Conforming implementations MUST validate examples in their test suite (parse each example's cmd, verify it resolves against the actual flag tree)",
    ),
  ),
  document(
    'CMDHELP-07/unknown-command',
    'error',
    'An example’s command path is not a documented command',
    'Fix the example, or document the command it runs.',
    must(
      '§6',
      "Conforming implementations MUST validate examples in their test suite (parse each example's cmd, verify it resolves against the actual flag tree)",
    ),
  ),
  document(
    'CMDHELP-07/unknown-flag',
    'error',
    'An example uses a flag neither the command nor global_flags declares (incl. an undeclared --no-x)',
    'Use only declared flags; declare a negation with negate_flag on the bool flag.',
    must(
      '§6',
      "Conforming implementations MUST validate examples in their test suite (parse each example's cmd, verify it resolves against the actual flag tree)",
    ),
  ),
  document(
    'CMDHELP-07/bool-with-value',
    'error',
    'An example gives a bool flag a value (--flag=true, --flag false)',
    'Write bool flags as presence switches (--flag, or its negate_flag); declare enum ["true","false"] if it takes a value (§5.3).',
    must('§5.3', 'It MUST NOT accept a value on the command line.'),
  ),
  document(
    'CMDHELP-07/missing-value',
    'error',
    'An example gives a non-bool flag no value',
    'Give the flag its value: --flag value or --flag=value.',
    must(
      '§6',
      "Conforming implementations MUST validate examples in their test suite (parse each example's cmd, verify it resolves against the actual flag tree)",
    ),
  ),
  document(
    'CMDHELP-07/enum-value',
    'error',
    'An example gives an enum flag a value outside its static enum',
    'Use one of the flag’s enum values (dynamic enums, with enum_source, are not judged).',
    must(
      '§6',
      "Conforming implementations MUST validate examples in their test suite (parse each example's cmd, verify it resolves against the actual flag tree)",
    ),
  ),
  document(
    'CMDHELP-07/arity',
    'error',
    'An example has too few or too many positional arguments',
    'Give every required positional argument, and no more than the command declares (unless the last is repeatable).',
    must(
      '§6',
      "Conforming implementations MUST validate examples in their test suite (parse each example's cmd, verify it resolves against the actual flag tree)",
    ),
  ),
  // CMDHELP-08 — parity (§3)
  probe(
    'CMDHELP-08/parity',
    'warning',
    '<cmd> <sub> --help --format md prints markdown that differs from <cmd> help <sub> --format md',
    'Route `<sub> --help --format md` to the same renderer as `help <sub> --format md`.',
    kit('§3', 'A CLI MAY also accept <cmd> <subcommand> --help --format md for ergonomic parity'),
    'The form is optional (MAY); the spec implies parity but does not say MUST.',
  ),
];

/** The sub-rules a document validator (no process) can report. */
export const CMDHELP_DOCUMENT_SUB_RULES: readonly SubRule[] = CMDHELP_SUB_RULES.filter(
  (s) => s.judgedBy === 'document',
);
