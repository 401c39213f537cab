import { endOf } from '../../checks/aoi/probe/types.js';
import { maskSecrets } from '../../secrets/mask.js';
import { toExcerpt } from '../../stream/finding.js';
import type { RecordedProbe } from './runner.js';

/** The end of stderr a failed setup shows: its last lines, read from at most this many characters. */
const STDERR_LINES = 8;
const STDERR_CHARS = 16 * 1024;
/** aoi:error events shown (a tool prints one; a batch may print many). */
const ERROR_EVENTS = 3;

/**
 * Why a setup invocation failed, as a user can act on it: how it ended, the `aoi:error` events it printed (category,
 * code, message) and the last lines of its stderr. The first line says what failed; each line after it is indented,
 * masked (canaries, secret shapes, also across lines), sanitised and at most an excerpt long.
 */
export function setupFailure(
  label: string,
  probe: Pick<RecordedProbe, 'run' | 'events'>,
  secrets: readonly string[],
): string {
  const { run } = probe;
  const ended = run.timedOut ? `${endOf(run)} (the kit stopped it: timeout)` : endOf(run);
  const lines = [`setup \`${label}\` ended with ${ended}`];
  const errors = probe.events.filter((event) => event.type === 'aoi:error');
  for (const event of errors.slice(0, ERROR_EVENTS)) {
    const said = (key: string) => (typeof event[key] === 'string' ? (event[key] as string) : '?');
    lines.push(
      `  aoi:error ${toExcerpt(`${said('category')} ${said('code')}: ${said('message')}`, secrets)}`,
    );
  }
  if (errors.length > ERROR_EVENTS)
    lines.push(`  (${errors.length - ERROR_EVENTS} more aoi:error events)`);
  const stderr = stderrTail(run.stderr, secrets);
  if (stderr.shown.length > 0) {
    lines.push(
      stderr.shown.length < stderr.total
        ? `  stderr (last ${stderr.shown.length} of ${stderr.total} lines):`
        : '  stderr:',
    );
    for (const line of stderr.shown) lines.push(`    ${line}`);
  }
  if (errors.length === 0 && stderr.shown.length === 0)
    lines.push('  it printed no aoi:error event and nothing on stderr');
  return lines.join('\n');
}

/** The last lines of stderr: masked as a whole first (a secret may span lines), then each line an excerpt. */
function stderrTail(
  bytes: Uint8Array,
  secrets: readonly string[],
): { shown: string[]; total: number } {
  const text = Buffer.from(bytes).toString('utf8');
  const all = text.split(/\r?\n/);
  while (all.length > 0 && all.at(-1)!.trim() === '') all.pop();
  const cut = text.length > STDERR_CHARS;
  const masked = maskSecrets(cut ? text.slice(-STDERR_CHARS) : text, secrets).split(/\r?\n/);
  while (masked.length > 0 && masked.at(-1)!.trim() === '') masked.pop();
  // The first line of a cut window is a fragment: never show it.
  const whole = cut ? masked.slice(1) : masked;
  return {
    shown: whole.slice(-STDERR_LINES).map((line) => toExcerpt(line, secrets)),
    total: all.length,
  };
}
