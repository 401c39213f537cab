import {
  validateCmdhelpDocument,
  type CmdhelpDocumentOptions,
} from '../checks/cmdhelp/document.js';
import type { MatcherResult, MatcherState } from './context.js';
import { formatFindings, hint } from './format.js';

/**
 * The value is a valid cmdhelp v0.1 document (`help --format json`; rules CMDHELP-02 and CMDHELP-07): its JSON
 * text, or the parsed value. `{ strict: true }` fails on warnings too.
 *
 * @example expect(execSync('pad help --format json --depth 9', { encoding: 'utf8' })).toBeValidCmdhelpDocument()
 */
export function toBeValidCmdhelpDocument(
  this: MatcherState | void,
  received: unknown,
  options: CmdhelpDocumentOptions = {},
): MatcherResult {
  const matcher = 'toBeValidCmdhelpDocument';
  const report = validateCmdhelpDocument(received, options);
  const pass = report.ok;
  return {
    pass,
    message: () =>
      pass
        ? `${hint(this || undefined, matcher)}\n\nExpected an invalid cmdhelp document, but it is valid (CMDHELP-02, CMDHELP-07).`
        : `${hint(this || undefined, matcher)}\n\nExpected a valid cmdhelp v0.1 document.\n\n${formatFindings(report.findings.filter((f) => f.severity === 'error' || options.strict))}`,
  };
}
