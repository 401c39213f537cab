import fc from 'fast-check';
import { stringify } from 'yaml';
import {
  AGENT_CLI_CAPABILITIES,
  CONTINUATION_STRATEGIES,
  type AgentCliConfig,
  type AgentCliManifest,
  type AgentCliMode,
  type AgentCliOption,
  type AgentCliProtocol,
  type ContinuationStrategy,
  type OptionValue,
} from '../../spec/agentcli/manifest.js';
import { matching, SEMVER } from '../aoi/shared.js';

const KEBAB = /^[a-z][a-z0-9-]{1,20}$/;
const MODE_ID = /^[a-z0-9][a-z0-9-]{0,15}$/;
// Never `zz_…`: the defects add options with such ids, which must not collide with generated ones.
const OPTION_ID = /^[a-y0-9][a-z0-9_]{0,15}$/;
const FLAG = /^--[a-z][a-z-]{0,12}$/;
const ENV_NAME = /^[A-Z][A-Z0-9_]{0,15}$/;
const WORD = /^[a-z][a-z0-9.-]{0,12}$/;

const flags = (maxLength = 2) => fc.array(matching(FLAG), { maxLength });
const envPatch = (withValue: boolean) =>
  fc.dictionary(
    matching(ENV_NAME),
    withValue ? fc.constantFrom('{value}', 'x-{value}', 'fixed') : matching(WORD),
    { maxKeys: 2 },
  );

/** One mode: an id and, maybe, argv and env patches. */
function mode(): fc.Arbitrary<AgentCliMode> {
  return fc.record(
    {
      id: matching(MODE_ID),
      description: fc.constant('A mode'),
      bin_args_append: flags(),
      env: envPatch(false),
    },
    { requiredKeys: ['id'] },
  );
}

/** One option whose type, enum, bounds, default and patches agree (AIP-45 §Options). */
function option(): fc.Arbitrary<AgentCliOption> {
  const id = matching(OPTION_ID);
  const template = fc
    .constantFrom(['--x', '{value}'], ['--x={value}'], ['{value}'])
    .chain((shape) => matching(FLAG).map((flag) => shape.map((t) => t.replace('--x', flag))));
  const patches = fc.record(
    { bin_args_template: template, env: envPatch(true) },
    { requiredKeys: [] },
  );
  const boolean = fc
    .tuple(id, fc.option(fc.boolean(), { nil: undefined }), flags(1), patches)
    .map(([id, def, whenTrue, p]): AgentCliOption => ({
      id,
      type: 'boolean',
      ...(def !== undefined ? { default: def } : {}),
      bin_args_append_when_true: whenTrue,
      ...p,
    }));
  const integer = fc
    .tuple(
      id,
      fc.integer({ min: -5, max: 50 }),
      fc.integer({ min: 0, max: 100 }),
      fc.boolean(),
      patches,
    )
    .chain(([id, min, span, withDefault, p]) =>
      fc.integer({ min, max: min + span }).map((def): AgentCliOption => ({
        id,
        type: 'integer',
        min,
        max: min + span,
        ...(withDefault ? { default: def } : {}),
        ...p,
      })),
    );
  const string = fc
    .tuple(id, fc.option(matching(WORD), { nil: undefined }), patches)
    .map(([id, def, p]): AgentCliOption => ({
      id,
      type: 'string',
      ...(def !== undefined ? { default: def } : {}),
      ...p,
    }));
  const enumeration = fc
    .tuple(
      id,
      fc.uniqueArray(matching(WORD), { minLength: 1, maxLength: 4 }),
      fc.boolean(),
      patches,
    )
    .map(([id, values, withDefault, p]): AgentCliOption => ({
      id,
      type: 'enum',
      enum: values,
      ...(withDefault ? { default: values[0]! } : {}),
      ...p,
    }));
  return fc.oneof(boolean, integer, string, enumeration);
}

export interface AgentCliManifestArbitraryOptions {
  /** Only this protocol arm (default: any of acp, mcp, proprietary). */
  protocol?: AgentCliProtocol;
}

