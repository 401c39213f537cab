/** The COMPAT registry: severities follow the text (an error only on a MUST), every class has one name. */
import { describe, expect, it } from 'vitest';
import {
  CHANGE_CLASSES,
  COMPAT_RULES,
  COMPAT_SUB_RULES,
  COMPATIBLE_CHANGES,
} from '../../../src/spec/compat/rules.js';
import { getSubRule } from '../../../src/spec/rules.js';

describe('COMPAT registry', () => {
  it('numbers its rules COMPAT-01…03, each Versioned', () => {
    expect(COMPAT_RULES.map((r) => r.id)).toEqual(['COMPAT-01', 'COMPAT-02', 'COMPAT-03']);
    for (const r of COMPAT_RULES) expect(r.characteristics).toEqual(['Versioned']);
  });

  it.each(COMPAT_SUB_RULES.map((s) => [s.id, s] as const))(
    '%s: its severity rests on the text',
    (id, s) => {
      expect(id).toMatch(/^COMPAT-0[1-3]\/[a-z]+(-[a-z]+)*$/);
      expect(getSubRule(id)).toBe(s);
      expect(s.judgedBy).toBe('contract');
      expect(s.basis.quote!.length).toBeGreaterThan(20);
      if (s.severity === 'error') expect(s.basis.strength).toBe('must');
      else {
        expect(s.basis.strength).not.toBe('must');
        expect(s.note!.length).toBeGreaterThan(20);
      }
    },
  );

  it('gives every class of difference one name: breaking slugs and compatible ids never collide', () => {
    expect(new Set(CHANGE_CLASSES).size).toBe(CHANGE_CLASSES.length);
    expect(COMPATIBLE_CHANGES.length).toBeGreaterThan(10);
  });
});
