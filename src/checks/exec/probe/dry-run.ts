import { manifestCommands } from './manifest.js';
import {
  answerTo,
  envelopes,
  inspectData,
  isObject,
  probeLabel,
  type ExecJudgement,
  type ExecRecording,
} from './types.js';

/** What a line answered, wherever and whenever it ran: ok, data, error and warnings. */
const outcome = (e: Record<string, unknown>) =>
  JSON.stringify({ ok: e.ok, data: e.data, error: e.error, warnings: e.warnings });

/** The plan's mutating line leaves a trace its inspect line shows: only then can the state tell whether --dry-run reached it. */
export function mutationShows({ runs }: ExecRecording): boolean {
  const baseline = inspectData(runs.baseline);
  const mutated = inspectData(runs['mutation-inspect']);
  return (
    runs['mutation-inspect'] !== undefined &&
    baseline !== undefined &&
    mutated !== undefined &&
    mutated !== baseline
  );
}

/**
 * EXEC-08 — `exec --dry-run` reaches mutating commands (the state after it is the fresh one) and no safe one
 * (the batch's read-only line answers as without the flag on the same state). Without a mutating line whose
 * trace shows, only the safe half is judged and the rule is skipped unless it fails.
 */
export function judgeDryRun({ recording, out }: ExecJudgement): void {
  const { runs } = recording;
  const plan = recording.plan!;
  const baseline = inspectData(runs.baseline);
  const shows = mutationShows(recording);
  const plain = envelopes(runs['dry-run-inspect']!)[0];
  const after = plain ? JSON.stringify(plain.data) : undefined;
  if (shows && after !== baseline)
    out.add(
      'EXEC-08/not-forwarded',
      `after \`exec --dry-run\` the inspect line answers ${after ?? 'nothing'}; on a fresh state ${baseline}`,
      { probe: probeLabel(recording, ['--dry-run']) },
    );
  // The read-only line is the batch's last: by its _line, else by position (a wrong _line is EXEC-03's business).
  const last = shows ? 2 : 1;
  const dryEnvelopes = envelopes(runs['dry-run']!);
  const underDry = answerTo(dryEnvelopes, last) ?? dryEnvelopes[last - 1];
  if (plain && (!underDry || outcome(underDry) !== outcome(plain))) {
    out.add(
      'EXEC-08/forwarded-to-safe',
      `the read-only line ${JSON.stringify(plan.inspect._cmd)} answered ${underDry ? outcome(underDry) : 'nothing'} under \`exec --dry-run\`, and ${outcome(plain)} without it on the same state`,
      {
        probe: probeLabel(recording, ['--dry-run', '--ignore-errors']),
        text: JSON.stringify(plan.inspect),
      },
    );
  }
  const safeHalf = 'only "a safe line runs as without --dry-run" was judged';
  if (!plan.mutating) {
    const commands = manifestCommands(runs.manifest);
    const changing = commands
      ? Object.entries(commands)
          .filter(
            ([, c]) => isObject(c) && ['mutating', 'destructive'].includes(String(c.danger_level)),
          )
          .map(([name]) => name)
      : [];
    const listed =
      changing.length === 0
        ? 'the manifest lists no mutating or destructive command'
        : `the manifest’s mutating and destructive commands: ${changing.slice(0, 5).join(', ')}${changing.length > 5 ? ', …' : ''}`;
    out.skip(
      'EXEC-08',
      `the plan has no mutating line (${plan.noMutating ?? 'no reason given'}), so nothing shows whether --dry-run reaches mutating and destructive commands; ${listed}; ${safeHalf}`,
    );
  } else if (!shows)
    out.skip(
      'EXEC-08',
      `the plan’s mutating line leaves no trace the inspect line shows; ${safeHalf}`,
    );
}
