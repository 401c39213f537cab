import { subRulesJudgedBy, withDocs } from '../define.js';
import type { Rule, SpecBasis, SubRule } from '../types.js';

/**
 * COMPAT-01…03: a tool's contract kept from release to release (AOI-CLI §5, §5.1, §10.3; the design goal "Stable —
 * explicit compatibility contract for machine output"). Judged by `compareContracts` on two recorded contracts
 * (`aoi-testkit compat --base <snapshot|program> -- <program>`), and on the schema versions one contract offers
 * side by side. Every difference is a change of one class: a breaking class is a sub-rule here, reported only
 * when no major version announces it (with the bump it is information); the compatible classes are
 * {@link COMPATIBLE_CHANGES}. Classification after `buf breaking`, oasdiff and graphql-inspector: what an old
 * consumer of the output reads, what an old caller of the command line passes.
 */
export const COMPAT_RULES: readonly Rule[] = withDocs([
  {
    id: 'COMPAT-01',
    title: 'A breaking change to machine output changes the schema_version major',
    characteristics: ['Versioned'],
    sections: ['§5.1', '§10.3'],
  },
  {
    id: 'COMPAT-02',
    title: 'The command surface agents call stays compatible within a major version',
    characteristics: ['Versioned'],
    sections: ['§1.1', '§16', '§17'],
  },
  {
    id: 'COMPAT-03',
    title: 'Tool, AOI and schema versions are not conflated',
    characteristics: ['Versioned'],
    sections: ['§5'],
  },
]);

/** §5.1, the one MUST of a breaking change. */
const MAJOR: SpecBasis = {
  strength: 'must',
  section: '§5.1',
  quote: 'A breaking machine-output change MUST change schema_version major version.',
};
/** §1.1: the machine mode is a stable API; no sentence says how its command surface is versioned. */
const STABLE: SpecBasis = {
  strength: 'kit',
  section: '§1.1',
  quote:
    'If a tool advertises AOI conformance, its machine mode MUST be a stable, schema-governed API.',
};
const CONFLATED: SpecBasis = {
  strength: 'must',
  section: '§5',
  quote: 'AOI versioning has three separate concepts and they MUST NOT be conflated',
};

const sub = subRulesJudgedBy('contract');

/** A warning of COMPAT-02: the text gives the command surface no versioning rule of its own. */
const SURFACE_NOTE =
  'No sentence of AOI-CLI, cmdhelp or the exec guide versions the command surface; §1.1 asks for a stable API, so a break without a major bump of the tool (or of the schema) is a warning (--strict fails it).';

