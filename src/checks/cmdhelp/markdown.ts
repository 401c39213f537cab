/** `help --format md` (cmdhelp v0.1 §6): the section order, the command headings, the frontmatter. Pure. */
import { parse as parseYaml } from 'yaml';
import { MD_SECTIONS } from '../../spec/cmdhelp/constants.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';

export interface MarkdownCommand {
  /** The command path without the binary (`ticket create`); '' for the binary itself. */
  readonly path: string;
  /** 1-based line of its `##` heading. */
  readonly line: number;
  /** Its `###` section titles, in order. */
  readonly sections: readonly string[];
  /** The commands of its `### Examples` code blocks (comment lines left out). */
  readonly examples: readonly string[];
}

export interface MarkdownReport {
  readonly findings: readonly Finding[];
  readonly frontmatter?: Record<string, unknown>;
  readonly commands: readonly MarkdownCommand[];
}

export interface MarkdownOptions {
  /** The tool's binary: frontmatter `binary` must name it, headings start with it. */
  binary?: string;
  strict?: boolean;
}

/**
 * Judge a `help --format md` document (CMDHELP-05) and read its commands and examples (for CMDHELP-06).
 *
 * @example checkCmdhelpMarkdown(md, { binary: 'helpdesk' }).findings
 */
export function checkCmdhelpMarkdown(md: string, options: MarkdownOptions = {}): MarkdownReport {
  const strict = options.strict === true;
  const findings: Finding[] = [];
  const lines = md.split(/\r?\n/);
  let start = 0;
  let frontmatter: Record<string, unknown> | undefined;
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1);
    const fail = (message: string, line = 1) =>
      findings.push(
        makeFinding(
          'CMDHELP-05/frontmatter',
          message,
          { line, excerpt: toExcerpt(lines[line - 1] ?? '') },
          strict,
        ),
      );
    if (end === -1) fail('The frontmatter has no closing `---`.');
    else {
      start = end + 1;
      let data: unknown;
      try {
        data = parseYaml(lines.slice(1, end).join('\n'));
      } catch (error) {
        fail(`The frontmatter is not valid YAML (${(error as Error).message.split('\n', 1)[0]}).`);
      }
      if (data !== undefined) {
        if (data === null || typeof data !== 'object' || Array.isArray(data))
          fail('The frontmatter is not a YAML mapping.');
        else {
          frontmatter = data as Record<string, unknown>;
          const lineOf = (key: string) =>
            1 + lines.slice(0, end).findIndex((l) => l.startsWith(`${key}:`));
          const version = frontmatter.cmdhelp_version;
          if (version !== undefined && !/^\d+\.\d+$/.test(String(version)))
            fail(
              `cmdhelp_version ${JSON.stringify(version)} is not MAJOR.MINOR.`,
              lineOf('cmdhelp_version'),
            );
          if (
            options.binary !== undefined &&
            frontmatter.binary !== undefined &&
            String(frontmatter.binary) !== options.binary
          )
            fail(
              `binary ${JSON.stringify(frontmatter.binary)} is not the tool "${options.binary}".`,
              lineOf('binary'),
            );
        }
      }
    }
  }
  const commands: { path: string; line: number; sections: string[]; examples: string[] }[] = [];
  let current: (typeof commands)[number] | undefined;
  let section = '';
  let fence = false;
  const disordered = new Set<object>();
  for (let i = start; i < lines.length; i++) {
    const text = lines[i]!;
    if (/^\s*(```|~~~)/.test(text)) {
      fence = !fence;
      continue;
    }
    if (fence) {
      if (current && section === 'Examples' && text.trim() !== '' && !text.trim().startsWith('#'))
        current.examples.push(text.trim().replace(/^\$\s+/, ''));
      continue;
    }
    const h2 = /^##\s+(.*?)\s*$/.exec(text);
    if (h2 && !text.startsWith('###')) {
      const quoted = /^`([^`]+)`$/.exec(h2[1]!);
      if (!quoted)
        findings.push(
          makeFinding(
            'CMDHELP-05/heading',
            'The command heading is not `<cmd> <subcommand>` in backticks.',
            { line: i + 1, excerpt: toExcerpt(text) },
            strict,
          ),
        );
      const words = (quoted ? quoted[1]! : h2[1]!).trim().split(/\s+/);
      const path = (
        options.binary === undefined || words[0] === options.binary ? words.slice(1) : words
      ).join(' ');
      current = { path, line: i + 1, sections: [], examples: [] };
      commands.push(current);
      section = '';
      continue;
    }
    const h3 = /^###\s+(.*?)\s*$/.exec(text);
    if (h3 && current) {
      section = h3[1]!;
      const rank = MD_SECTIONS.indexOf(section as (typeof MD_SECTIONS)[number]);
      if (rank !== -1) {
        const before = current.sections.filter(
          (s) => MD_SECTIONS.indexOf(s as (typeof MD_SECTIONS)[number]) >= rank,
        );
        // One finding per command: the first section out of place (what follows it is usually out of place too).
        if (before.length > 0 && !disordered.has(current)) {
          disordered.add(current);
          findings.push(
            makeFinding(
              'CMDHELP-05/section-order',
              `### ${section} comes after ### ${before[before.length - 1]} in \`${current.path}\`; §6 puts it before.`,
              { line: i + 1, excerpt: toExcerpt(text) },
              strict,
            ),
          );
        }
      }
      current.sections.push(section);
    }
  }
  return { findings, ...(frontmatter ? { frontmatter } : {}), commands };
}
