import { isUtf8 } from 'node:buffer';
import { appliesTo, type Behaviour } from '../engine/behaviour.js';
import type { FakeContext } from '../engine/types.js';
import { intFlag, UsageProblem, type Flags } from './args.js';
import { FIRST_SCHEMA_VERSION, type Out } from './out.js';
import { redact } from './redact.js';
import { loadState, newId, saveState, type Note } from './state.js';

export interface Command {
  ctx: FakeContext;
  out: Out;
  flags: Flags;
  operands: string[];
}

const MAX_LIMIT = 100;

/** An opaque cursor: where the next page starts, bound to the query it belongs to. */
const encodeCursor = (offset: number, query: string) =>
  Buffer.from(JSON.stringify({ offset, query })).toString('base64url');
function decodeCursor(
  cursor: string | undefined,
  query: string,
  paging: Behaviour['paging'],
): number {
  if (cursor === undefined) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      offset: unknown;
      query: unknown;
    };
    const valid =
      Number.isInteger(parsed.offset) && (parsed.offset as number) >= 0 && parsed.query === query;
    // Faults: every cursor refused, or read and then forgotten (each page is the first).
    if (valid && paging !== 'cursor-rejected')
      return paging === 'cursor-restarts' ? 0 : (parsed.offset as number);
  } catch {
    // fall through
  }
  throw new UsageProblem('--cursor is not a cursor this command returned');
}

/** One bounded page of results with the §15 truncation contract. */
async function page(
  cmd: Command,
  notes: Note[],
  query: string,
  emit: (note: Note, position: number) => Promise<void>,
): Promise<number> {
  const paging = cmd.ctx.behaviour.paging;
  const asked = intFlag(cmd.flags.limit, 'limit', 10, MAX_LIMIT);
  const limit = paging === 'ignores-limit' ? notes.length : asked; // a fault: --limit parsed, never used
  const offset = decodeCursor(cmd.flags.cursor, query, paging);
  const slice = notes.slice(offset, offset + limit);
  for (const [i, note] of slice.entries()) await emit(note, offset + i + 1);
  const truncated = offset + limit < notes.length;
  if (paging === 'hides-truncation') return summaryOk(cmd); // a fault: the page is cut, the summary does not say so
  await cmd.out.summary(true, {
    truncated,
    next_cursor: truncated ? encodeCursor(offset + limit, query) : null,
  });
  return 0;
}

/** An operand as the tool may repeat it: never a value it was given as a secret (§11). */
const echo = (cmd: Command, operand: string): string => redact(operand, cmd.ctx);

export async function search(cmd: Command): Promise<number> {
  const query = cmd.operands[0];
  if (query === undefined) throw new UsageProblem('search needs a query');
  await cmd.out.meta('search');
  const needle = query.toLowerCase();
  const found = readState(cmd, 'search').notes.filter((n) =>
    `${n.title}\n${n.body}`.toLowerCase().includes(needle),
  );
  return page(cmd, found, query, (note, rank) => {
    const relevance =
      cmd.out.schemaVersion === FIRST_SCHEMA_VERSION
        ? { rank }
        : { score: Number((1 / rank).toFixed(4)) };
    return cmd.out.item(
      {
        type: 'hit',
        id: note.id,
        title: note.title,
        ...relevance,
        snippet: note.body.slice(0, 80),
      },
      `${rank}. ${note.title} (${note.id})`,
    );
  });
}

/** The state as a read sees it; the reads-write fault saves it back, counting reads (§14.1: reads change nothing). */
function readState(cmd: Command, command: string) {
  const state = loadState(cmd.ctx.stateDir);
  if (appliesTo(cmd.ctx.behaviour.readsWrite, command))
    saveState(cmd.ctx.stateDir, { ...state, reads: (state.reads ?? 0) + 1 });
  return state;
}

export async function list(cmd: Command): Promise<number> {
  await cmd.out.meta('list');
  return page(cmd, readState(cmd, 'list').notes, '', (note) =>
    cmd.out.item(
      { type: 'entry', id: note.id, title: note.title, tags: note.tags },
      `${note.id}  ${note.title}`,
    ),
  );
}

