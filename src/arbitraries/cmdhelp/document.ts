/**
 * fast-check arbitraries for cmdhelp v0.1: command trees, valid `help --format json` documents whose examples
 * resolve against their flag tree, and documents broken in exactly one labelled way. Never imports the checks.
 */
import fc from 'fast-check';
import { RECOMMENDED_TYPES } from '../../spec/cmdhelp/constants.js';
import type {
  CmdhelpArg,
  CmdhelpCommand,
  CmdhelpDocument,
  CmdhelpExitCode,
  CmdhelpFlag,
} from '../../spec/cmdhelp/types.js';
import { matching } from '../aoi/shared.js';

const BINARY = /^[a-z][a-z0-9-]{1,10}$/;
// Never `n…` (a flag named `no-x` would shadow a negation) nor `zz…` (the defects' own flags).
const FLAG_NAME = /^[a-mo-y][a-z0-9]{1,7}$/;
const WORD = /^[a-z][a-z0-9]{0,7}$/;
const VALUE = /^[a-z0-9][a-z0-9._]{0,7}$/;

/** A command tree: space-joined paths; groups have children, leaves have none. */
export interface CmdhelpTree {
  readonly groups: readonly string[];
  readonly leaves: readonly string[];
}

/**
 * A command tree of 1…3 top-level entries, each a leaf or a group of 1…3 leaves.
 *
 * @example fc.sample(cmdhelpTree(), 1) // [{ groups: ['ab'], leaves: ['ab cd', 'ef'] }]
 */
export function cmdhelpTree(): fc.Arbitrary<CmdhelpTree> {
  return fc
    .uniqueArray(fc.tuple(matching(WORD), fc.uniqueArray(matching(WORD), { maxLength: 3 })), {
      minLength: 1,
      maxLength: 3,
      selector: ([name]) => name,
    })
    .map((top) => ({
      groups: top.filter(([, kids]) => kids.length > 0).map(([name]) => name),
      leaves: top.flatMap(([name, kids]) =>
        kids.length > 0 ? kids.map((k) => `${name} ${k}`) : [name],
      ),
    }));
}

const typeName = fc.oneof(
  fc.constantFrom('string', 'int', 'float', ...RECOMMENDED_TYPES),
  matching(/^x-[a-z][a-z0-9-]{0,10}$/),
);

function flag(name: string): fc.Arbitrary<CmdhelpFlag> {
  return fc.oneof(
    fc.record(
      { type: fc.constant('bool'), negate_flag: fc.constant(`--no-${name}`) },
      { requiredKeys: ['type'] },
    ),
    fc
      .uniqueArray(matching(VALUE), { minLength: 1, maxLength: 4 })
      .map((values): CmdhelpFlag => ({ type: 'enum', enum: values })),
    fc.constant<CmdhelpFlag>({ type: 'enum', enum: ['true', 'false'] }),
    fc.record(
      { type: typeName, repeatable: fc.boolean(), description: fc.constant('A flag') },
      { requiredKeys: ['type'] },
    ),
  );
}

const exitCodes = fc.dictionary(
  fc.integer({ min: 0, max: 125 }).map(String),
  fc.oneof(
    matching(WORD),
    fc.record({ when: matching(WORD), recovery: matching(WORD) }, { requiredKeys: ['when'] }),
  ) as fc.Arbitrary<CmdhelpExitCode>,
  { maxKeys: 3 },
);

/** One word an example gives a flag: a value it accepts, or nothing for a bool (maybe its negation). */
function flagUse(name: string, f: CmdhelpFlag): fc.Arbitrary<string> {
  if (f.type === 'bool')
    return fc.constantFrom(`--${name}`, ...(f.negate_flag ? [f.negate_flag] : []));
  const value =
    f.type === 'enum' && f.enum ? fc.constantFrom(...f.enum.map(String)) : matching(VALUE);
  return fc
    .tuple(value, fc.boolean())
    .map(([v, inline]) => (inline ? `--${name}=${v}` : `--${name} ${v}`));
}

