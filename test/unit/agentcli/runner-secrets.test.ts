import { describe, expect, test } from 'vitest';
import { checkRunnerSecrets } from '../../../src/checks/agentcli/runner-secrets.js';
import type { LifecycleRecord } from '../../../src/spec/agentcli/transcript.js';

const SECRET = 'sk-ant-aoi-testkit-canary-0003';
const start = (argv: string[]): LifecycleRecord => ({ event: 'start', pid: 9, at: 0, argv });
const ids = (records: LifecycleRecord[], runnerLog?: string) =>
  checkRunnerSecrets(records, {
    secrets: [SECRET],
    ...(runnerLog !== undefined ? { runnerLog } : {}),
  }).findings.map((f) => f.id);

describe('AGENTCLI-30 — the runner’s secret hygiene', () => {
  test('clean argv and log pass', () => {
    const report = checkRunnerSecrets([start(['--no-load-session'])], {
      secrets: [SECRET],
      runnerLog: 'starting agent (auth in env: ANTHROPIC_API_KEY)\n',
    });
    expect(report.findings).toEqual([]);
    expect(report.verdicts[0]?.status).toBe('pass');
  });

  test('a secret on argv, raw or encoded, is secret-on-argv', () => {
    expect(ids([start([`--api-key=${SECRET}`])])).toEqual(['AGENTCLI-30/secret-on-argv']);
    expect(ids([start(['--key', Buffer.from(SECRET).toString('base64')])])).toEqual([
      'AGENTCLI-30/secret-on-argv',
    ]);
  });

  test('a secret in the runner log, raw or URL-encoded, is secret-in-logs; findings never carry it', () => {
    expect(ids([start([])], `spawn env ${JSON.stringify({ ANTHROPIC_API_KEY: SECRET })}`)).toEqual([
      'AGENTCLI-30/secret-in-logs',
    ]);
    expect(ids([], `GET /?k=${encodeURIComponent(`${SECRET} x`)}`)).toEqual([
      'AGENTCLI-30/secret-in-logs',
    ]);
    const report = checkRunnerSecrets([start([`--api-key=${SECRET}`])], {
      secrets: [SECRET],
      runnerLog: `key ${SECRET}`,
    });
    const shown = JSON.stringify(report);
    for (const form of [
      SECRET,
      encodeURIComponent(SECRET),
      Buffer.from(SECRET).toString('base64').slice(4, 24),
    ])
      expect(shown).not.toContain(form);
  });

  test('without secrets, or with nothing to look at, not_applicable', () => {
    expect(checkRunnerSecrets([start([SECRET])], { secrets: [] }).verdicts[0]?.status).toBe(
      'not_applicable',
    );
    expect(checkRunnerSecrets([], { secrets: [SECRET] }).verdicts[0]?.status).toBe(
      'not_applicable',
    );
    expect(() => checkRunnerSecrets(null as never, null as never)).not.toThrow();
  });
});
