import { describe, expect, it } from 'vitest';
import {
  checkCmdhelpMarkdown,
  parseCapabilityLine,
  resolveExample,
  tokenizeExample,
  validateCmdhelpDocument,
} from '../../../src/checks/cmdhelp/index.js';
import { toBeValidCmdhelpDocument } from '../../../src/matchers/to-be-valid-cmdhelp-document.js';
import { runHelpdesk } from '../../../src/fakes/cmdhelp/index.js';
import { rulePage } from '../../../src/report/rule-pages.js';

const doc = {
  cmdhelp_version: '0.1',
  binary: 'pad',
  global_flags: { workspace: { type: 'string' }, q: { type: 'bool' } },
  commands: {
    item: { summary: 'Items' },
    'item create': {
      summary: 'Create',
      args: [{ name: 'title', type: 'string', required: true }],
      flags: {
        priority: { type: 'enum', enum: ['low', 'high'] },
        cache: { type: 'bool', negate_flag: '--no-cache' },
        stdin: { type: 'bool' },
        q2: { type: 'enum', enum: ['true', 'false'] },
      },
    },
  },
};
const ids = (cmd: string) => resolveExample(doc, cmd).map((p) => p.id);

describe('tokenizeExample', () => {
  it('splits like a shell: quotes, escapes, and stops at a pipe', () => {
    expect(tokenizeExample(`pad item create "Fix \\"OAuth\\"" 'a b' c\\ d | jq .`)).toEqual([
      'pad',
      'item',
      'create',
      'Fix "OAuth"',
      'a b',
      'c d',
    ]);
  });
});

describe('resolveExample (CMDHELP-07)', () => {
  it('passes examples that resolve: values, =values, negations, global flags before and after the command', () => {
    expect(ids('pad item create T --priority high --no-cache --stdin')).toEqual([]);
    expect(ids('pad --workspace w item create T --priority=low -q --q2=false')).toEqual([]);
    expect(ids('pad item create -- --not-a-flag')).toEqual([]);
  });
  it.each([
    ['paf item create T', 'CMDHELP-07/wrong-binary'],
    ['pad itme create T', 'CMDHELP-07/unknown-command'],
    ['pad item create T --prio high', 'CMDHELP-07/unknown-flag'],
    ['pad item create T --no-stdin', 'CMDHELP-07/unknown-flag'],
    ['pad item create T --cache=true', 'CMDHELP-07/bool-with-value'],
    ['pad item create T --stdin false', 'CMDHELP-07/bool-with-value'],
    ['pad item create T --no-cache=yes', 'CMDHELP-07/bool-with-value'],
    ['pad item create T --priority', 'CMDHELP-07/missing-value'],
    ['pad item create T --priority --stdin', 'CMDHELP-07/missing-value'],
    ['pad item create T --priority urgent', 'CMDHELP-07/enum-value'],
    ['pad item create', 'CMDHELP-07/arity'],
    ['pad item create A B', 'CMDHELP-07/arity'],
  ])('%s → %s', (cmd, id) => {
    expect(ids(cmd)).toEqual([id]);
  });
});

describe('parseCapabilityLine (CMDHELP-01)', () => {
  it('reads both spellings of the list, order free', () => {
    expect(parseCapabilityLine('cmdhelp/0.1: text, md, json, llm\n')).toMatchObject({
      ok: true,
      version: '0.1',
      formats: ['text', 'md', 'json', 'llm'],
    });
    expect(parseCapabilityLine('cmdhelp/0.1: json,md,text')).toMatchObject({
      ok: true,
      formats: ['json', 'md', 'text'],
    });
  });
  it.each([
    ['cmdhelp/0.1.0: text, md, json', 'CMDHELP-01/patch-version'],
    ['cmdhelp/0.1: md, json', 'CMDHELP-01/missing-format'],
    ['cmdhelp 0.1: text, md, json', 'CMDHELP-01/syntax'],
    ['', 'CMDHELP-01/syntax'],
  ])('%j → %s', (line, id) => {
    expect(parseCapabilityLine(line).findings.map((f) => f.id)).toEqual([id]);
  });
});

describe('validateCmdhelpDocument', () => {
  it('accepts the document and tolerates unknown fields (§9)', () => {
    expect(
      validateCmdhelpDocument({
        ...doc,
        future: { a: 1 },
        commands: { ...doc.commands, x: { summary: 's', later: true } },
      }).findings,
    ).toEqual([]);
  });
  it('never throws, whatever it is given', () => {
    for (const input of [
      null,
      42,
      'x',
      '[]',
      new Uint8Array([0xff]),
      { commands: 5 },
      {
        get commands() {
          throw new Error('boom');
        },
      },
    ])
      expect(validateCmdhelpDocument(input).valid).toBe(false);
  });
  it('findings name the path, the rule, the fix and the docs page', () => {
    const [f] = validateCmdhelpDocument({ ...doc, cmdhelp_version: '0.1.0' }).findings;
    expect(f).toMatchObject({
      id: 'CMDHELP-02/version-format',
      rule: 'CMDHELP-02',
      path: '/cmdhelp_version',
      docs: 'docs/rules/CMDHELP-02.md',
    });
  });
  it('the matcher fails with hint, rule id, fix and docs link', () => {
    const result = toBeValidCmdhelpDocument({ ...doc, cmdhelp_version: '0.1.0' });
    expect(result.pass).toBe(false);
    const message = result.message();
    expect(message).toMatch(/^expect\(received\)\.toBeValidCmdhelpDocument\(\)/);
    expect(message).toContain('CMDHELP-02/version-format');
    expect(message).toContain(`see ${rulePage('docs/rules/CMDHELP-02.md')}`);
    expect(toBeValidCmdhelpDocument(doc).pass).toBe(true);
  });
});

describe('checkCmdhelpMarkdown (CMDHELP-05)', () => {
  const md = runHelpdesk(['help', '--format', 'md', '--depth', '2']).stdout;
  it('the reference md passes and yields every detailed command with its examples', () => {
    const r = checkCmdhelpMarkdown(md, { binary: 'helpdesk' });
    expect(r.findings).toEqual([]);
    expect(r.frontmatter).toMatchObject({ cmdhelp_version: '0.1', binary: 'helpdesk' });
    expect(r.commands.find((c) => c.path === 'ticket list')?.examples).toEqual([
      'helpdesk ticket list --open --limit 5',
    ]);
  });
  it('reports wrong order, a bare heading and a bad frontmatter', () => {
    const bad = runHelpdesk([
      'help',
      'ticket',
      'create',
      '--format',
      'md',
      '--fault',
      'wrong-section-order',
    ]).stdout;
    expect(checkCmdhelpMarkdown(bad, { binary: 'helpdesk' }).findings.map((f) => f.id)).toEqual([
      'CMDHELP-05/section-order',
    ]);
    expect(
      checkCmdhelpMarkdown('## item create\n\n### Flags\n', {}).findings.map((f) => f.id),
    ).toEqual(['CMDHELP-05/heading']);
    expect(checkCmdhelpMarkdown('---\nbinary: [\n---\n', {}).findings.map((f) => f.id)).toEqual([
      'CMDHELP-05/frontmatter',
    ]);
    expect(
      checkCmdhelpMarkdown('---\nbinary: other\n---\n', { binary: 'helpdesk' }).findings.map(
        (f) => f.id,
      ),
    ).toEqual(['CMDHELP-05/frontmatter']);
  });
});