function leaf(binary: string, path: string): fc.Arbitrary<CmdhelpCommand> {
  const args = fc
    .tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 1 }), fc.boolean())
    .map(([required, optional, repeatable]): CmdhelpArg[] => [
      ...Array.from({ length: required }, (_, k): CmdhelpArg => ({
        name: `arg${k}`,
        type: 'string',
        required: true,
      })),
      ...Array.from({ length: optional }, (_, k): CmdhelpArg => ({
        name: `opt${k}`,
        type: 'string',
        required: false,
        ...(repeatable ? { repeatable: true } : {}),
      })),
    ]);
  const flags = fc
    .uniqueArray(matching(FLAG_NAME), { maxLength: 4 })
    .chain((names) =>
      fc
        .tuple(...names.map((n) => flag(n).map((f) => [n, f] as const)))
        .map((entries) => Object.fromEntries(entries)),
    );
  return fc.tuple(args, flags, exitCodes).chain(([a, f, codes]) => {
    const example = fc
      .tuple(
        fc.array(matching(VALUE), {
          minLength: a.filter((x) => x.required).length,
          maxLength: a.filter((x) => x.required).length,
        }),
        fc
          .subarray(Object.keys(f))
          .chain((used) =>
            used.length === 0
              ? fc.constant([] as string[])
              : fc.tuple(...used.map((n) => flagUse(n, f[n]!))),
          ),
      )
      .map(([positionals, flagWords]) => ({
        cmd: [binary, path, ...positionals, ...flagWords].join(' '),
      }));
    return fc.array(example, { minLength: 1, maxLength: 3 }).map((examples): CmdhelpCommand => ({
      summary: `Run ${path}.`,
      ...(a.length > 0 ? { args: a } : {}),
      ...(Object.keys(f).length > 0 ? { flags: f } : {}),
      ...(Object.keys(codes).length > 0 ? { exit_codes: codes } : {}),
      examples,
    }));
  });
}

/**
 * A valid cmdhelp v0.1 document (full detail at every leaf): every type of the §5.1 vocabulary, `x-*` types,
 * both exit-code forms, bool flags with negations, enum ["true","false"] flags, examples that resolve.
 *
 * @example fc.assert(fc.property(cmdhelpDocument(), (doc) => doc.cmdhelp_version === '0.1'))
 */
export function cmdhelpDocument(): fc.Arbitrary<CmdhelpDocument> {
  return fc.tuple(matching(BINARY), cmdhelpTree(), fc.boolean()).chain(([binary, tree, verbose]) =>
    fc
      .tuple(...tree.leaves.map((p) => leaf(binary, p).map((c) => [p, c] as const)))
      .map((leaves): CmdhelpDocument => ({
        cmdhelp_version: '0.1',
        binary,
        version: '1.0.0',
        ...(verbose ? { global_flags: { zverbose: { type: 'bool' } } } : {}),
        commands: Object.fromEntries([
          ...tree.groups.map((g) => [g, { summary: `Work with ${g}.` }] as const),
          ...leaves,
        ]),
      })),
  );
}

type Mutable = Record<string, unknown> & { commands: Record<string, Record<string, unknown>> };
interface DocumentDefect {
  readonly subRule: string;
  readonly apply: (doc: Mutable, leaf: string) => unknown;
}

const example = (doc: Mutable, leaf: string) =>
  (doc.commands[leaf]!.examples as { cmd: string }[])[0]!.cmd;
const addFlag = (doc: Mutable, leaf: string, name: string, f: Record<string, unknown>) => {
  doc.commands[leaf]!.flags = { ...((doc.commands[leaf]!.flags as object) ?? {}), [name]: f };
};
const setExample = (doc: Mutable, leaf: string, cmd: string) =>
  (doc.commands[leaf]!.examples = [{ cmd }]);

