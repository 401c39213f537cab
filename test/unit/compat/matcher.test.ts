/** toBeCompatibleWith: a contract keeps the promises of a release before it; the message names the sub-rule and the fix. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toBeCompatibleWith } from '../../../src/matchers/to-be-compatible-with.js';

expect.extend({ toBeCompatibleWith });
declare module 'vitest' {
  interface Assertion<T> {
    toBeCompatibleWith(base: unknown, options?: { strict?: boolean }): T;
  }
}

const pair = (name: string) => {
  const dir = fileURLToPath(new URL(`../../../fixtures/contracts/${name}/`, import.meta.url));
  return [
    readFileSync(join(dir, 'base.json'), 'utf8'),
    readFileSync(join(dir, 'head.json'), 'utf8'),
  ];
};

describe('toBeCompatibleWith', () => {
  it('passes on compatible changes and on a break its major bump announces; .not fails there', () => {
    for (const name of ['identical', 'field-added--compatible', 'field-removed--announced']) {
      const [base, head] = pair(name);
      expect(head).toBeCompatibleWith(base);
      expect(JSON.parse(head!)).toBeCompatibleWith(JSON.parse(base!));
      expect(() => expect(head).not.toBeCompatibleWith(base)).toThrow(/contract is compatible/);
    }
  });

  it('fails on a break no major announces, naming the sub-rule, the message and the fix', () => {
    const [base, head] = pair('field-removed--breaking');
    expect(head).not.toBeCompatibleWith(base);
    expect(() => expect(head).toBeCompatibleWith(base)).toThrow(
      /COMPAT-01 failed[\s\S]*COMPAT-01\/field-removed: schema com\.example\.outline\.events 1\.0\.0 → 1\.1\.0: "hit" field rank is gone[\s\S]*fix: Keep the field/,
    );
  });

  it('a surface break is a warning: it passes, and fails under strict', () => {
    const [base, head] = pair('flag-removed--breaking');
    expect(head).toBeCompatibleWith(base);
    expect(() => expect(head).toBeCompatibleWith(base, { strict: true })).toThrow(
      /COMPAT-02\/flag-removed/,
    );
  });

  it('what is not a contract fails with the reason, on either side', () => {
    const [base] = pair('identical');
    expect(() => expect('{').toBeCompatibleWith(base)).toThrow(
      /received value is not a contract: not JSON/,
    );
    expect(() => expect(base).toBeCompatibleWith({ contract: '1' })).toThrow(
      /the base is not a contract: \/: missing required property "tool"/,
    );
  });
});
