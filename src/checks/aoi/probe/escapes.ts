import type { Report } from './types.js';

/**
 * The sub-rules only a real process can break (an in-memory fake has no files outside and no processes):
 * proven on the foreign fixtures (test/integration/lint/foreign-kvnotes.test.ts), not by the fault table.
 */
export const ESCAPE_SUB_RULES = [
  'AOI-06/wrote-outside-sandbox',
  'AOI-10/process-survived',
] as const;

/** What one probe did outside its sandbox, as the runner recorded it. */
export interface EscapeRecord {
  readonly paths: readonly string[];
  readonly survivors: readonly { readonly pid: number; readonly command: string }[];
}

/** An escape seen around one probe: its command (first word) and command line. */
export interface Sighting extends EscapeRecord {
  readonly command: string;
  readonly label: string;
}

/**
 * Who wrote outside: a write is seen by every probe that ran while it happened. Where the probes that saw it
 * were run again alone (`alone`: path → command → the probe whose lone run changed it), those are the writers,
 * whatever overlapped, and a path no lone run changed is blamed on nobody (another program wrote there).
 * Otherwise each path is blamed on the command (or the commands, tied) whose probes saw it change most often —
 * the writer sees its own writes every time, a bystander only when it overlapped. A survivor carries its
 * probe's marker: blamed on that probe alone. One record per command, under the probe that wrote alone, else
 * the first probe that saw it.
 */
export function blameEscapes(
  sightings: readonly Sighting[],
  alone: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(),
): Sighting[] {
  const seen = new Map<string, Map<string, number>>();
  for (const sighting of sightings) {
    for (const path of sighting.paths) {
      const counts = seen.get(path) ?? new Map<string, number>();
      counts.set(sighting.command, (counts.get(sighting.command) ?? 0) + 1);
      seen.set(path, counts);
    }
  }
  const writers = new Map<string, string[]>();
  for (const [path, counts] of seen) {
    const most = Math.max(...counts.values());
    const confirmed = alone.get(path);
    for (const [command, count] of counts) {
      if (confirmed ? confirmed.has(command) : count === most)
        writers.set(command, [...(writers.get(command) ?? []), path]);
    }
  }
  const records = new Map<string, Sighting>();
  for (const sighting of sightings) {
    const paths = sighting.paths.filter((path) => writers.get(sighting.command)?.includes(path));
    if (paths.length === 0 && sighting.survivors.length === 0) continue;
    const earlier = records.get(sighting.command);
    const wroteAlone = paths
      .map((path) => alone.get(path)?.get(sighting.command))
      .find((label) => label !== undefined);
    records.set(sighting.command, {
      command: sighting.command,
      label: wroteAlone ?? earlier?.label ?? sighting.label,
      paths: [...new Set([...(earlier?.paths ?? []), ...paths])].sort(),
      survivors: [...(earlier?.survivors ?? []), ...sighting.survivors],
    });
  }
  return [...records.values()];
}

/**
 * AOI-06 (§14.1) and AOI-10 (§7): a probe that wrote to the caller's cwd, its parent or the real HOME (each
 * probe was given its own HOME, XDG directories, TMPDIR, cwd and state), and processes that outlived the probe
 * (they left its process group: setsid, a double fork). Each is named: the paths, the pids.
 */
export function judgeEscape(escape: EscapeRecord, report: Report): void {
  if (escape.paths.length > 0) {
    report(
      'AOI-06/wrote-outside-sandbox',
      `wrote outside the probe's sandbox (the caller's cwd, its parent or the real HOME): ${list(escape.paths)}`,
    );
  }
  if (escape.survivors.length > 0) {
    report(
      'AOI-10/process-survived',
      `left ${escape.survivors.length === 1 ? 'a process' : `${escape.survivors.length} processes`} running after it ended: ${list(escape.survivors.map((s) => `pid ${s.pid} (${s.command})`))}`,
    );
  }
}

const list = (items: readonly string[]): string =>
  items.length <= 3
    ? items.join(', ')
    : `${items.slice(0, 3).join(', ')} and ${items.length - 3} more`;
