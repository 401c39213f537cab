import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { lintCli } from '../../../src/lint/aoi/lint.js';
import { processTarget, type LintTarget } from '../../../src/lint/aoi/target.js';

/**
 * Two AOI-05 probes are taken from runs another rule made when those runs answer the same question: the canary probe
 * (AOI-09) when the tool refused its flags as a usage error, and the base probe (stdin closed, as every probe that
 * feeds no input has it) for the question whether a prompt that met EOF was reported.
 * Proven on a bash tool written the way shell authors write them, with switches for every branch: each shared run
 * still catches the defect, and the probe it saves runs whenever the shared run cannot stand for it.
 */
const SHIP = `#!/usr/bin/env bash
# ship: a release client. Its commands talk to a release server, so they take --token T, --api-key=K and
# --webhook-url=U (never printed). Machine mode: --output jsonl. Switches:
#   SHIP_AUTH_FLAGS=no   it has no such flags: they are unknown options like any other
#   SHIP_USAGE_EXIT=N    the exit status of a usage error (64, as sysexits says, by default)
#   SHIP_ASKS=timeout    status asks "Refresh the release cache? [y/N]" and gives up after a second of silence
#   SHIP_ASKS=wait       status asks and waits for the answer
cmd=\${1:-}
[ $# -gt 0 ] && shift
case $cmd in
  ''|-h|--help) echo 'usage: ship status [--output jsonl] [--token T] [--api-key=K] [--webhook-url=U]'; exit 0 ;;
esac
refuse() {
  printf '{"type":"aoi:error","category":"usage","code":"UNKNOWN_OPTION","message":"unknown option %s","retryable":false}\\n' "$1"
  exit "\${SHIP_USAGE_EXIT:-64}"
}
while [ $# -gt 0 ]; do
  case $1 in
    --output) shift 2; continue ;;
    --token) if [ "\${SHIP_AUTH_FLAGS:-yes}" = yes ]; then shift 2; continue; fi ;;
    --api-key=*|--webhook-url=*) if [ "\${SHIP_AUTH_FLAGS:-yes}" = yes ]; then shift; continue; fi ;;
  esac
  refuse "\${1%%=*}"
done
case $cmd in
  status)
    case \${SHIP_ASKS:-no} in
      timeout) printf 'Refresh the release cache? [y/N] ' >&2; read -r -t 1 answer ;;
      wait) printf 'Refresh the release cache? [y/N] ' >&2; read -r answer ;;
    esac
    echo '{"type":"aoi:meta","tool":"ship","tool_version":"0.3.1","aoi_version":"0.2","schema_version":"1.0.0","command":"status"}'
    echo '{"type":"release","id":"r_12","state":"live"}'
    echo '{"type":"aoi:summary","ok":true,"count":1}' ;;
  *) echo "ship: no command $cmd" >&2; exit 64 ;;
esac
`;