export async function get(cmd: Command): Promise<number> {
  const id = cmd.operands[0];
  if (id === undefined) throw new UsageProblem('get needs an id');
  await cmd.out.meta('get');
  const note = loadState(cmd.ctx.stateDir).notes.find((n) => n.id === id);
  if (!note) {
    await cmd.out.error('not_found', 'NOTE_NOT_FOUND', `no note ${echo(cmd, id)}`, false, {
      target: echo(cmd, id),
    });
    await cmd.out.summary(false);
    return 1;
  }
  await cmd.out.item(
    { type: 'entry', id: note.id, title: note.title, tags: note.tags, body: note.body },
    `${note.title}\n\n${note.body}`,
  );
  await cmd.out.summary(true);
  return 0;
}

export async function create(cmd: Command): Promise<number> {
  const { title, body = '', tag = [] } = cmd.flags;
  if (title === undefined || title === '') throw new UsageProblem('create needs --title');
  await cmd.out.meta('create');
  const state = loadState(cmd.ctx.stateDir);
  // A fault may accept the key and then never look at it.
  const key =
    cmd.ctx.behaviour.idempotencyKey === 'ignored' ? undefined : cmd.flags['idempotency-key'];
  if (
    cmd.flags['dry-run'] &&
    (await dryRun(
      cmd,
      [{ type: 'aoi:plan', action: 'create', target: 'note', title }],
      [`would create "${title}"`],
    ))
  ) {
    return summaryOk(cmd);
  }
  const prior = key !== undefined ? state.idempotency[key] : undefined;
  if (prior !== undefined) {
    // A replay returns the first result and changes nothing (§14.4).
    await cmd.out.item(
      { type: 'created', id: prior, replayed: true },
      `created ${prior} (replayed)`,
    );
    return summaryOk(cmd);
  }
  const id = newId(state);
  state.notes.push({ id, title, body, tags: tag });
  if (key !== undefined) state.idempotency[key] = id;
  saveState(cmd.ctx.stateDir, state);
  await cmd.out.item({ type: 'created', id }, `created ${id}`);
  return summaryOk(cmd);
}

export async function update(cmd: Command): Promise<number> {
  const id = cmd.operands[0];
  if (id === undefined) throw new UsageProblem('update needs an id');
  await cmd.out.meta('update');
  const state = loadState(cmd.ctx.stateDir);
  const note = state.notes.find((n) => n.id === id);
  if (!note) {
    await cmd.out.error('not_found', 'NOTE_NOT_FOUND', `no note ${echo(cmd, id)}`, false, {
      target: echo(cmd, id),
    });
    await cmd.out.summary(false);
    return 1;
  }
  if (
    cmd.flags['dry-run'] &&
    (await dryRun(
      cmd,
      [{ type: 'aoi:plan', action: 'update', target: id }],
      [`would update ${id}`],
    ))
  ) {
    return summaryOk(cmd);
  }
  // Setting fields is naturally idempotent; the key is accepted for uniformity (§14.4).
  if (cmd.flags.title !== undefined) note.title = cmd.flags.title;
  if (cmd.flags.body !== undefined) note.body = cmd.flags.body;
  saveState(cmd.ctx.stateDir, state);
  await cmd.out.item({ type: 'updated', id }, `updated ${id}`);
  return summaryOk(cmd);
}

