import { canaryScanner, LineJoin } from '../../secrets/canary-scan.js';
import { isEnvDump, isRedacted, leaksSecret } from '../../secrets/mask.js';
import type { RuleContext, StreamRule } from './context.js';

const ARGV_KEYS = /^(?:argv|args|arguments|raw_args|cmdline|command_line)$/i;

/** A meta field leaks when redaction would change it; a command line held as one string is split first. */
function fieldLeaks(key: string, value: unknown): boolean {
  return leaksSecret({
    [key]: ARGV_KEYS.test(key) && typeof value === 'string' ? value.split(/\s+/) : value,
  });
}

/**
 * Arguments that show they were redacted: a placeholder (`[REDACTED]`, `***`) where a value was, bare or after
 * `--flag=`. They are not raw argv (§8.3), whether or not meta also says `"args_redacted": true` (§11's preferred
 * pattern, not a requirement).
 */
function showsRedaction(value: unknown): boolean {
  const words =
    typeof value === 'string'
      ? value.split(/\s+/)
      : Array.isArray(value)
        ? value
        : value !== null && typeof value === 'object'
          ? Object.values(value)
          : [];
  return words.some(
    (word) =>
      typeof word === 'string' &&
      (isRedacted(word) || isRedacted(word.slice(word.indexOf('=') + 1))),
  );
}

/**
 * AOI-09 — meta never echoes the environment, secret-looking values, or raw argv (§8.3, §11), and
 * no known secret (a canary the caller passed in argv, env or a URL) appears anywhere in stdout (§18.2 #9).
 */
export function redactionRule(ctx: RuleContext): StreamRule {
  let metas = 0;
  const scanner = canaryScanner(ctx.options.secrets ?? []);
  let previous: string | undefined;
  const join = new LineJoin(scanner);
  // Raw lines are searched only when the caller gave secrets: no cost per line otherwise. The scanner
  // finds every encoding (canary-scan.ts), a secret split across this line and the one before, and one
  // wrapped over several lines.
  const searchLines: Pick<StreamRule, 'onLine'> = scanner.empty
    ? {}
    : {
        onLine(text, line) {
          const wrapped = join.push(text, line);
          if (scanner.hits(text).length > 0) {
            ctx.report(
              'AOI-09/secret-echoed',
              `line ${line} echoes a secret the command was given`,
              { line, excerpt: ctx.excerptText(text) },
            );
          } else if (previous !== undefined && scanner.acrossLines(previous, text).length > 0) {
            ctx.report(
              'AOI-09/secret-echoed',
              `lines ${line - 1}–${line} echo a secret the command was given, split across them`,
              { line, excerpt: ctx.excerptText(text) },
            );
          } else if (wrapped.length > 0) {
            ctx.report(
              'AOI-09/secret-echoed',
              `lines ${Math.min(...wrapped.map((w) => w.line))}–${line} echo a secret the command was given, wrapped over them`,
              { line, excerpt: ctx.excerptText(text) },
            );
          }
          previous = text;
        },
      };
  return {
    rule: 'AOI-09',
    frameworkOnly: true,
    ...searchLines,
    onEvent(event, line) {
      if (event.type !== 'aoi:meta') return;
      metas++;
      for (const [key, value] of Object.entries(event)) {
        // The evidence is the offending field alone, so that it is visible in a short excerpt.
        const evidence = () => ({ line, excerpt: ctx.excerpt({ [key]: value }) });
        if (isEnvDump(key, value)) {
          ctx.report(
            'AOI-09/meta-env',
            `the aoi:meta on line ${line} echoes the environment in "${key}"`,
            evidence(),
          );
        } else if (fieldLeaks(key, value)) {
          ctx.report(
            'AOI-09/meta-secret',
            `the aoi:meta on line ${line} carries a secret-looking value in "${key}"`,
            evidence(),
          );
        } else if (ARGV_KEYS.test(key) && event.args_redacted !== true && !showsRedaction(value)) {
          ctx.report(
            'AOI-09/meta-argv',
            `the aoi:meta on line ${line} echoes raw arguments in "${key}": none is redacted, and meta does not say "args_redacted": true`,
            evidence(),
          );
        }
      }
    },
    onEnd() {},
    notApplicable() {
      // Given secrets, every line was judged; otherwise only meta is.
      return metas > 0 || !scanner.empty ? undefined : 'the stream carried no aoi:meta';
    },
  };
}