/** The defects `cmdhelpDocumentWithDefect` draws from: one per document sub-rule of CMDHELP-02 and CMDHELP-07. */
export const CMDHELP_DOCUMENT_DEFECTS: readonly DocumentDefect[] = [
  { subRule: 'CMDHELP-02/not-json', apply: () => [] },
  { subRule: 'CMDHELP-02/missing-key', apply: (d, l) => delete d.commands[l]!.summary },
  { subRule: 'CMDHELP-02/version-format', apply: (d) => (d.cmdhelp_version = '0.1.0') },
  {
    subRule: 'CMDHELP-02/unknown-type',
    apply: (d, l) => addFlag(d, l, 'zzt', { type: 'integer' }),
  },
  {
    subRule: 'CMDHELP-02/exit-code',
    apply: (d, l) => (d.commands[l]!.exit_codes = { '9': { recovery: 'try again' } }),
  },
  { subRule: 'CMDHELP-02/flag-name', apply: (d, l) => addFlag(d, l, '--zzf', { type: 'string' }) },
  {
    subRule: 'CMDHELP-02/negate-flag',
    apply: (d, l) => addFlag(d, l, 'zzn', { type: 'string', negate_flag: '--no-zzn' }),
  },
  {
    subRule: 'CMDHELP-02/enum-source',
    apply: (d, l) => addFlag(d, l, 'zze', { type: 'enum', enum_source: 'list things' }),
  },
  { subRule: 'CMDHELP-02/type', apply: (d, l) => (d.commands[l]!.see_also = 'other') },
  {
    subRule: 'CMDHELP-07/wrong-binary',
    apply: (d, l) => setExample(d, l, `zz-other-${example(d, l)}`),
  },
  {
    subRule: 'CMDHELP-07/unknown-command',
    apply: (d, l) => setExample(d, l, `${String(d.binary)} zzunknown`),
  },
  {
    subRule: 'CMDHELP-07/unknown-flag',
    apply: (d, l) => setExample(d, l, `${example(d, l)} --zzunknown`),
  },
  {
    subRule: 'CMDHELP-07/bool-with-value',
    apply: (d, l) => {
      addFlag(d, l, 'zzb', { type: 'bool' });
      setExample(d, l, `${example(d, l)} --zzb=true`);
    },
  },
  {
    subRule: 'CMDHELP-07/missing-value',
    apply: (d, l) => {
      addFlag(d, l, 'zzs', { type: 'string' });
      setExample(d, l, `${example(d, l)} --zzs`);
    },
  },
  {
    subRule: 'CMDHELP-07/enum-value',
    apply: (d, l) => {
      addFlag(d, l, 'zzv', { type: 'enum', enum: ['a', 'b'] });
      setExample(d, l, `${example(d, l)} --zzv c`);
    },
  },
  {
    subRule: 'CMDHELP-07/arity',
    apply: (d, l) => {
      d.commands[l]!.args = [{ name: 'zza', type: 'string', required: true }];
      setExample(d, l, `${String(d.binary)} ${l}`);
    },
  },
];

export interface DefectiveCmdhelpDocument {
  /** The one sub-rule the document breaks, e.g. `CMDHELP-07/bool-with-value`. */
  readonly subRule: string;
  readonly document: unknown;
}

/**
 * A valid `cmdhelpDocument()` broken in exactly one way, labelled with the sub-rule it breaks. A validator must
 * report that sub-rule and no other.
 *
 * @example fc.assert(fc.property(cmdhelpDocumentWithDefect(), ({ subRule }) => subRule.startsWith('CMDHELP-')))
 */
export function cmdhelpDocumentWithDefect(
  options: { subRules?: readonly string[] } = {},
): fc.Arbitrary<DefectiveCmdhelpDocument> {
  const defects = CMDHELP_DOCUMENT_DEFECTS.filter(
    (d) => options.subRules === undefined || options.subRules.includes(d.subRule),
  );
  if (defects.length === 0)
    throw new RangeError(
      `cmdhelpDocumentWithDefect: no defect breaks ${options.subRules?.join(', ')}`,
    );
  return fc
    .tuple(cmdhelpDocument(), fc.constantFrom(...defects), fc.nat())
    .map(([doc, defect, k]) => {
      const copy = structuredClone(doc) as unknown as Mutable;
      const leaves = Object.keys(copy.commands).filter((p) =>
        Array.isArray(copy.commands[p]!.examples),
      );
      const leafPath = leaves[k % leaves.length]!;
      const result = defect.apply(copy, leafPath);
      return {
        subRule: defect.subRule,
        document: defect.subRule === 'CMDHELP-02/not-json' ? result : copy,
      };
    });
}

/**
 * A capability line, valid (`cmdhelp/0.1: …` listing text, md, json in any order, maybe llm) or not.
 *
 * @example fc.sample(cmdhelpCapabilityLine(), 1) // ['cmdhelp/0.1: json, text, md']
 */
export function cmdhelpCapabilityLine(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.shuffledSubarray(['text', 'md', 'json', 'llm'], { minLength: 4, maxLength: 4 }),
      fc.boolean(),
      fc.constantFrom(', ', ',', ' , '),
    )
    .map(
      ([formats, llm, sep]) =>
        `cmdhelp/0.1: ${formats.filter((f) => llm || f !== 'llm').join(sep)}`,
    );
}
