import {
  isCollection,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
} from 'yaml';
import { makeFinding, toExcerpt, type Finding } from '../../stream/finding.js';

/** A path into the frontmatter: mapping keys and sequence indexes, e.g. `['options', 1, 'min']`. */
export type ManifestPath = readonly (string | number)[];

export interface ParsedAgentCliManifest {
  /** The frontmatter as plain data; absent when the file has none or it does not parse to a mapping. */
  frontmatter?: unknown;
  /** The markdown after the closing `---` line. */
  body: string;
  /** AGENTCLI-01 findings (no frontmatter, YAML syntax, duplicate keys, not a mapping). */
  findings: Finding[];
  /**
   * The 1-based line of the file (the opening `---` is line 1) of the node at `path`: the key's line for a
   * mapping entry, the item's line for a sequence item, the deepest existing node's line when the path
   * goes further than the document does.
   */
  lineOf(path: ManifestPath): number | undefined;
  /** The text of a 1-based line of the file (CRLF and BOM removed). */
  lineText(line: number): string | undefined;
}

/** Frontmatters above this size are refused rather than parsed: a manifest is a page, not a data set. */
export const MAX_FRONTMATTER_CHARS = 1 << 20;
/** At most this many YAML syntax findings: later errors are usually echoes of the first. */
const MAX_YAML_FINDINGS = 10;

const CLOSING = /^(?:---|\.\.\.)[ \t]*$/gm;

/**
 * Split an AGENT-CLI.md into its YAML frontmatter and markdown body and parse the frontmatter (YAML 1.2,
 * unique keys). Never throws.
 */