/**
 * A valid AGENT-CLI.md frontmatter (AIP-45): the required fields, the protocol arm its discriminator
 * needs, and optional session, capabilities, modes (unique ids), options (unique ids; type, enum, bounds,
 * default and patches that agree) and continuation (default ∈ supported; native-resume and resumable
 * sessions only with capabilities.resumable).
 *
 * @example
 * fc.assert(fc.property(agentCliManifest(), (manifest) => (manifest.modes ?? []).every((m, i, all) => all.findIndex((n) => n.id === m.id) === i)));
 */
export function agentCliManifest(
  options: AgentCliManifestArbitraryOptions = {},
): fc.Arbitrary<AgentCliManifest> {
  const protocol =
    options.protocol !== undefined
      ? fc.constant(options.protocol)
      : fc.constantFrom<AgentCliProtocol>('acp', 'mcp', 'proprietary');
  const capabilities = fc.record(
    Object.fromEntries(AGENT_CLI_CAPABILITIES.map((c) => [c, fc.boolean()])) as Record<
      (typeof AGENT_CLI_CAPABILITIES)[number],
      fc.Arbitrary<boolean>
    >,
    {
      requiredKeys: ['resumable'],
    },
  );
  return fc
    .record({
      name: matching(KEBAB),
      version: matching(SEMVER),
      bin: matching(WORD),
      bin_args: fc.option(fc.array(matching(WORD), { maxLength: 2 }), { nil: undefined }),
      protocol,
      sandboxRef: fc.boolean(),
      capabilities: fc.option(capabilities, { nil: undefined }),
      sessionMode: fc.option(fc.constantFrom('ephemeral', 'persistent', 'resumable'), {
        nil: undefined,
      }),
      modes: fc.option(fc.uniqueArray(mode(), { maxLength: 4, selector: (m) => m.id }), {
        nil: undefined,
      }),
      options: fc.option(fc.uniqueArray(option(), { maxLength: 5, selector: (o) => o.id }), {
        nil: undefined,
      }),
      continuation: fc.option(
        fc.tuple(fc.subarray([...CONTINUATION_STRATEGIES], { minLength: 1 }), fc.nat()),
        { nil: undefined },
      ),
    })
    .map((g): AgentCliManifest => {
      const resumable = g.capabilities?.resumable === true;
      const sessionMode =
        g.sessionMode === 'resumable' && !resumable ? 'persistent' : g.sessionMode;
      let continuation: AgentCliManifest['continuation'];
      if (g.continuation) {
        const supported = g.continuation[0].filter((s) => resumable || s !== 'native-resume');
        if (supported.length > 0)
          continuation = {
            default: supported[g.continuation[1] % supported.length] as ContinuationStrategy,
            supported,
          };
      }
      return {
        name: g.name,
        id: g.name,
        description: `${g.name}: an agent CLI generated by aoi-testkit`,
        version: g.version,
        bin: g.bin,
        ...(g.bin_args ? { bin_args: g.bin_args } : {}),
        install: [{ method: 'npm', package: g.name }],
        version_check: {
          cmd: `${g.bin} --version`,
          parse: '(\\d+\\.\\d+\\.\\d+)',
          range: '>=0.1.0',
        },
        sandbox: g.sandboxRef ? './SANDBOX.md' : { provider: 'local' },
        protocol: g.protocol,
        ...(g.protocol === 'acp' ? { acp: `./${g.name}.ACP.md` } : {}),
        ...(g.protocol === 'mcp'
          ? { mcp: { command: g.bin, args: ['serve'], transport: 'stdio' as const } }
          : {}),
        ...(g.protocol === 'proprietary' ? { adapter: `@example/adapter-${g.name}` } : {}),
        ...(sessionMode ? { session: { mode: sessionMode } } : {}),
        ...(g.capabilities ? { capabilities: g.capabilities } : {}),
        ...(g.modes ? { modes: g.modes } : {}),
        ...(g.options ? { options: g.options } : {}),
        ...(continuation ? { continuation } : {}),
      };
    });
}

/** AGENT-CLI.md text for a frontmatter: `---`, the YAML, `---`, a markdown body. */
export function agentCliMarkdown(
  frontmatter: unknown,
  body = '# Agent\n\nGenerated by aoi-testkit.\n',
): string {
  return `---\n${stringify(frontmatter, { lineWidth: 0 })}---\n\n${body}`;
}

