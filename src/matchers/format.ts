import type { StreamReport } from '../checks/aoi/stream.js';
import type { RuleVerdict } from '../checks/verdict.js';
import { toExcerpt, type Finding } from '../stream/finding.js';
import { leaksSecret, maskSecrets, redactValue } from '../secrets/mask.js';
import { MASK } from '../spec/aoi/secret-patterns.js';
import { formatFinding } from '../report/finding.js';
import type { MatcherState } from './context.js';
import { isAsymmetric, subsetOf, type Asymmetric } from './partial.js';

const SHOWN_FINDINGS = 5;

/**
 * `expect(received).resolves.not.toX(args)`, the first line of every message. Under a runner, its own
 * `matcherHint` writes it (and colours it); called as a plain function, the same text without colour.
 */
export function hint(state: MatcherState | undefined, matcher: string, args = ''): string {
  const promise =
    state?.promise === 'resolves' || state?.promise === 'rejects' ? state.promise : '';
  if (state?.utils)
    return state.utils.matcherHint(matcher, undefined, args, {
      isNot: state.isNot ?? false,
      promise,
    });
  return `expect(received).${promise ? `${promise}.` : ''}${state?.isNot ? 'not.' : ''}${matcher}(${args})`;
}

/** A received value as the runner prints it (its colour), secrets masked; plain `show` outside a runner. */
export function printReceived(state: MatcherState | undefined, value: unknown): string {
  return state?.utils ? state.utils.printReceived(masked(value)) : show(value);
}

/** An expected value as the runner prints it (asymmetric matchers by name), secrets masked. */
export function printExpected(state: MatcherState | undefined, value: unknown): string {
  return state?.utils ? state.utils.printExpected(masked(value)) : show(value);
}

/**
 * The subset diff toMatchObject prints: `expected` against the received value cut down to the keys the user
 * asked about (`subsetOf`), so that unrelated fields of a summary or an event never clutter it. The runner's
 * own `diff` where there is one (it has no diff for some values: then Expected/Received lines).
 */
export function subsetDiff(
  state: MatcherState | undefined,
  expected: unknown,
  received: unknown,
): string {
  const subset = masked(subsetOf(received, expected));
  const diff = state?.utils?.diff(masked(expected), subset);
  if (diff && !diff.includes('Compared values have no visual difference')) return diff;
  return `Expected: ${printExpected(state, expected)}\nReceived: ${printReceived(state, subset)}`;
}

/**
 * The failing findings of a report (errors first, then warnings), the first few in full: a finding the report
 * holds twice is shown once, and findings of one sub-rule together, its fix and rule page once after them.
 */