const work = mkdtempSync(join(tmpdir(), 'aoi-shared-probes-'));
const ship = join(work, 'ship');
writeFileSync(ship, SHIP);
chmodSync(ship, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Lints `ship status` for AOI-05 with the switches in `env`: the verdict, and every probe run (`<open` when stdin was a pipe nobody writes). */
async function lintShip(env: Record<string, string>) {
  const probes: string[] = [];
  const inner = processTarget(ship);
  const target: LintTarget = {
    ...inner,
    run: (probe, budget) => (
      probes.push(`${probe.args.join(' ')}${probe.stdin === 'open' ? ' <open' : ''}`),
      inner.run(probe, budget)
    ),
  };
  // A hang is the `wait` case's whole point: a short timeout (a busy machine gets a longer second run).
  const report = await lintCli(target, {
    invocations: [['status']],
    only: ['AOI-05'],
    env,
    timeoutMs: 4_000,
  });
  const verdict = report.verdicts.find((v) => v.rule === 'AOI-05' && v.command === 'status')!;
  return {
    verdict,
    findings: verdict.findings.map((f) => `${f.id} @ ${f.probe}: ${f.message}`),
    probes,
  };
}

const BAD_FLAG = 'status --aoi-lint-no-such-flag --output jsonl';

describe('AOI-05 usage: the canary probe stands for the unknown-flag probe only when it was refused as a usage error', () => {
  test(
    'a tool that takes the canary flags: the unknown-flag probe runs, and passes',
    { timeout: 120_000 },
    async () => {
      const { verdict, probes } = await lintShip({});
      expect(verdict.status).toBe('pass');
      expect(probes).toContain(BAD_FLAG);
    },
  );

  test(
    '…and a tool that takes them but accepts any unknown flag is still caught',
    { timeout: 120_000 },
    async () => {
      const { findings } = await lintShip({ SHIP_USAGE_EXIT: '0' });
      expect(findings).toEqual([
        `AOI-05/usage-exit-zero @ ${BAD_FLAG}: an unknown flag was accepted: exit 0`,
      ]);
    },
  );

  test(
    'a tool that refuses them with 64 and a usage error: that run is the usage probe, no other runs',
    { timeout: 120_000 },
    async () => {
      const { verdict, probes } = await lintShip({ SHIP_AUTH_FLAGS: 'no' });
      expect(verdict.status).toBe('pass');
      expect(probes.filter((p) => p.includes('--aoi-lint-no-such-flag'))).toEqual([]);
      expect(probes.filter((p) => p.includes('--token'))).toHaveLength(1);
    },
  );

  test(
    'a tool that refuses them another way (exit 2): the unknown-flag probe runs and judges it',
    { timeout: 120_000 },
    async () => {
      const { verdict, findings, probes } = await lintShip({
        SHIP_AUTH_FLAGS: 'no',
        SHIP_USAGE_EXIT: '2',
      });
      expect(findings).toEqual([
        `AOI-05/usage-exit-code @ ${BAD_FLAG}: an unknown flag gave exit 2, not 64 (EX_USAGE)`,
      ]);
      expect(verdict.warnings).toBe(1);
      expect(probes).toContain(BAD_FLAG);
    },
  );
});

describe('AOI-05 interactive: one run on a stdin nobody writes; the base run stands for the one with stdin closed', () => {
  const STATUS = 'status --output jsonl';
  test(
    'a tool that never asks: judged on the open run, which ended by itself; no second run with stdin closed',
    { timeout: 120_000 },
    async () => {
      const { verdict, probes } = await lintShip({ SHIP_AUTH_FLAGS: 'no' });
      expect(verdict.status).toBe('pass');
      expect(probes.filter((p) => p === STATUS || p === `${STATUS} <open`)).toEqual([
        STATUS,
        `${STATUS} <open`,
      ]);
    },
  );

  test(
    'a tool that asks and gives up after a second: caught on the open run itself',
    { timeout: 120_000 },
    async () => {
      const { findings, probes } = await lintShip({ SHIP_AUTH_FLAGS: 'no', SHIP_ASKS: 'timeout' });
      expect(findings).toEqual([
        'AOI-05/interactive-required-missing @ status --output jsonl (stdin open): on a stdin nobody writes, machine mode printed a prompt (exit 0) instead of an aoi:error with code INTERACTIVE_REQUIRED',
      ]);
      expect(probes.filter((p) => p === STATUS || p === `${STATUS} <open`)).toEqual([
        STATUS,
        `${STATUS} <open`,
      ]);
    },
  );

  test(
    'a tool that asks and waits: its open run hangs at the prompt (AOI-03/prompted), and the base run, stdin closed, shows the prompt',
    { timeout: 120_000 },
    async () => {
      const { findings, probes } = await lintShip({ SHIP_AUTH_FLAGS: 'no', SHIP_ASKS: 'wait' });
      expect(findings).toContain(
        'AOI-05/interactive-required-missing @ status --output jsonl (stdin closed): with stdin closed, machine mode printed a prompt (exit 0) instead of an aoi:error with code INTERACTIVE_REQUIRED',
      );
      // Never retried with more time: a hang on a pipe nobody writes is an answer.
      expect(probes.filter((p) => p === STATUS || p === `${STATUS} <open`)).toEqual([
        STATUS,
        `${STATUS} <open`,
      ]);
    },
  );
});
