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

/**
 * The commands map of a dispatch manifest document: at its top level (the guide's `tool manifest --output json`), or
 * under `data` of a ResponseEnvelope, where the manifest the guide points to (REQ-O-041's ManifestResponse) is printed.
 */
export function manifestCommandsOf(document: unknown): Json | undefined {
  if (isObject(document) && isObject(document.commands)) return document.commands;
  if (isObject(document) && document.ok === true && isObject(document.data))
    return isObject(document.data.commands) ? document.data.commands : undefined;
  return undefined;
}

/** The commands map of the dispatch manifest a run printed, or undefined when it printed none. */
export function manifestCommands(run: ExecRun | undefined): Json | undefined {
  let manifest: unknown;
  try {
    manifest = run ? JSON.parse(textOf(run.stdout)) : undefined;
  } catch {
    manifest = undefined;
  }
  return manifestCommandsOf(manifest);
}

/** How a manifest judge reports: a registered sub-rule id and one sentence (with the program's text, if any). */
export type ManifestReport = (id: string, message: string, text?: string) => void;

/**
 * EXEC-01/manifest on the dispatch manifest itself, printed by the tool or saved from it (`aoi-testkit check --kind
 * exec-manifest`): one JSON object whose commands map gives every command a danger_level. Returns the commands map,
 * or undefined when there is none. Pure.
 */
export function judgeManifestDocument(
  document: Uint8Array | string,
  report: ManifestReport,
  where = 'the dispatch manifest',
): Json | undefined {
  const text = typeof document === 'string' ? document : textOf(document);
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    manifest = undefined;
  }
  const commands = manifestCommandsOf(manifest);
  if (!commands) {
    report(
      'EXEC-01/manifest',
      `${where} is no JSON object with a commands map, at its top level or under the data of a response envelope`,
      text.slice(0, 200),
    );
    return undefined;
  }
  const bad = Object.entries(commands).filter(
    ([, c]) => !isObject(c) || !DANGER_LEVELS.includes(String(c.danger_level)),
  );
  for (const [name] of bad.slice(0, 3))
    report(
      'EXEC-01/manifest',
      `manifest command "${name}" has no danger_level safe, mutating or destructive`,
    );
  return commands;
}

/**
 * EXEC-01 — the dispatch manifest, where the guide puts it (elsewhere is a warning), gives every command a
 * danger_level and lists every command a given plan's succeeding lines dispatch.
 */
export function judgeManifest({ recording, out }: ExecJudgement): void {
  const m = recording.runs.manifest!;
  const where = recording.manifestArgs.join(' ');
  const probe = runLabel(m);
  if (where !== DEFAULT_EXEC_MANIFEST_ARGS.join(' ')) {
    out.add(
      'EXEC-01/manifest-location',
      `the dispatch manifest is read from \`${where}\`; the guide tells agents to look at \`${DEFAULT_EXEC_MANIFEST_ARGS.join(' ')}\``,
      { probe },
    );
  }
  const commands = judgeManifestDocument(
    m.stdout,
    (id, message, text) => out.add(id, message, { probe, ...(text !== undefined ? { text } : {}) }),
    `\`${where}\` (exit ${m.exitCode})`,
  );
  if (!commands) return;
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
