import { AOI_VERSION } from '../../../spec/aoi/constants.js';
import { appliesTo } from '../engine/behaviour.js';
import type { FakeContext } from '../engine/types.js';

export const TOOL = 'notes';
export const TOOL_VERSION = '1.0.0';
export const SCHEMA_NAME = 'dev.aoi-testkit.notes.events';
/** The oldest schema version notes offers (its default): the layout with `hit.rank`; every later one has `hit.score`. */
export const FIRST_SCHEMA_VERSION = '1.0.0';
/** A schema version as notes names it (the behaviour's `schemaVersions`). */
export type SchemaVersion = string;

type Event = { type: string } & Record<string, unknown>;

/** The domain events that say what a mutation changed (§14.5). */
const MUTATION_EVENTS = new Set(['created', 'updated', 'deleted']);

/**
 * One command's output: machine mode writes AOI events (meta first, one summary last), human
 * mode writes text. Counts for the summary are kept here, so that every command gets them right.
 */
export class Out {
  private items = 0;
  private warnings = 0;
  private errors = 0;
  /** meta has been written: from now on the stream must end with a summary. */
  started = false;
  private command: string | undefined;

  constructor(
    private readonly ctx: FakeContext,
    readonly machine: boolean,
    readonly schemaVersion: SchemaVersion,
  ) {}

  async meta(command: string, extra: Record<string, unknown> = {}): Promise<void> {
    this.command = command;
    if (!this.machine) return;
    this.started = true;
    await this.ctx.emit({
      type: 'aoi:meta',
      tool: TOOL,
      tool_version: TOOL_VERSION,
      aoi_version: AOI_VERSION,
      schema_name: SCHEMA_NAME,
      schema_version: this.schemaVersion,
      command,
      ...extra,
    });
  }

  /** A domain item (hit, entry, created, …) or an aoi:check / aoi:plan, with its human rendering. */
  async item(event: Event, human: string): Promise<void> {
    // A fault: the change is made, nobody is told (and nothing is counted).
    if (
      MUTATION_EVENTS.has(event.type) &&
      appliesTo(this.ctx.behaviour.silentMutations, this.command)
    )
      return;
    this.items++;
    if (event.type === 'aoi:check' && event.ok === false) {
      if (event.severity === 'error') this.errors++;
      else if (event.severity === 'warning') this.warnings++;
    }
    if (this.machine) await this.ctx.emit(event);
    else await this.ctx.print(`${human}\n`);
  }

  async error(
    category: string,
    code: string,
    message: string,
    retryable: boolean,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    this.errors++;
    if (this.machine)
      await this.ctx.emit({ type: 'aoi:error', category, code, message, retryable, ...extra });
    else await this.ctx.stderr(`notes: ${message}\n`);
  }

  async summary(ok: boolean, extra: Record<string, unknown> = {}): Promise<void> {
    if (!this.machine) return;
    await this.ctx.emit({
      type: 'aoi:summary',
      ok,
      count: this.items,
      warning_count: this.warnings,
      error_count: this.errors,
      ...extra,
    });
  }
}
