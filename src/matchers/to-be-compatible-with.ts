import { readContract } from '../checks/compat/contract-file.js';
import { compareContracts, type CompatOptions } from '../checks/compat/judge.js';
import type { Contract } from '../spec/compat/contract.js';
import type { MatcherResult, MatcherState } from './context.js';
import { formatFindings, hint } from './format.js';

/** A contract, or its file's text: read and checked, or why it is none. */
function contractOf(value: unknown, what: string): { contract?: Contract; problem?: string } {
  const read = readContract(value);
  return read.ok
    ? { contract: read.contract }
    : { problem: `${what} is not a contract: ${read.problems.join('; ')}` };
}

/**
 * The contract (`recordContract`, or a contract file's text) keeps the promises of `base`, the contract of a release
 * before it (COMPAT-01…03): no breaking change that no major version announces. `{ strict: true }` fails on the
 * command surface's warnings too.
 *
 * @example expect(await recordContract(processTarget('node', ['dist/cli.js']))).toBeCompatibleWith(readFileSync('contract.json', 'utf8'))
 */
export function toBeCompatibleWith(
  this: MatcherState | void,
  received: unknown,
  base: unknown,
  options: CompatOptions = {},
): MatcherResult {
  const matcher = 'toBeCompatibleWith';
  const head = contractOf(received, 'the received value');
  const before = contractOf(base, 'the base');
  const problem = head.problem ?? before.problem;
  if (problem !== undefined)
    return {
      pass: false,
      message: () => `${hint(this || undefined, matcher, 'base')}\n\n${problem}`,
    };
  const report = compareContracts(before.contract!, head.contract!, options);
  const breaking = report.changes.filter((c) => c.breaking);
  return {
    pass: report.ok,
    message: () =>
      report.ok
        ? `${hint(this || undefined, matcher, 'base')}\n\nExpected a breaking change no major version announces, but the contract is compatible (${breaking.length} breaking change(s), each announced).`
        : `${hint(this || undefined, matcher, 'base')}\n\nExpected the contract to keep the promises of its base, but ${report.verdicts
            .filter((v) => v.status === 'fail')
            .map((v) => v.rule)
            .join(', ')} failed.\n\n${formatFindings(
            report.findings.filter((f) => f.severity === 'error' || options.strict),
            report.verdicts,
          )}`,
  };
}
