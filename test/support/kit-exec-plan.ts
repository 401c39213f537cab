/**
 * How `checkExec` drives the kit CLI's own `exec` (test/integration/cli-exec.test.ts): run it as
 * `checkExec(process.execPath, [dist/cli/main.js], { plan: KIT_EXEC_PLAN, manifestArgs: ['exec', 'manifest', '--output', 'json'] })`:
 * the dispatch manifest is `aoi-testkit exec manifest --output json`, because `aoi-testkit manifest` is the
 * AGENT-CLI.md validator (the checker warns: EXEC-01/manifest-location). Plain data; `aoi-testkit lint`
 * without `--exec-plan` builds a smaller plan from the manifest instead.
 *
 * The kit has no mutating command exec dispatches, so the plan has no `mutating` line: EXEC-08 can only judge
 * that a safe line runs as without --dry-run, and is skipped with that reason; EXEC-09 is judged by the valued
 * `_opts` line alone (`{"kind":"lint"}` must shorten the scenario list).
 */

/** A conformant AOI stream of two events (what `check` judges on an ok line). */
const CONFORMANT = [
  {
    type: 'aoi:meta',
    tool: 'notes',
    tool_version: '1.0.0',
    aoi_version: '0.2',
    schema_name: 'io.github.aoi-testkit.notes',
    schema_version: '1.0.0',
    command: 'list',
  },
  { type: 'aoi:summary', ok: true, count: 0, warning_count: 0, error_count: 0 },
];

export const KIT_EXEC_PLAN = {
  ok: [
    { _cmd: 'check', events: CONFORMANT, _opts: { 'exit-code': 0 } },
    { _cmd: 'scenarios', kind: 'lint' },
    { _cmd: 'schema' },
    { _cmd: 'capabilities' },
    { _cmd: 'help', command: 'exec' },
  ],
  /** Prose is not an AOI stream: the line fails (NOT_CONFORMANT) on any state. */
  failing: { _cmd: 'check', stream: 'Fetching results...\n' },
  noMutating:
    'aoi-testkit exec dispatches only read-only commands; fake, its one mutating command, owns the process and is not dispatchable',
  inspect: { _cmd: 'capabilities' },
  valuedFlag: {
    setup: [],
    line: { _cmd: 'scenarios', _opts: { kind: 'lint' } },
    without: { _cmd: 'scenarios' },
  },
  bulk: { _cmd: 'capabilities' },
} as const;
