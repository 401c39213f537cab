import { basename, dirname, resolve } from 'node:path';
import {
  AGENT_CLI_OPTION_TYPES,
  AGENT_CLI_PROTOCOLS,
  CONTINUATION_STRATEGIES,
} from '../../spec/agentcli/manifest.js';
import { formatPath, quote, type Report } from './manifest-schema.js';

/** A kebab id: the pattern AGENT-CLI's schema gives `id`, which the spec asks of `name` too. */
const KEBAB_ID = /^[a-z0-9][a-z0-9-]{1,63}$/;

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const includes = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

const ARM = { acp: 'acp', mcp: 'mcp', proprietary: 'adapter' } as const;
const ARM_RULE = {
  acp: 'AGENTCLI-05/acp-missing',
  mcp: 'AGENTCLI-05/mcp-missing',
  proprietary: 'AGENTCLI-05/adapter-missing',
} as const;

/** Repeated string ids in a list of mappings: one finding at each repeat. */
function reportDuplicateIds(
  list: unknown,
  area: string,
  rule: string,
  noun: string,
  report: Report,
) {
  if (!Array.isArray(list)) return;
  const first = new Map<string, number>();
  list.forEach((item, index) => {
    if (!isObj(item) || typeof item.id !== 'string') return;
    const seen = first.get(item.id);
    if (seen === undefined) first.set(item.id, index);
    else
      report(
        rule,
        `\`${formatPath([area, index, 'id'])}\` ${quote(item.id)} repeats the id of ${noun} \`${formatPath([area, seen])}\`.`,
        [area, index, 'id'],
      );
  });
}

/** The number of capture groups of a regex source, or the reason it does not compile. */
function captureGroups(source: string): number | { error: string } {
  try {
    new RegExp(source);
    // An empty alternative makes the regex match '' so exec reports every group, matched or not.
    return (new RegExp(`(?:${source})|`).exec('')?.length ?? 1) - 1;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    return { error: message.slice(message.lastIndexOf(': ') + 2).toLowerCase() || 'invalid' };
  }
}

function reportOption(option: Obj, index: number, report: Report) {
  const type = option.type;
  if (!includes(AGENT_CLI_OPTION_TYPES, type)) return; // AGENTCLI-10/unknown-type or /invalid, from the schema
  const at = (...rest: (string | number)[]) => ['options', index, ...rest];
  const name = `\`${formatPath(at())}\``;
  const list = option.enum;
  if (type === 'enum' && (list === undefined || (Array.isArray(list) && list.length === 0))) {
    report(
      'AGENTCLI-10/enum-missing',
      `${name} has type: enum but ${list === undefined ? 'no `enum` list' : 'an empty `enum` list'}.`,
      list === undefined ? at() : at('enum'),
    );
  }
  if (type !== 'enum' && list !== undefined) {
    report(
      'AGENTCLI-10/enum-not-enum',
      `${name} lists \`enum\` values but has type: ${type}, so they are never checked.`,
      at('enum'),
    );
  }
  if (type !== 'integer' && (option.min !== undefined || option.max !== undefined)) {
    const which = option.min !== undefined ? 'min' : 'max';
    report(
      'AGENTCLI-10/bounds-not-integer',
      `${name} has \`${which}\` but type: ${type}; bounds only apply to type: integer.`,
      at(which),
    );
  }
  const { min, max } = option;
  const minOk = Number.isInteger(min);
  const maxOk = Number.isInteger(max);
  if (type === 'integer' && minOk && maxOk && (min as number) > (max as number)) {
    report(
      'AGENTCLI-10/min-above-max',
      `${name} has min ${String(min)} above max ${String(max)}, so no value is valid.`,
      at('min'),
    );
  }
  if (type !== 'boolean' && option.bin_args_append_when_true !== undefined) {
    report(
      'AGENTCLI-10/when-true-not-boolean',
      `${name} has \`bin_args_append_when_true\` but type: ${type}; it applies only to type: boolean.`,
      at('bin_args_append_when_true'),
    );
  }
  if (option.default !== undefined) {
    const value = option.default;
    let problem: string | undefined;
    if (type === 'boolean' && typeof value !== 'boolean') problem = 'is not true or false';
    else if ((type === 'string' || type === 'enum') && typeof value !== 'string')
      problem = 'is not a string';
    else if (type === 'integer') {
      if (!Number.isInteger(value)) problem = 'is not an integer';
      else if (minOk && (value as number) < (min as number))
        problem = `is below min ${String(min)}`;
      else if (maxOk && (value as number) > (max as number))
        problem = `is above max ${String(max)}`;
    } else if (type === 'enum' && Array.isArray(list) && list.length > 0 && !list.includes(value))
      problem = 'is not one of its enum values';
    if (problem)
      report(
        'AGENTCLI-10/default-invalid',
        `\`${formatPath(at('default'))}\` ${quote(value)} ${problem}.`,
        at('default'),
      );
  }
}

