import { UsageError } from './errors.js';

export interface ShellWordsOptions {
  /**
   * Stop at an unquoted `|`, `;`, `&`, `<` or `>` that starts a word: what follows is another program or a
   * redirection (a documented example such as `tool list | jq .` is the tool's words up to the pipe).
   */
  readonly stopAtOperator?: boolean;
  /** Take an unterminated quote to the end of the line (a document's example) instead of throwing a UsageError (a flag's value). */
  readonly forgiveUnterminated?: boolean;
}

/**
 * Split a command line into words as a POSIX shell would, without expansion: words split on blanks, '…' taken
 * literally, a backslash escaping the next character in a bare word and `"`, `\`, `$` or `` ` `` within "…".
 * The kit's one splitter: `--invoke '<args>'` values and the config's command lines (strict), and the examples
 * of a cmdhelp document (`stopAtOperator`, `forgiveUnterminated`).
 */
export function shellWords(line: string, options: ShellWordsOptions = {}): string[] {
  const unterminated = (quote: string) => {
    if (!options.forgiveUnterminated)
      throw new UsageError(`unterminated ${quote} in ${JSON.stringify(line)}`);
  };
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      let end = line.indexOf("'", i + 1);
      if (end === -1) {
        unterminated("'");
        end = line.length;
      }
      word += line.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '"') {
      inWord = true;
      for (i++; i < line.length && line[i] !== '"'; i++)
        word += line[i] === '\\' && /["\\$`]/.test(line[i + 1] ?? '') ? line[++i] : line[i];
      if (i >= line.length) unterminated('"');
    } else if (c === '\\') {
      if (i + 1 < line.length) word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else if (options.stopAtOperator && !inWord && /[|;&<>]/.test(c)) {
      break;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}
