/** A CLI's usage text (the kit's `--help`) from its table: passed as data, as every renderer of report/ is. */
import type { CmdhelpFlag } from '../spec/cmdhelp/types.js';

/** A flag as the usage text shows it: its line's value name (default: the enum, else the format) and text (continuation lines after `\n`). */
export type UsageFlag = CmdhelpFlag & { usage?: { value?: string; text: string } };

export interface Usage {
  readonly summary: string;
  readonly tool: string;
  /** The synopses after `Usage:`, each with its text from column 41. */
  readonly forms: readonly { synopsis: string; text: string }[];
  /** The verbs whose flags are listed in full, each in a section "<name> options:". */
  readonly sections: readonly { name: string; flags: Readonly<Record<string, UsageFlag>> }[];
  readonly footer: string;
}

export function usageText({ summary, tool, forms, sections, footer }: Usage): string {
  return `${summary}

Usage:
${forms.map((form) => column(`  ${tool} ${form.synopsis}`, 41, 1, form.text)).join('')}${sections.map(({ name, flags }) => `\n${name} options:\n${optionLines(flags)}`).join('')}
${footer}`;
}

/** `left` (alone without `text`: no trailing blanks), then `text` from column `at` (`gap` spaces after a longer `left`), each of its lines after a `\n` indented to `at`. */
function column(left: string, at: number, gap: number, text: string): string {
  if (text === '') return `${left}\n`;
  const first = text.startsWith('\n')
    ? left
    : left.length + gap <= at
      ? left.padEnd(at)
      : `${left}${' '.repeat(gap)}`;
  return `${first}${text.replaceAll('\n', `\n${' '.repeat(at)}`)}\n`;
}

/** A verb's flags: `--name VALUE`, then the flag's usage text from column 24. */
function optionLines(flags: Readonly<Record<string, UsageFlag>>): string {
  return Object.entries(flags)
    .map(([flag, f]) => {
      const value =
        f.type === 'bool' ? undefined : (f.usage?.value ?? f.enum?.join('|') ?? f.format);
      const left = `  ${f.negate_flag ?? `--${flag}`}${value !== undefined ? ` ${value}` : ''}`;
      return column(left, 24, 2, f.usage?.text ?? '');
    })
    .join('');
}
