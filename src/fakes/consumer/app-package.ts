import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppCall, RuntimeScenarioSpec } from '../../spec/consumer/runtime-scenarios.js';

/**
 * A runtime scenario's Agent Application, as a real package on disk: the to-do application's APP.md (with
 * scheduling supported and `remind` documented, or not supported) and `app/cli.js`, a small CommonJS program
 * that answers each call as the scenario says. It never trusts the runtime's account: each call appends
 * `{argv, cwd, stdin, confirmsBefore, toldBefore}` to a file outside the package, where `confirmsBefore` counts the
 * `confirm` records for its command that the runtime's log held when the call arrived (a confirmation that
 * came before the command, not after), and `toldBefore` every record that reached the user (`confirm`, `notice`).
 */

export interface FakeAppPackage {
  /** The package root (AOI_APP_DIR), resolved. */
  readonly dir: string;
  /** The runtime's log (AOI_RUNTIME_LOG), outside the package. */
  readonly logFile: string;
  /** The calls the binary saw so far. */
  calls(): AppCall[];
}

const COMMANDS = [
  ['list', 'List to-dos (optionally --status open|done).'],
  ['add', 'Add a to-do with a title and an optional --due-at YYYY-MM-DD.'],
  ['complete', 'Mark a to-do done by id.'],
  ['remove', 'Delete a to-do by id; needs --confirm.'],
] as const;

/** APP.md of the to-do application; with scheduling, it declares and documents `remind`. */
export function appManifest(scheduling: RuntimeScenarioSpec['app']['scheduling']): string {
  const commands =
    scheduling === 'supported'
      ? [
          ...COMMANDS,
          ['remind', 'Schedule a reminder for a to-do: remind <id> --at <ISO time>.'] as const,
        ]
      : COMMANDS;
  return [
    '---',
    'name: agentic-todo',
    'description: A small to-do list an agent can read and change through a JSON CLI.',
    'version: 1.0.0',
    'entry:',
    '  command: node app/cli.js',
    'commands:',
    ...commands.flatMap(([name, description]) => [
      `  - name: ${name}`,
      `    description: ${description}`,
    ]),
    'confirmationRequired:',
    '  - remove',
    `scheduling: ${scheduling}`,
    '---',
    '',
    '# Agentic To-Do',
    '',
    'Run every command from the package root.',
    '',
    '```',
    'node app/cli.js list',
    'node app/cli.js add "Write docs" --due-at 2026-04-05',
    'node app/cli.js complete td_0001',
    'node app/cli.js remove td_0001 --confirm',
    ...(scheduling === 'supported'
      ? ['node app/cli.js remind td_0001 --at 2026-04-05T09:00:00Z']
      : []),
    '```',
    '',
    ...(scheduling === 'supported'
      ? [
          'Scheduling: `remind <id> --at <ISO time>` schedules a reminder. It is the only scheduling command.',
          '',
        ]
      : []),
    'Every command prints one JSON document on stdout: `{"ok":true,"command":…}` on success,',
    '`{"ok":false,"error":{"code","message"}}` with a non-zero exit code on failure.',
    '',
  ].join('\n');
}

/** The binary: no dependency, CommonJS (whatever package.json lies above the package). */
const PROGRAM = `#!/usr/bin/env node
// aoi-testkit runtime scenario application (generated): answers as the scenario says, and records each call.
'use strict';
const { appendFileSync, fstatSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const config = JSON.parse(readFileSync(join(__dirname, 'scenario.json'), 'utf8'));
const lines = (file) => { try { return readFileSync(file, 'utf8').split('\\n').filter(Boolean); } catch { return []; } };
const records = (file) => lines(file).flatMap((text) => { try { return [JSON.parse(text)]; } catch { return []; } });
const argv = process.argv.slice(2);
const logged = records(config.logFile);
const confirmsBefore = logged.filter((r) => r && r.type === 'confirm' && r.command === argv[0]).length;
const toldBefore = logged.filter((r) => r && (r.type === 'confirm' || r.type === 'notice')).length;
let stdin = 'closed';
try {
  const stat = fstatSync(0);
  stdin = stat.isFIFO() ? 'pipe' : stat.isFile() ? 'file' : stat.isSocket() ? 'pipe' : stat.isCharacterDevice() ? (require('node:tty').isatty(0) ? 'tty' : 'null') : 'other';
} catch {}
const index = lines(config.callsFile).length;
appendFileSync(config.callsFile, JSON.stringify({ argv, cwd: process.cwd(), stdin, confirmsBefore, toldBefore }) + '\\n');
const response = config.responses[Math.min(index, config.responses.length - 1)];
process.stdout.write(response.stdout, () => process.stderr.write(response.stderr, () => process.exit(response.code)));
`;

/** Write the package for `scenario` under `dir` (which must exist and be empty). */
export function installFakeApp(dir: string, scenario: RuntimeScenarioSpec): FakeAppPackage {
  const root = join(dir, 'agentic-todo');
  const kit = join(dir, 'kit');
  mkdirSync(join(root, 'app'), { recursive: true });
  mkdirSync(kit, { recursive: true });
  const callsFile = join(kit, 'calls.jsonl');
  const logFile = join(kit, 'runtime.jsonl');
  writeFileSync(callsFile, '');
  writeFileSync(join(root, 'APP.md'), appManifest(scenario.app.scheduling));
  writeFileSync(
    join(root, 'package.json'),
    `${JSON.stringify({ name: 'agentic-todo', version: '1.0.0', private: true, type: 'commonjs' }, null, 2)}\n`,
  );
  writeFileSync(join(root, 'app', 'cli.js'), PROGRAM, { mode: 0o755 });
  writeFileSync(
    join(root, 'app', 'scenario.json'),
    JSON.stringify({ responses: scenario.responses, callsFile, logFile }),
  );
  return {
    dir: realpathSync(root),
    logFile,
    calls: () =>
      readFileSync(callsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text) as AppCall),
  };
}
