import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AOI_RULES, AOI_SUB_RULES } from '../../../src/spec/aoi/rules.js';
import { getRule, getSubRule } from '../../../src/spec/rules.js';
import {
  ERROR_CATEGORIES,
  ERROR_CATEGORY_NAMES,
  EXIT_CODES,
  FRAMEWORK_EVENT_TYPES,
  RESERVED_DOMAIN_NAMES,
  isErrorCategory,
} from '../../../src/spec/aoi/constants.js';

/** §18.2 "Lint checks": row number → characteristic(s), verbatim from the spec table. */
const SPEC_18_2_CHARACTERISTICS: Record<string, string[]> = {
  'AOI-01': ['Discoverable'],
  'AOI-02': ['Typed'],
  'AOI-03': ['Verifiable'],
  'AOI-04': ['Typed', 'Verifiable'],
  'AOI-05': ['Verifiable'],
  'AOI-06': ['Safe'],
  'AOI-07': ['Idempotent'],
  'AOI-08': ['Auditable'],
  'AOI-09': ['Safe'],
  'AOI-10': ['Composable'],
  'AOI-11': ['Bounded', 'Streamable'],
  'AOI-12': ['Composable'],
  'AOI-13': ['Versioned'],
};

/** The ten Machine Mode characteristics (spec, "Relationship to Machine Mode"). */
const CHARACTERISTICS = [
  'Typed',
  'Discoverable',
  'Streamable',
  'Bounded',
  'Safe',
  'Idempotent',
  'Auditable',
  'Verifiable',
  'Composable',
  'Versioned',
];

/** §9.1 "Standard categories", verbatim: category → Retry? column. */
const SPEC_9_1: Record<string, 'yes' | 'no' | 'maybe'> = {
  usage: 'no',
  validation: 'no',
  authn: 'maybe',
  authz: 'no',
  not_found: 'no',
  conflict: 'maybe',
  rate_limited: 'yes',
  temporary: 'yes',
  timeout: 'yes',
  cancelled: 'maybe',
  partial: 'maybe',
  internal: 'maybe',
  config: 'no',
  io: 'maybe',
};

describe('rule registry (§18.2)', () => {
  it('has exactly 13 rules numbered AOI-01..AOI-13 in order', () => {
    expect(AOI_RULES.map((r) => r.id)).toEqual(
      Array.from({ length: 13 }, (_, i) => `AOI-${String(i + 1).padStart(2, '0')}`),
    );
  });

  it('gives each rule the characteristic(s) of its §18.2 row', () => {
    for (const rule of AOI_RULES) {
      expect(rule.characteristics, rule.id).toEqual(SPEC_18_2_CHARACTERISTICS[rule.id]);
      for (const c of rule.characteristics) expect(CHARACTERISTICS, `${rule.id} ${c}`).toContain(c);
    }
  });

  it('gives each rule a title and at least one spec section of the form §N or §N.M', () => {
    for (const rule of AOI_RULES) {
      expect(rule.title.trim().length, rule.id).toBeGreaterThan(10);
      expect(rule.sections.length, rule.id).toBeGreaterThan(0);
      for (const s of rule.sections) expect(s, rule.id).toMatch(/^§\d+(?:\.\d+)*$/);
    }
  });

  it('points each rule at docs/rules/<ID>.md', () => {
    for (const rule of AOI_RULES) expect(rule.docs).toBe(`docs/rules/${rule.id}.md`);
  });

  it('each docs page exists, is headed "<ID> — <title>", and documents every sub-rule of the rule', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    for (const rule of AOI_RULES) {
      const path = `${root}${rule.docs}`;
      expect(existsSync(path), rule.docs).toBe(true);
      const text = readFileSync(path, 'utf8');
      expect(text.split('\n')[0], rule.docs).toBe(`# ${rule.id} — ${rule.title}`);
      for (const s of AOI_SUB_RULES.filter((x) => x.rule === rule.id))
        expect(text, `${rule.docs} mentions ${s.id}`).toContain(s.id);
    }
  });

  it('getRule finds every rule and throws on an unknown id', () => {
    for (const rule of AOI_RULES) expect(getRule(rule.id)).toBe(rule);
    expect(() => getRule('AOI-14')).toThrow(/AOI-14/);
    expect(() => getRule('AOI-02/ansi')).toThrow();
  });
});

