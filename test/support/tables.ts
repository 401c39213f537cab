import { mkdirSync, writeFileSync } from 'node:fs';

/**
 * Tables some tests compute (the fault table, the mutation score) are for people, not for the test log:
 * they go to `test-results/<name>.md`, and to the log only with AOI_TESTKIT_PRINT_TABLES=1.
 */
export function writeTable(name: string, text: string): void {
  const dir = new URL('../../test-results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL(`${name}.md`, dir), text);
  if (process.env.AOI_TESTKIT_PRINT_TABLES === '1') console.log(text);
}