export function formatFindings(
  findings: readonly Finding[],
  verdicts: readonly RuleVerdict[] = [],
): string {
  const seen = new Set<string>();
  const unique = findings.filter((f) => {
    const key = JSON.stringify([f.id, f.severity, f.message, f.line, f.excerpt, f.probe]);
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const ids = [...new Set(unique.map((f) => f.id))];
  const ordered = (['error', 'warning'] as const).flatMap((severity) =>
    ids.flatMap((id) => unique.filter((f) => f.id === id && f.severity === severity)),
  );
  const shown = ordered.slice(0, SHOWN_FINDINGS);
  const blocks: string[] = [];
  shown.forEach((f, i) => {
    const lines = formatFinding(f).split('\n');
    const next = shown[i + 1];
    const sameNext = next !== undefined && next.id === f.id && next.severity === f.severity;
    const own = sameNext ? lines.filter((l) => !/^ {2}(fix: |see )/.test(l)) : lines;
    const prev = shown[i - 1];
    if (prev !== undefined && prev.id === f.id && prev.severity === f.severity)
      blocks[blocks.length - 1] += `\n${own.join('\n')}`;
    else blocks.push(own.join('\n'));
  });
  const total =
    verdicts.length > 0
      ? Math.max(
          ordered.length,
          verdicts.reduce((n, v) => n + v.errors + v.warnings, 0) -
            (findings.length - unique.length),
        )
      : ordered.length;
  if (total > shown.length) blocks.push(`… and ${total - shown.length} more finding(s)`);
  return blocks.join('\n\n');
}

/** A one-line table of verdicts: `AOI-02 pass · AOI-03 fail · …`. */
export function verdictLine(report: StreamReport): string {
  return report.verdicts.map((v) => `${v.rule} ${v.status}`).join(' · ');
}

/** A safe rendering of a value for a message: secrets masked, bounded, asymmetric matchers by name (`Any<Number>`). */
export function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  const names: string[] = [];
  const json = JSON.stringify(redactValue(nameAsymmetric(value, names, 0)));
  if (json === undefined) return toExcerpt(String(value));
  // Each matcher stood in as a placeholder string; print its (masked) name bare, as the runners do.
  return toExcerpt(
    json.replace(/"\u27e6asymmetric (\d+)\u27e7"/g, (_, i: string) =>
      String(redactValue(names[Number(i)])),
    ),
  );
}

/** Copy of `value` with every asymmetric matcher (expect.any, expect.stringMatching, …) replaced by a placeholder. */
function nameAsymmetric(value: unknown, names: string[], depth: number): unknown {
  if (isAsymmetric(value)) {
    names.push(asymmetricName(value));
    return `\u27e6asymmetric ${names.length - 1}\u27e7`;
  }
  return mapPlain(value, depth, (item, next) => nameAsymmetric(item, names, next));
}

/** `Any<Number>`, `StringMatching /^al/`, `ObjectContaining {"type":"hit"}`: what pretty-format prints. */
function asymmetricName(matcher: Asymmetric): string {
  if (typeof matcher.toAsymmetricMatcher === 'function') return matcher.toAsymmetricMatcher();
  const name =
    typeof (matcher as object).toString === 'function' &&
    (matcher as object).toString !== Object.prototype.toString
      ? String(matcher)
      : matcher.constructor.name;
  if (!('sample' in matcher)) return name;
  const { sample } = matcher;
  return `${name} ${sample instanceof RegExp ? String(sample) : show(sample)}`;
}

/**
 * A copy of `value` with secrets masked by the kit's one masker, its asymmetric matchers kept as matchers (their
 * samples masked too), so that the runner prints `Any<String>`, never the matcher's fields or a secret.
 */
export function masked(value: unknown): unknown {
  const matchers = new Map<symbol, Asymmetric>();
  // The masker rebuilds objects, which would turn a matcher into its fields: each one waits out as a symbol.
  const park = (item: unknown, depth: number): unknown => {
    if (isAsymmetric(item)) {
      const key = Symbol('asymmetric');
      matchers.set(key, item);
      return key;
    }
    return mapPlain(item, depth, park);
  };
  const restore = (item: unknown, depth: number): unknown =>
    typeof item === 'symbol' && matchers.has(item)
      ? maskedMatcher(matchers.get(item)!)
      : mapPlain(item, depth, restore);
  return restore(redactValue(park(value, 0)), 0);
}

/** The children of a plain object or array mapped by `f`; anything else as it is. */
function mapPlain(
  value: unknown,
  depth: number,
  f: (item: unknown, depth: number) => unknown,
): unknown {
  if (value === null || typeof value !== 'object' || depth > 20) return value;
  if (Array.isArray(value)) return value.map((item) => f(item, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, f(item, depth + 1)]));
}

/** The same matcher (same class, so the runner still prints it by name) with its sample masked. */
function maskedMatcher(matcher: Asymmetric): Asymmetric {
  if (!('sample' in matcher)) return matcher;
  const { sample } = matcher as { sample: unknown };
  if (!(sample instanceof RegExp) && !leaksSecret(sample)) return matcher;
  const safe = sample instanceof RegExp ? maskedRegExp(sample) : masked(sample);
  if (safe === sample) return matcher;
  return Object.assign(
    Object.create(Object.getPrototypeOf(matcher) as object) as Asymmetric,
    matcher,
    { sample: safe },
  );
}

function maskedRegExp(pattern: RegExp): RegExp {
  const source = maskSecrets(pattern.source);
  if (source === pattern.source) return pattern;
  // The mask is escaped so that the masked pattern is still a valid one (`***` alone is not).
  const mask = MASK.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  try {
    return new RegExp(source.split(MASK).join(mask), pattern.flags);
  } catch {
    return new RegExp(mask);
  }
}
