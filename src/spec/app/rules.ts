import { subRulesJudgedBy, withDocs } from '../define.js';
import type { Rule, SubRule } from '../types.js';

/**
 * APP-01…08: rules on the APP.md manifest of an Agent Application (app-cli-contract: entry.command,
 * confirmationRequired, scheduling, plus the kit's reading of the frontmatter — see docs/spec-notes.md).
 * APP-09 is free for a later manifest rule; APP-10…15 are judged by running the application's CLI.
 */
export const APP_RULES: readonly Rule[] = withDocs([
  {
    id: 'APP-01',
    title: 'The package root holds an APP.md whose YAML frontmatter parses to a mapping',
    characteristics: ['Discoverable'],
    sections: ['§Invoking entry.command'],
  },
  {
    id: 'APP-02',
    title: 'Every required field is present: name, description, entry.command',
    characteristics: ['Discoverable'],
    sections: ['§The CLI contract'],
  },
  {
    id: 'APP-03',
    title: 'Fields have their declared types',
    characteristics: ['Typed'],
    sections: ['§The CLI contract'],
  },
  {
    id: 'APP-04',
    title: 'entry.command is a callable string whose files exist in the package',
    characteristics: ['Discoverable'],
    sections: ['§Invoking entry.command'],
  },
  {
    id: 'APP-05',
    title: 'Command names are stable identifiers, each declared once',
    characteristics: ['Typed', 'Versioned'],
    sections: ['§Stable identifiers and caching'],
  },
  {
    id: 'APP-06',
    title: 'confirmationRequired lists only declared commands',
    characteristics: ['Safe'],
    sections: ['§Confirmation-required commands'],
  },
  {
    id: 'APP-07',
    title:
      'scheduling is supported or notSupported, and supported scheduling is documented in the body',
    characteristics: ['Discoverable'],
    sections: ['§Scheduling commands'],
  },
  {
    id: 'APP-08',
    title: 'Every skill resolves to skills/<name>/SKILL.md, once',
    characteristics: ['Discoverable'],
    sections: ['§The CLI contract'],
  },
  {
    id: 'APP-10',
    title: 'Commands print one JSON document on stdout by default',
    characteristics: ['Typed', 'Composable'],
    sections: ['§Handling JSON stdout', '§The CLI contract'],
  },
  {
    id: 'APP-11',
    title: 'A failing invocation exits non-zero',
    characteristics: ['Verifiable'],
    sections: ['§Non-zero exit codes'],
  },
  {
    id: 'APP-12',
    title: 'Failures print {ok:false,error:{code,message}} on stdout',
    characteristics: ['Typed'],
    sections: ['§Failure output', '§Error handling'],
  },
  {
    id: 'APP-13',
    title:
      'Commands listed in confirmationRequired refuse to run without confirmation (CONFIRMATION_REQUIRED)',
    characteristics: ['Safe'],
    sections: ['§Confirmation-required commands'],
  },
  {
    id: 'APP-14',
    title: 'Entity ids are stable across invocations',
    characteristics: ['Idempotent'],
    sections: ['§Stable identifiers and caching'],
  },
  {
    id: 'APP-15',
    title: 'entry.command runs from the package root and its read command succeeds',
    characteristics: ['Discoverable'],
    sections: ['§Invoking entry.command'],
  },
]);

const manifest = subRulesJudgedBy('manifest');
const probe = subRulesJudgedBy('probe');

