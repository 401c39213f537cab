import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  commandFiles,
  validateAppManifest,
  validateAppPackage,
} from '../../../src/checks/app/manifest.js';
import { collectIds, isStructuredError, parseStdout } from '../../../src/checks/app/probe/json.js';
import {
  appProbePlan,
  documentedHumanSwitch,
  documentedInvocations,
} from '../../../src/lint/app/plan.js';
import type { AppManifest } from '../../../src/spec/app/manifest.js';
import { createAjv } from '../../../src/spec/ajv.js';
import { parse } from 'yaml';

const todo = fileURLToPath(new URL('../../../fixtures/apps/todo/', import.meta.url));
const schema = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../../src/spec/app/app.schema.json', import.meta.url)),
    'utf8',
  ),
) as { $id: string };

describe('validateAppManifest', () => {
  it('the todo APP.md is valid, with its package layout, and validates against app.schema.json', () => {
    expect(validateAppPackage(todo)).toMatchObject({ valid: true, findings: [] });
    const text = readFileSync(`${todo}APP.md`, 'utf8');
    const frontmatter = parse(text.split(/^---$/m)[1]!);
    const ajv = createAjv([schema]);
    expect(ajv.validate(schema.$id, frontmatter), JSON.stringify(ajv.errors)).toBe(true);
  });

  it('accepts an object (findings without lines) and never throws on junk', () => {
    expect(
      validateAppManifest({ name: 'x', description: 'y', entry: { command: 'x' } }).valid,
    ).toBe(true);
    // entry.command is the contract's; description is only what catalogs show (a warning).
    expect(validateAppManifest({ name: 'x' }).findings.map((f) => f.id)).toEqual([
      'APP-02/catalog-field',
      'APP-02/missing-field',
    ]);
    expect(validateAppManifest(42 as unknown as object).findings[0]!.id).toBe(
      'APP-01/not-a-mapping',
    );
    expect(validateAppManifest('').findings[0]!.id).toBe('APP-01/no-frontmatter');
  });

  it('skills and entry files are checked only with a dir', () => {
    const text = readFileSync(`${todo}APP.md`, 'utf8').replace(
      'node app/cli.js',
      'node app/missing.js',
    );
    expect(validateAppManifest(text).valid).toBe(true);
    expect(validateAppManifest(text, { dir: todo }).findings.map((f) => f.id)).toEqual([
      'APP-04/missing-file',
    ]);
  });

  it('entry.command may not leave the package root (APP-04/outside-package), with or without the directory', () => {
    const text = (command: string) =>
      readFileSync(`${todo}APP.md`, 'utf8').replace(
        'command: node app/cli.js',
        `command: ${command}`,
      );
    for (const command of [
      'node ../todo/app/cli.js',
      'TODO_FAULT=x node app/../../other/cli.js',
      'python3 "../bin/app.py"',
    ]) {
      expect(
        validateAppManifest(text(command)).findings.map((f) => [f.id, f.line]),
        command,
      ).toEqual([['APP-04/outside-package', 6]]);
      expect(
        validateAppManifest(text(command), { dir: todo }).findings.map((f) => f.id),
        command,
      ).toEqual(['APP-04/outside-package']);
    }
    for (const command of [
      'node ./app/../app/cli.js',
      'TODO_FAULT=x node app/cli.js',
      'npx agentic-todo',
      '/usr/bin/env node app/cli.js',
    ])
      expect(validateAppManifest(text(command), { dir: todo }).findings, command).toEqual([]);
  });

  it('commandFiles picks the package-relative paths of a command line', () => {
    expect(commandFiles('TODO_FAULT=x node ../../todo/app/cli.js --flag')).toEqual([
      '../../todo/app/cli.js',
    ]);
    expect(commandFiles('npx my-app')).toEqual([]);
    expect(commandFiles('python3 "./bin/my app.py" /usr/bin/x $HOME/y')).toEqual([
      './bin/my app.py',
    ]);
  });
});

