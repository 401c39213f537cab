import { worstOf, type FaultFactory } from './stream-fault.js';

type Mistake =
  | 'fail-fast-applies'
  | 'continue-stops'
  | 'no-line-error'
  | 'continue-silent'
  | 'zero-based-line'
  | 'ok-despite-bad-line';

export interface InputModeIgnoredParams {
  /**
   * What `import` gets wrong about a malformed JSONL line (§12.2):
   * - `fail-fast-applies` (default): fail-fast mode creates the valid lines before the bad one;
   * - `continue-stops`: --continue-on-error stops at the bad line;
   * - `no-line-error`: the aoi:error has no line_number;
   * - `continue-silent`: with --continue-on-error, a malformed line is skipped without an aoi:error;
   * - `zero-based-line`: line_number counts from 0;
   * - `ok-despite-bad-line`: the run ends with summary ok:true and exit 0.
   */
  mistake: Mistake;
}

const DECLARATION: Record<Mistake, { violates: string[]; says: string }> = {
  'fail-fast-applies': {
    violates: ['AOI-12/fail-fast-side-effect'],
    says: 'in fail-fast mode, creates the lines before a malformed one',
  },
  'continue-stops': {
    violates: ['AOI-12/continue-stopped'],
    says: 'with --continue-on-error, stops at the first malformed line',
  },
  'no-line-error': {
    violates: ['AOI-12/wrong-line-number'],
    says: 'reports a malformed line without its line_number',
  },
  'continue-silent': {
    violates: ['AOI-12/no-item-error'],
    says: 'with --continue-on-error, skips a malformed line without an aoi:error',
  },
  'zero-based-line': { violates: ['AOI-12/wrong-line-number'], says: 'numbers input lines from 0' },
  'ok-despite-bad-line': {
    violates: ['AOI-12/malformed-succeeded'],
    says: 'ends with summary ok:true and exit 0 although a line was malformed',
  },
};

/** `import --input-jsonl -` does not handle a malformed line as its declared mode says (§12.2, §19.4). */
export const inputModeIgnored: FaultFactory<InputModeIgnoredParams> = (params = {}) => {
  const p: InputModeIgnoredParams = { mistake: 'fail-fast-applies', ...params };
  const declaration = DECLARATION[p.mistake];
  if (!declaration)
    throw new RangeError(
      `input-mode-ignored: mistake must be one of ${Object.keys(DECLARATION).join(', ')}, got "${p.mistake}"`,
    );
  return {
    id: 'input-mode-ignored',
    description: `import ${declaration.says}`,
    violates: declaration.violates,
    severity: worstOf(declaration.violates),
    params: p,
    behaviour: { input: p.mistake },
  };
};
