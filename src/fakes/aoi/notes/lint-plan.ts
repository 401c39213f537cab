/**
 * How to lint the reference tool `notes`: the state to start from and one concrete invocation per
 * command of its capabilities. It is data, shaped like the linter's `setup` and `invocations` options
 * (argv lists without the machine-mode flag; the first word is the command), so that tests, the corpus
 * (`scenarios/*.json`) and linters in other languages all probe the tool the same way.
 *
 * Every behaviour fault's declaration (`violates`) holds for a lint with this plan. `delete` passes
 * `--confirm-count 1`, so that the linter also probes the count guard (§14.3).
 */
export const REFERENCE_LINT_PLAN = {
  /** Run once, in machine mode, into the state every probe starts from (notes n_0001 … n_0003). */
  setup: [
    ['create', '--title', 'First note', '--body', 'groceries'],
    ['create', '--title', 'Second note', '--body', 'plumber'],
    ['create', '--title', 'Third note', '--body', 'reading'],
  ],
  invocations: [
    ['search', 'note', '--limit', '2'],
    ['list'],
    ['get', 'n_0001'],
    ['create', '--title', 'Fresh'],
    ['update', 'n_0001', '--title', 'Renamed'],
    ['delete', 'n_0001', '--confirm', '--confirm-count', '1'],
    ['import', '--input-jsonl', '-'],
    ['doctor'],
    ['watch', '--interval-ms', '20'],
    ['sync'],
  ],
} as const satisfies {
  setup: readonly (readonly string[])[];
  invocations: readonly (readonly string[])[];
};

export type ReferenceLintPlan = typeof REFERENCE_LINT_PLAN;
