import { kit, must, subRulesJudgedBy, withDocs } from '../define.js';
import type { Rule, SubRule } from '../types.js';

/**
 * AGENTCLI-01…19: rules on the AGENT-CLI.md manifest (AIP-45 §Conformance, §Frontmatter and the sections
 * each field points to) and on a runner's choice of mode, options and continuation (AGENTCLI-13).
 * Numbers 14…19 are free for later manifest rules; the conversation's rules start at AGENTCLI-20.
 */
export const AGENTCLI_MANIFEST_RULES: readonly Rule[] = withDocs([
  {
    id: 'AGENTCLI-01',
    title: 'AGENT-CLI.md has a YAML frontmatter that parses to a mapping',
    characteristics: ['Discoverable'],
    sections: ['§Frontmatter'],
  },
  {
    id: 'AGENTCLI-02',
    title: 'Every required field is present',
    characteristics: ['Discoverable'],
    sections: ['§Frontmatter', '§Sandbox integration'],
  },
  {
    id: 'AGENTCLI-03',
    title: 'Fields have their declared types and formats; no unknown fields',
    characteristics: ['Typed'],
    sections: ['§Frontmatter'],
  },
  {
    id: 'AGENTCLI-04',
    title: 'The protocol is one the spec defines (an unknown protocol is a hard error)',
    characteristics: ['Versioned'],
    sections: ['§protocol discriminator'],
  },
  {
    id: 'AGENTCLI-05',
    title:
      'The protocol arm is configured: acp needs acp, mcp needs mcp with a transport, proprietary needs adapter',
    characteristics: ['Typed'],
    sections: ['§protocol discriminator', '§Conformance'],
  },
  {
    id: 'AGENTCLI-06',
    title: 'install, version_check, setup and auth satisfy the AIP-29 blocks',
    characteristics: ['Discoverable', 'Versioned'],
    sections: ['§Conformance', '§Setup surface', '§Auth surface'],
  },
  {
    id: 'AGENTCLI-07',
    title: 'The session policy is valid; a resumable session needs capabilities.resumable',
    characteristics: ['Typed'],
    sections: ['§Session model'],
  },
  {
    id: 'AGENTCLI-08',
    title: 'Capabilities are the declared boolean flags',
    characteristics: ['Discoverable'],
    sections: ['§Capabilities'],
  },
  {
    id: 'AGENTCLI-09',
    title: 'Modes have unique, patterned ids and patch only bin_args_append and env',
    characteristics: ['Typed'],
    sections: ['§Modes', '§Conformance'],
  },
  {
    id: 'AGENTCLI-10',
    title: 'Options have unique, patterned ids and coherent type, enum, bounds and patches',
    characteristics: ['Typed'],
    sections: ['§Options', '§Conformance'],
  },
  {
    id: 'AGENTCLI-11',
    title: 'continuation.default is supported; native-resume needs capabilities.resumable',
    characteristics: ['Typed'],
    sections: ['§Continuation', '§Conformance'],
  },
  {
    id: 'AGENTCLI-12',
    title: 'name is the kebab id of the directory that holds the manifest',
    characteristics: ['Discoverable'],
    sections: ['§Frontmatter'],
  },
  {
    id: 'AGENTCLI-13',
    title:
      "A runner's mode, options and continuation are validated against the manifest before spawn",
    characteristics: ['Safe'],
    sections: ['§Modes', '§Options', '§Continuation'],
  },
]);

const manifest = subRulesJudgedBy('manifest');
const config = subRulesJudgedBy('config');

