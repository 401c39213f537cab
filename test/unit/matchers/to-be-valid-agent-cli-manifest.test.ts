import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, test } from 'vitest';
import { aoiMatchers, toBeValidAgentCliManifest } from '../../../src/matchers/index.js';
import { rulePage } from '../../../src/report/rule-pages.js';
expect.extend(aoiMatchers);

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const corpus = join(repoRoot, 'fixtures', 'manifests', 'agent-cli');
const read = (rel: string) => readFileSync(join(corpus, rel, 'AGENT-CLI.md'), 'utf8');

/** The message a matcher gives when the assertion fails. */
function failure(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    // The runner colours what its own utilities print; snapshots compare the text.
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error('the assertion did not fail');
}

describe('toBeValidAgentCliManifest', () => {
  test('passes a valid manifest, as text or as a parsed frontmatter', () => {
    expect(read('valid/hermes')).toBeValidAgentCliManifest();
    expect(read('valid/goose')).toBeValidAgentCliManifest({
      path: join(corpus, 'valid/goose/AGENT-CLI.md'),
    });
    expect({
      name: 'x',
      id: 'xx',
      description: 'd',
      version: '1.0.0',
      bin: 'x',
      install: [{ method: 'brew', package: 'x' }],
      version_check: { cmd: 'x --version', parse: '(\\d+)', range: '*' },
      sandbox: './SANDBOX.md',
      protocol: 'proprietary',
      adapter: 'x-adapter',
    }).toBeValidAgentCliManifest();
  });

  test('fails an invalid manifest, naming the rule, the line and the docs', () => {
    const message = failure(() =>
      expect(read('invalid/agentcli-10--bounds-not-integer')).toBeValidAgentCliManifest(),
    );
    expect(message).toBe(
      [
        'expect(received).toBeValidAgentCliManifest()',
        '',
        'Expected a valid AGENT-CLI.md manifest.',
        '',
        'AGENTCLI-10/bounds-not-integer: `options[0]` has `min` but type: string; bounds only apply to type: integer.',
        '  line 21:     min: 1',
        '  fix: Remove min/max, or declare type: integer (they only appear on integer options).',
        `  see ${rulePage('docs/rules/AGENTCLI-10.md')}`,
      ].join('\n'),
    );
  });

  test('.not passes an invalid manifest and fails a valid one', () => {
    expect(read('invalid/agentcli-04--unknown-protocol')).not.toBeValidAgentCliManifest();
    expect(42).not.toBeValidAgentCliManifest();
    const message = failure(() => expect(read('valid/minimal')).not.toBeValidAgentCliManifest());
    expect(message).toContain('expect(received).not.toBeValidAgentCliManifest()');
    expect(message).toContain('Expected an invalid AGENT-CLI.md manifest, but it is valid');
  });

  test('warnings pass unless strict, and .not shows them', () => {
    const file = join(corpus, 'invalid/agentcli-12--name-not-directory/AGENT-CLI.md');
    const text = readFileSync(file, 'utf8');
    expect(text).toBeValidAgentCliManifest({ path: file });
    const strict = failure(() =>
      expect(text).toBeValidAgentCliManifest({ path: file, strict: true }),
    );
    expect(strict).toContain('AGENTCLI-12/name-not-directory');
    expect(strict).toContain('line 2: name: some-other-agent');
    expect(strict).toContain('docs/rules/AGENTCLI-12.md');
    const not = failure(() => expect(text).not.toBeValidAgentCliManifest({ path: file }));
    expect(not).toContain('AGENTCLI-12/name-not-directory (warning)');
  });

  test('works as a plain function', () => {
    const result = toBeValidAgentCliManifest.call(
      { isNot: false },
      read('invalid/agentcli-02--missing-field'),
    );
    expect(result.pass).toBe(false);
    expect(result.message()).toContain(
      'AGENTCLI-02/missing-field: The required field `sandbox` is missing.',
    );
    expect(result.message()).toContain('line 2:');
  });
});