describe('sub-rule registry', () => {
  it('has unique sub-rule ids of the form AOI-NN/kebab-name', () => {
    const ids = AOI_SUB_RULES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^AOI-\d{2}\/[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('names an existing parent rule that matches its id prefix', () => {
    const ruleIds = new Set(AOI_RULES.map((r) => r.id));
    for (const s of AOI_SUB_RULES) {
      expect(ruleIds.has(s.rule), s.id).toBe(true);
      expect(s.id.startsWith(`${s.rule}/`), s.id).toBe(true);
    }
  });

  it('gives every sub-rule a severity, a title and a one-sentence fix', () => {
    for (const s of AOI_SUB_RULES) {
      expect(['error', 'warning'], s.id).toContain(s.severity);
      expect(s.title.trim().length, s.id).toBeGreaterThan(5);
      expect(s.fix.trim().length, s.id).toBeGreaterThan(10);
    }
  });

  // A warning says why it is only a warning: its basis is a SHOULD or the kit's own reading (basis.test.ts holds
  // that every error rests on a MUST), or a note records why a MUST is judged only as a warning.
  it.each(AOI_SUB_RULES.filter((s) => s.severity === 'warning').map((s) => [s.id, s] as const))(
    'warning %s records why it is only a warning (a SHOULD, the kit’s reading, or a note)',
    (_id, s) => {
      if (s.basis.strength === 'must') expect(s.note?.trim().length ?? 0).toBeGreaterThan(5);
      else expect(['should', 'kit']).toContain(s.basis.strength);
    },
  );

  it('the notes that cite a spec SHOULD cite a section', () => {
    for (const s of AOI_SUB_RULES) {
      if (s.note && /\bSHOULD\b/.test(s.note)) expect(s.note, s.id).toMatch(/§\d+/);
    }
  });

  it('covers every AOI-02 failure the reader distinguishes', () => {
    // The stream reader's sub-rules (the probe linter's machine-mode-unselectable is not a reading of bytes).
    const aoi02 = AOI_SUB_RULES.filter((s) => s.rule === 'AOI-02' && s.judgedBy === 'stream').map(
      (s) => s.id.slice('AOI-02/'.length),
    );
    expect(aoi02.sort()).toEqual(
      [
        'ansi',
        'blank-line',
        'bom',
        'control',
        'crlf',
        'json-array',
        'line-too-long',
        'missing-type',
        'not-json',
        'not-object',
        'not-utf8',
        'pretty-printed',
        'prose',
        'stack-trace',
      ].sort(),
    );
  });

  it('keeps the SHOULD-level checks as warnings and the MUST-level ones as errors', () => {
    // §4: meta first is SHOULD; EOF without summary before exit 0 is MUST.
    expect(getSubRule('AOI-03/meta-not-first').severity).toBe('warning');
    expect(getSubRule('AOI-03/eof-without-summary').severity).toBe('error');
    // §15: truncated MUST be true when truncated; next_cursor SHOULD be set. A cursor without truncated is the
    // kit's inference (a cursor may be offered for later reads), so a warning.
    expect(getSubRule('AOI-11/truncation-unreported').severity).toBe('error');
    expect(getSubRule('AOI-11/cursor-without-truncated').severity).toBe('warning');
    expect(getSubRule('AOI-11/truncated-without-cursor').severity).toBe('warning');
    // §5: the meta SHOULD include the versions; §7: a clean exit on a closed pipe SHOULD.
    expect(getSubRule('AOI-13/meta-schema-version').severity).toBe('warning');
    expect(getSubRule('AOI-10/pipe-stack-trace').severity).toBe('warning');
    // §11: MUST redact sensitive values; §8.3: meta MUST NOT echo raw argv (§11's SHOULD NOT is for redacted args).
    expect(getSubRule('AOI-09/meta-secret').severity).toBe('error');
    expect(getSubRule('AOI-09/meta-argv').severity).toBe('error');
    // §8.1 asks for ISO 8601; RFC 3339 is the schemas' stricter profile.
    expect(getSubRule('AOI-04/timestamp-not-rfc3339').severity).toBe('warning');
    // §2: every event MUST include type.
    expect(getSubRule('AOI-02/missing-type').severity).toBe('error');
  });

  it('getSubRule finds every sub-rule and throws on an unknown id', () => {
    for (const s of AOI_SUB_RULES) expect(getSubRule(s.id)).toBe(s);
    expect(() => getSubRule('AOI-02/nope')).toThrow(/AOI-02\/nope/);
    expect(() => getSubRule('AOI-02')).toThrow();
  });
});

describe('error categories (§9.1)', () => {
  it('are exactly the 14 standard categories, in the table order', () => {
    expect(ERROR_CATEGORY_NAMES).toEqual(Object.keys(SPEC_9_1));
    expect(ERROR_CATEGORY_NAMES).toHaveLength(14);
  });

  it.each(Object.entries(SPEC_9_1))('%s has retry default %s', (category, retry) => {
    expect(ERROR_CATEGORIES[category as keyof typeof ERROR_CATEGORIES].retry).toBe(retry);
    expect(
      ERROR_CATEGORIES[category as keyof typeof ERROR_CATEGORIES].meaning.length,
    ).toBeGreaterThan(5);
  });

  it('isErrorCategory accepts only the standard names (not prototype keys, not case variants)', () => {
    for (const name of Object.keys(SPEC_9_1)) expect(isErrorCategory(name)).toBe(true);
    for (const bad of [
      'Usage',
      'NOT_FOUND',
      'not-found',
      'toString',
      'constructor',
      '__proto__',
      '',
      5,
      null,
      undefined,
    ]) {
      expect(isErrorCategory(bad), String(bad)).toBe(false);
    }
  });
});

describe('framework types and reserved names (§8.2)', () => {
  it('defines the eight aoi: framework event types', () => {
    expect([...FRAMEWORK_EVENT_TYPES].sort()).toEqual(
      [
        'aoi:check',
        'aoi:error',
        'aoi:heartbeat',
        'aoi:meta',
        'aoi:plan',
        'aoi:progress',
        'aoi:summary',
        'aoi:warning',
      ].sort(),
    );
  });

  it('reserves exactly the eight unprefixed framework names', () => {
    expect([...RESERVED_DOMAIN_NAMES].sort()).toEqual([
      'check',
      'error',
      'heartbeat',
      'meta',
      'plan',
      'progress',
      'summary',
      'warning',
    ]);
    for (const name of RESERVED_DOMAIN_NAMES) expect(name).not.toContain(':');
  });

  it('does not reserve the recommended domain patterns', () => {
    for (const domain of ['entry', 'hit', 'match'])
      expect(RESERVED_DOMAIN_NAMES).not.toContain(domain);
  });
});

describe('exit codes (§6)', () => {
  it('match the recommended mapping', () => {
    expect(EXIT_CODES).toEqual({
      OK: 0,
      USAGE: 64,
      DATAERR: 65,
      UNAVAILABLE: 69,
      SOFTWARE: 70,
      CANTCREAT: 73,
      IOERR: 74,
      TEMPFAIL: 75,
      NOPERM: 77,
      CONFIG: 78,
      TIMEOUT: 124,
      SIGINT: 130,
      SIGPIPE: 141,
    });
  });
});
