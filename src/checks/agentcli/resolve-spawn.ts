import {
  VALUE_TOKEN,
  type AgentCliConfig,
  type AgentCliManifest,
  type AgentCliOption,
  type ContinuationStrategy,
  type OptionValue,
} from '../../spec/agentcli/manifest.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';

/** What a runner spawns for one mode and set of options: the reference answer to compare a runner's with. */
export interface ResolvedSpawn {
  readonly ok: true;
  /** The program: `bin`, or `mcp.command` for an MCP server on stdio. */
  readonly command: string;
  /** `bin_args` (or `mcp.args`), then the mode's `bin_args_append`, then each option's patch in declaration order. */
  readonly args: readonly string[];
  /** Only the variables the manifest adds (mode env, then option env, later wins): merge them into the child's env. */
  readonly env: Readonly<Record<string, string>>;
  /** The mode applied, if any. */
  readonly mode?: string;
  /** Every declared option's effective value (the config's, else its default); options with neither are absent. */
  readonly options: Readonly<Record<string, OptionValue>>;
  /** The continuation strategy: the config's, else `continuation.default`; absent without a continuation block. */
  readonly continuation?: ContinuationStrategy;
  readonly findings: readonly [];
}

export interface RejectedSpawn {
  readonly ok: false;
  /** Every problem of the config (AGENTCLI-13/*), not only the first. */
  readonly findings: readonly Finding[];
}

export type SpawnResolution = ResolvedSpawn | RejectedSpawn;

/**
 * The reference resolution of argv and env (AIP-45 §Modes, §Options, §Continuation) for a runner's choice
 * of mode, options and continuation. Pure: it spawns nothing. The manifest is taken as valid (check it
 * with `validateAgentCliManifest` first); the config is validated here, and a bad one is rejected whole
 * (unknown mode or option ids, values of the wrong type, outside the enum or bounds, an unsupported
 * continuation), as the spec says hosts MUST before spawn.
 *
 * The spec's words, and where it is silent, the kit's reading (docs/spec-notes.md):
 * - mode patches come after `bin_args`, option patches after the mode's, in the manifest's option order;
 * - `bin_args_template` and `env` apply when the option's value is not its default — a config value equal
 *   to the default, or no value, patches nothing;
 * - `bin_args_append_when_true` applies when the effective value (the config's, else the default) is `true`;
 * - `{value}` is replaced wherever it occurs in a token, by `String(value)`;
 * - a manifest without a `continuation` block accepts no continuation choice.
 *
 * @example
 * const spawn = resolveSpawn(manifest, { mode: 'plan', options: { model: 'claude-opus-4-7', auto: true } });
 * if (spawn.ok) expect(myRunner.argvFor(config)).toEqual([spawn.command, ...spawn.args]);
 */