type Mutable = Record<string, unknown>;
/** One way to break a valid manifest: the sub-rule it breaks, and the change (on a deep copy). */
interface ManifestDefect {
  readonly subRule: string;
  /** Whether this manifest can carry the defect (e.g. a mode defect needs modes). */
  readonly applies?: (m: AgentCliManifest) => boolean;
  readonly apply: (m: Mutable) => void;
}

/** A strategy outside continuation.supported other than native-resume (which would break AGENTCLI-11 twice). */
const unsupportedPlainStrategy = (m: AgentCliManifest): string | undefined =>
  m.continuation &&
  CONTINUATION_STRATEGIES.find(
    (s) => s !== 'native-resume' && !m.continuation!.supported.includes(s),
  );

const REQUIRED = [
  'name',
  'id',
  'description',
  'version',
  'bin',
  'install',
  'version_check',
  'sandbox',
] as const;
const first = (m: Mutable, key: string): Mutable => (m[key] as Mutable[])[0]!;

/** The catalogue of manifest defects `agentCliManifestWithDefect` draws from, one per manifest sub-rule it can break in a frontmatter. */
export const MANIFEST_DEFECTS: readonly ManifestDefect[] = [
  ...REQUIRED.map((field): ManifestDefect => ({
    subRule: 'AGENTCLI-02/missing-field',
    apply: (m) => delete m[field],
  })),
  { subRule: 'AGENTCLI-03/unknown-field', apply: (m) => (m.homepage = 'https://example.com') },
  { subRule: 'AGENTCLI-03/type', apply: (m) => (m.description = 42) },
  { subRule: 'AGENTCLI-03/format', apply: (m) => (m.version = 'v1') },
  { subRule: 'AGENTCLI-04/unknown-protocol', apply: (m) => (m.protocol = 'grpc') },
  {
    subRule: 'AGENTCLI-05/acp-missing',
    applies: (m) => m.protocol === 'acp',
    apply: (m) => delete m.acp,
  },
  {
    subRule: 'AGENTCLI-05/mcp-missing',
    applies: (m) => m.protocol === 'mcp',
    apply: (m) => delete m.mcp,
  },
  {
    subRule: 'AGENTCLI-05/mcp-transport-missing',
    applies: (m) => m.protocol === 'mcp',
    apply: (m) => delete (m.mcp as Mutable).transport,
  },
  {
    subRule: 'AGENTCLI-05/adapter-missing',
    applies: (m) => m.protocol === 'proprietary',
    apply: (m) => delete m.adapter,
  },
  {
    subRule: 'AGENTCLI-06/install',
    apply: (m) => (m.install = [{ method: 'snap', package: 'x' }]),
  },
  { subRule: 'AGENTCLI-06/version-check', apply: (m) => delete (m.version_check as Mutable).range },
  {
    subRule: 'AGENTCLI-06/version-regex',
    apply: (m) => ((m.version_check as Mutable).parse = '\\d+\\.\\d+'),
  },
  {
    subRule: 'AGENTCLI-07/invalid',
    apply: (m) => (m.session = { ...(m.session as Mutable), idle_timeout_ms: 10 }),
  },
  {
    subRule: 'AGENTCLI-07/resumable-without-capability',
    applies: (m) => m.continuation?.default !== 'native-resume',
    apply: (m) => {
      m.session = { mode: 'resumable' };
      m.capabilities = { ...(m.capabilities as Mutable), resumable: false };
    },
  },
  {
    subRule: 'AGENTCLI-08/invalid',
    apply: (m) => (m.capabilities = { ...(m.capabilities as Mutable), streaming: 'yes' }),
  },
  {
    subRule: 'AGENTCLI-09/id-pattern',
    applies: (m) => (m.modes?.length ?? 0) > 0,
    apply: (m) => (first(m, 'modes').id = 'Plan Mode'),
  },
  {
    subRule: 'AGENTCLI-09/duplicate-id',
    applies: (m) => (m.modes?.length ?? 0) > 0,
    apply: (m) => (m.modes as Mutable[]).push({ ...first(m, 'modes') }),
  },
  {
    subRule: 'AGENTCLI-09/unknown-patch',
    applies: (m) => (m.modes?.length ?? 0) > 0,
    apply: (m) => (first(m, 'modes').bin = 'other-binary'),
  },
  {
    subRule: 'AGENTCLI-10/id-pattern',
    applies: (m) => (m.options?.length ?? 0) > 0,
    apply: (m) => (first(m, 'options').id = 'max-turns'),
  },
  {
    subRule: 'AGENTCLI-10/duplicate-id',
    applies: (m) => (m.options?.length ?? 0) > 0,
    apply: (m) => (m.options as Mutable[]).push({ ...first(m, 'options') }),
  },
  {
    subRule: 'AGENTCLI-10/unknown-type',
    applies: (m) => (m.options?.length ?? 0) > 0,
    apply: (m) => (m.options as Mutable[]).push({ id: 'zz_float', type: 'float' }),
  },
  {
    subRule: 'AGENTCLI-10/enum-missing',
    apply: (m) =>
      (m.options = [...((m.options as Mutable[]) ?? []), { id: 'zz_choice', type: 'enum' }]),
  },
  {
    subRule: 'AGENTCLI-10/bounds-not-integer',
    apply: (m) =>
      (m.options = [
        ...((m.options as Mutable[]) ?? []),
        { id: 'zz_name', type: 'string', min: 1 },
      ]),
  },
  {
    subRule: 'AGENTCLI-10/min-above-max',
    apply: (m) =>
      (m.options = [
        ...((m.options as Mutable[]) ?? []),
        { id: 'zz_turns', type: 'integer', min: 10, max: 1 },
      ]),
  },
  {
    subRule: 'AGENTCLI-10/when-true-not-boolean',
    apply: (m) =>
      (m.options = [
        ...((m.options as Mutable[]) ?? []),
        { id: 'zz_level', type: 'integer', bin_args_append_when_true: ['--level'] },
      ]),
  },
  {
    subRule: 'AGENTCLI-10/default-invalid',
    apply: (m) =>
      (m.options = [
        ...((m.options as Mutable[]) ?? []),
        { id: 'zz_count', type: 'integer', min: 1, max: 5, default: 9 },
      ]),
  },
  {
    subRule: 'AGENTCLI-11/default-not-supported',
    applies: (m) => unsupportedPlainStrategy(m) !== undefined,
    apply: (m) =>
      ((m.continuation as Mutable).default = unsupportedPlainStrategy(
        m as unknown as AgentCliManifest,
      )),
  },
  {
    subRule: 'AGENTCLI-11/native-resume-without-capability',
    applies: (m) => m.session?.mode !== 'resumable',
    apply: (m) => {
      m.capabilities = { ...(m.capabilities as Mutable), resumable: false };
      m.continuation = { default: 'native-resume', supported: ['native-resume', 'none'] };
    },
  },
];

