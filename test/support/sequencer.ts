import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes, longest first. Vitest orders files by their last duration, from a cache that
 * a clean clone (CI) does not have; without it, larger files first. The longest files here are short ones that
 * run a whole lint per case, so a clean run started them last and ended waiting for them alone. A stale entry
 * costs wall time only, never a verdict.
 */
export const SLOWEST_FIRST = [
  'test/integration/lint/fault-table-process.test.ts',
  'test/integration/guides/corpus-guides.test.ts',
  'test/integration/corpus/live-scenarios-process.test.ts',
  'test/integration/lint/foreign-pybookmarks.test.ts',
  'test/unit/lint/fault-table.test.ts',
  'test/integration/cli-exec.test.ts',
  'test/integration/exec/check-exec.test.ts',
  'test/integration/lint/foreign-pynotes.test.ts',
  'test/integration/lint/foreign-kvnotes.test.ts',
  'test/unit/lint/stability.test.ts',
  'test/integration/lint/stability-process.test.ts',
  'test/integration/exec/foreign-pytasks.test.ts',
  'test/integration/lint/lint-process.test.ts',
  'test/integration/consumer/spawners.test.ts',
  'examples/agent-runner/test/meta.test.ts',
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOWEST_FIRST.indexOf(relative(file.project.config.root, file.moduleId));
      return at === -1 ? SLOWEST_FIRST.length : at;
    };
    // Array#sort is stable: the rest keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
