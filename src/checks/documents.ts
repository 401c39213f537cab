/**
 * Recorded discovery documents, judged offline by the rules the live lint applies to them — the same judges, one
 * rule in one place: a capabilities manifest and an event schema (AOI-01, AOI-13), a cmdhelp JSON document and a
 * capability line (CMDHELP-01, 02, 07), an exec dispatch manifest (EXEC-01), an APP.md (APP-nn) and an AGENT-CLI.md
 * (AGENTCLI-nn). The kind is named, or read from the file's name and content. Pure; never throws.
 */
import { basename, dirname } from 'node:path';
import type { Report as ProbeReport } from './aoi/probe/types.js';
import { judgeCapabilitiesDocument, judgeSchemaDocument } from './aoi/probe/discovery.js';
import { validateAgentCliManifest } from './agentcli/manifest.js';
import { validateAppManifest } from './app/manifest.js';
import { parseCapabilityLine } from './cmdhelp/capability.js';
import { validateCmdhelpDocument } from './cmdhelp/document.js';
import { judgeManifestDocument } from './exec/probe/manifest.js';
import { VerdictCollector, type Report } from './verdict.js';
import { isObject } from '../stream/json.js';
import { makeFinding, toExcerpt } from '../stream/finding.js';
import { DOCUMENT_KIND_TITLES, DOCUMENT_KINDS, type DocumentKind } from '../spec/document-kinds.js';

/** Every kind of document `checkDocument` judges, and what each is for people. */
export { DOCUMENT_KINDS, DOCUMENT_KIND_TITLES, type DocumentKind };

export interface DocumentOptions {
  /** What the document is (default: read from `path` and the content, see {@link detectDocumentKind}). */
  kind?: DocumentKind;
  /** Where it was read from: names the kind (APP.md), and an APP.md's package directory. */
  path?: string;
  /** Warnings count as errors. */
  strict?: boolean;
}

export type DocumentReport = Report & { readonly kind: DocumentKind };

/** Why a document's kind could not be told: the reason, for a usage error that asks for `--kind`. */
export class DocumentKindError extends Error {
  override readonly name = 'DocumentKindError';
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The kind of a document, from its file name (`APP.md`, `AGENT-CLI.md`) or its content: a `cmdhelp/` line, a JSON
 * object with `cmdhelp_version` (cmdhelp), a `commands` list (capabilities), a `commands` map whose entries carry
 * `danger_level` or the manifest's `framework_version` (exec), the keywords of a JSON Schema (schema), a YAML
 * frontmatter with an APP.md's `entry` or an AGENT-CLI.md's `bin`/`install`. `stream` for JSONL (each line an
 * object), `contract` for a contract snapshot (compared, not checked: `compareContracts`), undefined when nothing
 * tells.
 */
export function detectDocumentKind(
  text: string,
  path?: string,
): DocumentKind | 'stream' | 'contract' | undefined {
  const name = path === undefined ? '' : basename(path).toUpperCase();
  if (name === 'APP.MD') return 'app';
  if (name === 'AGENT-CLI.MD') return 'agent-cli';
  const trimmed = text.trimStart();
  if (trimmed.startsWith('cmdhelp/')) return 'cmdhelp-capability';
  if (trimmed.startsWith('---')) {
    const front = trimmed.split(/\n---\s*(\n|$)/, 1)[0]!;
    if (/^entry:/m.test(front)) return 'app';
    if (/^(bin|install|bin_args):/m.test(front)) return 'agent-cli';
    return undefined;
  }
  const value = parsed(text);
  if (isObject(value)) {
    if (typeof value.contract === 'string' && isObject(value.tool)) return 'contract';
    if ('cmdhelp_version' in value) return 'cmdhelp';
    if (Array.isArray(value.commands) || 'aoi_versions' in value) return 'capabilities';
    if (
      isObject(value.commands) &&
      ('framework_version' in value ||
        Object.values(value.commands).some((c) => isObject(c) && 'danger_level' in c))
    )
      return 'exec-manifest';
    if (['$schema', 'properties', 'oneOf', 'anyOf', 'allOf', '$defs'].some((k) => k in value))
      return 'schema';
    if (typeof value.type === 'string') return 'stream';
    return undefined;
  }
  const first = trimmed.split('\n', 1)[0] ?? '';
  return isObject(parsed(first)) ? 'stream' : undefined;
}

/** The rules a document of each kind shows on its own (the live lint judges the same ones on the printed document). */
const RULES: Record<DocumentKind, readonly string[]> = {
  capabilities: ['AOI-01', 'AOI-13'],
  schema: ['AOI-01'],
  cmdhelp: ['CMDHELP-02', 'CMDHELP-07'],
  'cmdhelp-capability': ['CMDHELP-01'],
  'exec-manifest': ['EXEC-01'],
  app: [],
  'agent-cli': [],
};

/**
 * Judge one recorded document by the rules the live lint applies to it. Throws {@link DocumentKindError} only when
 * no kind is given and none can be told (or the content is an AOI stream: `checkStream` judges that).
 *
 * @example checkDocument(readFileSync('capabilities.json', 'utf8'), { path: 'capabilities.json' }).findings
 */
export function checkDocument(text: string, options: DocumentOptions = {}): DocumentReport {
  const detected = options.kind ?? detectDocumentKind(text, options.path);
  if (detected === undefined)
    throw new DocumentKindError(
      `cannot tell what kind of document ${options.path ?? 'this'} is; name it: ${DOCUMENT_KINDS.join(', ')}`,
    );
  if (detected === 'stream')
    throw new DocumentKindError(
      `${options.path ?? 'this'} is an AOI JSONL stream, not a discovery document: judge it as a stream`,
    );
  if (detected === 'contract')
    throw new DocumentKindError(
      `${options.path ?? 'this'} is a contract snapshot: compare it with another (compareContracts, aoi-testkit compat)`,
    );
  const kind = detected;
  const strict = options.strict === true;
  if (kind === 'app') {
    const report = validateAppManifest(text, {
      ...(options.path !== undefined ? { dir: dirname(options.path) } : {}),
      strict,
    });
    return { ok: report.ok, verdicts: report.verdicts, findings: report.findings, kind };
  }
  if (kind === 'agent-cli') {
    const report = validateAgentCliManifest(text, {
      ...(options.path !== undefined ? { path: options.path } : { noDirectory: 'read from stdin' }),
      strict,
    });
    return { ok: report.ok, verdicts: report.verdicts, findings: report.findings, kind };
  }
  if (kind === 'cmdhelp') {
    const report = validateCmdhelpDocument(text, { strict });
    return { ok: report.ok, verdicts: report.verdicts, findings: report.findings, kind };
  }
  const collector = new VerdictCollector({ strict, keepPerSubRule: 20 });
  const report: ProbeReport = (id, message, evidence = {}) =>
    collector.addFinding(makeFinding(id, message, evidence, strict));
  if (kind === 'capabilities') judgeCapabilitiesDocument(text, report);
  else if (kind === 'schema') judgeSchemaDocument(Buffer.from(text, 'utf8'), 'schema', report);
  else if (kind === 'exec-manifest')
    judgeManifestDocument(text, (id, message, program) =>
      collector.addFinding(
        makeFinding(
          id,
          message,
          program !== undefined ? { excerpt: toExcerpt(program) } : {},
          strict,
        ),
      ),
    );
  else for (const finding of parseCapabilityLine(text).findings) collector.addFinding(finding);
  return { ...collector.report(RULES[kind]), kind };
}
