/**
 * The APP.md validator (Agent Applications): APP-01…08. The frontmatter is parsed with the real YAML
 * parser (the same splitter as AGENT-CLI.md, its findings filed under APP-01), then judged field by field.
 */
import { existsSync, statSync } from 'node:fs';
import { FileReadError, readInputFile } from '../../read-file.js';
import { isAbsolute, join } from 'node:path';
import { normalize } from 'node:path/posix';
import { maskSecrets } from '../../secrets/mask.js';
import {
  APP_COMMAND_NAME,
  APP_MANIFEST_FILE,
  APP_SCHEDULING,
  type AppManifest,
} from '../../spec/app/manifest.js';
import { ruleIdsOf } from '../../spec/rules.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';
import { parseAgentCliManifest, type ManifestPath } from '../agentcli/manifest-parse.js';
import { VerdictCollector, type Report } from '../verdict.js';
import { isObject as isRecord } from '../../stream/json.js';

export interface AppManifestOptions {
  /** The package directory: enables APP-04/missing-file and APP-08/missing-skill. */
  dir?: string;
  /** Warnings count as errors. */
  strict?: boolean;
}

export interface AppManifestReport extends Report {
  /** @deprecated use ok */
  readonly valid: boolean;
  /** The frontmatter, typed, when it is valid. */
  manifest?: AppManifest;
  /** The markdown after the frontmatter (when the text had one). */
  body?: string;
  /** Every problem, once, in file order. */
  findings: Finding[];
}

type ReportAt = (id: string, message: string, path: ManifestPath) => void;

const typeName = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'object'
        ? 'a mapping'
        : typeof value;

/**
 * Validate an APP.md: its text (a string or UTF-8 bytes), or its frontmatter already parsed to an object
 * (findings then carry no line). Never throws.
 *
 * @example validateAppManifest(readFileSync('fixtures/apps/todo/APP.md', 'utf8'), { dir: 'fixtures/apps/todo' })
 */
export function validateAppManifest(
  input: string | Uint8Array | object,
  options: AppManifestOptions = {},
): AppManifestReport {
  const strict = options.strict === true;
  try {
    return validate(input, options, strict);
  } catch (error) {
    const reason = error instanceof Error ? error.name : typeof error;
    return finish(
      [
        makeFinding(
          'APP-01/not-a-mapping',
          `The manifest could not be read as plain data (${reason}).`,
        ),
      ],
      undefined,
      undefined,
      strict,
    );
  }
}

/**
 * Read `<dir>/APP.md` and validate it with the package layout. A missing file is APP-01/missing-file.
 *
 * @example validateAppPackage('fixtures/apps/todo').ok // true
 */
export function validateAppPackage(
  dir: string,
  options: Omit<AppManifestOptions, 'dir'> = {},
): AppManifestReport {
  const file = join(dir, APP_MANIFEST_FILE);
  let text: string;
  try {
    text = readInputFile(file);
  } catch (error) {
    // One that exists but is no file to read (a directory, a device, past the bound) is said so.
    const why = error instanceof FileReadError ? `: it ${error.message}` : '';
    return finish(
      [
        makeFinding(
          'APP-01/missing-file',
          why
            ? `${APP_MANIFEST_FILE} at the package root (${dir}) cannot be read${why}.`
            : `There is no ${APP_MANIFEST_FILE} at the package root (${dir}).`,
        ),
      ],
      undefined,
      undefined,
      options.strict === true,
    );
  }
  return validateAppManifest(text, { ...options, dir });
}

