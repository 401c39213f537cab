/**
 * The live cmdhelp check's judgement: CMDHELP-01…08 over a recorded help surface (src/lint/cmdhelp records
 * it). Pure: the judges of probe/ decide, one concern each, and report into the one verdict collector.
 */
import { CMDHELP_SUB_RULES } from '../../spec/cmdhelp/rules.js';
import type { CmdhelpDocument } from '../../spec/cmdhelp/types.js';
import { ruleIdsOf } from '../../spec/rules.js';
import type { Finding } from '../../stream/finding.js';
import { VerdictCollector, type Report } from '../verdict.js';
import type { CapabilityLine } from './capability.js';
import { capabilityOf, judgeCapability, judgeListedFormats } from './probe/capability.js';
import { judgeBoolValues } from './probe/bool-value.js';
import { deepDocument, groupDepths, judgeDepth } from './probe/depth.js';
import { judgeDynamicEnums } from './probe/dynamic-enum.js';
import { judgeDocuments } from './probe/document.js';
import { judgeExamples } from './probe/examples.js';
import { judgeFormats, judgeLeafFormats } from './probe/formats.js';
import { judgeHelpFlag } from './probe/help-flag.js';
import { judgeMarkdown } from './probe/markdown.js';
import { judgeParity } from './probe/parity.js';
import { depthProbe, formatProbe, groupDepthProbe } from './probe/probes.js';
import { judgeScopes } from './probe/scope.js';
import { documentOf, walkTree } from './probe/tree.js';
import {
  answerOf,
  probeKey,
  type Answers,
  type CmdhelpRecording,
  type HelpAnswer,
  type Report as ProbeReport,
} from './probe/types.js';

export interface CmdhelpJudgeOptions {
  /** Warnings count as errors (the spec's ambiguous points: unknown format, negative depth, parity). */
  strict?: boolean;
}

export interface CmdhelpReport extends Report {
  /** @deprecated use ok */
  readonly valid: boolean;
  readonly capability?: CapabilityLine;
  /** The tree as assembled from the scoped json outputs (leaves in full detail). */
  readonly document?: CmdhelpDocument;
}

const RULE_IDS = ruleIdsOf('CMDHELP');
const SUB_RULE_ORDER = new Map<string, number>(CMDHELP_SUB_RULES.map((s, i) => [s.id, i]));

/**
 * Judge every CMDHELP rule on a recorded help surface. Never throws for a misbehaving tool; throws only when
 * the recording lacks an invocation its own answers call for (it was not made by `recordCmdhelp`).
 */
export function judgeCmdhelp(
  recording: CmdhelpRecording,
  options: CmdhelpJudgeOptions = {},
): CmdhelpReport {
  const collector = new VerdictCollector({
    strict: options.strict === true,
    keepPerSubRule: Infinity,
  });
  const shown = (words: readonly string[]) =>
    [recording.command, ...recording.args, ...words]
      .map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : JSON.stringify(w)))
      .join(' ');
  // One finding per sub-rule and message: the first probe that shows it is the evidence.
  const seen = new Set<string>();
  const report: ProbeReport = (id, message, probe, excerpt, line) => {
    const key = `${id}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    collector.add(id, message, {
      probe: shown(probe),
      ...(excerpt !== undefined ? { text: excerpt } : {}),
      ...(line !== undefined ? { line } : {}),
    });
  };
  const recorded = (words: readonly string[]): HelpAnswer | undefined => {
    const run = recording.runs.get(probeKey(words));
    return run && answerOf(run);
  };
  const answers: Answers = (words) => {
    const answer = recorded(words);
    if (!answer)
      throw new Error(
        `the recording has no run of \`${shown(words)}\`; record it with recordCmdhelp`,
      );
    return answer;
  };

  const capability = capabilityOf(recording.capability);
  judgeCapability(recording.capability, report);
  const watched = recording.capability.find((probe) => probe.networkTripwire)?.networkTripwire;
  if (watched) collector.note('CMDHELP-01', `network watched by ${watched}`);
  judgeListedFormats(capability, answers, report);
  judgeFormats(answers, report);

  const json = answers(formatProbe('json'));
  const root = documentOf(json);
  const jsonAnswers: { probe: readonly string[]; answer: HelpAnswer }[] = [
    { probe: formatProbe('json'), answer: json },
  ];
  let assembled: CmdhelpDocument | undefined;
  if (root) {
    const walked = walkTree(root, recorded, recording.maxCommands);
    const tree = walked.tree;
    if (!tree)
      throw new Error(
        `the recording has no run of \`${shown(walked.pending[0]!)}\`; record it with recordCmdhelp`,
      );
    assembled = tree.assembled;
    const deep = deepDocument(tree, answers);
    jsonAnswers.push(
      { probe: depthProbe(0), answer: answers(depthProbe(0)) },
      ...tree.scoped,
      ...Array.from({ length: tree.maxLevel }, (_, i) => ({
        probe: depthProbe(i + 1),
        answer: answers(depthProbe(i + 1)),
      })),
      ...groupDepths(tree).map(({ group, depth }) => ({
        probe: groupDepthProbe(group, depth),
        answer: answers(groupDepthProbe(group, depth)),
      })),
    );
    const judging = {
      report,
      notApplicable: (rule: string, reason: string) => collector.notApplicable(rule, reason),
      note: (rule: string, text: string) => collector.note(rule, text),
    };
    judgeLeafFormats(tree.leaves.keys(), answers, report);
    judgeScopes(tree, answers, report);
    judgeDepth(tree, answers, report);
    judgeMarkdown(tree, deep, answers, report);
    judgeParity(tree, deep, answers, report);
    judgeExamples(tree.assembled, report);
    judgeHelpFlag(tree, answers, judging);
    judgeBoolValues(tree, answers, judging);
    judgeDynamicEnums(tree, answers, judging);
  } else {
    // No document, no tree: the rules that judge it could not be judged, and must not pass.
    const why = json.ok
      ? 'help --format json is not a cmdhelp document (see CMDHELP-02): the tree cannot be walked.'
      : 'help --format json failed (see CMDHELP-03): there is no document, so the tree cannot be walked.';
    for (const rule of ['CMDHELP-04', 'CMDHELP-05', 'CMDHELP-06', 'CMDHELP-07', 'CMDHELP-08'])
      collector.skip(rule, why);
    if (!json.ok)
      collector.skip(
        'CMDHELP-02',
        'help --format json failed (see CMDHELP-03): there is no document to validate.',
      );
  }
  judgeDocuments(jsonAnswers, report);

  const { ok, verdicts, findings } = collector.report(RULE_IDS);
  // Findings in registry order, as the report has always listed them.
  const sorted: Finding[] = [...findings].sort(
    (a, b) => (SUB_RULE_ORDER.get(a.id) ?? 0) - (SUB_RULE_ORDER.get(b.id) ?? 0),
  );
  return {
    ok,
    valid: ok,
    verdicts,
    findings: sorted,
    ...(capability ? { capability } : {}),
    ...(assembled ? { document: assembled } : {}),
  };
}
