/** No rule passes when its prerequisite failed: a manifest without readable frontmatter fails its first rule and skips the rest, with the reason. */
import { describe, expect, it } from 'vitest';
import { validateAgentCliManifest } from '../../../src/checks/agentcli/manifest.js';
import { validateAppManifest } from '../../../src/checks/app/manifest.js';

const PROSE = '# My agent\n\nJust prose, no frontmatter.\n';
const BROKEN_YAML = '---\nname: [unclosed\n---\n# body\n';

describe.each([
  ['AGENT-CLI.md', 'AGENTCLI-01', (text: string) => validateAgentCliManifest(text)],
  ['APP.md', 'APP-01', (text: string) => validateAppManifest(text)],
])('%s', (_file, first, validate) => {
  it.each([
    ['no frontmatter', PROSE],
    ['frontmatter that does not parse', BROKEN_YAML],
  ])('%s: the first rule fails, every other rule is skip with the reason, none passes', (_label, text) => {
    const report = validate(text);
    expect(report.ok).toBe(false);
    expect(report.verdicts.find((v) => v.rule === first)!.status).toBe('fail');
    const rest = report.verdicts.filter((v) => v.rule !== first);
    expect(rest.length).toBeGreaterThan(3);
    expect(rest.filter((v) => v.status === 'pass').map((v) => v.rule)).toEqual([]);
    for (const v of rest) expect(v.status === 'skip' || v.status === 'not_applicable', v.rule).toBe(true);
    expect(rest.find((v) => v.status === 'skip')!.reason).toMatch(/no readable frontmatter/);
  });

  it('with frontmatter, the other rules are judged (a positive control)', () => {
    const report = validate('---\nname: x\n---\n# body\n');
    expect(report.verdicts.filter((v) => v.rule !== first).some((v) => v.status === 'pass' || v.status === 'fail')).toBe(true);
  });
});