export interface DefectiveManifest {
  /** The sub-rule the manifest breaks, e.g. `AGENTCLI-10/min-above-max`. */
  readonly subRule: string;
  /** The broken frontmatter (no longer an `AgentCliManifest`). */
  readonly manifest: Record<string, unknown>;
}

/**
 * A manifest broken in exactly one way, labelled with the sub-rule it breaks: a valid `agentCliManifest()`
 * with one defect of `MANIFEST_DEFECTS` applied. A validator must report that sub-rule and no other error.
 *
 * @example
 * fc.assert(fc.property(agentCliManifestWithDefect(), ({ subRule }) => subRule.startsWith('AGENTCLI-')));
 */
export function agentCliManifestWithDefect(
  options: AgentCliManifestArbitraryOptions & { subRules?: readonly string[] } = {},
): fc.Arbitrary<DefectiveManifest> {
  const defects = MANIFEST_DEFECTS.filter(
    (d) => options.subRules === undefined || options.subRules.includes(d.subRule),
  );
  if (defects.length === 0)
    throw new RangeError(
      `agentCliManifestWithDefect: no defect breaks ${options.subRules?.join(', ')}`,
    );
  return fc
    .tuple(agentCliManifest(options), fc.constantFrom(...defects))
    .filter(([manifest, defect]) => defect.applies?.(manifest) ?? true)
    .map(([manifest, defect]) => {
      const copy = structuredClone(manifest) as unknown as Mutable;
      defect.apply(copy);
      return { subRule: defect.subRule, manifest: copy };
    });
}

/** A value an option accepts. */
function optionValue(o: AgentCliOption): fc.Arbitrary<OptionValue> {
  switch (o.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: o.min ?? -1000, max: o.max ?? 1000 });
    case 'enum':
      return fc.constantFrom(...(o.enum ?? ['x']));
    default:
      return matching(WORD);
  }
}

