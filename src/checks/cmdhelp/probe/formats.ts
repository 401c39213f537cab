/** CMDHELP-03 (§3): text (the default), md and json; llm is md; a bad format or depth is refused with a message. */
import {
  DEFAULT_PROBE,
  formatProbe,
  NEGATIVE_DEPTH_PROBE,
  scopedProbe,
  UNKNOWN_FORMAT,
} from './probes.js';
import { endOf, firstLine, normaliseMd, type Answers, type Report } from './types.js';

/** The root in every format, the default, llm, an unknown format and a negative depth. */
export function judgeFormats(answers: Answers, report: Report): void {
  for (const fmt of ['text', 'md', 'json']) {
    const r = answers(formatProbe(fmt));
    if (!r.ok || r.stdout.trim() === '')
      report(
        'CMDHELP-03/format-unsupported',
        `help --format ${fmt} ${r.ok ? 'printed nothing' : `exited ${endOf(r.run)}`}.`,
        formatProbe(fmt),
        firstLine(r.stderr),
      );
  }
  const [text, dflt, md, llm] = [
    answers(formatProbe('text')),
    answers(DEFAULT_PROBE),
    answers(formatProbe('md')),
    answers(formatProbe('llm')),
  ];
  if (text.ok && dflt.stdout !== text.stdout)
    report(
      'CMDHELP-03/text-not-default',
      'help without --format prints something other than help --format text.',
      DEFAULT_PROBE,
      firstLine(dflt.stdout),
    );
  if (llm.ok && md.ok && normaliseMd(llm.stdout) !== normaliseMd(md.stdout))
    report(
      'CMDHELP-03/llm-not-md',
      '--format llm prints something other than --format md.',
      formatProbe('llm'),
    );
  const bogus = answers(formatProbe(UNKNOWN_FORMAT));
  if (bogus.ok || bogus.stderr.trim() === '')
    report(
      'CMDHELP-03/unknown-format',
      bogus.ok
        ? 'help --format <unknown> exits 0.'
        : 'help --format <unknown> fails without a message on stderr.',
      formatProbe(UNKNOWN_FORMAT),
      firstLine(bogus.stdout),
    );
  const negative = answers(NEGATIVE_DEPTH_PROBE);
  if (negative.ok || negative.stderr.trim() === '')
    report(
      'CMDHELP-03/negative-depth',
      negative.ok
        ? 'help --depth -1 exits 0.'
        : 'help --depth -1 fails without a message on stderr.',
      NEGATIVE_DEPTH_PROBE,
      firstLine(negative.stdout),
    );
}

/** Every leaf's scoped help in md. */
export function judgeLeafFormats(leaves: Iterable<string>, answers: Answers, report: Report): void {
  for (const path of leaves) {
    const probe = scopedProbe(path, 'md');
    const r = answers(probe);
    if (!r.ok)
      report(
        'CMDHELP-03/format-unsupported',
        `help ${path} --format md exits ${endOf(r.run)}.`,
        probe,
        firstLine(r.stderr),
      );
  }
}
