/**
 * What an event schema promises a consumer, read from the JSON Schema a tool's `schema` command prints: the event
 * types it declares and, per type, each field's types, enum and whether it is required (nested objects and array
 * items too). Reads the forms §10.4 names — a `type` enum, `if`/`then` branches discriminated on `type`, `oneOf`
 * or `anyOf` branches with a `type` const, local `$ref`s into `$defs` — and leaves anything else unconstrained,
 * so that a form it does not read never looks like a break. A name `required` lists is a field even where no
 * `properties` entry describes it. Pure; never throws.
 */
import { isObject } from '../../stream/json.js';

export interface FieldShape {
  /** JSON types a value may have; undefined: any. */
  readonly types?: ReadonlySet<string>;
  /** The values it may take, where the schema lists them (`enum`, `const`). */
  readonly enum?: readonly unknown[];
  /** An object value's fields. */
  readonly object?: ObjectShape;
  /** An array value's items. */
  readonly items?: FieldShape;
}

export interface ObjectShape {
  readonly properties: ReadonlyMap<string, FieldShape>;
  readonly required: ReadonlySet<string>;
}

export interface EventShapes {
  /** The event types the schema declares; undefined when it leaves `type` open. */
  readonly types?: ReadonlySet<string>;
  /** Each declared type's fields: the envelope's and its branch's. */
  readonly events: ReadonlyMap<string, ObjectShape>;
}

type Node = Record<string, unknown>;
const MAX_DEPTH = 8;
const EMPTY: ObjectShape = { properties: new Map(), required: new Set() };

/** The node a local `$ref` points at (`#/$defs/hit`), followed until it is not a ref; undefined for others. */
function resolve(root: unknown, node: unknown, seen = new Set<string>()): Node | undefined {
  if (!isObject(node)) return undefined;
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  if (!ref.startsWith('#') || seen.has(ref)) return undefined;
  seen.add(ref);
  let target: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    target = isObject(target) || Array.isArray(target) ? (target as Node)[key] : undefined;
  }
  const resolved = resolve(root, target, seen);
  // Keywords beside a $ref (2020-12) still apply.
  if (!resolved) return undefined;
  const { $ref: _ref, ...beside } = node;
  return Object.keys(beside).length > 0 ? { ...resolved, allOf: [resolved, beside] } : resolved;
}

/** The event type a branch is for: `properties.type.const`, or a one-value `enum`. */
function discriminator(root: unknown, branch: unknown): string | undefined {
  const node = resolve(root, branch);
  const type = node && isObject(node.properties) ? resolve(root, node.properties.type) : undefined;
  if (!type) return undefined;
  if (typeof type.const === 'string') return type.const;
  if (Array.isArray(type.enum) && type.enum.length === 1 && typeof type.enum[0] === 'string')
    return type.enum[0];
  return undefined;
}

const typeSetOf = (value: unknown): Set<string> =>
  new Set([
    typeof value === 'number'
      ? Number.isInteger(value)
        ? 'integer'
        : 'number'
      : value === null
        ? 'null'
        : Array.isArray(value)
          ? 'array'
          : typeof value,
  ]);

function fieldShape(root: unknown, raw: unknown, depth: number): FieldShape {
  const node = resolve(root, raw);
  if (!node || depth > MAX_DEPTH) return {};
  let types: Set<string> | undefined;
  if (typeof node.type === 'string') types = new Set([node.type]);
  else if (Array.isArray(node.type))
    types = new Set(node.type.filter((t) => typeof t === 'string'));
  const values = 'const' in node ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
  if (!types && values) types = new Set(values.flatMap((v) => [...typeSetOf(v)]));
  const union = [node.oneOf, node.anyOf].find(Array.isArray) as unknown[] | undefined;
  if (!types && union) {
    const parts = union.map((u) => fieldShape(root, u, depth + 1));
    if (parts.every((p) => p.types)) types = new Set(parts.flatMap((p) => [...p.types!]));
  }
  // allOf narrows: a type given by one conjunct holds for the field.
  if (!types && Array.isArray(node.allOf))
    types = node.allOf.map((a) => fieldShape(root, a, depth + 1).types).find((t) => t) as
      Set<string> | undefined;
  const object =
    (!types || types.has('object')) && (isObject(node.properties) || Array.isArray(node.allOf))
      ? objectShape(root, node, depth + 1)
      : undefined;
  const items =
    (!types || types.has('array')) && node.items !== undefined
      ? fieldShape(root, node.items, depth + 1)
      : undefined;
  return {
    ...(types ? { types } : {}),
    ...(values ? { enum: values } : {}),
    ...(object && object.properties.size > 0 ? { object } : {}),
    ...(items ? { items } : {}),
  };
}

/** The fields a node declares itself and through its plain `allOf` conjuncts (not its `if`/`then` branches). */
function objectShape(root: unknown, raw: unknown, depth: number): ObjectShape {
  const node = resolve(root, raw);
  if (!node || depth > MAX_DEPTH) return EMPTY;
  const properties = new Map<string, FieldShape>();
  const required = new Set<string>();
  if (isObject(node.properties))
    for (const [name, value] of Object.entries(node.properties))
      properties.set(name, fieldShape(root, value, depth + 1));
  if (Array.isArray(node.required))
    for (const name of node.required) if (typeof name === 'string') required.add(name);
  if (Array.isArray(node.allOf))
    for (const part of node.allOf) {
      if (isObject(part) && 'if' in part) continue;
      const shape = objectShape(root, part, depth + 1);
      for (const [name, field] of shape.properties)
        if (!properties.has(name)) properties.set(name, field);
      for (const name of shape.required) required.add(name);
    }
  // A required field the node gives no schema for is still a field, of any type: its presence is the promise.
  for (const name of required) if (!properties.has(name)) properties.set(name, {});
  return { properties, required };
}

function merge(a: ObjectShape, b: ObjectShape): ObjectShape {
  const properties = new Map(a.properties);
  for (const [name, field] of b.properties) properties.set(name, field);
  return { properties, required: new Set([...a.required, ...b.required]) };
}

/** The event types and fields an event schema declares. */
export function eventShapes(schema: unknown): EventShapes {
  const root = resolve(schema, schema);
  if (!root) return { events: new Map() };
  const envelope = objectShape(schema, root, 0);
  const branches = new Map<string, ObjectShape>();
  const add = (type: string, shape: ObjectShape) =>
    branches.set(type, branches.has(type) ? merge(branches.get(type)!, shape) : shape);
  const conjuncts = (node: Node): unknown[] =>
    Array.isArray(node.allOf)
      ? node.allOf.flatMap((p) => {
          const r = resolve(schema, p);
          return r ? [r, ...conjuncts(r)] : [];
        })
      : [];
  for (const part of [root, ...conjuncts(root)] as Node[]) {
    if ('if' in part) {
      const type = discriminator(schema, part.if);
      if (type !== undefined) add(type, objectShape(schema, part.then, 1));
    }
    for (const union of [part.oneOf, part.anyOf])
      if (Array.isArray(union))
        for (const branch of union) {
          const type = discriminator(schema, branch);
          if (type !== undefined) add(type, objectShape(schema, branch, 1));
        }
  }
  const typeField = envelope.properties.get('type');
  const listed = typeField?.enum?.filter((v): v is string => typeof v === 'string');
  const types =
    listed || branches.size > 0 ? new Set([...(listed ?? []), ...branches.keys()]) : undefined;
  const events = new Map<string, ObjectShape>();
  for (const type of types ?? []) events.set(type, merge(envelope, branches.get(type) ?? EMPTY));
  return { ...(types ? { types } : {}), events };
}
