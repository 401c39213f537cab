/** No rule passes when its prerequisite failed: a manifest without readable frontmatter, a help surface without a cmdhelp document. */
import { describe, expect, it } from 'vitest';
import { validateAgentCliManifest } from '../../../src/checks/agentcli/manifest.js';
import { validateAppManifest } from '../../../src/checks/app/manifest.js';
import { judgeCmdhelp } from '../../../src/checks/cmdhelp/judge.js';
import { recordHelpSurface, type HelpRunner } from '../../../src/lint/cmdhelp/record.js';

const PROSE = '# My agent\n\nJust prose, no frontmatter.\n';
const BROKEN_YAML = '---\nname: [unclosed\n---\n# body\n';

describe.each([
  ['AGENT-CLI.md', 'AGENTCLI-01', (text: string) => validateAgentCliManifest(text)],
  ['APP.md', 'APP-01', (text: string) => validateAppManifest(text)],
])('%s', (_file, first, validate) => {
  it.each([
    ['no frontmatter', PROSE],
    ['frontmatter that does not parse', BROKEN_YAML],
  ])(
    '%s: the first rule fails, every other rule is skip with the reason, none passes',
    (_label, text) => {
      const report = validate(text);
      expect(report.ok).toBe(false);
      expect(report.verdicts.find((v) => v.rule === first)!.status).toBe('fail');
      const rest = report.verdicts.filter((v) => v.rule !== first);
      expect(rest.length).toBeGreaterThan(3);
      expect(rest.filter((v) => v.status === 'pass').map((v) => v.rule)).toEqual([]);
      for (const v of rest)
        expect(v.status === 'skip' || v.status === 'not_applicable', v.rule).toBe(true);
      expect(rest.find((v) => v.status === 'skip')!.reason).toMatch(/no readable frontmatter/);
    },
  );

  it('with frontmatter, the other rules are judged (a positive control)', () => {
    const report = validate('---\nname: x\n---\n# body\n');
    expect(
      report.verdicts
        .filter((v) => v.rule !== first)
        .some((v) => v.status === 'pass' || v.status === 'fail'),
    ).toBe(true);
  });
});

describe('cmdhelp: a tool without help --format json', () => {
  const encode = (text: string) => new TextEncoder().encode(text);
  // A tool written elsewhere: argparse-like, it knows no `help` command and says so, whatever follows.
  const noHelp: HelpRunner = async (words) => ({
    stdout: new Uint8Array(),
    stderr: encode(`tool: error: invalid choice: '${words[0]}'\n`),
    exitCode: 2,
    signal: null,
  });
  // The same tool whose help prints plain text, not a cmdhelp document.
  const textHelp: HelpRunner = async (words) =>
    words[0] === 'help' && !words.includes('--capabilities')
      ? {
          stdout: encode('usage: tool [-h] {list,add}\n'),
          stderr: new Uint8Array(),
          exitCode: 0,
          signal: null,
        }
      : noHelp(words);

  it('no document: CMDHELP-01 and 03 fail, 02 and 04-08 skip with the reason, none passes', async () => {
    const report = judgeCmdhelp(await recordHelpSurface(noHelp, 'tool'));
    const status = Object.fromEntries(report.verdicts.map((v) => [v.rule, v.status]));
    expect(status).toEqual({
      'CMDHELP-01': 'fail',
      'CMDHELP-02': 'skip',
      'CMDHELP-03': 'fail',
      'CMDHELP-04': 'skip',
      'CMDHELP-05': 'skip',
      'CMDHELP-06': 'skip',
      'CMDHELP-07': 'skip',
      'CMDHELP-08': 'skip',
    });
    expect(report.verdicts.find((v) => v.rule === 'CMDHELP-05')!.reason).toMatch(
      /help --format json failed/,
    );
  });

  it('json that is not a cmdhelp document: CMDHELP-02 fails, the tree rules skip', async () => {
    const report = judgeCmdhelp(await recordHelpSurface(textHelp, 'tool'));
    const status = Object.fromEntries(report.verdicts.map((v) => [v.rule, v.status]));
    expect(status['CMDHELP-02']).toBe('fail');
    for (const rule of ['CMDHELP-04', 'CMDHELP-05', 'CMDHELP-06', 'CMDHELP-07', 'CMDHELP-08'])
      expect(status[rule], rule).toBe('skip');
  });
});
