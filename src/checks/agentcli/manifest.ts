/**
 * The AGENT-CLI.md validator (AIP-45): AGENTCLI-01…12. `parseAgentCliManifest` reads the file,
 * `validateAgentCliManifest` judges it: the kit's schema (`src/spec/agentcli/agent-cli.schema.json`),
 * each ajv error mapped to one sub-rule, then the cross-field rules of the spec text in code.
 */
import type { AgentCliManifest } from '../../spec/agentcli/manifest.js';
import { maskSecrets } from '../../secrets/mask.js';
import { ruleIdsOf } from '../../spec/rules.js';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';
import { VerdictCollector, type Report as VerdictReport, type RuleVerdict } from '../verdict.js';
import { reportCrossFieldFindings } from './manifest-cross.js';
import { parseAgentCliManifest, type ManifestPath } from './manifest-parse.js';
import { reportSchemaFindings, typeName, type Report } from './manifest-schema.js';

export { parseAgentCliManifest, MAX_FRONTMATTER_CHARS } from './manifest-parse.js';
export type { ManifestPath, ParsedAgentCliManifest } from './manifest-parse.js';
export { agentCliManifestSchema } from './manifest-schema.js';

export interface AgentCliManifestOptions {
  /** The manifest file's path: enables AGENTCLI-12/name-not-directory. */
  path?: string;
  /**
   * Why the manifest has no path (e.g. `read from stdin`), for the reason of AGENTCLI-12's `not_applicable`
   * verdict when `path` is not given (default: `no path given`).
   */
  noDirectory?: string;
  /** Warnings count as errors. */
  strict?: boolean;
}

export interface AgentCliManifestReport extends VerdictReport {
  /** No rule failed: no finding of severity error (under `strict`, no finding at all). */
  ok: boolean;
  /** @deprecated use `ok` */
  valid: boolean;
  /** The frontmatter, typed, when it is valid. */
  manifest?: AgentCliManifest;
  /** Every problem, once, in file order. */
  findings: Finding[];
  /** A verdict per rule a manifest alone is judged on (AGENTCLI-01…12; AGENTCLI-13 judges a runner's config). */
  verdicts: RuleVerdict[];
}

/** The rules judged on the manifest alone: those with sub-rules this validator judges. */
const MANIFEST_RULE_IDS = ruleIdsOf('AGENTCLI', 'manifest');

/**
 * Validate an AGENT-CLI.md: its text (a string or UTF-8 bytes), or its frontmatter already parsed to an
 * object (findings then carry no line). Never throws.
 *
 * @example validateAgentCliManifest(readFileSync(file, 'utf8'), { path: file })
 */
export function validateAgentCliManifest(
  input: string | object,
  options: AgentCliManifestOptions = {},
): AgentCliManifestReport {
  const strict = options.strict === true;
  try {
    return validate(input, options, strict);
  } catch (error) {
    // A getter that throws, a revoked proxy: whatever it is, it is not a readable manifest.
    const reason = error instanceof Error ? error.name : typeof error;
    return finish(
      [
        makeFinding(
          'AGENTCLI-01/not-a-mapping',
          `The manifest could not be read as plain data (${reason}).`,
          {},
          strict,
        ),
      ],
      undefined,
      options,
    );
  }
}

function validate(
  input: unknown,
  options: AgentCliManifestOptions,
  strict: boolean,
): AgentCliManifestReport {
  let frontmatter: unknown;
  let lineOf: (path: ManifestPath) => number | undefined = () => undefined;
  let lineText: (line: number) => string | undefined = () => undefined;
  const text =
    typeof input === 'string'
      ? input
      : input instanceof Uint8Array
        ? new TextDecoder().decode(input)
        : undefined;
  if (text !== undefined) {
    const parsed = parseAgentCliManifest(text);
    if (parsed.findings.length > 0)
      return finish(
        parsed.findings.map((f) => (strict ? makeFinding(f.id, f.message, f, true) : f)),
        undefined,
        options,
      );
    ({ frontmatter, lineOf, lineText } = parsed);
  } else if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
    frontmatter = input;
  } else {
    return finish(
      [
        makeFinding(
          'AGENTCLI-01/not-a-mapping',
          `Expected the manifest's text or its frontmatter as an object, not ${typeName(input)}.`,
          {},
          strict,
        ),
      ],
      undefined,
      options,
    );
  }

  const findings: Finding[] = [];
  const seen = new Set<string>();
  const report: Report = (id, message, path) => {
    const line = lineOf(path);
    const key = `${id}\u0000${line}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    const source = line === undefined ? undefined : lineText(line);
    findings.push(
      makeFinding(
        id,
        maskSecrets(message),
        {
          ...(line !== undefined ? { line } : {}),
          ...(source !== undefined ? { excerpt: toExcerpt(source.trimEnd()) } : {}),
        },
        strict,
      ),
    );
  };
  reportSchemaFindings(frontmatter, report);
  reportCrossFieldFindings(
    frontmatter as Record<string, unknown>,
    report,
    options.path !== undefined ? { path: options.path } : {},
  );
  return finish(findings, frontmatter, options);
}

function finish(
  findings: Finding[],
  frontmatter: unknown,
  options: AgentCliManifestOptions,
): AgentCliManifestReport {
  // File order; a stable sort keeps the schema's findings before the code's on one line.
  const ordered = findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => (a.finding.line ?? 0) - (b.finding.line ?? 0) || a.index - b.index)
    .map(({ finding }) => finding);
  // Every finding is kept: the validator already reports each problem once.
  const collector = new VerdictCollector({
    strict: options.strict === true,
    keepPerSubRule: Infinity,
  });
  for (const finding of ordered) collector.addFinding(finding);
  // No frontmatter to read: the rules that judge its fields have nothing to judge, and must not pass (AGENTCLI-01 says why).
  if (frontmatter === undefined) {
    for (const rule of MANIFEST_RULE_IDS.filter((id) => id !== 'AGENTCLI-01'))
      collector.skip(
        rule,
        'the manifest has no readable frontmatter (see AGENTCLI-01), so its fields were not judged',
      );
  }
  if (options.path === undefined)
    collector.notApplicable(
      'AGENTCLI-12',
      `${options.noDirectory ?? 'no path given'}: no directory to compare name with`,
    );
  const { ok, verdicts } = collector.report(MANIFEST_RULE_IDS);
  return {
    ok,
    valid: ok,
    ...(ok && frontmatter !== undefined ? { manifest: frontmatter as AgentCliManifest } : {}),
    findings: ordered,
    verdicts: [...verdicts],
  };
}