export async function remove(cmd: Command): Promise<number> {
  const ids = cmd.operands;
  if (ids.length === 0) throw new UsageProblem('delete needs at least one id');
  await cmd.out.meta('delete');
  const planOnly = cmd.flags['dry-run'] === true;
  if (!planOnly && !cmd.flags.confirm && !(await confirmedAnyway(cmd, ids.length))) {
    // Destructive work needs explicit confirmation (§14.3); never a prompt in machine mode (§1.3).
    await cmd.out.error(
      'usage',
      'CONFIRMATION_REQUIRED',
      `delete is destructive: pass --confirm to delete ${ids.length} note(s)`,
      false,
    );
    await cmd.out.summary(false);
    return 64;
  }
  const expected = cmd.flags['confirm-count'];
  if (
    expected !== undefined &&
    Number(expected) !== ids.length &&
    cmd.ctx.behaviour.confirmCount === 'checked'
  ) {
    await cmd.out.error(
      'validation',
      'CONFIRM_COUNT_MISMATCH',
      `--confirm-count ${expected} but ${ids.length} note(s) would be deleted`,
      false,
    );
    await cmd.out.summary(false);
    return 65;
  }
  const state = loadState(cmd.ctx.stateDir);
  const missing = ids.filter((id) => !state.notes.some((n) => n.id === id));
  if (missing.length > 0) {
    await cmd.out.error(
      'not_found',
      'NOTE_NOT_FOUND',
      `no note ${missing.map((id) => echo(cmd, id)).join(', ')}`,
      false,
      { target: echo(cmd, missing[0]!) },
    );
    await cmd.out.summary(false);
    return 1;
  }
  const plans = ids.map((id) => ({ type: 'aoi:plan', action: 'delete', target: id }));
  if (
    planOnly &&
    (await dryRun(
      cmd,
      plans,
      ids.map((id) => `would delete ${id}`),
    ))
  )
    return summaryOk(cmd);
  for (const id of ids) await cmd.out.item({ type: 'deleted', id }, `deleted ${id}`);
  state.notes = state.notes.filter((n) => !ids.includes(n.id));
  saveState(cmd.ctx.stateDir, state);
  return summaryOk(cmd);
}

/**
 * --dry-run: emit the plans; true when the command must stop there (§14.2). Faults: the plans are
 * emitted and the change is made anyway (`applies`), or nothing is planned at all (`no-plan`).
 */
async function dryRun(
  cmd: Command,
  plans: ({ type: string } & Record<string, unknown>)[],
  human: string[],
): Promise<boolean> {
  const how = cmd.ctx.behaviour.dryRun;
  if (how !== 'no-plan')
    for (const [i, plan] of plans.entries()) await cmd.out.item(plan, human[i]!);
  return how !== 'applies';
}

/**
 * Without --confirm the well-behaved tool refuses. Faults: it goes ahead anyway (`skipped`), or asks on
 * stderr, as if a human were there, and waits for the answer on stdin (`prompt`).
 */
async function confirmedAnyway(cmd: Command, count: number): Promise<boolean> {
  const how = cmd.ctx.behaviour.confirmation;
  if (how === 'skipped') return true;
  if (how === 'required') return false;
  await cmd.ctx.stderr(`Delete ${count} note(s)? [y/N] `);
  const answer = (await cmd.ctx.readStdin()).split('\n')[0]!.trim();
  return /^y(?:es)?$/i.test(answer);
}

/** `import --input-jsonl -`: fail-fast by default, as §12.2 recommends for mutating imports. */
export async function importNotes(cmd: Command): Promise<number> {
  if (cmd.flags['input-jsonl'] !== '-')
    throw new UsageProblem('import reads JSONL from stdin: pass --input-jsonl -');
  if (cmd.flags['fail-fast'] && cmd.flags['continue-on-error'])
    throw new UsageProblem('--fail-fast and --continue-on-error exclude each other');
  if (!cmd.ctx.stdinReadable) throw new UsageProblem('import needs JSONL on stdin');
  const continueOnError = cmd.flags['continue-on-error'] === true;
  await cmd.out.meta('import', { input_mode: 'jsonl', continue_on_error: continueOnError });
  const lines = splitLines(await cmd.ctx.readStdinBytes());
  const parsed = lines.map((line, i) => ({
    lineNumber: i + 1,
    note: isUtf8(line) ? parseImportLine(Buffer.from(line).toString('utf8')) : undefined,
  }));
  const bad = parsed.filter((p) => p.note === undefined);
  // The well-behaved tool does as declared; each fault gets one part of §12.2 wrong.
  const input = cmd.ctx.behaviour.input;
  const succeedAnyway = input === 'ok-despite-bad-line';
  const lineError = async (lineNumber: number) => {
    // The per-line tolerant mode's whole promise is the item-level error (§12.2): this fault keeps quiet.
    if (input === 'continue-silent' && continueOnError) return;
    const shown = input === 'zero-based-line' ? lineNumber - 1 : lineNumber;
    const where = input === 'no-line-error' ? {} : { line_number: shown };
    await cmd.out.error(
      'validation',
      'INPUT_JSONL_PARSE_ERROR',
      `invalid note on input line ${shown}`,
      false,
      where,
    );
  };
  if (bad.length > 0 && !continueOnError && input !== 'fail-fast-applies') {
    // Validate everything first: a malformed line aborts before any side effect.
    await lineError(bad[0]!.lineNumber);
    await cmd.out.summary(succeedAnyway);
    return succeedAnyway ? 0 : 65;
  }
  const stopAtBadLine = !continueOnError || input === 'continue-stops';
  const state = loadState(cmd.ctx.stateDir);
  let failed = 0;
  for (const { lineNumber, note } of parsed) {
    if (!note) {
      failed++;
      await lineError(lineNumber);
      if (stopAtBadLine) break;
      continue;
    }
    const id = newId(state);
    state.notes.push({ id, ...note });
    await cmd.out.item({ type: 'created', id }, `created ${id}`);
  }
  saveState(cmd.ctx.stateDir, state);
  const ok = failed === 0 || succeedAnyway;
  await cmd.out.summary(ok, { partial: failed > 0 });
  if (ok) return 0;
  return continueOnError ? 1 : 65;
}