/** Every distinct way an Agent Application breaks an APP rule. */
export const APP_SUB_RULES: readonly SubRule[] = [
  manifest(
    'APP-01/missing-file',
    'error',
    'The package directory has no APP.md',
    'Put the manifest at the package root, named exactly APP.md.',
  ),
  manifest(
    'APP-01/no-frontmatter',
    'error',
    'APP.md does not start with a `---` frontmatter block',
    'Start APP.md with a line `---`, the YAML frontmatter, and a closing `---` line.',
  ),
  manifest(
    'APP-01/yaml-syntax',
    'error',
    'The frontmatter is not valid YAML',
    'Fix the YAML at the line shown (indentation, quoting, an unclosed bracket).',
  ),
  manifest(
    'APP-01/duplicate-key',
    'error',
    'A key appears twice in one YAML mapping',
    'Keep one occurrence of the key; YAML 1.2 forbids duplicates and parsers disagree on which wins.',
  ),
  manifest(
    'APP-01/not-a-mapping',
    'error',
    'The frontmatter is not a YAML mapping',
    'Write the frontmatter as `key: value` pairs at the top level.',
  ),
  manifest(
    'APP-02/missing-field',
    'error',
    'A required field is missing',
    'Add the field: name, description and entry.command are required.',
  ),
  manifest(
    'APP-03/type',
    'error',
    'A field has the wrong type',
    'Give the field its type: name, description, version and entry.command strings; commands, confirmationRequired and skills lists; scheduling a string.',
  ),
  manifest(
    'APP-04/empty',
    'error',
    'entry.command is empty',
    'Write the command a runtime invokes from the package root, e.g. `node app/cli.js`.',
  ),
  manifest(
    'APP-04/outside-package',
    'error',
    'entry.command names a file outside the package root (../…)',
    'Ship the program inside the package and name it from the package root (`node app/cli.js`): a runtime installs and runs the package on its own.',
    'Judged on the path as written (no symlinks followed), with or without the package directory.',
  ),
  manifest(
    'APP-04/missing-file',
    'error',
    'entry.command names a package file that does not exist',
    'Fix the path (it is resolved from the package root) or ship the file.',
    'Checked only when the package directory is known; only arguments that look like relative paths are checked.',
  ),
  manifest(
    'APP-05/command-name',
    'error',
    'A command name is not a lower-case identifier',
    'Name commands with lower-case letters, digits and hyphens, starting with a letter (`list`, `add`, `set-due`).',
  ),
  manifest(
    'APP-05/duplicate-command',
    'error',
    'A command is declared twice',
    'Declare each command once; runtimes key their catalog on the name.',
  ),
  manifest(
    'APP-06/unknown-command',
    'error',
    'confirmationRequired names a command that commands does not declare',
    'List only declared commands in confirmationRequired (or declare the command).',
    'Checked only when commands is declared.',
  ),
  manifest(
    'APP-07/invalid-value',
    'error',
    'scheduling is neither supported nor notSupported',
    'Write `scheduling: supported` or `scheduling: notSupported` (or omit it).',
  ),
  manifest(
    'APP-07/undocumented',
    'warning',
    'scheduling: supported, but the body never documents a scheduling command',
    'Document the scheduling commands in the APP.md body; runtimes may only invoke what the body documents.',
    'The spec says the commands are documented in the body but not how; the kit looks for the word "schedul" in the body.',
  ),
  manifest(
    'APP-08/missing-skill',
    'error',
    'A skill has no skills/<name>/SKILL.md in the package',
    'Ship skills/<name>/SKILL.md for every skill listed, or remove the entry.',
    'Checked only when the package directory is known.',
  ),
  manifest('APP-08/duplicate-skill', 'error', 'A skill is listed twice', 'List each skill once.'),
  probe(
    'APP-10/not-json',
    'error',
    'A successful invocation did not print a JSON document on stdout',
    'Print the result as JSON on stdout by default; offer human output behind an explicit flag, and diagnostics on stderr.',
  ),
  probe(
    'APP-10/multiple-documents',
    'error',
    'A successful invocation printed more than one JSON document',
    'Print exactly one JSON document per invocation (wrap lists in an object such as `{ok, items}`).',
  ),
  probe(
    'APP-10/human-by-environment',
    'error',
    'Under a terminal-like environment (TERM, COLORTERM, FORCE_COLOR, CLICOLOR_FORCE) the read printed no JSON document: human output was not opt-in',
    'Choose human output only from an explicit switch (`--human`, `--format text`), never from the environment; stdout stays JSON by default.',
    'Judged by the environment only: a runtime pipes stdout, so a default that changes on a TTY is not probed (docs/spec-notes.md, Agent Applications).',
  ),
  probe(
    'APP-10/human-sticky',
    'error',
    'After one invocation with the advertised human-output switch, the same read without it printed no JSON document',
    'Apply the human-output switch to its own invocation only; never remember it in the state or a config file.',
    'Judged only when APP.md documents a human-output switch (`--human`, `--pretty`, `--format text`, …) or the caller names one (`humanSwitch`, `lint --app-human`).',
  ),
  probe(
    'APP-11/exit-zero-on-failure',
    'error',
    'A failing invocation exited 0',
    'Exit non-zero whenever the command fails (an unknown command, an `ok:false` result).',
  ),
  probe(
    'APP-12/unstructured-error',
    'warning',
    'A failing invocation did not print {ok:false,error:{code,message}} on stdout',
    'On failure print `{"ok":false,"error":{"code":"…","message":"…"}}` on stdout.',
    'The spec says "when possible", so the kit warns; strict makes it an error.',
  ),
  probe(
    'APP-13/not-enforced',
    'warning',
    'A command listed in confirmationRequired ran without confirmation',
    'Refuse the command unless confirmed (e.g. `--confirm`), exiting non-zero with error.code CONFIRMATION_REQUIRED.',
    'The contract puts the confirmation duty on the runtime ("your runtime should intercept the command before it reaches the CLI"); CONFIRMATION_REQUIRED only "indicates the application itself enforces this". An app that does not is a warning; strict makes it an error.',
  ),
  probe(
    'APP-13/state-changed',
    'error',
    'A command listed in confirmationRequired refused to run without confirmation, yet changed the state',
    'Check for confirmation before touching anything: refuse first, then act only when confirmed.',
    'Judged by the ids the read command shows before and after the unconfirmed call; only when the read shows some and they are stable (APP-14).',
  ),
  probe(
    'APP-14/unstable-ids',
    'error',
    'The same read returned different entity ids on two invocations',
    'Give entities ids that persist in the state directory (e.g. td_0001), not positions or per-run values.',
  ),
  probe(
    'APP-15/does-not-start',
    'error',
    'entry.command, run from the package root, failed its read command',
    'Make entry.command runnable from the package root (relative paths resolve against it) and let the read command succeed on fresh state.',
  ),
];
