import fc from 'fast-check';
import { matching, NAME, SEMVER } from './shared.js';
import { AOI_VERSION, SUGGESTED_EXIT_CODE, type ErrorCategory } from '../../spec/aoi/constants.js';
import { aoiDomainType, aoiErrorClass, aoiErrorCode } from './events.js';
import { aoiText } from './values.js';

/** One command of a capability manifest (§17). */
export type CapabilityCommand = { name: string } & Record<string, unknown>;
/** A capability manifest, as `capabilities --output json` prints it (§17). */
export type CapabilityManifest = { tool: string; commands: CapabilityCommand[] } & Record<
  string,
  unknown
>;

/** What a command is, and the flags that follow from it (a destructive command requires confirmation, …). */
const COMMAND_SHAPES = {
  read: { read_only: true, bounded: true, supports_cursor: fc.boolean() },
  unbounded: { read_only: true, unbounded: true },
  mutating: {
    read_only: false,
    bounded: true,
    supports_dry_run: fc.boolean(),
    supports_idempotency_key: fc.boolean(),
  },
  destructive: {
    read_only: false,
    bounded: true,
    destructive: true,
    requires_confirm: true,
    supports_dry_run: fc.boolean(),
  },
  sink: {
    read_only: false,
    bounded: true,
    input_modes: fc.constant(['jsonl']),
    supports_dry_run: fc.boolean(),
  },
} as const;

function commandShape(shape: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, value]) => [
      key,
      value instanceof fc.Arbitrary ? value : fc.constant(value),
    ]),
  );
  return fc
    .tuple(fc.record(fields), fc.uniqueArray(aoiDomainType(), { maxLength: 3 }))
    .map(([flags, types]) => ({ ...flags, event_types: types }));
}

/**
 * A valid capability manifest (§17): tool, version, `aoi_versions`, outputs, schemas, and commands with
 * unique names whose flags agree (read-only or mutating, bounded or unbounded, destructive ones require
 * confirmation, sinks take JSONL input).
 *
 * @example
 * fc.assert(fc.property(aoiCapabilities(), (manifest) => validateCapabilities(manifest).length === 0));
 */
export function aoiCapabilities(): fc.Arbitrary<CapabilityManifest> {
  const shapes = Object.values(COMMAND_SHAPES).map((shape) => commandShape(shape));
  const command = fc
    .tuple(matching(NAME), fc.oneof(...shapes))
    .map(([name, flags]) => ({ name, ...flags }));
  return fc
    .record({
      tool: matching(NAME),
      tool_version: matching(SEMVER),
      schemaMajors: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }),
      commands: fc.uniqueArray(command, { minLength: 1, maxLength: 8, selector: (c) => c.name }),
    })
    .map(({ tool, tool_version, schemaMajors, commands }) => {
      const versions = [...schemaMajors].sort().map((major) => `${major}.0.0`);
      return {
        tool,
        tool_version,
        aoi_versions: [AOI_VERSION],
        outputs: ['text', 'jsonl'],
        schemas: [{ name: `dev.example.${tool}.events`, versions, default: versions.at(-1)! }],
        commands,
      };
    });
}

/** One entry of a tool's documented error taxonomy (§9). */
export interface ErrorTaxonomyEntry {
  readonly code: string;
  readonly category: ErrorCategory;
  /** The category's §9.1 default (either, for `maybe`). */
  readonly retryable: boolean;
  /** The §6 exit status the error ends a run with. */
  readonly exit_code: number;
  readonly message: string;
}

/**
 * A tool's documented error taxonomy: unique UPPER_SNAKE_CASE codes, each with a standard category,
 * `retryable` as §9.1 says, the §6 exit status, and a message — what a consumer maps errors by.
 *
 * @example
 * fc.assert(fc.property(aoiErrorTaxonomy(), (entries) => new Set(entries.map((e) => e.code)).size === entries.length));
 */
export function aoiErrorTaxonomy(
  options: { maxEntries?: number } = {},
): fc.Arbitrary<ErrorTaxonomyEntry[]> {
  const entry = fc
    .tuple(aoiErrorCode(), aoiErrorClass(), aoiText())
    .map(([code, { category, retryable }, message]) => ({
      code,
      category,
      retryable,
      exit_code: SUGGESTED_EXIT_CODE[category],
      message,
    }));
  return fc.uniqueArray(entry, {
    minLength: 1,
    maxLength: options.maxEntries ?? 12,
    selector: (e) => e.code,
  });
}
