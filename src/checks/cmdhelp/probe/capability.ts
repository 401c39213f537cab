/** CMDHELP-01 (§8, §9): the capability line, in both discovery forms, and the formats it lists. */
import { parseCapabilityLine, type CapabilityLine } from '../capability.js';
import { formatProbe, KNOWN_FORMATS } from './probes.js';
import {
  answerOf,
  endOf,
  firstLine,
  type Answers,
  type CapabilityProbe,
  type HelpRun,
  type Report,
} from './types.js';

/** A discovery form's run answered: a cmdhelp/ line and exit 0. */
export const answersCapability = (run: HelpRun): boolean =>
  run.exitCode === 0 && answerOf(run).stdout.startsWith('cmdhelp/');
const answered = (probe: CapabilityProbe) => answersCapability(probe.first);

/** The capability line a harness would read: the default form's when it answers, else the fallback's. */
export function capabilityOf(probes: readonly CapabilityProbe[]): CapabilityLine | undefined {
  const first = probes.find(answered);
  return first ? parseCapabilityLine(answerOf(first.first).stdout) : undefined;
}

/**
 * Both discovery forms: every form that answers with a cmdhelp/ line is judged in full (a tool may offer both,
 * and a harness may use either): one line, the syntax, no side effect, the same output twice.
 */
export function judgeCapability(probes: readonly CapabilityProbe[], report: Report): void {
  for (const probe of probes) {
    if (!answered(probe)) continue;
    const { form } = probe;
    const { stdout, stderr } = answerOf(probe.first);
    const body = stdout.replace(/\r?\n$/, '');
    if (body.includes('\n'))
      report(
        'CMDHELP-01/not-single-line',
        `${form.join(' ')} prints ${body.split('\n').length} lines.`,
        form,
        body,
      );
    for (const f of parseCapabilityLine(stdout).findings)
      report(f.id, `${form.join(' ')}: ${f.message}`, form, f.excerpt, f.line);
    if (stderr.trim() !== '')
      report(
        'CMDHELP-01/side-effect',
        `${form.join(' ')} writes to stderr.`,
        form,
        firstLine(stderr),
      );
    if (probe.network && probe.network.length > 0)
      report(
        'CMDHELP-01/network',
        `${form.join(' ')} reached for the network: ${probe.network.slice(0, 3).join(', ')}.`,
        form,
      );
    if (probe.written.length > 0)
      report(
        'CMDHELP-01/side-effect',
        `${form.join(' ')} wrote ${probe.written.slice(0, 3).join(', ')} into a fresh HOME/XDG/state directory.`,
        form,
      );
    const second = probe.second ? answerOf(probe.second).stdout : undefined;
    if (second !== stdout)
      report(
        'CMDHELP-01/unstable',
        `Two runs of ${form.join(' ')} print different output.`,
        form,
        second,
      );
  }
  if (!probes.some(answered))
    report(
      'CMDHELP-01/missing',
      'Neither `help --capabilities` nor `--cmdhelp-capabilities` prints a cmdhelp/ line with exit 0.',
      ['help', '--capabilities'],
    );
}

/** The formats --format accepts beyond those every check asks for, as the capability line lists them. */
export const listedFormats = (capability: CapabilityLine | undefined): string[] =>
  (capability?.formats ?? []).filter((f) => !KNOWN_FORMATS.includes(f));

/** The line lists exactly the formats --format accepts: llm (optional) and any other it names. */
export function judgeListedFormats(
  capability: CapabilityLine | undefined,
  answers: Answers,
  report: Report,
): void {
  const llm = answers(formatProbe('llm'));
  const llmListed = capability?.formats.includes('llm') ?? false;
  if (llm.ok) {
    if (capability && !llmListed)
      report(
        'CMDHELP-01/unlisted-format',
        'help --format llm works but the capability line does not list llm.',
        formatProbe('llm'),
      );
  } else if (llmListed)
    report(
      'CMDHELP-01/listed-unsupported',
      `The capability line lists llm but help --format llm exits ${endOf(llm.run)}.`,
      formatProbe('llm'),
      firstLine(llm.stderr),
    );
  for (const f of listedFormats(capability)) {
    const r = answers(formatProbe(f));
    if (!r.ok)
      report(
        'CMDHELP-01/listed-unsupported',
        `The capability line lists ${f} but help --format ${f} exits ${endOf(r.run)}.`,
        formatProbe(f),
      );
  }
}
