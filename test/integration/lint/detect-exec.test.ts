/**
 * Where detection looks for a dispatch manifest: the guide's `manifest --output json`, then `exec manifest
 * --output json` only when the tool's cmdhelp documents it (in many tools `exec WORD` runs WORD).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { detectSpecs, locateExecManifest } from '../../../src/lint/detect.js';

/** A program that logs its argv and answers as `answers` says (by the words joined), else exits 1. */
function program(answers: Record<string, string>): { script: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), 'aoi-detect-exec-test-'));
  const script = join(dir, 'tool.cjs');
  const log = join(dir, 'argv.log');
  writeFileSync(log, '');
  writeFileSync(
    script,
    `const words = process.argv.slice(2).join(' ');
require('node:fs').appendFileSync(${JSON.stringify(log)}, words + '\\n');
const answers = ${JSON.stringify(answers)};
if (words in answers) process.stdout.write(answers[words]); else process.exit(1);
`,
  );
  return { script, log };
}
const calls = (log: string) => readFileSync(log, 'utf8').split('\n').filter(Boolean);
const MANIFEST = JSON.stringify({
  schema_version: '1.0',
  framework_version: 't 1',
  etag: 'e',
  commands: { exec: { description: 'x', danger_level: 'safe', flags: {}, exit_codes: {} } },
});

describe('locating the dispatch manifest', () => {
  test('a tool without cmdhelp: `exec manifest` is never run; exec is not detected, and the reason says why', async () => {
    const { script, log } = program({});
    const detection = await detectSpecs(process.execPath, [script]);
    expect(detection.specs.exec).toEqual({
      spec: 'exec',
      detected: false,
      reason:
        'manifest --output json exited 1; exec manifest --output json not tried: no cmdhelp to say it exists (pass --exec-manifest)',
    });
    expect(calls(log).filter((c) => c.startsWith('exec'))).toEqual([]);
  });

  test('a cmdhelp tool whose help does not document `exec manifest`: not run either', async () => {
    const { script, log } = program({
      'help --capabilities': 'cmdhelp/0.1: text, md, json\n',
      'help exec --format json': JSON.stringify({ commands: { exec: { summary: 'Run WORD' } } }),
    });
    const found = await locateExecManifest(process.execPath, [script]);
    expect(found).toEqual({
      reason:
        'manifest --output json exited 1; exec manifest --output json not tried: help exec --format json does not document it (pass --exec-manifest)',
    });
    expect(calls(log).filter((c) => c.startsWith('exec'))).toEqual([]);
  });

  test('a cmdhelp tool that documents it: found under exec, and detection says where', async () => {
    const doc = JSON.stringify({
      commands: { exec: { args: [{ name: 'subcommand', type: 'enum', enum: ['manifest'] }] } },
    });
    const { script } = program({
      'help --capabilities': 'cmdhelp/0.1: text, md, json\n',
      'help exec --format json': doc,
      'exec manifest --output json': MANIFEST,
    });
    const detection = await detectSpecs(process.execPath, [script]);
    expect(detection.execManifest).toEqual(['exec', 'manifest', '--output', 'json']);
    expect(detection.specs.exec.reason).toBe(
      'exec manifest --output json lists exec (manifest --output json exited 1); no --exec-plan: a plan is built from its safe commands',
    );
  });

  test('--exec-manifest: only the words given are tried', async () => {
    const { script, log } = program({ 'meta dispatch': MANIFEST });
    expect(
      await locateExecManifest(process.execPath, [script], { given: ['meta', 'dispatch'] }),
    ).toEqual({ manifestArgs: ['meta', 'dispatch'], reason: 'meta dispatch lists exec' });
    expect(calls(log)).toEqual(['meta dispatch']);
  });
});
