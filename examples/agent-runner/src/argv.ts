/**
 * The runner's own argv/env builder (AIP-45 §Modes, §Options): what to spawn for a manifest and a config.
 * Written from the spec, not by calling the kit's `resolveSpawn` — the suite checks that the two agree.
 */
import type { AgentCliConfig, AgentCliManifest, AgentCliOption } from '../../../src/agents.js';

export interface BuiltSpawn {
  command: string;
  args: string[];
  /** Only what the manifest adds: merge it over the child's environment. */
  env: Record<string, string>;
}

type Value = boolean | number | string;

/** `{value}` wherever it occurs in a token. */
const fill = (template: string, value: Value): string =>
  template.replaceAll('{value}', String(value));

function checkValue(option: AgentCliOption, value: unknown): asserts value is Value {
  const bad = (why: string) =>
    new Error(`option ${option.id}: ${why}, got ${JSON.stringify(value)}`);
  if (option.type === 'boolean') {
    if (typeof value !== 'boolean') throw bad('expected a boolean');
  } else if (option.type === 'string') {
    if (typeof value !== 'string') throw bad('expected a string');
  } else if (option.type === 'enum') {
    if (typeof value !== 'string' || !(option.enum ?? []).includes(value))
      throw bad(`expected one of ${(option.enum ?? []).join(', ')}`);
  } else if (option.type === 'integer') {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw bad('expected an integer');
    if (option.min !== undefined && value < option.min)
      throw bad(`below the minimum ${option.min}`);
    if (option.max !== undefined && value > option.max)
      throw bad(`above the maximum ${option.max}`);
  } else {
    throw bad(`unknown option type ${JSON.stringify(option.type)}`);
  }
}

/**
 * argv = bin_args, then the mode's bin_args_append, then each option's patch in the manifest's order:
 * `bin_args_append_when_true` when the effective value (config, else default) is true; `bin_args_template`
 * and `env` only when the config gives a value that differs from the default. Throws on a bad config.
 */
export function buildSpawn(manifest: AgentCliManifest, config: AgentCliConfig = {}): BuiltSpawn {
  const mcpStdio =
    manifest.protocol === 'mcp' &&
    manifest.mcp?.transport === 'stdio' &&
    manifest.mcp.command !== undefined;
  const command = mcpStdio ? manifest.mcp!.command! : manifest.bin;
  const args = [...((mcpStdio ? manifest.mcp!.args : manifest.bin_args) ?? [])];
  const env: Record<string, string> = {};

  if (config.mode !== undefined) {
    const mode = (manifest.modes ?? []).find((m) => m.id === config.mode);
    if (!mode) throw new Error(`unknown mode ${JSON.stringify(config.mode)}`);
    args.push(...(mode.bin_args_append ?? []));
    Object.assign(env, mode.env ?? {});
  }

  const given: Record<string, unknown> = { ...(config.options ?? {}) };
  const declared = manifest.options ?? [];
  for (const id of Object.keys(given))
    if (!declared.some((o) => o.id === id)) throw new Error(`unknown option ${JSON.stringify(id)}`);
  for (const option of declared) {
    const has = Object.prototype.hasOwnProperty.call(given, option.id);
    if (has) checkValue(option, given[option.id]);
    const value = (has ? given[option.id] : option.default) as Value | undefined;
    if (value === undefined) continue;
    if (option.type === 'boolean' && value === true)
      args.push(...(option.bin_args_append_when_true ?? []));
    if (has && value !== option.default) {
      for (const token of option.bin_args_template ?? []) args.push(fill(token, value));
      for (const [name, template] of Object.entries(option.env ?? {}))
        env[name] = fill(template, value);
    }
  }

  if (
    config.continuation !== undefined &&
    !(manifest.continuation?.supported ?? []).some((s) => s === config.continuation)
  ) {
    throw new Error(
      `continuation ${JSON.stringify(config.continuation)} is not supported by the manifest`,
    );
  }
  return { command, args, env };
}
