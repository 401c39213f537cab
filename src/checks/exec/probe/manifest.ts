import { DEFAULT_EXEC_MANIFEST_ARGS } from '../../../spec/exec/types.js';
import {
  isObject,
  runLabel,
  textOf,
  type ExecJudgement,
  type ExecRun,
  type Json,
} from './types.js';

const DANGER_LEVELS = ['safe', 'mutating', 'destructive'];

/** The commands map of the dispatch manifest a run printed, or undefined when it printed none. */
export function manifestCommands(run: ExecRun | undefined): Json | undefined {
  let manifest: unknown;
  try {
    manifest = run ? JSON.parse(textOf(run.stdout)) : undefined;
  } catch {
    manifest = undefined;
  }
  return isObject(manifest) && isObject(manifest.commands) ? manifest.commands : undefined;
}

/**
 * EXEC-01 — the dispatch manifest, where the guide puts it (elsewhere is a warning), gives every command a
 * danger_level and lists every command a given plan's succeeding lines dispatch.
 */
export function judgeManifest({ recording, out }: ExecJudgement): void {
  const m = recording.runs.manifest!;
  const commands = manifestCommands(m);
  const where = recording.manifestArgs.join(' ');
  const probe = runLabel(m);
  if (where !== DEFAULT_EXEC_MANIFEST_ARGS.join(' ')) {
    out.add(
      'EXEC-01/manifest-location',
      `the dispatch manifest is read from \`${where}\`; the guide tells agents to look at \`${DEFAULT_EXEC_MANIFEST_ARGS.join(' ')}\``,
      { probe },
    );
  }
  if (!commands) {
    out.add(
      'EXEC-01/manifest',
      `\`${where}\` printed no JSON object with a commands map (exit ${m.exitCode})`,
      { probe, text: textOf(m.stdout).slice(0, 200) },
    );
    return;
  }
  const bad = Object.entries(commands).filter(
    ([, c]) => !isObject(c) || !DANGER_LEVELS.includes(String(c.danger_level)),
  );
  for (const [name] of bad.slice(0, 3))
    out.add(
      'EXEC-01/manifest',
      `manifest command "${name}" has no danger_level safe, mutating or destructive`,
      { probe },
    );
  // The lines that must succeed name commands agents can find (a failing line may name an unknown one). A plan
  // built from the manifest names only its commands.
  const given = recording.planSource === 'given' ? recording.plan : undefined;
  const used = given
    ? [...given.ok, given.inspect, ...(given.mutating ? [given.mutating] : [])].map((r) => r._cmd)
    : [];
  for (const cmd of new Set(used))
    if (!(cmd in commands))
      out.add('EXEC-01/manifest', `the manifest has no command "${cmd}", which exec dispatches`, {
        probe,
      });
}
