/**
 * The runs of the reference `notes` tool on which each fault's declaration holds. A declaration is
 * relative to a run: a fault that drops the summary says nothing about a run that never had one.
 * `setup` runs first, in the same state directory.
 */
export const REFERENCE_RUNS = {
  /** meta, two hits, a truncated summary with a cursor; exit 0. */
  'search-truncated': {
    description:
      'a finite, successful, truncated search: meta, 2 hits, summary ok:true truncated:true with next_cursor; exit 0',
    setup: [
      ['create', '--title', 'First note', '--body', 'groceries: milk, eggs', '--output', 'jsonl'],
      [
        'create',
        '--title',
        'Second note',
        '--body',
        'call the plumber',
        '--tag',
        'home',
        '--output',
        'jsonl',
      ],
      ['create', '--title', 'Third note', '--body', 'AOI-CLI reading list', '--output', 'jsonl'],
    ],
    argv: ['search', 'note', '--output', 'jsonl', '--limit', '2'],
    exitCode: 0,
  },
  /** meta, a not_found aoi:error, summary ok:false; exit 1. */
  'get-missing': {
    description: 'a finite, failing lookup: meta, aoi:error not_found, summary ok:false; exit 1',
    setup: [['create', '--title', 'First note', '--output', 'jsonl']],
    argv: ['get', 'n_9999', '--output', 'jsonl'],
    exitCode: 1,
  },
} as const satisfies Record<
  string,
  {
    description: string;
    setup: readonly (readonly string[])[];
    argv: readonly string[];
    exitCode: number;
  }
>;

export type ReferenceRunId = keyof typeof REFERENCE_RUNS;
