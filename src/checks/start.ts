import { sanitise } from '../stream/sanitise.js';
import { maskSecrets } from '../secrets/mask.js';

/** One attempt to run the program under test, as the start check saw it. */
export interface StartAttempt {
  /** The arguments after the program's own (`--help`). */
  readonly argv: readonly string[];
  readonly stdout: Uint8Array;
  readonly stderr: Uint8Array;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  /** `ENOENT`, `EACCES`, … when the process could not be spawned at all. */
  readonly spawnError: string | null;
  /** The attempt's sandbox paths (working directory, state, HOME): they differ per attempt and are masked before comparing. */
  readonly paths?: readonly string[];
}

/** Why a program cannot be linted at all, and the exit status the kit ends with (66 missing, 69 unusable). */
export interface CannotStart {
  readonly message: string;
  readonly exitCode: 66 | 69;
}

/** The attempt's stderr with its sandbox paths made relative (`/tmp/aoi-start-x/cwd-0/missing.py` → `missing.py`), alike for every attempt. */
function unsandboxed(attempt: StartAttempt): string {
  let text = Buffer.from(attempt.stderr).toString('utf8');
  for (const path of [...(attempt.paths ?? [])].sort((a, b) => b.length - a.length))
    text = text.replaceAll(`${path}/`, '').replaceAll(path, '.');
  return text;
}

/** A line the program printed, fit for a terminal: secrets masked, controls visible, at most 300 characters. */
const shown = (line: string, secrets: readonly string[]) => {
  const safe = sanitise(maskSecrets(line, secrets));
  return safe.length > 300 ? `${safe.slice(0, 300)}…` : safe;
};

/** What a first stderr line says when the program (or the script it was given) is missing. */
const MISSING =
  /no such file|can't open file|cannot open file|cannot find module|not found|does not exist/i;

/**
 * Whether the program under test started. It did not when the spawn itself failed (ENOENT: 66, else 69), or
 * when it "started but cannot run": every attempt (at least two, with different arguments) ended non-zero, in
 * time, with nothing on stdout and the same exit status and stderr (each attempt's sandbox paths masked).
 * A tool that runs answers `--help` differently from `schema`; an interpreter whose script is missing
 * (`python3 missing.py`), a wrapper whose target is gone or a binary missing a shared library says the same
 * thing to everything. Undefined when the program started. Pure: the live side runs the attempts.
 */
export function judgeStart(
  program: string,
  attempts: readonly StartAttempt[],
  secrets: readonly string[] = [],
): CannotStart | undefined {
  const spawned = attempts.find((attempt) => attempt.spawnError !== null);
  if (spawned) {
    const missing = spawned.spawnError === 'ENOENT';
    const why = missing
      ? 'no such program (ENOENT)'
      : spawned.spawnError === 'EACCES'
        ? 'not executable (EACCES)'
        : spawned.spawnError!;
    return {
      message: `cannot start: ${maskSecrets(program, secrets)}: ${why}`,
      exitCode: missing ? 66 : 69,
    };
  }
  if (
    attempts.length < 2 ||
    new Set(attempts.map((attempt) => attempt.argv.join('\u0000'))).size < attempts.length
  )
    return undefined;
  const said = (attempt: StartAttempt) =>
    `${attempt.exitCode ?? attempt.signal}\u0000${unsandboxed(attempt)}`;
  const failedAlike = attempts.every(
    (attempt) =>
      !attempt.timedOut &&
      attempt.exitCode !== 0 &&
      attempt.stdout.length === 0 &&
      said(attempt) === said(attempts[0]!),
  );
  if (!failedAlike) return undefined;
  const first = attempts[0]!;
  const line = unsandboxed(first)
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim();
  const ended = first.signal ? `signal ${first.signal}` : `exit ${first.exitCode}`;
  const tried = attempts.map((attempt) => attempt.argv.join(' ')).join(', ');
  return {
    message: `cannot start: ${maskSecrets(program, secrets)}: ${line !== undefined ? shown(line, secrets) : 'no output'} (${ended} with nothing on stdout for each of: ${tried})`,
    exitCode: line !== undefined && MISSING.test(line) ? 66 : 69,
  };
}