/** Every distinct way a manifest (or a runner's config for it) breaks an AGENTCLI rule. */
export const AGENTCLI_MANIFEST_SUB_RULES: readonly SubRule[] = [
  // AGENTCLI-01 — the file
  manifest(
    'AGENTCLI-01/no-frontmatter',
    'error',
    'The file does not start with a `---` frontmatter block',
    'Start AGENT-CLI.md with a line `---`, the YAML frontmatter, and a closing `---` line.',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  manifest(
    'AGENTCLI-01/yaml-syntax',
    'error',
    'The frontmatter is not valid YAML',
    'Fix the YAML at the line shown (indentation, quoting, an unclosed bracket).',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  manifest(
    'AGENTCLI-01/duplicate-key',
    'error',
    'A key appears twice in one YAML mapping',
    'Keep one occurrence of the key; YAML 1.2 forbids duplicates and parsers disagree on which wins.',
    must(
      '§3.2.1.1',
      'The content of a mapping node is an unordered set of key/value node pairs, with the restriction that each of the keys is unique.',
      'YAML 1.2',
    ),
  ),
  manifest(
    'AGENTCLI-01/not-a-mapping',
    'error',
    'The frontmatter is not a YAML mapping',
    'Write the frontmatter as `key: value` pairs at the top level.',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  // AGENTCLI-02 — required fields
  manifest(
    'AGENTCLI-02/missing-field',
    'error',
    'A required field is missing',
    'Add the field: name, id, description, version, bin, install, version_check, sandbox and protocol are required (sandbox has no default: say `sandbox: {provider: local}` if that is what you mean).',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  // AGENTCLI-03 — types and formats
  manifest(
    'AGENTCLI-03/type',
    'error',
    'A field has the wrong type',
    'Give the field the type the AGENT-CLI schema declares (see the path in the message).',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  manifest(
    'AGENTCLI-03/format',
    'error',
    'A field breaks its pattern, length or range',
    'Make the value match: id `^[a-z0-9][a-z0-9-]{1,63}$`, version semver, bin a path of `[A-Za-z0-9._-/]`, adapter an npm package name, tags kebab-case.',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  manifest(
    'AGENTCLI-03/unknown-field',
    'error',
    'A field the schema does not define',
    'Remove the field or move it under `metadata`, the schema’s open extension point.',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  // AGENTCLI-04 — protocol
  manifest(
    'AGENTCLI-04/unknown-protocol',
    'error',
    'protocol is not acp, mcp or proprietary',
    'Declare protocol: acp, mcp or proprietary; runtimes MUST refuse a manifest with any other protocol.',
    must(
      'protocol discriminator',
      "Runtimes that don't recognise the declared protocol MUST refuse to load the manifest; this is a hard error, not a warning.",
    ),
  ),
  // AGENTCLI-05 — the protocol arm
  manifest(
    'AGENTCLI-05/acp-missing',
    'error',
    'protocol: acp without an `acp` reference',
    'Add `acp: ./<name>.ACP.md`, the AIP-44 profile of the agent’s ACP server.',
    must(
      'protocol discriminator',
      '# protocol: "acp" → MUST declare acp referencing an AIP-44 ACP.md',
    ),
  ),
  manifest(
    'AGENTCLI-05/mcp-missing',
    'error',
    'protocol: mcp without an `mcp` block',
    'Add `mcp: {command, args, transport: stdio}` describing the MCP server.',
    must('protocol discriminator', '# protocol: "mcp" → MUST declare mcp with server config'),
  ),
  manifest(
    'AGENTCLI-05/mcp-transport-missing',
    'error',
    'The mcp block has no transport',
    'Add `transport: stdio` (or http / sse with a url) to the mcp block.',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  manifest(
    'AGENTCLI-05/adapter-missing',
    'error',
    'protocol: proprietary without an `adapter` package',
    'Name the npm package that implements AgentCliClient in `adapter`.',
    must(
      'protocol discriminator',
      '# protocol: "proprietary" → MUST declare adapter (NPM package)',
    ),
  ),
  manifest(
    'AGENTCLI-05/stray-arm',
    'warning',
    'A protocol arm is configured that the declared protocol does not use',
    'Remove the block of the other protocol (e.g. `adapter` next to protocol: acp); runners ignore it and readers are misled.',
    kit('protocol discriminator', 'Three values, with cross-field requirements:'),
    'The schema allows it; the spec names one arm per protocol.',
  ),
  // AGENTCLI-06 — AIP-29 blocks
  manifest(
    'AGENTCLI-06/install',
    'error',
    'An install method does not match any AIP-29 install method',
    'Use one of brew, apt, dnf, pacman, choco, scoop, npm, pip, cargo, go (with package), curl (url), download (url, extract_bin) or vendored (path).',
    must(
      'Conformance',
      "Its install, version_check, auth blocks satisfy AIP-29's schemas (referenced via $ref).",
    ),
  ),
  manifest(
    'AGENTCLI-06/version-check',
    'error',
    'version_check is not an AIP-29 versionCheck',
    'Give version_check cmd, parse (a regex with a capture group) and range (an npm semver range).',
    must(
      'Conformance',
      "Its install, version_check, auth blocks satisfy AIP-29's schemas (referenced via $ref).",
    ),
  ),
  manifest(
    'AGENTCLI-06/version-regex',
    'error',
    'version_check.parse is not a regex with a capture group',
    'Write parse as an ECMAScript regex whose first capture group is the version, e.g. `(\\d+\\.\\d+\\.\\d+)`.',
    must(
      'Conformance',
      "Its install, version_check, auth blocks satisfy AIP-29's schemas (referenced via $ref).",
    ),
  ),
  manifest(
    'AGENTCLI-06/setup',
    'error',
    'A setup step is not an AIP-29 setup step',
    'Give each step an id and a kind (cmd, prompt, oauth, external) with that kind’s fields.',
    must(
      'Conformance',
      "Its install, version_check, auth blocks satisfy AIP-29's schemas (referenced via $ref).",
    ),
  ),
  manifest(
    'AGENTCLI-06/duplicate-setup-id',
    'warning',
    'Two setup steps share an id',
    'Give every setup step its own id; hosts key their setup ledger on it.',
    kit('Setup surface', 'an ordered, idempotent pipeline of post-install configuration steps'),
  ),
  manifest(
    'AGENTCLI-06/auth',
    'error',
    'auth is not an AIP-29 auth block',
    'Use ref, state {paths, env}, login {cmd}, refresh {cmd, every} and expiry {detect} only.',
    must(
      'Conformance',
      "Its install, version_check, auth blocks satisfy AIP-29's schemas (referenced via $ref).",
    ),
  ),
  // AGENTCLI-07 — session
  manifest(
    'AGENTCLI-07/invalid',
    'error',
    'The session block breaks its schema',
    'Use mode ephemeral | persistent | resumable, idle_timeout_ms ≥ 1000, max_turns ≥ 1, context_carryover boolean.',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  manifest(
    'AGENTCLI-07/resumable-without-capability',
    'error',
    'session.mode: resumable without capabilities.resumable: true',
    'Declare capabilities.resumable: true (the binary supports session/load), or choose another session mode.',
    must(
      'Session model',
      'clients MUST refuse to declare resumable against a binary lacking the capability',
    ),
  ),
  // AGENTCLI-08 — capabilities
  manifest(
    'AGENTCLI-08/invalid',
    'error',
    'capabilities holds something other than the seven boolean flags',
    'Use only streaming, tool_calls, sub_agents, file_io, multimodal, resumable and bidirectional, each true or false.',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  // AGENTCLI-09 — modes
  manifest(
    'AGENTCLI-09/id-pattern',
    'error',
    'A mode id does not match ^[a-z0-9][a-z0-9-]*$',
    'Use lower-case letters, digits and hyphens for mode ids, starting with a letter or digit.',
    must(
      'Conformance',
      'When modes is present, every entry has a unique id matching ^[a-z0-9][a-z0-9\\-]*$; mode patches reference no symbols beyond bin_args_append and env.',
    ),
  ),
  manifest(
    'AGENTCLI-09/duplicate-id',
    'error',
    'Two modes share an id',
    'Give every mode its own id; the operator config picks a mode by id.',
    must(
      'Conformance',
      'When modes is present, every entry has a unique id matching ^[a-z0-9][a-z0-9\\-]*$; mode patches reference no symbols beyond bin_args_append and env.',
    ),
  ),
  manifest(
    'AGENTCLI-09/unknown-patch',
    'error',
    'A mode patches something other than bin_args_append and env',
    'Keep mode patches to bin_args_append and env (and a description).',
    must(
      'Conformance',
      'When modes is present, every entry has a unique id matching ^[a-z0-9][a-z0-9\\-]*$; mode patches reference no symbols beyond bin_args_append and env.',
    ),
  ),
  manifest(
    'AGENTCLI-09/invalid',
    'error',
    'A mode breaks its schema',
    'Give each mode an id, and make bin_args_append a list of strings and env a map of strings.',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  // AGENTCLI-10 — options
  manifest(
    'AGENTCLI-10/id-pattern',
    'error',
    'An option id does not match ^[a-z0-9][a-z0-9_]*$',
    'Use lower-case letters, digits and underscores for option ids, starting with a letter or digit.',
    must(
      'Conformance',
      'When options is present, every entry has a unique id matching ^[a-z0-9][a-z0-9_]*$; type: enum entries declare an enum array; min/max only appear on type: integer.',
    ),
  ),
  manifest(
    'AGENTCLI-10/duplicate-id',
    'error',
    'Two options share an id',
    'Give every option its own id; the operator config sets options by id.',
    must(
      'Conformance',
      'When options is present, every entry has a unique id matching ^[a-z0-9][a-z0-9_]*$; type: enum entries declare an enum array; min/max only appear on type: integer.',
    ),
  ),
  manifest(
    'AGENTCLI-10/unknown-type',
    'error',
    'An option type is not boolean, integer, string or enum',
    'Declare type: boolean, integer, string or enum.',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  manifest(
    'AGENTCLI-10/enum-missing',
    'error',
    'type: enum without a non-empty enum list',
    'List the allowed values in `enum`.',
    must(
      'Conformance',
      'When options is present, every entry has a unique id matching ^[a-z0-9][a-z0-9_]*$; type: enum entries declare an enum array; min/max only appear on type: integer.',
    ),
  ),
  manifest(
    'AGENTCLI-10/enum-not-enum',
    'warning',
    'An enum list on an option whose type is not enum',
    'Remove `enum`, or declare type: enum.',
    kit('Options', 'Each option declares a type (boolean | integer | string | enum)'),
    'The schema allows it; the runner ignores it, so a reader is misled about what is validated.',
  ),
  manifest(
    'AGENTCLI-10/bounds-not-integer',
    'error',
    'min or max on an option whose type is not integer',
    'Remove min/max, or declare type: integer (they only appear on integer options).',
    must(
      'Conformance',
      'When options is present, every entry has a unique id matching ^[a-z0-9][a-z0-9_]*$; type: enum entries declare an enum array; min/max only appear on type: integer.',
    ),
  ),
  manifest(
    'AGENTCLI-10/min-above-max',
    'warning',
    'An option’s min is above its max',
    'Make min ≤ max; no value could be valid.',
    kit(
      'Options',
      "Hosts MUST validate OPERATOR.runtime.config.options.<id> against the matching option's type / enum / bounds before spawn.",
    ),
  ),
  manifest(
    'AGENTCLI-10/when-true-not-boolean',
    'error',
    'bin_args_append_when_true on an option whose type is not boolean',
    'Use bin_args_template for value-bearing options; bin_args_append_when_true applies only to type: boolean.',
    must('Options', 'bin_args_append_when_true — applies only to type: boolean.'),
  ),
  manifest(
    'AGENTCLI-10/default-invalid',
    'warning',
    'An option’s default breaks its own type, enum or bounds',
    'Make the default a value the option itself accepts.',
    kit(
      'Options',
      "Hosts MUST validate OPERATOR.runtime.config.options.<id> against the matching option's type / enum / bounds before spawn.",
    ),
  ),
  manifest(
    'AGENTCLI-10/invalid',
    'error',
    'An option breaks its schema',
    'Give each option an id and a type; make templates lists of strings and env a map of strings.',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  // AGENTCLI-11 — continuation
  manifest(
    'AGENTCLI-11/default-not-supported',
    'error',
    'continuation.default is not in continuation.supported',
    'Add the default strategy to supported, or pick a default from supported.',
    must(
      'Conformance',
      'When continuation is present, default is in supported; if default == "native-resume" then capabilities.resumable: true MUST also be declared.',
    ),
  ),
  manifest(
    'AGENTCLI-11/native-resume-without-capability',
    'error',
    'continuation.default: native-resume without capabilities.resumable: true',
    'Declare capabilities.resumable: true, or choose another default strategy.',
    must(
      'Conformance',
      'When continuation is present, default is in supported; if default == "native-resume" then capabilities.resumable: true MUST also be declared.',
    ),
  ),
  manifest(
    'AGENTCLI-11/invalid',
    'error',
    'The continuation block breaks its schema',
    'Give continuation a default and a non-empty, duplicate-free supported list of none, pinned-session, transcript, native-resume.',
    must(
      'Conformance',
      'A manifest is AIP-45-conformant iff: - Its frontmatter validates against ./resources/aip-45/draft/AGENT-CLI.schema.json.',
    ),
  ),
  // AGENTCLI-12 — name
  manifest(
    'AGENTCLI-12/name-not-kebab',
    'warning',
    'name is not a kebab id',
    'Use lower-case letters, digits and hyphens, starting with a letter or digit (`^[a-z0-9][a-z0-9-]{1,63}$`, the pattern of `id`), and name the directory the same.',
    kit('Frontmatter', 'name | Yes | Kebab id matching parent dir'),
    'The spec says "Kebab id"; upstream\'s schema only limits the length to 80, so a warning.',
  ),
  manifest(
    'AGENTCLI-12/name-not-directory',
    'warning',
    'name differs from the directory that holds AGENT-CLI.md',
    'Rename the directory or the manifest’s name so that they are the same kebab id.',
    kit('Frontmatter', 'name | Yes | Kebab id matching parent dir'),
    'Checked only when the manifest is read from a file; the schema cannot see the directory.',
  ),
  // AGENTCLI-13 — a runner's config (resolveSpawn)
  config(
    'AGENTCLI-13/unknown-mode',
    'error',
    'The config picks a mode the manifest does not declare',
    'Pick one of the manifest’s modes[].id, or omit mode to run bin_args verbatim.',
    must(
      'Modes',
      "Hosts MUST reject an OPERATOR.runtime.config.mode value that is not in the manifest's modes[].id list.",
    ),
  ),
  config(
    'AGENTCLI-13/unknown-option',
    'error',
    'The config sets an option the manifest does not declare',
    'Set only options the manifest declares; an unknown id is a hard load-time error.',
    must('Options', 'Unknown ids are a hard load-time error.'),
  ),
  config(
    'AGENTCLI-13/option-type',
    'error',
    'An option value has the wrong type',
    'Give boolean options true/false, integer options a whole number, string and enum options a string.',
    must(
      'Options',
      "Hosts MUST validate OPERATOR.runtime.config.options.<id> against the matching option's type / enum / bounds before spawn.",
    ),
  ),
  config(
    'AGENTCLI-13/option-enum',
    'error',
    'An enum option value is not in its enum',
    'Pick one of the option’s enum values.',
    must(
      'Options',
      "Hosts MUST validate OPERATOR.runtime.config.options.<id> against the matching option's type / enum / bounds before spawn.",
    ),
  ),
  config(
    'AGENTCLI-13/option-bounds',
    'error',
    'An integer option value is outside min…max',
    'Pick a value within the option’s min and max.',
    must(
      'Options',
      "Hosts MUST validate OPERATOR.runtime.config.options.<id> against the matching option's type / enum / bounds before spawn.",
    ),
  ),
  config(
    'AGENTCLI-13/continuation-unsupported',
    'error',
    'The config picks a continuation strategy outside continuation.supported',
    'Pick one of continuation.supported; hosts MUST refuse any other.',
    must('Continuation', 'Hosts MUST refuse to dispatch with a strategy outside supported.'),
  ),
];
