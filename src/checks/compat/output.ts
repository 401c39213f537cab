/**
 * Machine output, old consumer's view: what an event schema took away from what a consumer of the old one reads
 * (COMPAT-01 classes), and what it only added or narrowed (compatible: §10.3 "permissive for forward-compatible
 * extension"). A producer may promise more and send less variety; it may not stop sending what it promised.
 */
import { eventShapes, type FieldShape, type ObjectShape } from './event-shapes.js';
import type { Difference } from './difference.js';

const list = (values: Iterable<unknown>) => [...values].map((v) => JSON.stringify(v)).join(', ');

/** `number` takes every integer: a type set covers another when each of its types is in it (or is an integer under number). */
function covers(wide: ReadonlySet<string>, narrow: ReadonlySet<string>): boolean {
  return [...narrow].every((t) => wide.has(t) || (t === 'integer' && wide.has('number')));
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const within = (values: readonly unknown[], of: readonly unknown[]) =>
  values.every((v) => of.some((o) => sameValue(v, o)));

function compareField(
  path: string,
  before: FieldShape,
  after: FieldShape,
  at: (path: string) => string,
  out: Difference[],
): void {
  if (before.types) {
    if (!after.types || !covers(before.types, after.types)) {
      out.push({
        class: 'field-retyped',
        where: at(path),
        message: `${at(path)} was ${list(before.types)} and is now ${after.types ? list(after.types) : 'of any type'}`,
      });
      return;
    }
    if (!covers(after.types, before.types))
      out.push({
        class: 'field-narrowed',
        where: at(path),
        message: `${at(path)} narrowed from ${list(before.types)} to ${list(after.types)}`,
      });
  } else if (after.types) {
    out.push({
      class: 'field-narrowed',
      where: at(path),
      message: `${at(path)} is now limited to ${list(after.types)}`,
    });
  }
  if (before.enum) {
    const added = after.enum ? after.enum.filter((v) => !within([v], before.enum!)) : undefined;
    if (!after.enum || added!.length > 0)
      out.push({
        class: 'field-enum-widened',
        where: at(path),
        message: after.enum
          ? `${at(path)} may now be ${list(added!)}, outside its old enum (${list(before.enum)})`
          : `${at(path)} is no longer limited to ${list(before.enum)}`,
      });
    else if (!within(before.enum, after.enum))
      out.push({
        class: 'field-narrowed',
        where: at(path),
        message: `${at(path)} no longer takes ${list(before.enum.filter((v) => !within([v], after.enum!)))}`,
      });
  } else if (after.enum) {
    out.push({
      class: 'field-narrowed',
      where: at(path),
      message: `${at(path)} is now limited to ${list(after.enum)}`,
    });
  }
  if (before.object && after.object)
    compareObject(`${path}.`, before.object, after.object, at, out);
  if (before.items && after.items) compareField(`${path}[]`, before.items, after.items, at, out);
}

function compareObject(
  prefix: string,
  before: ObjectShape,
  after: ObjectShape,
  at: (path: string) => string,
  out: Difference[],
): void {
  for (const [name, field] of before.properties) {
    // The discriminator itself: its values are the event types, compared as such.
    if (prefix === '' && name === 'type') continue;
    const path = `${prefix}${name}`;
    const now = after.properties.get(name);
    const wasRequired = before.required.has(name);
    if (!now) {
      out.push({
        class: wasRequired ? 'field-removed' : 'optional-field-removed',
        where: at(path),
        message: `${at(path)} is gone${wasRequired ? ' (it was required)' : ''}`,
      });
      continue;
    }
    if (wasRequired && !after.required.has(name))
      out.push({
        class: 'field-became-optional',
        where: at(path),
        message: `${at(path)} was required and is now optional`,
      });
    else if (!wasRequired && after.required.has(name))
      out.push({
        class: 'field-became-required',
        where: at(path),
        message: `${at(path)} is now required`,
      });
    compareField(path, field, now, at, out);
  }
  for (const [name] of after.properties)
    if (!before.properties.has(name) && !(prefix === '' && name === 'type'))
      out.push({
        class: 'field-added',
        where: at(`${prefix}${name}`),
        message: `${at(`${prefix}${name}`)} is new${after.required.has(name) ? ' (required)' : ''}`,
      });
}

/**
 * The differences between two event schemas, for a consumer of `before`. `label` names the pair
 * (`schema com.example.events 1.0.0 → 2.0.0`).
 */
export function compareEventSchemas(before: unknown, after: unknown, label: string): Difference[] {
  const old = eventShapes(before);
  const now = eventShapes(after);
  const out: Difference[] = [];
  for (const type of old.types ?? []) {
    if (now.types && !now.types.has(type)) {
      out.push({
        class: 'event-type-removed',
        where: `${label}: event ${type}`,
        message: `${label}: event type ${JSON.stringify(type)} is no longer declared`,
      });
      continue;
    }
    const was = old.events.get(type);
    const is = now.events.get(type);
    if (was && is)
      compareObject('', was, is, (path) => `${label}: ${JSON.stringify(type)} field ${path}`, out);
  }
  for (const type of now.types ?? [])
    if (!old.types?.has(type))
      out.push({
        class: 'event-type-added',
        where: `${label}: event ${type}`,
        message: `${label}: event type ${JSON.stringify(type)} is new`,
      });
  return out;
}
