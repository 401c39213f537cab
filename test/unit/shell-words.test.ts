import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { shellWords } from '../../src/shell-words.js';
import { tokenizeExample } from '../../src/checks/cmdhelp/examples.js';

/** The kit's one shell splitter: strict for flag values, with two options for a document's examples. */
describe('shellWords', () => {
  it('splits as a POSIX shell would, without expansion', () => {
    expect(shellWords(`a 'b c' "d \\"e\\" \\n $x" f\\ g ''`)).toEqual([
      'a',
      'b c',
      'd "e" \\n $x',
      'f g',
      '',
    ]);
  });

  describe('an operator: the rest is another program or a redirection', () => {
    const line = `tool list --json | jq . ; tool x && y > out < in`;
    it('is a word like any other by default', () => {
      expect(shellWords('tool a|b')).toEqual(['tool', 'a|b']);
      expect(shellWords(line)).toContain('|');
    });
    it('ends the words with stopAtOperator, where it starts a word', () => {
      expect(shellWords(line, { stopAtOperator: true })).toEqual(['tool', 'list', '--json']);
      for (const op of [';', '&&', '||', '>', '<'])
        expect(shellWords(`tool a ${op} b`, { stopAtOperator: true })).toEqual(['tool', 'a']);
      // Quoted or inside a word, it is the word's.
      expect(shellWords(`tool 'a | b' c|d "e;f"`, { stopAtOperator: true })).toEqual([
        'tool',
        'a | b',
        'c|d',
        'e;f',
      ]);
    });
  });

  describe('an unterminated quote', () => {
    it('is a UsageError by default', () => {
      expect(() => shellWords(`create --title 'oops`)).toThrow(UsageError);
      expect(() => shellWords(`create --title "oops`)).toThrow(UsageError);
    });
    it('runs to the end of the line with forgiveUnterminated', () => {
      const forgive = { forgiveUnterminated: true };
      expect(shellWords(`create --title 'oops it`, forgive)).toEqual([
        'create',
        '--title',
        'oops it',
      ]);
      expect(shellWords(`create --title "oops \\"it`, forgive)).toEqual([
        'create',
        '--title',
        'oops "it',
      ]);
    });
  });
});

/**
 * cmdhelp examples split as POSIX sh splits them (shellWords since the splitters were merged). The cmdhelp spec only
 * says each example's cmd is parsed and resolved against the flag tree (§6), so a shell's reading is the one an
 * author expects when they paste the line; no fixture or scenario has an example with a backslash (checked when the
 * two behaviours changed: inside double quotes a backslash escapes only `"`, `\`, `$` and a backtick; a trailing one
 * is dropped, as sh drops a line continuation with nothing after it).
 */
describe('tokenizeExample (cmdhelp examples)', () => {
  it('keeps a backslash in double quotes before any other character, and drops a trailing one', () => {
    expect(tokenizeExample('t "a\\nb" "c\\"d"')).toEqual(['t', 'a\\nb', 'c"d']);
    expect(tokenizeExample('t a\\')).toEqual(['t', 'a']);
  });
});
