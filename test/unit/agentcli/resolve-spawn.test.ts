import { describe, expect, it } from 'vitest';
import { resolveSpawn } from '../../../src/checks/agentcli/resolve-spawn.js';
import type { AgentCliManifest } from '../../../src/spec/agentcli/manifest.js';

/** The spec's own example (AIP-45 §Modes, §Options), on a Claude-Code-like manifest. */
const claudeLike: AgentCliManifest = {
  name: 'claude-like',
  id: 'claude-like',
  description: 'An ACP agent with permission modes and typed options',
  version: '1.0.0',
  bin: 'claude-code',
  bin_args: ['--acp'],
  install: [{ method: 'npm', package: 'claude-like' }],
  version_check: { cmd: 'claude-code --version', parse: '(\\d+\\.\\d+\\.\\d+)', range: '>=1.0.0' },
  sandbox: { provider: 'local' },
  protocol: 'acp',
  acp: './claude-like.ACP.md',
  capabilities: { resumable: true },
  modes: [
    { id: 'default', description: 'Standard interactive session' },
    { id: 'plan', bin_args_append: ['--permission-mode', 'plan'], env: { CLAUDE_MODE: 'plan' } },
    { id: 'bypass-permissions', bin_args_append: ['--permission-mode', 'bypassPermissions'] },
  ],
  options: [
    {
      id: 'model',
      type: 'enum',
      enum: ['claude-sonnet-4-6', 'claude-opus-4-7'],
      default: 'claude-sonnet-4-6',
      bin_args_template: ['--model', '{value}'],
    },
    {
      id: 'max_turns',
      type: 'integer',
      min: 1,
      max: 200,
      bin_args_template: ['--max-turns={value}'],
      env: { MAX_TURNS: '{value}', MAX_TURNS_NOTE: 'up to {value} turns' },
    },
    { id: 'auto', type: 'boolean', bin_args_append_when_true: ['--auto'] },
    {
      id: 'verbose',
      type: 'boolean',
      default: true,
      bin_args_append_when_true: ['--verbose'],
      env: { VERBOSE: '{value}' },
    },
  ],
  continuation: {
    default: 'pinned-session',
    supported: ['pinned-session', 'native-resume', 'none'],
  },
};

describe('resolveSpawn', () => {
  it('runs bin_args verbatim without a mode, and applies the defaults that need no patch', () => {
    expect(resolveSpawn(claudeLike)).toEqual({
      ok: true,
      command: 'claude-code',
      args: ['--acp', '--verbose'],
      env: {},
      options: { model: 'claude-sonnet-4-6', verbose: true },
      continuation: 'pinned-session',
      findings: [],
    });
  });

  it('applies the mode after bin_args and the options after the mode, in declaration order, with {value} templating', () => {
    const spawn = resolveSpawn(claudeLike, {
      mode: 'plan',
      options: { auto: true, max_turns: 50, model: 'claude-opus-4-7', verbose: false },
      continuation: 'native-resume',
    });
    expect(spawn).toMatchObject({
      ok: true,
      args: [
        '--acp',
        '--permission-mode',
        'plan',
        '--model',
        'claude-opus-4-7',
        '--max-turns=50',
        '--auto',
      ],
      env: {
        CLAUDE_MODE: 'plan',
        MAX_TURNS: '50',
        MAX_TURNS_NOTE: 'up to 50 turns',
        VERBOSE: 'false',
      },
      mode: 'plan',
      options: { model: 'claude-opus-4-7', max_turns: 50, auto: true, verbose: false },
      continuation: 'native-resume',
    });
  });

  it('a value equal to the default patches nothing (bin_args_template: "appended when the value is non-default")', () => {
    const spawn = resolveSpawn(claudeLike, { options: { model: 'claude-sonnet-4-6' } });
    expect(spawn.ok && spawn.args).toEqual(['--acp', '--verbose']);
  });

  it('spawns mcp.command and mcp.args for an MCP server on stdio', () => {
    const goose: AgentCliManifest = {
      ...claudeLike,
      protocol: 'mcp',
      bin: 'goose',
      bin_args: [],
      mcp: { command: 'goose', args: ['serve'], transport: 'stdio' },
      options: [],
      modes: [],
    };
    expect(resolveSpawn(goose)).toMatchObject({ ok: true, command: 'goose', args: ['serve'] });
  });

  it('rejects the whole config, naming every problem: unknown mode and option ids, wrong types, enum, bounds, continuation', () => {
    const spawn = resolveSpawn(claudeLike, {
      mode: 'yolo',
      options: {
        model: 'gpt-9',
        max_turns: 500,
        auto: 'yes' as unknown as boolean,
        temperature: 1,
      },
      continuation: 'transcript',
    });
    expect(spawn.ok).toBe(false);
    expect(spawn.findings.map((f) => f.id)).toEqual([
      'AGENTCLI-13/unknown-mode',
      'AGENTCLI-13/unknown-option',
      'AGENTCLI-13/option-enum',
      'AGENTCLI-13/option-bounds',
      'AGENTCLI-13/option-type',
      'AGENTCLI-13/continuation-unsupported',
    ]);
    expect(spawn.findings[0]).toMatchObject({
      message:
        'mode "yolo" is not one of the manifest\'s modes (default, plan, bypass-permissions)',
      docs: 'docs/rules/AGENTCLI-13.md',
    });
    expect(spawn.findings[3]!.message).toBe('option max_turns must be within 1…200, got 500');
  });

  it('rejects a fraction for an integer, and any choice of continuation when the manifest declares none', () => {
    const { continuation: _omitted, ...withoutContinuation } = claudeLike;
    const spawn = resolveSpawn(withoutContinuation, {
      options: { max_turns: 2.5 },
      continuation: 'none',
    });
    expect(spawn.findings.map((f) => f.message)).toEqual([
      'option max_turns is an integer, got a fraction 2.5',
      'continuation "none" was asked for, but the manifest declares no continuation strategies',
    ]);
  });

  it('never prints a secret given as an option value', () => {
    const token = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
    const spawn = resolveSpawn(claudeLike, { options: { model: token } });
    expect(spawn.ok).toBe(false);
    expect(JSON.stringify(spawn.findings)).not.toContain(token);
  });
});