function validate(input: unknown, options: AppManifestOptions, strict: boolean): AppManifestReport {
  let frontmatter: unknown;
  let body: string | undefined;
  let lineOf: (path: ManifestPath) => number | undefined = () => undefined;
  let lineText: (line: number) => string | undefined = () => undefined;
  const text =
    typeof input === 'string'
      ? input
      : input instanceof Uint8Array
        ? new TextDecoder().decode(input)
        : undefined;
  if (text !== undefined) {
    const parsed = parseAgentCliManifest(text);
    if (parsed.findings.length > 0) {
      // The splitter is shared with AGENT-CLI.md: the same four ways to fail, filed under APP-01.
      const findings = parsed.findings.map((f) =>
        makeFinding(f.id.replace(/^AGENTCLI-01\//, 'APP-01/'), f.message, f),
      );
      return finish(findings, undefined, undefined, strict);
    }
    ({ frontmatter, lineOf, lineText, body } = parsed);
  } else if (isRecord(input)) {
    frontmatter = input;
  } else {
    return finish(
      [
        makeFinding(
          'APP-01/not-a-mapping',
          `Expected the manifest's text or its frontmatter as an object, not ${typeName(input)}.`,
        ),
      ],
      undefined,
      undefined,
      strict,
    );
  }

  const findings: Finding[] = [];
  const seen = new Set<string>();
  const report: ReportAt = (id, message, path) => {
    const line = lineOf(path);
    const key = `${id}\u0000${line}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    const source = line === undefined ? undefined : lineText(line);
    findings.push(
      makeFinding(id, maskSecrets(message), {
        ...(line !== undefined ? { line } : {}),
        ...(source !== undefined ? { excerpt: toExcerpt(source.trimEnd()) } : {}),
      }),
    );
  };
  judge(frontmatter as Record<string, unknown>, body, options.dir, report);
  return finish(findings, frontmatter, body, strict);
}

function judge(
  fm: Record<string, unknown>,
  body: string | undefined,
  dir: string | undefined,
  report: ReportAt,
): void {
  // APP-02 / APP-03: name, description, version.
  for (const field of ['name', 'description', 'version'] as const) {
    const value = fm[field];
    if (value === undefined) {
      if (field !== 'version')
        report(
          'APP-02/catalog-field',
          `\`${field}\` is missing: catalogs show it, though the CLI contract does not define it.`,
          [],
        );
    } else if (typeof value !== 'string' || (field !== 'version' && value.trim() === '')) {
      report(
        'APP-03/catalog-type',
        `\`${field}\` must be a non-empty string, not ${typeof value === 'string' ? 'an empty string' : typeName(value)}.`,
        [field],
      );
    }
  }

  // entry.command: APP-02, APP-03, APP-04.
  const entry = fm.entry;
  if (entry === undefined)
    report(
      'APP-02/missing-field',
      'The required field `entry` (with `entry.command`) is missing.',
      [],
    );
  else if (!isRecord(entry))
    report(
      'APP-03/type',
      `\`entry\` must be a mapping with a \`command\`, not ${typeName(entry)}.`,
      ['entry'],
    );
  else if (entry.command === undefined)
    report('APP-02/missing-field', 'The required field `entry.command` is missing.', ['entry']);
  else if (typeof entry.command !== 'string')
    report('APP-03/type', `\`entry.command\` must be a string, not ${typeName(entry.command)}.`, [
      'entry',
      'command',
    ]);
  else if (entry.command.trim() === '')
    report('APP-04/empty', '`entry.command` is empty: a runtime has nothing to invoke.', [
      'entry',
      'command',
    ]);
  else {
    for (const file of commandFiles(entry.command)) {
      // Lexical: a runtime installs the package on its own, so nothing above its root is there to run.
      if (leavesPackage(file))
        report(
          'APP-04/outside-package',
          `\`entry.command\` names ${file}, outside the package root.`,
          ['entry', 'command'],
        );
      else if (dir !== undefined && !existsSync(join(dir, file)))
        report(
          'APP-04/missing-file',
          `\`entry.command\` names ${file}, which does not exist in the package.`,
          ['entry', 'command'],
        );
    }
  }

  // commands: APP-03, APP-05.
  let declared: Set<string> | undefined;
  const commands = fm.commands;
  if (commands !== undefined) {
    if (!Array.isArray(commands))
      report('APP-03/catalog-type', `\`commands\` is read as a list, not ${typeName(commands)}.`, [
        'commands',
      ]);
    else {
      declared = new Set();
      commands.forEach((item: unknown, i) => {
        const name = typeof item === 'string' ? item : isRecord(item) ? item.name : undefined;
        if (typeof name !== 'string') {
          report(
            'APP-03/catalog-type',
            `\`commands[${i}]\` is read as a command name or a mapping with a string \`name\`.`,
            ['commands', i],
          );
          return;
        }
        if (
          isRecord(item) &&
          item.description !== undefined &&
          typeof item.description !== 'string'
        ) {
          report(
            'APP-03/catalog-type',
            `\`commands[${i}].description\` is read as a string, not ${typeName(item.description)}.`,
            ['commands', i, 'description'],
          );
        }
        if (!APP_COMMAND_NAME.test(name))
          report(
            'APP-05/command-name',
            `The command name ${JSON.stringify(name)} cannot be passed as a command: it is empty, starts with "-" or holds a control character or a line break.`,
            ['commands', i],
          );
        if (declared!.has(name))
          report(
            'APP-05/duplicate-command',
            `The command ${JSON.stringify(name)} is declared twice.`,
            ['commands', i],
          );
        declared!.add(name);
      });
    }
  }

  // confirmationRequired: APP-03, APP-06.
  const confirm = fm.confirmationRequired;
  if (confirm !== undefined) {
    if (!Array.isArray(confirm))
      report(
        'APP-03/type',
        `\`confirmationRequired\` must be a list of command names, not ${typeName(confirm)}.`,
        ['confirmationRequired'],
      );
    else
      confirm.forEach((name: unknown, i) => {
        if (typeof name !== 'string')
          report(
            'APP-03/type',
            `\`confirmationRequired[${i}]\` must be a command name, not ${typeName(name)}.`,
            ['confirmationRequired', i],
          );
        else if (declared !== undefined && !declared.has(name))
          report(
            'APP-06/unknown-command',
            `\`confirmationRequired\` names ${JSON.stringify(name)}, which \`commands\` does not declare.`,
            ['confirmationRequired', i],
          );
      });
  }

  // scheduling: APP-03, APP-07.
  const scheduling = fm.scheduling;
  if (scheduling !== undefined) {
    if (typeof scheduling !== 'string')
      report('APP-03/type', `\`scheduling\` must be a string, not ${typeName(scheduling)}.`, [
        'scheduling',
      ]);
    else if (!(APP_SCHEDULING as readonly string[]).includes(scheduling))
      report(
        'APP-07/invalid-value',
        `\`scheduling\` is ${JSON.stringify(scheduling)}, not supported or notSupported.`,
        ['scheduling'],
      );
    else if (scheduling === 'supported' && body !== undefined && !/schedul/i.test(body))
      report(
        'APP-07/undocumented',
        '`scheduling: supported`, but the APP.md body documents no scheduling command.',
        ['scheduling'],
      );
  }

  // skills: APP-03, APP-08.
  const skills = fm.skills;
  if (skills !== undefined) {
    if (!Array.isArray(skills))
      report(
        'APP-03/catalog-type',
        `\`skills\` is read as a list of skill names, not ${typeName(skills)}.`,
        ['skills'],
      );
    else {
      const names = new Set<string>();
      skills.forEach((name: unknown, i) => {
        if (typeof name !== 'string' || name.trim() === '') {
          report(
            'APP-03/catalog-type',
            `\`skills[${i}]\` is read as a skill name, not ${typeof name === 'string' ? 'an empty string' : typeName(name)}.`,
            ['skills', i],
          );
          return;
        }
        if (names.has(name))
          report('APP-08/duplicate-skill', `The skill ${JSON.stringify(name)} is listed twice.`, [
            'skills',
            i,
          ]);
        else if (dir !== undefined && !isSkill(dir, name))
          report(
            'APP-08/missing-skill',
            `The skill ${JSON.stringify(name)} has no skills/${name}/SKILL.md in the package.`,
            ['skills', i],
          );
        names.add(name);
      });
    }
  }
}

