import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agentCliConfig,
  agentCliConfigWithDefect,
  agentCliManifest,
} from '../../src/arbitraries/agentcli/index.js';
import { resolveSpawn, type ResolvedSpawn } from '../../src/checks/agentcli/resolve-spawn.js';
import type { AgentCliConfig, AgentCliManifest } from '../../src/spec/agentcli/manifest.js';

const numRuns = Number(process.env.PROPERTY_RUNS ?? 300);
const withConfig = agentCliManifest().chain((manifest) =>
  agentCliConfig(manifest).map((config) => ({ manifest, config })),
);

function resolved(manifest: AgentCliManifest, config: AgentCliConfig): ResolvedSpawn {
  const spawn = resolveSpawn(manifest, config);
  if (!spawn.ok) throw new Error(`rejected: ${spawn.findings.map((f) => f.message).join('; ')}`);
  return spawn;
}

/** Is `part` a contiguous run of `whole` at or after `from`? Returns where it ends, or -1. */
function findRun(whole: readonly string[], part: readonly string[], from: number): number {
  for (let i = from; i + part.length <= whole.length; i++)
    if (part.every((token, k) => whole[i + k] === token)) return i + part.length;
  return -1;
}

describe('resolveSpawn over generated manifests and configs', () => {
  it('accepts every valid config; args are bin_args, then the mode patch, then the option patches in declaration order', () => {
    fc.assert(
      fc.property(withConfig, ({ manifest, config }) => {
        const spawn = resolved(manifest, config);
        const base = manifest.protocol === 'mcp' ? manifest.mcp!.args! : (manifest.bin_args ?? []);
        const mode = manifest.modes?.find((m) => m.id === config.mode)?.bin_args_append ?? [];
        expect(spawn.args.slice(0, base.length + mode.length)).toEqual([...base, ...mode]);
        let at = base.length + mode.length;
        for (const option of manifest.options ?? []) {
          const value = config.options?.[option.id];
          const effective = value ?? option.default;
          const patch = [
            ...(option.type === 'boolean' && effective === true
              ? (option.bin_args_append_when_true ?? [])
              : []),
            ...(value !== undefined && value !== option.default
              ? (option.bin_args_template ?? []).map((t) => t.replaceAll('{value}', String(value)))
              : []),
          ];
          at = findRun(spawn.args, patch, at);
          expect(at, `patch of ${option.id}`).toBeGreaterThanOrEqual(0);
        }
        expect(at).toBe(spawn.args.length);
        expect(
          [...spawn.args, ...Object.values(spawn.env)].some((s) => s.includes('{value}')),
        ).toBe(false);
      }),
      { numRuns },
    );
  });

  it('the order of the config’s keys never matters: the manifest’s declaration order does', () => {
    fc.assert(
      fc.property(withConfig, ({ manifest, config }) => {
        const reversed = {
          ...config,
          options: Object.fromEntries(Object.entries(config.options ?? {}).reverse()),
        };
        expect(resolved(manifest, reversed)).toEqual(resolved(manifest, config));
      }),
      { numRuns },
    );
  });

  it('without a config, a manifest spawns its own argv and adds no env', () => {
    fc.assert(
      fc.property(agentCliManifest(), (manifest) => {
        const spawn = resolved(manifest, {});
        expect(spawn.env).toEqual({});
        expect(spawn.mode).toBeUndefined();
        expect(spawn.continuation).toBe(manifest.continuation?.default);
      }),
      { numRuns },
    );
  });

  it('rejects every broken config with exactly the sub-rule it breaks', () => {
    fc.assert(
      fc.property(
        agentCliManifest().chain((manifest) =>
          agentCliConfigWithDefect(manifest).map((defect) => ({ manifest, defect })),
        ),
        ({ manifest, defect }) => {
          const spawn = resolveSpawn(manifest, defect.config as AgentCliConfig);
          expect(spawn.ok).toBe(false);
          expect(spawn.findings.map((f) => f.id)).toEqual([defect.subRule]);
        },
      ),
      { numRuns },
    );
  });
});