/**
 * A runner's valid choice for a manifest: maybe a mode, any subset of the declared options with values
 * they accept, maybe a supported continuation strategy. `resolveSpawn(manifest, config).ok` holds.
 *
 * @example
 * fc.assert(fc.property(agentCliManifest().chain((m) => agentCliConfig(m).map((config) => ({ m, config }))), ({ m, config }) => Object.keys(config.options ?? {}).every((id) => m.options?.some((o) => o.id === id))));
 */
export function agentCliConfig(manifest: AgentCliManifest): fc.Arbitrary<AgentCliConfig> {
  const modes = manifest.modes ?? [];
  const options = manifest.options ?? [];
  const supported = manifest.continuation?.supported ?? [];
  return fc
    .record(
      {
        mode:
          modes.length > 0 ? fc.constantFrom(...modes.map((m) => m.id)) : fc.constant(undefined),
        options: fc.record(Object.fromEntries(options.map((o) => [o.id, optionValue(o)])), {
          requiredKeys: [],
        }),
        continuation: supported.length > 0 ? fc.constantFrom(...supported) : fc.constant(undefined),
      },
      { requiredKeys: ['options'] },
    )
    .map(
      (c) =>
        Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as AgentCliConfig,
    );
}

/** How a runner's config can be wrong (AGENTCLI-13), for `agentCliConfigWithDefect`. */
export interface DefectiveConfig {
  readonly subRule: string;
  readonly config: { mode?: unknown; options?: Record<string, unknown>; continuation?: unknown };
}

/**
 * A runner's config for `manifest` broken in one way, labelled with its AGENTCLI-13 sub-rule: an unknown
 * mode or option, a value of the wrong type, outside the enum or bounds, an unsupported continuation.
 *
 * @example
 * fc.assert(fc.property(agentCliManifest().chain((m) => agentCliConfigWithDefect(m)), ({ subRule }) => subRule.startsWith('AGENTCLI-13/')));
 */
export function agentCliConfigWithDefect(
  manifest: AgentCliManifest,
): fc.Arbitrary<DefectiveConfig> {
  const options = manifest.options ?? [];
  const modeIds = new Set((manifest.modes ?? []).map((m) => m.id));
  const optionIds = new Set(options.map((o) => o.id));
  const supported = new Set<string>(manifest.continuation?.supported ?? []);
  const defects: fc.Arbitrary<DefectiveConfig>[] = [
    matching(MODE_ID)
      .filter((id) => !modeIds.has(id))
      .map((mode) => ({ subRule: 'AGENTCLI-13/unknown-mode', config: { mode } })),
    matching(OPTION_ID)
      .filter((id) => !optionIds.has(id))
      .map((id) => ({
        subRule: 'AGENTCLI-13/unknown-option',
        config: { options: { [id]: true } },
      })),
  ];
  const unsupported = CONTINUATION_STRATEGIES.filter((s) => !supported.has(s));
  if (unsupported.length > 0)
    defects.push(
      fc.constantFrom(...unsupported).map((continuation) => ({
        subRule: 'AGENTCLI-13/continuation-unsupported',
        config: { continuation },
      })),
    );
  for (const o of options) {
    const wrongType =
      o.type === 'boolean'
        ? fc.constantFrom<unknown>('true', 1, null)
        : o.type === 'integer'
          ? fc.constantFrom<unknown>('3', 1.5, true)
          : fc.constantFrom<unknown>(7, false, null, ['a']);
    defects.push(
      wrongType.map((value) => ({
        subRule: 'AGENTCLI-13/option-type',
        config: { options: { [o.id]: value } },
      })),
    );
    if (o.type === 'enum')
      defects.push(
        matching(WORD)
          .filter((v) => !(o.enum ?? []).includes(v))
          .map((value) => ({
            subRule: 'AGENTCLI-13/option-enum',
            config: { options: { [o.id]: value } },
          })),
      );
    if (o.type === 'integer' && o.max !== undefined)
      defects.push(
        fc.integer({ min: o.max + 1, max: o.max + 1000 }).map((value) => ({
          subRule: 'AGENTCLI-13/option-bounds',
          config: { options: { [o.id]: value } },
        })),
      );
  }
  return fc.oneof(...defects);
}