export function parseAgentCliManifest(text: string): ParsedAgentCliManifest {
  const source = typeof text === 'string' ? text : String(text);
  let t = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  t = t.replace(/\r\n/g, '\n');
  let lines: string[] | undefined;
  const lineText = (line: number): string | undefined => {
    lines ??= t.split('\n', 1_000_000);
    return line >= 1 ? lines[line - 1] : undefined;
  };
  const excerptOf = (line: number | undefined) => {
    if (line === undefined) return undefined;
    const text = lineText(line);
    return text === undefined ? undefined : toExcerpt(text.trimEnd());
  };
  const finding = (id: string, message: string, line?: number): Finding => {
    const excerpt = excerptOf(line);
    return makeFinding(id, message, {
      ...(line !== undefined ? { line } : {}),
      ...(excerpt !== undefined ? { excerpt } : {}),
    });
  };
  const none = (findings: Finding[], body: string): ParsedAgentCliManifest => ({
    body,
    findings,
    lineOf: () => undefined,
    lineText,
  });

  const firstNl = t.indexOf('\n');
  const firstLine = firstNl === -1 ? t : t.slice(0, firstNl);
  if (firstLine.trimEnd() !== '---') {
    return none(
      [
        finding(
          'AGENTCLI-01/no-frontmatter',
          'The file does not start with a `---` line, so it has no YAML frontmatter.',
          1,
        ),
      ],
      t,
    );
  }
  CLOSING.lastIndex = firstNl + 1;
  const closing = firstNl === -1 ? null : CLOSING.exec(t);
  if (!closing) {
    return none(
      [
        finding(
          'AGENTCLI-01/no-frontmatter',
          'The frontmatter opened at line 1 is never closed by a `---` line.',
          1,
        ),
      ],
      '',
    );
  }
  const yamlText = t.slice(firstNl + 1, closing.index);
  const afterClosing = t.indexOf('\n', closing.index);
  const body = afterClosing === -1 ? '' : t.slice(afterClosing + 1);
  if (yamlText.length > MAX_FRONTMATTER_CHARS) {
    return none(
      [
        finding(
          'AGENTCLI-01/yaml-syntax',
          `The frontmatter is ${yamlText.length} characters long, more than the ${MAX_FRONTMATTER_CHARS} the validator parses.`,
          2,
        ),
      ],
      body,
    );
  }

  const lineCounter = new LineCounter();
  // The YAML text starts on line 2 of the file.
  const toLine = (offset: number | undefined) =>
    offset === undefined ? undefined : lineCounter.linePos(offset).line + 1;
  const doc = parseDocument(yamlText, {
    lineCounter,
    uniqueKeys: true,
    prettyErrors: true,
    keepSourceTokens: false,
  });

  const lineOf = (path: ManifestPath): number | undefined => {
    let node: unknown = doc.contents;
    let line = toLine((node as { range?: [number, number, number] } | null)?.range?.[0]);
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find(
          (p) => isScalar(p.key) && String(p.key.value) === String(segment),
        );
        if (!pair) return line;
        line = toLine((pair.key as { range?: [number, number, number] }).range?.[0]) ?? line;
        node = pair.value;
      } else if (isSeq(node) && typeof segment === 'number') {
        const item = node.items[segment] as { range?: [number, number, number] } | undefined;
        if (!item) return line;
        line = toLine(item.range?.[0]) ?? line;
        node = item;
      } else return line;
    }
    return line;
  };

  if (doc.errors.length > 0) {
    const findings: Finding[] = [];
    const seen = new Set<string>();
    for (const error of doc.errors) {
      const duplicate = error.code === 'DUPLICATE_KEY';
      const id = duplicate ? 'AGENTCLI-01/duplicate-key' : 'AGENTCLI-01/yaml-syntax';
      // yaml reports an unclosed `[`, `{` or quote where it gave up (often the next line): point at where it opens.
      const opened = duplicate
        ? undefined
        : unclosedAt(doc, yamlText, error.code, error.message, error.pos?.[0]);
      const noticed = toLine(error.pos?.[0]);
      const line = opened !== undefined ? toLine(opened.offset) : noticed;
      const key = `${id}@${line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // yaml's own first line ("Flow sequence … must end with a ]"), without its position and code frame.
      const said = toExcerpt(
        (error.message.split('\n', 1)[0] ?? '').replace(/ at line \d+, column \d+:?$/, '').trim(),
      );
      const reason = duplicate
        ? 'A key appears twice in the same mapping'
        : `YAML syntax error (${error.code}${said ? `: ${said}` : ''})`;
      const where =
        opened !== undefined
          ? ` at line ${line}: the ${opened.what} opened there is never closed${noticed !== line ? ` (the parser noticed at line ${noticed})` : ''}`
          : line !== undefined
            ? ` at line ${line}`
            : '';
      findings.push(finding(id, `${reason}${where}.`, line));
      if (findings.length >= MAX_YAML_FINDINGS) break;
    }
    return { body, findings, lineOf, lineText };
  }

  if (!isMap(doc.contents)) {
    const what =
      doc.contents === null ? 'empty' : isSeq(doc.contents) ? 'a sequence' : 'a single scalar';
    return {
      body,
      findings: [
        finding(
          'AGENTCLI-01/not-a-mapping',
          `The frontmatter is ${what}, not a mapping of fields.`,
          lineOf([]) ?? 1,
        ),
      ],
      lineOf,
      lineText,
    };
  }

  let frontmatter: unknown;
  try {
    frontmatter = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const reason =
      error instanceof Error && /alias/i.test(error.message)
        ? 'expands too many aliases'
        : 'cannot be read as plain data';
    return {
      body,
      findings: [finding('AGENTCLI-01/yaml-syntax', `The frontmatter ${reason}.`, lineOf([]))],
      lineOf,
      lineText,
    };
  }
  return { frontmatter, body, findings: [], lineOf, lineText };
}

/**
 * For an error about an unclosed flow collection or quoted scalar, the offset where that construct opens:
 * the nearest such node starting before the error whose source does not end with its closing character.
 */
function unclosedAt(
  doc: Document,
  source: string,
  code: string,
  message: string,
  errorAt: number | undefined,
): { offset: number; what: string } | undefined {
  if (errorAt === undefined) return undefined;
  const wants = /Flow sequence/.test(message)
    ? 'seq'
    : /Flow map/.test(message)
      ? 'map'
      : code === 'MISSING_CHAR' && /quote/i.test(message)
        ? 'quote'
        : undefined;
  if (wants === undefined) return undefined;
  let best: { offset: number; what: string } | undefined;
  visit(doc, {
    Node(_key, node) {
      const range = (node as { range?: [number, number, number] }).range;
      if (!range || range[0] > errorAt || (best && best.offset >= range[0])) return;
      const text = source.slice(range[0], range[1]).trimEnd();
      if (wants !== 'quote' && isCollection(node) && node.flow) {
        const [open, close] = isSeq(node) ? ['[', ']'] : ['{', '}'];
        if ((wants === 'seq') === isSeq(node) && text.startsWith(open) && !text.endsWith(close))
          best = { offset: range[0], what: `\`${open}\`` };
      } else if (
        wants === 'quote' &&
        isScalar(node) &&
        (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE')
      ) {
        const quote = node.type === 'QUOTE_DOUBLE' ? '"' : "'";
        if (text.length < 2 || !text.endsWith(quote))
          best = { offset: range[0], what: `${quote === '"' ? 'double' : 'single'} quote` };
      }
    },
  });
  return best;
}
