import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { shellWords } from '../../src/shell-words.js';

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
