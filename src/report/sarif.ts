import { createHash } from 'node:crypto';
import type { RuleVerdict } from '../checks/verdict.js';
import { getRule, getSubRule } from '../spec/rules.js';
import type { Finding } from '../stream/finding.js';
import { sanitise } from '../stream/sanitise.js';
import { TOOL, TOOL_VERSION } from './meta.js';
import { rulePageLink } from './rule-pages.js';
import { fileOf, isKnown, placeOf, staleLines, type VerdictView } from './view.js';

const SARIF_SCHEMA =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/**
 * SARIF 2.1.0 (code scanning, IDEs): a result per finding, its rule the sub-rule (with the registry's title,
 * fix and rule page), located in a file where the finding is about one (a manifest, APP.md, a recorded stream)
 * and otherwise at the command (a logical location) and at the view's anchor (a program lint's: the file that
 * declares the command), as code scanning drops a result without a file. Each result has a partial fingerprint
 * of what it is (sub-rule, command, probe), the same in every run. A known failure of the baseline is a result with
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
  const seen = new Map<string, number>();
  const results = view.report.verdicts.flatMap((v) =>
    v.findings.map((f) => {
      // What a finding is, not what it says (messages may carry timings and paths): the sub-rule, the command,
      // the probe, and its rank among findings alike, so code scanning matches an alert from run to run.
      const key = [f.id, v.command ?? '', f.probe ?? '', f.line ?? ''].join('\0');
      const nth = (seen.get(key) ?? 0) + 1;
      seen.set(key, nth);
      return result(view, v, f, ruleIndex(f), fingerprint(`${key}\0${nth}`));
    }),
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

/** A stable 32-hex-digit digest (SHA-256, shortened) of a finding's identity. */
const fingerprint = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

function result(
  view: VerdictView,
  v: RuleVerdict,
  f: Finding,
  ruleIndex: number,
  fingerprint: string,
) {
  const known = isKnown(view, v);
  // Its own file (a manifest, APP.md, a recorded stream), else the lint's anchor: code scanning needs a file.
  const own = fileOf(view, v, f);
  const file = own ?? placeOf(view, v, f);
  const physical = file && {
    physicalLocation: {
      artifactLocation: { uri: encodeURI(file.uri.replaceAll('\\', '/')) },
      ...(file.line !== undefined
        ? {
            region: {
              startLine: file.line,
              ...(file.endLine !== undefined ? { endLine: file.endLine } : {}),
              ...(own && f.excerpt ? { snippet: { text: sanitise(f.excerpt) } } : {}),
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
    !own && f.excerpt ? `Excerpt: ${sanitise(f.excerpt)}` : '',
    !own && f.line !== undefined ? `Line ${f.line} of the output` : '',
    `Fix: ${sanitise(f.fix)}`,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    ruleId: f.id,
    ruleIndex,
    level: known ? 'note' : f.severity === 'error' ? 'error' : 'warning',
    message: { text },
    ...(location ? { locations: location } : {}),
    partialFingerprints: { 'aoiTestkitFinding/v1': fingerprint },
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