function isSkill(dir: string, name: string): boolean {
  if (name.includes('..') || isAbsolute(name) || /[\\/]/.test(name)) return false;
  try {
    return statSync(join(dir, 'skills', name, 'SKILL.md')).isFile();
  } catch {
    return false;
  }
}

/**
 * The arguments of a command line that look like package-relative files (`app/cli.js`, `./bin/todo`):
 * a `/` inside, no leading `-`, not absolute, no shell expansion. Environment assignments are skipped.
 */
export function commandFiles(command: string): string[] {
  const words = command.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
  return words
    .map((w) => w.replace(/^(["'])(.*)\1$/, '$2'))
    .filter((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w))
    .filter(
      (w) =>
        w.includes('/') &&
        !w.startsWith('-') &&
        !isAbsolute(w) &&
        !/[$`*?~|;&<>(){}]/.test(w) &&
        !/^[a-z][a-z0-9+.-]*:/i.test(w),
    );
}

/** A package-relative path that climbs above the package root (`../x`, `app/../../x`). */
const leavesPackage = (file: string): boolean =>
  normalize(file.replace(/\\/g, '/')).split('/')[0] === '..';

/** The report: findings in file order, one verdict per manifest rule (APP-01…08). */
function finish(
  findings: Finding[],
  frontmatter: unknown,
  body: string | undefined,
  strict: boolean,
): AppManifestReport {
  // Every finding kept: the report lists them all, as the verdicts count them.
  const collector = new VerdictCollector({ strict, keepPerSubRule: Infinity });
  findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => (a.finding.line ?? 0) - (b.finding.line ?? 0) || a.index - b.index)
    .forEach(({ finding }) => collector.addFinding(finding));
  // No frontmatter to read: the rules that judge its fields have nothing to judge, and must not pass (APP-01 says why).
  if (frontmatter === undefined) {
    for (const rule of ruleIdsOf('APP', 'manifest').filter((id) => id !== 'APP-01'))
      collector.skip(
        rule,
        `${APP_MANIFEST_FILE} has no readable frontmatter (see APP-01), so its fields were not judged`,
      );
  }
  const { ok, verdicts } = collector.report(ruleIdsOf('APP', 'manifest'));
  return {
    ok,
    valid: ok,
    ...(ok && frontmatter !== undefined ? { manifest: frontmatter as AppManifest } : {}),
    ...(body !== undefined ? { body } : {}),
    findings: [...collector.findings],
    verdicts,
  };
}