export function resolveSpawn(
  manifest: AgentCliManifest,
  config: AgentCliConfig = {},
): SpawnResolution {
  const findings: Finding[] = [];
  const stdioMcp =
    manifest.protocol === 'mcp' &&
    manifest.mcp?.transport === 'stdio' &&
    manifest.mcp.command !== undefined;
  const command = stdioMcp ? manifest.mcp!.command! : manifest.bin;
  const args: string[] = [...((stdioMcp ? manifest.mcp!.args : manifest.bin_args) ?? [])];
  const env: Record<string, string> = {};

  // Mode: at most one; none means bin_args verbatim.
  let mode: string | undefined;
  if (config.mode !== undefined) {
    const found = manifest.modes?.find((m) => m.id === config.mode);
    if (found === undefined) {
      findings.push(
        makeFinding(
          'AGENTCLI-13/unknown-mode',
          `mode ${shown(config.mode)} is not one of the manifest's modes (${list(manifest.modes?.map((m) => m.id))})`,
        ),
      );
    } else {
      mode = found.id;
      args.push(...(found.bin_args_append ?? []));
      Object.assign(env, found.env);
    }
  }

  // Options: unknown ids first (a hard error), then each declared option in declaration order.
  const given = config.options ?? {};
  const declared = new Map((manifest.options ?? []).map((o) => [o.id, o]));
  for (const id of Object.keys(given)) {
    if (!declared.has(id))
      findings.push(
        makeFinding(
          'AGENTCLI-13/unknown-option',
          `option ${shown(id)} is not declared by the manifest (${list([...declared.keys()])})`,
        ),
      );
  }
  const options: Record<string, OptionValue> = {};
  for (const option of manifest.options ?? []) {
    const hasValue = Object.hasOwn(given, option.id);
    const value = hasValue ? given[option.id] : option.default;
    if (value === undefined) continue;
    if (hasValue) {
      const problem = valueProblem(option, value);
      if (problem) {
        findings.push(problem);
        continue;
      }
    }
    options[option.id] = value;
    const nonDefault = hasValue && value !== option.default;
    if (option.type === 'boolean' && value === true)
      args.push(...(option.bin_args_append_when_true ?? []));
    if (nonDefault) {
      args.push(...(option.bin_args_template ?? []).map((token) => fill(token, value)));
      for (const [name, template] of Object.entries(option.env ?? {}))
        env[name] = fill(template, value);
    }
  }

  // Continuation: the config's choice must be one the manifest supports.
  let continuation: ContinuationStrategy | undefined = manifest.continuation?.default;
  if (config.continuation !== undefined) {
    const supported = manifest.continuation?.supported ?? [];
    if (supported.includes(config.continuation as ContinuationStrategy))
      continuation = config.continuation as ContinuationStrategy;
    else
      findings.push(
        makeFinding(
          'AGENTCLI-13/continuation-unsupported',
          manifest.continuation
            ? `continuation ${shown(config.continuation)} is not in continuation.supported (${list(supported)})`
            : `continuation ${shown(config.continuation)} was asked for, but the manifest declares no continuation strategies`,
        ),
      );
  }

  if (findings.length > 0) return { ok: false, findings };
  return {
    ok: true,
    command,
    args,
    env,
    ...(mode !== undefined ? { mode } : {}),
    options,
    ...(continuation !== undefined ? { continuation } : {}),
    findings: [],
  };
}

/** Why a config value does not fit its option, as a finding; undefined when it fits. */
function valueProblem(option: AgentCliOption, value: unknown): Finding | undefined {
  const where = `option ${option.id}`;
  switch (option.type) {
    case 'boolean':
      if (typeof value !== 'boolean')
        return makeFinding(
          'AGENTCLI-13/option-type',
          `${where} is boolean, got ${kind(value)} ${shown(value)}`,
        );
      return undefined;
    case 'string':
      if (typeof value !== 'string')
        return makeFinding(
          'AGENTCLI-13/option-type',
          `${where} is a string, got ${kind(value)} ${shown(value)}`,
        );
      return undefined;
    case 'enum':
      if (typeof value !== 'string')
        return makeFinding(
          'AGENTCLI-13/option-type',
          `${where} is an enum of strings, got ${kind(value)} ${shown(value)}`,
        );
      if (!(option.enum ?? []).includes(value))
        return makeFinding(
          'AGENTCLI-13/option-enum',
          `${where} must be one of ${list(option.enum)}, got ${shown(value)}`,
        );
      return undefined;
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        return makeFinding(
          'AGENTCLI-13/option-type',
          `${where} is an integer, got ${kind(value)} ${shown(value)}`,
        );
      if (
        (option.min !== undefined && value < option.min) ||
        (option.max !== undefined && value > option.max)
      )
        return makeFinding(
          'AGENTCLI-13/option-bounds',
          `${where} must be within ${option.min ?? '−∞'}…${option.max ?? '∞'}, got ${value}`,
        );
      return undefined;
    default:
      // An option type the spec does not define (the manifest validator reports it): no value fits.
      return makeFinding(
        'AGENTCLI-13/option-type',
        `${where} has type ${shown(option.type)}, which no value can satisfy`,
      );
  }
}

const fill = (template: string, value: OptionValue): string =>
  template.split(VALUE_TOKEN).join(String(value));
function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a number' : 'a fraction';
  return typeof value === 'object' || typeof value === 'undefined'
    ? `an ${typeof value}`
    : `a ${typeof value}`;
}
/** A config value as a message shows it: JSON, bounded, secrets masked (a value may be a token). */
const shown = (value: unknown): string => toExcerpt(JSON.stringify(value) ?? String(value));
const list = (ids: readonly string[] | undefined): string =>
  ids && ids.length > 0 ? ids.join(', ') : 'none declared';
