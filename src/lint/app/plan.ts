/**
 * What to run when the caller does not say: the contract names no probe invocations, so the kit reads them from
 * APP.md — its declared commands and the invocations its body documents (`node app/cli.js add "Write docs"`).
 * Pure; see docs/spec-notes.md (Agent Applications, point 7).
 */
import type { AppProbePlan } from '../../checks/app/probe/types.js';
import { tokenizeExample } from '../../checks/cmdhelp/examples.js';
import type { AppManifest } from '../../spec/app/manifest.js';

/** Commands that create an entity, so that a read has ids to compare (APP-14) and a destructive command a target (APP-13). */
export const CREATING_COMMAND = /^(add|create|new|insert|make|put)(-|$)/;

/** The command an unknown-command probe runs: the default invocation that must fail (APP-11, APP-12). */
export const UNKNOWN_COMMAND_PROBE = '__aoi_testkit_no_such_command__';

const assignment = /^[A-Za-z_][A-Za-z0-9_]*=/;
const words = (line: string) => {
  const all = tokenizeExample(line);
  const comment = all.findIndex((w) => w.startsWith('#'));
  return (comment === -1 ? all : all.slice(0, comment)).filter(
    (w, i, list) => !(assignment.test(w) && list.slice(0, i).every((x) => assignment.test(x))),
  );
};

/**
 * The commands APP.md lists, as read: a catalog field of the wrong type (APP-03/catalog-type, a warning) leaves the
 * manifest valid, so anything but a list, and any item without a string name, is left out rather than trusted.
 */
const listedCommands = (manifest: AppManifest) =>
  (Array.isArray(manifest.commands) ? manifest.commands : []).filter(
    (c) => typeof c === 'string' || typeof c?.name === 'string',
  );

/** The command names APP.md declares, in order. */
export const declaredCommands = (manifest: AppManifest): string[] =>
  listedCommands(manifest).map((c) => (typeof c === 'string' ? c : c.name));

/**
 * The invocations the APP.md body documents: lines (a leading `$ ` prompt allowed) whose words start with
 * entry.command's (environment assignments aside on both) followed by a declared command; the argv after
 * entry.command, in document order.
 *
 * @example documentedInvocations('node app/cli.js', 'node app/cli.js add "Write docs"', ['add']) // [['add', 'Write docs']]
 */
export function documentedInvocations(
  command: string,
  body: string,
  declared: readonly string[],
): string[][] {
  const entry = words(command);
  if (entry.length === 0) return [];
  const out: string[][] = [];
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim().replace(/^\$\s+/, '');
    if (!line) continue;
    const argv = words(line);
    if (argv.length <= entry.length || entry.some((w, i) => argv[i] !== w)) continue;
    const rest = argv.slice(entry.length);
    if (declared.includes(rest[0]!)) out.push(rest);
  }
  return out;
}

/**
 * The probe plan: `options.setup` and `options.read` when given; otherwise the read is the first declared command
 * outside confirmationRequired (as the body documents it, else bare), and the setup the first documented
 * invocation of a creating command (`add`, `create`, …) outside confirmationRequired.
 */
export function appProbePlan(
  manifest: AppManifest,
  body: string | undefined,
  options: {
    setup?: readonly (readonly string[])[];
    read?: readonly string[];
    humanSwitch?: readonly string[];
  },
): AppProbePlan {
  const humanSwitch = options.humanSwitch ?? documentedHumanSwitch(manifest, body ?? '');
  const human = humanSwitch && humanSwitch.length > 0 ? { humanSwitch } : {};
  const confirm = manifest.confirmationRequired ?? [];
  const names = declaredCommands(manifest).filter((n) => !confirm.includes(n));
  const documented = documentedInvocations(manifest.entry.command, body ?? '', names);
  const readName = names[0];
  const read =
    options.read ??
    (readName === undefined ? [] : (documented.find((argv) => argv[0] === readName) ?? [readName]));
  if (options.setup !== undefined)
    return { setup: options.setup, setupFrom: 'options', read, ...human };
  const create = documented.find((argv) => argv[0] !== read[0] && CREATING_COMMAND.test(argv[0]!));
  return create
    ? { setup: [create], setupFrom: 'APP.md', read, ...human }
    : { setup: [], setupFrom: 'none', read, ...human };
}

/** A human-output switch as apps spell it: a flag of its own, or a format/output flag whose value names a human format. */
const HUMAN_SWITCH =
  /(?<![\w-])(--(?:human|pretty|text|table|plain)(?![\w-])|--(?:format|output)[= ](?:text|human|table|pretty|plain)(?![\w-]))/;

/**
 * The human-output switch APP.md documents, in its body or its commands' descriptions (`--human`, `--format
 * text`, `--output=table`), as the argv words that ask for it; undefined when it documents none.
 *
 * @example documentedHumanSwitch(manifest, 'Add `--format text` for a table.') // ['--format', 'text']
 */
export function documentedHumanSwitch(manifest: AppManifest, body: string): string[] | undefined {
  const descriptions = listedCommands(manifest).map((c) =>
    typeof c === 'string' || typeof c.description !== 'string' ? '' : c.description,
  );
  const found = [body, ...descriptions]
    .map((text) => HUMAN_SWITCH.exec(text)?.[1])
    .find((m) => m !== undefined);
  return found?.split(' ');
}
