/**
 * Version strings as tools write them (`1.0.0`, `v2`, `1.4`, `notes 1.4.0`): the numbers the comparison needs, and
 * nothing guessed where a string has none.
 */

export interface Version {
  readonly text: string;
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** `1.2.3`, `v1.2`, `2`: the leading numbers of a version; undefined when it starts with none. */
export function parseVersion(text: string | undefined): Version | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/i.exec(text);
  if (!m) return undefined;
  return { text, major: Number(m[1]), minor: Number(m[2] ?? 0), patch: Number(m[3] ?? 0) };
}

/** The version in a release string that may name the tool first (`notes 1.4.0`, exec's `framework_version`). */
export function releaseVersion(text: string | undefined): Version | undefined {
  if (typeof text !== 'string') return undefined;
  const direct = parseVersion(text);
  if (direct) return direct;
  const word = text.split(/\s+/).find((w) => parseVersion(w) !== undefined);
  return word === undefined ? undefined : parseVersion(word);
}

/** Ascending, by numbers then text; strings without numbers last, in text order. */
export function compareVersions(a: string, b: string): number {
  const va = parseVersion(a);
  const vb = parseVersion(b);
  if (!va || !vb) return va ? -1 : vb ? 1 : a < b ? -1 : a > b ? 1 : 0;
  return (
    va.major - vb.major ||
    va.minor - vb.minor ||
    va.patch - vb.patch ||
    (a < b ? -1 : a > b ? 1 : 0)
  );
}

/**
 * Whether the schema major changed (§5.1: "MUST change schema_version major version"): the first number, as the
 * text says, also below 1.0.0 (see docs/spec-notes.md). Undefined when either version has no number.
 */
export function schemaMajorChanged(base: string | undefined, head: string | undefined) {
  const b = parseVersion(base);
  const h = parseVersion(head);
  return b && h ? b.major !== h.major : undefined;
}

/**
 * Whether a release is a major one for the command surface: semantic versioning's reading of the tool version
 * (the kit's; no sentence of the specs versions the surface), where below 1.0.0 the minor plays the major's part.
 */
export function releaseMajorChanged(base: string | undefined, head: string | undefined) {
  const b = releaseVersion(base);
  const h = releaseVersion(head);
  if (!b || !h) return undefined;
  if (b.major !== h.major) return true;
  return b.major === 0 && b.minor !== h.minor;
}
