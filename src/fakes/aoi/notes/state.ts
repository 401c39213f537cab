import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Note {
  id: string;
  title: string;
  body: string;
  tags: string[];
}

export interface NotesState {
  nextId: number;
  notes: Note[];
  /** idempotency key → the id the first request created (§14.4). */
  idempotency: Record<string, string>;
  /** How many reads saw the notes: written only by the reads-write fault. */
  reads?: number;
}

const FILE = 'notes.json';

/** The notes kept in the run's own state directory; a missing directory file is an empty store. */
export function loadState(stateDir: string): NotesState {
  const path = join(stateDir, FILE);
  if (!existsSync(path)) return { nextId: 1, notes: [], idempotency: {} };
  return JSON.parse(readFileSync(path, 'utf8')) as NotesState;
}

/** Write atomically, so that a run killed mid-write never leaves a torn file for the next run. */
export function saveState(stateDir: string, state: NotesState): void {
  const path = join(stateDir, FILE);
  writeFileSync(`${path}.tmp`, JSON.stringify(state));
  renameSync(`${path}.tmp`, path);
}

/** Stable, sequential ids: n_0001, n_0002, … (§14.5). */
export function newId(state: NotesState): string {
  return `n_${String(state.nextId++).padStart(4, '0')}`;
}
