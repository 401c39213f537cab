import { HELPDESK_FAULTS } from './faults/index.js';

export interface HelpdeskPreset {
  readonly description: string;
  readonly faults: readonly string[];
}

/**
 * `aoi-testkit fake <id>` for the cmdhelp tool: `helpdesk` clean, and `helpdesk.<fault>` for each of its faults
 * (more with `--fault ID` after the preset). Plain data, cheap to load for `fake --list`.
 */
export const HELPDESK_PRESETS: Readonly<Record<string, HelpdeskPreset>> = Object.fromEntries([
  [
    'helpdesk',
    {
      description: 'the reference cmdhelp v0.1 tool (help --format text|md|json|llm), well-behaved',
      faults: [],
    },
  ],
  ...HELPDESK_FAULTS.map((fault) => [
    `helpdesk.${fault.id}`,
    { description: fault.description, faults: [fault.id] },
  ]),
]);
