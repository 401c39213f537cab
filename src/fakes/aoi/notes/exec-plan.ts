/**
 * How `checkExec` drives the reference tool's `exec`: lines of notes' own commands (data, so that linters
 * in other languages can use it too). On a fresh state: `create` succeeds, `get n_9999` fails, `list` shows
 * what was created; `_opts {"dry-run": true}` is a bare flag that must keep the state, `_opts {"limit": 1}` a
 * valued one that must shorten the page.
 */
export const NOTES_EXEC_PLAN = {
  ok: [
    { _cmd: 'create', title: 'First', body: 'from exec' },
    { _cmd: 'list' },
    { _cmd: 'get', id: 'n_0001' },
    { _cmd: 'search', query: 'First' },
  ],
  failing: { _cmd: 'get', id: 'n_9999' },
  mutating: { _cmd: 'create', title: 'Planned' },
  inspect: { _cmd: 'list' },
  bareFlag: { _cmd: 'create', title: 'Dry', _opts: { 'dry-run': true } },
  valuedFlag: {
    setup: [
      { _cmd: 'create', title: 'One' },
      { _cmd: 'create', title: 'Two' },
    ],
    line: { _cmd: 'list', _opts: { limit: 1 } },
    without: { _cmd: 'list' },
  },
  bulk: { _cmd: 'list', limit: 1 },
} as const;
