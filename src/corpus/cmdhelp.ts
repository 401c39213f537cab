import { HELPDESK_FAULTS } from '../fakes/cmdhelp/faults/index.js';
import { HELPDESK_PRESETS } from '../fakes/cmdhelp/presets.js';
import { CMDHELP_RULES } from '../spec/cmdhelp/rules.js';
import { KIT_COMMAND, expectedFrom, sectionsOf } from './expected.js';
import type { CmdhelpScenario } from './types.js';

/** The rules a cmdhelp checker judges, in id order. */
export const CMDHELP_RULE_IDS: readonly string[] = CMDHELP_RULES.map((rule) => rule.id);

/**
 * One scenario per helpdesk preset (`helpdesk`, the clean reference cmdhelp tool, and `helpdesk.<fault>` for
 * each of its faults): the expected verdict is each fault's own declaration (`violates`).
 */
export function cmdhelpDrafts(): CmdhelpScenario[] {
  return Object.entries(HELPDESK_PRESETS).map(([preset, { description, faults }]) => {
    const declared = faults.flatMap((id) => HELPDESK_FAULTS.find((f) => f.id === id)!.violates);
    const expected = expectedFrom(declared, CMDHELP_RULE_IDS);
    const what =
      faults.length === 0
        ? 'helpdesk, the reference cmdhelp v0.1 tool, with no fault'
        : `helpdesk with the fault ${faults.join(', ')}: ${description}`;
    return {
      id: `cmdhelp.${preset}`,
      kind: 'cmdhelp',
      spec: 'cmdhelp',
      description: `${what}. Judged by a cmdhelp checker on its help surface (help --capabilities, help at every scope and format, --depth, <sub> --help --format md).`,
      sections: sectionsOf(expected),
      fake: { tool: 'helpdesk', preset, faults: [...faults] },
      command: [...KIT_COMMAND, 'fake', preset],
      expected,
    };
  });
}