describe('stdout helpers', () => {
  it('parseStdout tells one document, several, and none apart', () => {
    expect(parseStdout('{"ok":true}\n')).toEqual({ kind: 'one', value: { ok: true } });
    expect(parseStdout('{"a":1}\n{"b":2}\n')).toEqual({ kind: 'many', count: 2 });
    expect(parseStdout('hello')).toEqual({ kind: 'none' });
    expect(parseStdout('')).toEqual({ kind: 'none' });
  });
  it('collectIds and isStructuredError', () => {
    expect(collectIds({ items: [{ id: 'td_0001', sub: { id: 'x' } }, { id: 'td_0002' }] })).toEqual(
      ['td_0001', 'x', 'td_0002'],
    );
    expect(isStructuredError({ ok: false, error: { code: 'X', message: 'y' } })).toBe(true);
    expect(isStructuredError({ ok: false, error: 'X' })).toBe(false);
  });
});

describe('the probe plan read from APP.md', () => {
  const manifest: AppManifest = {
    name: 'todo',
    description: 'x',
    entry: { command: 'TODO_FAULT=y node app/cli.js' },
    commands: ['list', 'add', 'remove'],
    confirmationRequired: ['remove'],
  };
  const body = [
    'Run from the package root:',
    '```',
    '$ node app/cli.js list --status open   # open ones',
    'node app/cli.js add "Write docs" --due-at 2026-04-05',
    'node app/cli.js remove td_0001 --confirm',
    'node app/cli.js frobnicate',
    'node other.js add x',
    '```',
  ].join('\n');

  it('documentedHumanSwitch: the switch APP.md documents, as argv words; none when it documents none', () => {
    const m = (description?: string): AppManifest => ({
      name: 'x',
      description: 'x',
      entry: { command: 'x' },
      commands: [{ name: 'list', ...(description ? { description } : {}) }],
    });
    expect(documentedHumanSwitch(m(), 'Add `--human` for a readable listing.')).toEqual([
      '--human',
    ]);
    expect(documentedHumanSwitch(m(), 'x list --format text prints a table')).toEqual([
      '--format',
      'text',
    ]);
    expect(documentedHumanSwitch(m(), 'x list --output=table')).toEqual(['--output=table']);
    expect(documentedHumanSwitch(m('List items (--pretty for people).'), '')).toEqual(['--pretty']);
    // Not a human switch: a JSON format, a longer flag name, a flag inside a word.
    expect(
      documentedHumanSwitch(m(), 'x list --format json; --human-readable-dates; foo--human'),
    ).toBeUndefined();
    expect(appProbePlan(m(), 'Add `--human`.', { humanSwitch: [] }).humanSwitch).toBeUndefined();
    expect(appProbePlan(m(), '', { humanSwitch: ['--format', 'text'] }).humanSwitch).toEqual([
      '--format',
      'text',
    ]);
  });

  it('documentedInvocations: lines that start with entry.command (env assignments aside) and a declared command', () => {
    expect(documentedInvocations(manifest.entry.command, body, ['list', 'add', 'remove'])).toEqual([
      ['list', '--status', 'open'],
      ['add', 'Write docs', '--due-at', '2026-04-05'],
      ['remove', 'td_0001', '--confirm'],
    ]);
  });

  it('appProbePlan: the documented read, the first documented creating command, never a confirmation-required one', () => {
    expect(appProbePlan(manifest, body, {})).toEqual({
      setup: [['add', 'Write docs', '--due-at', '2026-04-05']],
      setupFrom: 'APP.md',
      read: ['list', '--status', 'open'],
    });
    expect(appProbePlan(manifest, '', {})).toEqual({
      setup: [],
      setupFrom: 'none',
      read: ['list'],
    });
    expect(appProbePlan(manifest, body, { setup: [], read: ['list'] })).toEqual({
      setup: [],
      setupFrom: 'options',
      read: ['list'],
    });
    const onlyRemove = appProbePlan({ ...manifest, commands: ['remove'] }, body, {});
    expect(onlyRemove).toEqual({ setup: [], setupFrom: 'none', read: [] });
  });
});