/** Every breaking class, the sub-rule it is reported under when no major version announces it. */
export const COMPAT_SUB_RULES: readonly SubRule[] = [
  // COMPAT-01 — machine output (§5.1): what an old consumer reads from the events.
  sub(
    'COMPAT-01/event-type-removed',
    'error',
    'An event type the schema or a command declared is gone',
    'Keep emitting (and declaring) the event type, or publish the change as a new schema_version major (§5.1).',
    MAJOR,
  ),
  sub(
    'COMPAT-01/field-removed',
    'error',
    'A required field of an event is gone',
    'Keep the field (deprecate it, add its replacement beside it), or change the schema_version major (§5.1).',
    MAJOR,
  ),
  sub(
    'COMPAT-01/field-retyped',
    'error',
    'A field now takes values of a type its old schema did not allow',
    'Add a new field of the new type and keep the old one, or change the schema_version major (§5.1).',
    MAJOR,
  ),
  sub(
    'COMPAT-01/field-became-optional',
    'error',
    'A field every event carried is no longer required',
    'Keep the field required (an old consumer reads it unconditionally), or change the schema_version major (§5.1).',
    MAJOR,
  ),
  sub(
    'COMPAT-01/field-enum-widened',
    'warning',
    'A field now takes values outside its old enum',
    'Document the new values as a minor change consumers must tolerate, or change the schema_version major when they cannot (§5.1).',
    {
      strength: 'kit',
      section: '§10.3',
      quote:
        'Event/output schemas SHOULD be permissive for forward-compatible extension: allow unknown fields unless a specific event class has a reason to forbid them.',
    },
    '§10.3 makes unknown fields a forward-compatible extension but says nothing of new values of a field; a consumer that switches on the value meets one it does not know (oasdiff and graphql-inspector flag it), so a warning.',
  ),
  // COMPAT-02 — the command surface (capabilities, cmdhelp, exec): what an old caller passes.
  sub(
    'COMPAT-02/command-removed',
    'warning',
    'A command (or an exec _cmd) is gone',
    'Keep the command as a deprecated alias of its replacement until the next major release.',
    STABLE,
    SURFACE_NOTE,
  ),
  sub(
    'COMPAT-02/flag-removed',
    'warning',
    'A flag is gone',
    'Keep accepting the flag (ignore it, or map it to its replacement) until the next major release.',
    STABLE,
    SURFACE_NOTE,
  ),
  sub(
    'COMPAT-02/flag-renamed',
    'warning',
    'A flag was renamed: the old name is gone, a flag of the same kind came in',
    'Accept the old name as an alias of the new one until the next major release.',
    STABLE,
    SURFACE_NOTE,
  ),
  sub(
    'COMPAT-02/flag-type-narrowed',
    'warning',
    'A flag accepts fewer values than before (its type, or it is no longer repeatable)',
    'Accept every value the old type accepted; narrow the type only in a major release.',
    STABLE,
    SURFACE_NOTE,
  ),
  sub(
    'COMPAT-02/flag-enum-narrowed',
    'warning',
    'A value a flag accepted is no longer in its enum',
    'Keep accepting the old value (as an alias of its replacement) until the next major release.',
    STABLE,
    SURFACE_NOTE,
  ),
  sub(
    'COMPAT-02/argument-removed',
    'warning',
    'A positional argument is gone',
    'Keep accepting the argument until the next major release.',
    STABLE,
    SURFACE_NOTE,
  ),
  sub(
    'COMPAT-02/argument-narrowed',
    'warning',
    'A positional argument accepts fewer values than before (type or enum)',
    'Accept every value the old argument accepted; narrow it only in a major release.',
    STABLE,
    SURFACE_NOTE,
  ),
  sub(
    'COMPAT-02/required-input-added',
    'warning',
    'A call that worked before now lacks a required argument or flag',
    'Give the new input a default (make it optional), or require it only in a major release.',
    STABLE,
    SURFACE_NOTE,
  ),
  sub(
    'COMPAT-02/capability-withdrawn',
    'warning',
    'Something capabilities, cmdhelp or the manifest offered is withdrawn',
    'Keep offering it (dry run, idempotency key, cursor, an input mode, an output, a schema version, a help format) until the next major release.',
    STABLE,
    SURFACE_NOTE,
  ),
  sub(
    'COMPAT-02/command-now-mutating',
    'warning',
    'A read-only command now changes state, or a command became destructive',
    'Put the side effect behind a new command or flag; an agent that called the command freely must not change state by it.',
    STABLE,
    SURFACE_NOTE,
  ),
  sub(
    'COMPAT-02/confirmation-now-required',
    'warning',
    'A command now refuses to run without --confirm',
    'Announce the new guard in a major release: every old call without --confirm now fails (§14.3).',
    STABLE,
    SURFACE_NOTE,
  ),
  sub(
    'COMPAT-02/exit-code-meaning-changed',
    'warning',
    'An exit code a command documents now means something else',
    'Give the new meaning a new exit code and keep the old one meaning what it did.',
    STABLE,
    SURFACE_NOTE,
  ),
  // COMPAT-03 — the three versions of §5.
  sub(
    'COMPAT-03/schema-follows-tool',
    'error',
    'The schema version is the tool version and moves with it',
    'Version the event schema on its own: bump its major on a breaking output change, leave it alone on a release that changes no output (§5).',
    CONFLATED,
  ),
  sub(
    'COMPAT-03/aoi-version-conflated',
    'error',
    'aoi_version is the tool or schema version, not an AOI-CLI version',
    'Put the version of AOI-CLI the tool follows in aoi_version ("0.2"), the release in tool_version (§5).',
    CONFLATED,
  ),
];

/** A class of difference that breaks no old consumer or caller: listed in a comparison's changes, never a finding. */
export interface CompatibleChange {
  readonly id: string;
  readonly title: string;
}

/**
 * The compatible classes (§10.3: output schemas "permissive for forward-compatible extension"; §13: consumers
 * "ignore unknown event types"). Each is documented on the page of the rule its breaking counterpart belongs to.
 */
export const COMPATIBLE_CHANGES: readonly CompatibleChange[] = [
  { id: 'event-type-added', title: 'A new event type' },
  { id: 'field-added', title: 'A new field of an event (required or not)' },
  { id: 'optional-field-removed', title: 'A field the old schema did not require is gone' },
  { id: 'field-narrowed', title: 'A field takes fewer values (a narrower type, a smaller enum)' },
  { id: 'field-became-required', title: 'A field the events carried at times is now always there' },
  { id: 'command-added', title: 'A new command (or exec _cmd)' },
  { id: 'flag-added', title: 'A new optional flag' },
  { id: 'argument-added', title: 'A new optional positional argument' },
  {
    id: 'input-widened',
    title: 'A flag or argument accepts more values (a wider type, a larger enum)',
  },
  { id: 'input-became-optional', title: 'A required flag or argument became optional' },
  {
    id: 'capability-added',
    title: 'Something new offered (a mode, an output, a schema version, a format)',
  },
  { id: 'command-now-read-only', title: 'A command no longer changes state, or is less dangerous' },
  { id: 'exit-code-added', title: 'A new documented exit code' },
];

/** Every class a comparison can name: the breaking ones (sub-rule slugs) and the compatible ones. */
export const CHANGE_CLASSES: readonly string[] = [
  ...COMPAT_SUB_RULES.filter((s) => s.rule !== 'COMPAT-03').map((s) => s.id.split('/')[1]!),
  ...COMPATIBLE_CHANGES.map((c) => c.id),
];
