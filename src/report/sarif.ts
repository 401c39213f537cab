import type { RuleVerdict } from '../checks/verdict.js';
import { getRule, getSubRule } from '../spec/rules.js';
import type { Finding } from '../stream/finding.js';
import { sanitise } from '../stream/sanitise.js';
import { TOOL, TOOL_VERSION } from './meta.js';
import { rulePageLink } from './rule-pages.js';
import { fileOf, isKnown, staleLines, type VerdictView } from './view.js';

const SARIF_SCHEMA =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/**
 * SARIF 2.1.0 (code scanning, IDEs): a result per finding, its rule the sub-rule (with the registry's title,
 * fix and rule page), located in a file where the finding is about one (a manifest, APP.md, a recorded stream)
 * and at the command otherwise (a logical location). A known failure of the baseline is a result with
 * `baselineState: unchanged` and level `note`; a stale entry is a tool notification of level error.
 */
export function renderSarif(view: VerdictView): string {
  const rules: {
    id: string;
    name: string;
    shortDescription: { text: string };
    help: { text: string };
    helpUri?: string;
    defaultConfiguration: { level: string };
    properties: Record<string, unknown>;
  }[] = [];
  const index = new Map<string, number>();
  const ruleIndex = (f: Finding) => {
    if (!index.has(f.id)) {
      const rule = getRule(f.rule);
      const sub = getSubRule(f.id);
      index.set(f.id, rules.length);
      const page = rulePageLink(rule.id);
      rules.push({
        id: f.id,
        name: f.id.replace(/[^A-Za-z0-9]+/g, '_'),
        shortDescription: { text: sanitise(sub.title) },
        help: { text: `${sanitise(f.fix)}\nRule page: ${page.text}` },
        // Code scanning links the rule's help here: a public page, as the alert is read away from this install.
        ...(page.url !== undefined ? { helpUri: page.url } : {}),
        defaultConfiguration: { level: sub.severity === 'warning' ? 'warning' : 'error' },
        properties: { rule: rule.id, characteristics: [...rule.characteristics] },
      });
    }
    return index.get(f.id)!;
  };
  const results = view.report.verdicts.flatMap((v) =>
    v.findings.map((f) => result(view, v, f, ruleIndex(f))),
  );
  const notifications = staleLines(view).map((text) => ({
    level: 'error',
    message: { text: `stale baseline entry: ${text}` },
    descriptor: { id: 'baseline-stale' },
  }));
  const run = {
    tool: {
      driver: {
        name: TOOL,
        version: TOOL_VERSION,
        informationUri: 'https://www.npmjs.com/package/aoi-testkit',
        rules,
      },
    },
    invocations: [
      {
        executionSuccessful: true,
        commandLine: sanitise(`${TOOL} ${view.verb} ${view.target}`),
        ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
      },
    ],
    results,
  };
  return `${JSON.stringify({ $schema: SARIF_SCHEMA, version: '2.1.0', runs: [run] }, null, 2)}\n`;
}

function result(view: VerdictView, v: RuleVerdict, f: Finding, ruleIndex: number) {
  const known = isKnown(view, v);
  const file = fileOf(view, v, f);
  const physical = file && {
    physicalLocation: {
      artifactLocation: { uri: encodeURI(file.uri.replaceAll('\\', '/')) },
      ...(file.line !== undefined
        ? {
            region: {
              startLine: file.line,
              ...(file.endLine !== undefined ? { endLine: file.endLine } : {}),
              ...(f.excerpt ? { snippet: { text: sanitise(f.excerpt) } } : {}),
            },
          }
        : {}),
    },
  };
  const logical = v.command
    ? { logicalLocations: [{ name: sanitise(v.command), kind: 'function' }] }
    : {};
  const location = physical || v.command ? [{ ...(physical ?? {}), ...logical }] : undefined;
  const text = [
    sanitise(f.message),
    f.probe ? `Probe: ${sanitise(f.probe)}` : '',
    !physical && f.excerpt ? `Excerpt: ${sanitise(f.excerpt)}` : '',
    !physical && f.line !== undefined ? `Line ${f.line} of the output` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    ruleId: f.id,
    ruleIndex,
    level: known ? 'note' : f.severity === 'error' ? 'error' : 'warning',
    message: { text },
    ...(location ? { locations: location } : {}),
    ...(view.baseline
      ? { baselineState: known ? 'unchanged' : f.severity === 'error' ? 'new' : 'unchanged' }
      : {}),
    properties: {
      rule: v.rule,
      ...(v.command !== undefined ? { command: sanitise(v.command) } : {}),
      status: v.status,
    },
  };
}
