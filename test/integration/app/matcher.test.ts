import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AppCheckOptions } from '../../../src/lint/app/application.js';
import { toBeAgentApplication } from '../../../src/matchers/to-be-agent-application.js';
import { rulePage } from '../../../src/report/rule-pages.js';

// The matcher on real packages, run as processes: the app family's proof in the fast suite (the whole corpus of
// packages is corpus.test.ts, in the end-to-end suite).
const apps = fileURLToPath(new URL('../../../fixtures/apps/', import.meta.url));
const expected = JSON.parse(readFileSync(`${apps}expected.json`, 'utf8')) as {
  options: AppCheckOptions;
};

describe('toBeAgentApplication', () => {
  it('passes on the todo app', async () => {
    const result = await toBeAgentApplication.call(undefined, `${apps}todo`, expected.options);
    expect(result.pass).toBe(true);
  }, 30_000);

  it('fails with hint, rule id, evidence and docs link, never printing a secret from the environment', async () => {
    const secret = 'sk-live-abcdefghijklmnop0123456789';
    // The app echoes nothing secret itself; put the secret where the probe line would show it.
    const result = await toBeAgentApplication.call(
      undefined,
      `${apps}broken/app-13--not-enforced`,
      {
        ...expected.options,
        // Not enforcing confirmation is a warning (the runtime's duty first): strict makes it fail.
        strict: true,
        confirmArgs: { remove: [secret] },
        env: { TODO_API_TOKEN: secret },
      },
    );
    expect(result.pass).toBe(false);
    const message = result.message();
    expect(message).toMatch(/^expect\(received\)\.toBeAgentApplication\(\)/);
    expect(message).toContain('APP-13/not-enforced');
    expect(message).toContain(`see ${rulePage('docs/rules/APP-13.md')}`);
    expect(message).not.toContain(secret);
  }, 30_000);

  it('a manifest failure names the APP.md line', async () => {
    const result = await toBeAgentApplication.call(
      undefined,
      `${apps}broken/app-03--type`,
      expected.options,
    );
    expect(result.message()).toMatch(
      /APP-03\/type[^\n]*\n {2}line 7: confirmationRequired: remove/,
    );
  });

  it('rejects a non-path', async () => {
    expect((await toBeAgentApplication.call(undefined, 42)).pass).toBe(false);
  });
});