/** Input lines as bytes: split at LF (a CR before it is JSON whitespace), a final LF ends the last line. */
function splitLines(bytes: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  let from = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, from)) {
    lines.push(bytes.subarray(from, at));
    from = at + 1;
  }
  if (from < bytes.length) lines.push(bytes.subarray(from));
  return lines;
}

/** One input line as a note: a UTF-8 JSON object (no BOM: JSON.parse refuses one) with a title and only known fields. */
function parseImportLine(line: string): Omit<Note, 'id'> | undefined {
  try {
    const value = JSON.parse(line) as Record<string, unknown>;
    const allowed = ['title', 'body', 'tags'];
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    if (
      typeof value.title !== 'string' ||
      value.title === '' ||
      Object.keys(value).some((k) => !allowed.includes(k))
    )
      return undefined;
    const tags =
      Array.isArray(value.tags) && value.tags.every((t) => typeof t === 'string')
        ? (value.tags as string[])
        : [];
    return { title: value.title, body: typeof value.body === 'string' ? value.body : '', tags };
  } catch {
    return undefined;
  }
}

export async function doctor(cmd: Command): Promise<number> {
  await cmd.out.meta('doctor');
  const token = cmd.ctx.env.NOTES_API_TOKEN;
  const checks = [
    { name: 'state_dir', ok: true, severity: 'info', detail: 'writable' },
    {
      name: 'api_token',
      ok: token !== undefined && token !== '',
      severity: 'warning',
      detail: token ? 'present' : 'missing (offline mode)',
    },
  ];
  for (const check of checks)
    await cmd.out.item(
      { type: 'aoi:check', ...check },
      `${check.ok ? 'ok  ' : 'warn'} ${check.name}: ${check.detail}`,
    );
  return summaryOk(cmd);
}

/** Unbounded: heartbeats until interrupted; the engine ends it with an interrupted summary (§4.2, §7). */
export async function watch(cmd: Command): Promise<number> {
  const interval = intFlag(cmd.flags['interval-ms'], 'interval-ms', 1000, 3_600_000);
  await cmd.out.meta('watch', { unbounded: true });
  for (let seq = 1; ; seq++) {
    if (cmd.out.machine) await cmd.ctx.emit({ type: 'aoi:heartbeat', seq });
    else await cmd.ctx.print(`… watching (${seq})\n`);
    await cmd.ctx.sleep(interval);
  }
}

/** Sign-in is interactive: machine mode must say so instead of prompting (§1.3). */
export async function login(cmd: Command): Promise<number> {
  await cmd.out.meta('login');
  if (cmd.out.machine) {
    await cmd.out.error(
      'authn',
      'INTERACTIVE_REQUIRED',
      'Interactive authentication required. Run `notes login` in a terminal.',
      false,
      { hint: 'notes login' },
    );
    await cmd.out.summary(false);
    return 77;
  }
  await cmd.ctx.print(
    'notes: this fake signs in without asking; set NOTES_API_TOKEN to use the backend.\n',
  );
  return 0;
}

async function summaryOk(cmd: Command): Promise<number> {
  await cmd.out.summary(true);
  return 0;
}