/**
 * The rules of the spec text that the schema does not state (or states only as `if`/`then`, whose ajv
 * errors are dropped in favour of these). Each looks only at parts that are well typed, so a type error
 * is not reported twice.
 */
export function reportCrossFieldFindings(
  m: Obj,
  report: Report,
  options: { path?: string } = {},
): void {
  // AGENTCLI-05: the protocol arm. An unknown protocol is AGENTCLI-04's hard error and nothing more.
  const protocol = m.protocol;
  if (includes(AGENT_CLI_PROTOCOLS, protocol)) {
    const needed = ARM[protocol];
    if (m[needed] === undefined)
      report(
        ARM_RULE[protocol],
        `protocol: ${protocol} needs \`${needed}\`, and the manifest has none.`,
        ['protocol'],
      );
    for (const arm of ['acp', 'mcp', 'adapter'] as const) {
      if (arm !== needed && m[arm] !== undefined) {
        report(
          'AGENTCLI-05/stray-arm',
          `\`${arm}\` configures a protocol arm that protocol: ${protocol} does not use.`,
          [arm],
        );
      }
    }
  }

  // AGENTCLI-06: version_check.parse and setup ids.
  const versionCheck = m.version_check;
  if (isObj(versionCheck) && typeof versionCheck.parse === 'string') {
    const groups = captureGroups(versionCheck.parse);
    if (typeof groups !== 'number') {
      report(
        'AGENTCLI-06/version-regex',
        `\`version_check.parse\` is not an ECMAScript regular expression (${groups.error}).`,
        ['version_check', 'parse'],
      );
    } else if (groups === 0) {
      report(
        'AGENTCLI-06/version-regex',
        '`version_check.parse` has no capture group to take the version from.',
        ['version_check', 'parse'],
      );
    }
  }
  reportDuplicateIds(m.setup, 'setup', 'AGENTCLI-06/duplicate-setup-id', 'setup step', report);

  // AGENTCLI-07 / AGENTCLI-11: what needs capabilities.resumable.
  const resumable = isObj(m.capabilities) && m.capabilities.resumable === true;
  if (isObj(m.session) && m.session.mode === 'resumable' && !resumable) {
    report(
      'AGENTCLI-07/resumable-without-capability',
      '`session.mode` is resumable but `capabilities.resumable` is not true.',
      ['session', 'mode'],
    );
  }

  // AGENTCLI-09 / AGENTCLI-10: ids and the coherence of each option.
  reportDuplicateIds(m.modes, 'modes', 'AGENTCLI-09/duplicate-id', 'mode', report);
  reportDuplicateIds(m.options, 'options', 'AGENTCLI-10/duplicate-id', 'option', report);
  if (Array.isArray(m.options))
    m.options.forEach((option, index) => isObj(option) && reportOption(option, index, report));

  const continuation = m.continuation;
  if (isObj(continuation) && includes(CONTINUATION_STRATEGIES, continuation.default)) {
    if (
      Array.isArray(continuation.supported) &&
      !continuation.supported.includes(continuation.default)
    ) {
      report(
        'AGENTCLI-11/default-not-supported',
        `\`continuation.default\` ${continuation.default} is not in \`continuation.supported\`.`,
        ['continuation', 'default'],
      );
    }
    if (continuation.default === 'native-resume' && !resumable) {
      report(
        'AGENTCLI-11/native-resume-without-capability',
        '`continuation.default` is native-resume but `capabilities.resumable` is not true.',
        ['continuation', 'default'],
      );
    }
  }

  // AGENTCLI-12: a kebab id (the pattern of `id`), and the directory's name when the file's path is known.
  if (typeof m.name === 'string' && !KEBAB_ID.test(m.name)) {
    report(
      'AGENTCLI-12/name-not-kebab',
      `\`name\` ${quote(m.name)} is not a kebab id (lower-case letters, digits and hyphens).`,
      ['name'],
    );
  }
  if (options.path && typeof m.name === 'string') {
    const directory = basename(dirname(resolve(options.path)));
    // A name that differs only in case is one defect, reported above (`Goose_CLI` in `goose_cli/`).
    if (directory.toLowerCase() !== m.name.toLowerCase()) {
      report(
        'AGENTCLI-12/name-not-directory',
        `\`name\` ${quote(m.name)} differs from the directory ${quote(directory)} that holds the manifest.`,
        ['name'],
      );
    }
  }
}
