import type { CappedProbe } from '../../output-cap.js';
/** What the live cmdhelp check records, and how its judges read and report it. */

/** What one help invocation printed: the input of every judgement of a live cmdhelp check. */
export interface HelpRun {
  readonly stdout: Uint8Array;
  readonly stderr: Uint8Array;
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** The kit cut the output at its cap after this many bytes (a process run only). */
  readonly outputCapped?: number;
}

/** One discovery form (§8), run in a fresh HOME/XDG/state directory. */
export interface CapabilityProbe {
  /** `['help', '--capabilities']` or `['--cmdhelp-capabilities']`. */
  readonly form: readonly string[];
  readonly first: HelpRun;
  /** What the first run left in its fresh HOME/XDG/state directory. */
  readonly written: readonly string[];
  /** A second run in the same directory, made only when the first answered with a cmdhelp/ line. */
  readonly second?: HelpRun;
  /** The network attempts the tripwire saw across both runs (`tcp 127.0.0.1:9`); absent when none was watching. */
  readonly network?: readonly string[];
  /** Which network tripwire watched (for the verdict's note); absent when none was watching. */
  readonly networkTripwire?: string;
}

/** A tool's help surface as recorded: everything the judges need, no process. */
export interface CmdhelpRecording {
  /** How the tool was started (`node`, `['dist/bin/helpdesk.js']`): the start of every finding's probe. */
  readonly command: string;
  readonly args: readonly string[];
  /** Both discovery forms, in order. */
  readonly capability: readonly CapabilityProbe[];
  /** Every other help invocation, by `probeKey` of its words after `args`. */
  readonly runs: ReadonlyMap<string, HelpRun>;
  /** At most this many commands were walked. */
  readonly maxCommands: number;
  /** The runs the kit cut at its output cap (`--max-output-bytes`): the judges read no run as complete that is here. */
  readonly capped?: readonly CappedProbe[];
}

/** The key of a help invocation in `CmdhelpRecording.runs`. */
export const probeKey = (words: readonly string[]): string => JSON.stringify(words);

/** A run, decoded. */
export interface HelpAnswer {
  readonly run: HelpRun;
  readonly stdout: string;
  readonly stderr: string;
  /** Exit 0. */
  readonly ok: boolean;
}

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
export const answerOf = (run: HelpRun): HelpAnswer => ({
  run,
  stdout: decode(run.stdout),
  stderr: decode(run.stderr),
  ok: run.exitCode === 0,
});

/** The recorded answer to `words`; a recording made by the recorder holds every invocation its plan names. */
export type Answers = (words: readonly string[]) => HelpAnswer;

/** How a run ended, as the messages say it: the exit code, else the signal. */
export const endOf = (run: HelpRun): number | string | null => run.exitCode ?? run.signal;

export const firstLine = (text: string): string => text.split('\n', 1)[0]!;

/** md compared across runs: the frontmatter's `generated` timestamp differs by design. */
export const normaliseMd = (md: string): string => md.replace(/^generated:.*$/m, 'generated: *');

/** How a judgement reports: a registered sub-rule id, one sentence, the invocation, evidence (raw text). */
export type Report = (
  subRuleId: string,
  message: string,
  probe: readonly string[],
  excerpt?: string,
  line?: number,
) => void;

/** What judges tell the collector besides findings. */
export interface Judging {
  readonly report: Report;
  /** The rule does not concern this tool (the first reason is kept). */
  notApplicable(rule: string, reason: string): void;
  /** What the verdict should say was not judged, and why. */
  note(rule: string, text: string): void;
}
