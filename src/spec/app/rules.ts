import { kit, must, should, subRulesJudgedBy, withDocs } from '../define.js';
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
    must(
      'The CLI contract',
      'Every Agent Application exposes a CLI entrypoint declared in APP.md as entry.command.',
    ),
  ),
  manifest(
    'APP-01/no-frontmatter',
    'error',
    'APP.md does not start with a `---` frontmatter block',
    'Start APP.md with a line `---`, the YAML frontmatter, and a closing `---` line.',
    must(
      'Confirmation-required commands',
      'To detect confirmation-required commands, read confirmationRequired from the APP.md frontmatter at catalog time.',
    ),
  ),
  manifest(
    'APP-01/yaml-syntax',
    'error',
    'The frontmatter is not valid YAML',
    'Fix the YAML at the line shown (indentation, quoting, an unclosed bracket).',
    must(
      'Confirmation-required commands',
      'To detect confirmation-required commands, read confirmationRequired from the APP.md frontmatter at catalog time.',
    ),
  ),
  manifest(
    'APP-01/duplicate-key',
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
    'APP-01/not-a-mapping',
    'error',
    'The frontmatter is not a YAML mapping',
    'Write the frontmatter as `key: value` pairs at the top level.',
    must(
      'The CLI contract',
      'Every Agent Application exposes a CLI entrypoint declared in APP.md as entry.command.',
    ),
  ),
  manifest(
    'APP-02/missing-field',
    'error',
    'entry.command is missing',
    'Declare the command a runtime invokes: `entry: {command: node app/cli.js}`.',
    must(
      'The CLI contract',
      'Every Agent Application exposes a CLI entrypoint declared in APP.md as entry.command.',
    ),
  ),
  manifest(
    'APP-02/catalog-field',
    'warning',
    'name or description is missing',
    'Give the package a name and a one-paragraph description: catalogs list applications by them.',
    kit(
      'The CLI contract',
      'Every Agent Application exposes a CLI entrypoint declared in APP.md as entry.command.',
    ),
    'The CLI contract names entry.command, confirmationRequired and scheduling; name and description are what catalogs show, not a requirement of its text.',
  ),
  manifest(
    'APP-03/type',
    'error',
    'A field the contract names has the wrong type (entry, entry.command, confirmationRequired, scheduling)',
    'Give the field its type: entry a mapping with entry.command a string, confirmationRequired a list of command names, scheduling a string.',
    must('Invoking entry.command', 'The entry.command field is a callable string'),
  ),
  manifest(
    'APP-03/catalog-type',
    'warning',
    'A field the contract does not define (name, description, version, commands, skills) has a type the kit does not read',
    'Write name, description and version as strings, and commands and skills as lists of names.',
    kit(
      'The CLI contract',
      "The application's CLI must: … Use stable command names and stable entity identifiers",
    ),
    'The kit reads these fields to plan its probes and to judge APP-05, APP-06 and APP-08; the contract does not define them.',
  ),
  manifest(
    'APP-04/empty',
    'error',
    'entry.command is empty',
    'Write the command a runtime invokes from the package root, e.g. `node app/cli.js`.',
    must(
      'Invoking entry.command',
      'The spec does not constrain the form, only that a compatible runtime can invoke it and receive structured JSON on stdout.',
    ),
  ),
  manifest(
    'APP-04/outside-package',
    'warning',
    'entry.command names a file outside the package root (../…)',
    'Ship the program inside the package and name it from the package root (`node app/cli.js`): a runtime installs and runs the package on its own.',
    kit(
      'Invoking entry.command',
      'Always invoke from the package root so relative paths inside the application resolve correctly.',
    ),
    'Judged on the path as written (no symlinks followed), with or without the package directory.',
  ),
  manifest(
    'APP-04/missing-file',
    'error',
    'entry.command names a package file that does not exist',
    'Fix the path (it is resolved from the package root) or ship the file.',
    must(
      'Invoking entry.command',
      'The spec does not constrain the form, only that a compatible runtime can invoke it and receive structured JSON on stdout.',
    ),
    'Checked only when the package directory is known; only arguments that look like relative paths are checked.',
  ),
  manifest(
    'APP-05/command-name',
    'warning',
    'A command name cannot be passed as a command (empty, a leading "-", a control character or a line break)',
    'Name commands with words a runtime can pass after entry.command (`list`, `set_due`, `setDue`, `items list`).',
    kit(
      'The CLI contract',
      "The application's CLI must: … Use stable command names and stable entity identifiers",
    ),
  ),
  manifest(
    'APP-05/duplicate-command',
    'warning',
    'A command is declared twice',
    'Declare each command once; runtimes key their catalog on the name.',
    kit(
      'The CLI contract',
      "The application's CLI must: … Use stable command names and stable entity identifiers",
    ),
  ),
  manifest(
    'APP-06/unknown-command',
    'warning',
    'confirmationRequired names a command that commands does not declare',
    'List only declared commands in confirmationRequired (or declare the command).',
    kit(
      'Confirmation-required commands',
      'Some commands are destructive. APP.md declares these in confirmationRequired',
    ),
    'Checked only when commands is declared.',
  ),
  manifest(
    'APP-07/invalid-value',
    'warning',
    'scheduling is neither supported nor notSupported',
    'Write `scheduling: supported` or `scheduling: notSupported` (or omit it).',
    kit(
      'Scheduling commands',
      'If scheduling is notSupported or absent, do not attempt any scheduling invocations.',
    ),
  ),
  manifest(
    'APP-07/undocumented',
    'warning',
    'scheduling: supported, but the body never documents a scheduling command',
    'Document the scheduling commands in the APP.md body; runtimes may only invoke what the body documents.',
    kit(
      'Scheduling commands',
      'If APP.md declares scheduling: supported, the application exposes scheduling-related CLI commands documented in the APP.md body.',
    ),
    'The spec says the commands are documented in the body but not how; the kit looks for the word "schedul" in the body.',
  ),
  manifest(
    'APP-08/missing-skill',
    'warning',
    'A skill has no skills/<name>/SKILL.md in the package',
    'Ship skills/<name>/SKILL.md for every skill listed, or remove the entry.',
    kit('The CLI contract'),
    'Checked only when the package directory is known.',
  ),
  manifest(
    'APP-08/duplicate-skill',
    'warning',
    'A skill is listed twice',
    'List each skill once.',
    kit('The CLI contract'),
  ),
  probe(
    'APP-10/not-json',
    'error',
    'A successful invocation did not print a JSON document on stdout',
    'Print the result as JSON on stdout by default; offer human output behind an explicit flag, and diagnostics on stderr.',
    must(
      'The CLI contract',
      "The application's CLI must: … Return machine-readable JSON to stdout by default",
    ),
  ),
  probe(
    'APP-10/multiple-documents',
    'warning',
    'A successful invocation printed more than one JSON document',
    'Print exactly one JSON document per invocation (wrap lists in an object such as `{ok, items}`).',
    kit('Handling JSON stdout', 'Parse the JSON from stdout.'),
  ),
  probe(
    'APP-10/human-by-environment',
    'error',
    'Under a terminal-like environment (TERM, COLORTERM, FORCE_COLOR, CLICOLOR_FORCE) the read printed no JSON document: human output was not opt-in',
    'Choose human output only from an explicit switch (`--human`, `--format text`), never from the environment; stdout stays JSON by default.',
    must(
      'The CLI contract',
      "The application's CLI must: … Treat human-readable output, if supported, as opt-in",
    ),
    'Judged by the environment only: a runtime pipes stdout, so a default that changes on a TTY is not probed (docs/spec-notes.md, Agent Applications).',
  ),
  probe(
    'APP-10/human-sticky',
    'error',
    'After one invocation with the advertised human-output switch, the same read without it printed no JSON document',
    'Apply the human-output switch to its own invocation only; never remember it in the state or a config file.',
    must(
      'The CLI contract',
      "The application's CLI must: … Treat human-readable output, if supported, as opt-in",
    ),
    'Judged only when APP.md documents a human-output switch (`--human`, `--pretty`, `--format text`, …) or the caller names one (`humanSwitch`, `lint --app-human`).',
  ),
  probe(
    'APP-11/exit-zero-on-failure',
    'error',
    'A failing invocation exited 0',
    'Exit non-zero whenever the command fails (an unknown command, an `ok:false` result).',
    must(
      'The CLI contract',
      "The application's CLI must: … Return a non-zero exit code on failure",
    ),
  ),
  probe(
    'APP-12/unstructured-error',
    'warning',
    'A failing invocation did not print {ok:false,error:{code,message}} on stdout',
    'On failure print `{"ok":false,"error":{"code":"…","message":"…"}}` on stdout.',
    should(
      'The CLI contract',
      "The application's CLI must: … Return structured JSON errors on failure when possible",
    ),
    'The spec says "when possible", so the kit warns; strict makes it an error.',
  ),
  probe(
    'APP-13/not-enforced',
    'warning',
    'A command listed in confirmationRequired ran without confirmation',
    'Refuse the command unless confirmed (e.g. `--confirm`), exiting non-zero with error.code CONFIRMATION_REQUIRED.',
    kit(
      'Confirmation-required commands',
      'your runtime should intercept the command before it reaches the CLI',
    ),
    'The contract puts the confirmation duty on the runtime ("your runtime should intercept the command before it reaches the CLI"); CONFIRMATION_REQUIRED only "indicates the application itself enforces this". An app that does not is a warning; strict makes it an error.',
  ),
  probe(
    'APP-13/state-changed',
    'warning',
    'A command listed in confirmationRequired refused to run without confirmation, yet changed the state',
    'Check for confirmation before touching anything: refuse first, then act only when confirmed.',
    kit(
      'Confirmation-required commands',
      'The JSON error code CONFIRMATION_REQUIRED indicates the application itself enforces this',
    ),
    'Judged by the ids the read command shows before and after the unconfirmed call; only when the read shows some and they are stable (APP-14).',
  ),
  probe(
    'APP-14/unstable-ids',
    'error',
    'The same read returned different entity ids on two invocations',
    'Give entities ids that persist in the state directory (e.g. td_0001), not positions or per-run values.',
    must(
      'The CLI contract',
      "The application's CLI must: … Use stable command names and stable entity identifiers",
    ),
  ),
  probe(
    'APP-15/does-not-start',
    'error',
    'entry.command, run from the package root, failed its read command',
    'Make entry.command runnable from the package root (relative paths resolve against it) and let the read command succeed on fresh state.',
    must(
      'Invoking entry.command',
      'The spec does not constrain the form, only that a compatible runtime can invoke it and receive structured JSON on stdout.',
    ),
  ),
];
