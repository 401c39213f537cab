/**
 * What to ask a tool's help surface, as far as its answers so far tell: the root in every format, then (when
 * `help --format json` is a document) every command through scoped help, then every depth down to the deepest
 * leaf (at the root and below every group), each leaf's md and --help, its bool flags with and without a value,
 * and the commands its dynamic enums name. The recorder asks until the plan names nothing new.
 */
import { capabilityOf, listedFormats } from '../../checks/cmdhelp/probe/capability.js';
import { boolProbesOf } from '../../checks/cmdhelp/probe/bool-value.js';
import { groupDepths } from '../../checks/cmdhelp/probe/depth.js';
import { enumSourceProbesOf } from '../../checks/cmdhelp/probe/dynamic-enum.js';
import {
  depthProbe,
  formatProbe,
  groupDepthProbe,
  helpFlagProbe,
  ROOT_PROBES,
  scopedProbe,
} from '../../checks/cmdhelp/probe/probes.js';
import { documentOf, walkTree } from '../../checks/cmdhelp/probe/tree.js';
import type { CapabilityProbe, HelpAnswer } from '../../checks/cmdhelp/probe/types.js';

export function helpProbes(
  capability: readonly CapabilityProbe[],
  recorded: (words: readonly string[]) => HelpAnswer | undefined,
  maxCommands: number,
): (readonly string[])[] {
  const probes = [
    ...ROOT_PROBES,
    ...listedFormats(capabilityOf(capability)).map((f) => formatProbe(f)),
  ];
  const root = documentOf(recorded(formatProbe('json')));
  if (!root) return probes;
  probes.push(depthProbe(0));
  const { tree, pending } = walkTree(root, recorded, maxCommands);
  if (!tree) return [...probes, ...pending];
  const depths = Array.from({ length: tree.maxLevel }, (_, i) => depthProbe(i + 1));
  const leaves = [...tree.leaves.keys()].flatMap((path) => [
    scopedProbe(path, 'md'),
    helpFlagProbe(path),
  ]);
  const groupDepthProbes = groupDepths(tree).map(({ group, depth }) =>
    groupDepthProbe(group, depth),
  );
  return [
    ...probes,
    ...tree.scoped.map((s) => s.probe),
    ...depths,
    depthProbe(tree.maxLevel, 'md'),
    ...groupDepthProbes,
    ...leaves,
    ...boolProbesOf(tree, recorded),
    ...enumSourceProbesOf(tree),
  ];
}
