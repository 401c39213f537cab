import { ENV_KEYS, redactValue } from '../../spec/aoi/secrets.js';
import type { RuleContext, StreamRule } from './context.js';

const ARGV_KEYS = /^(?:argv|args|arguments|raw_args|cmdline|command_line)$/i;

/**
 * Whether a meta field carries something §11 calls sensitive: a value under a sensitive key or
 * flag, a URL credential, a token. One definition, the one that masks excerpts: redaction
 * would change the field.
 */
function leaksSecret(key: string, value: unknown): boolean {
  const asValue = ARGV_KEYS.test(key) && typeof value === 'string' ? value.split(/\s+/) : value;
  const field = { [key]: asValue };
  return JSON.stringify(redactValue(field)) !== JSON.stringify(field);
}

/** AOI-09 — meta never echoes the environment, secret-looking values, or raw argv (§8.3, §11). */
export function redactionRule(ctx: RuleContext): StreamRule {
  let metas = 0;
  return {
    rule: 'AOI-09',
    onEvent(event, line) {
      if (event.type !== 'aoi:meta') return;
      metas++;
      for (const [key, value] of Object.entries(event)) {
        // The evidence is the offending field alone, so that it is visible in a short excerpt.
        const evidence = () => ({ line, excerpt: ctx.excerpt({ [key]: value }) });
        if (ENV_KEYS.test(key) && value !== null && typeof value === 'object') {
          ctx.report('AOI-09/meta-env', `the aoi:meta on line ${line} echoes the environment in "${key}"`, evidence());
        } else if (leaksSecret(key, value)) {
          ctx.report('AOI-09/meta-secret', `the aoi:meta on line ${line} carries a secret-looking value in "${key}"`, evidence());
        } else if (ARGV_KEYS.test(key) && event.args_redacted !== true) {
          ctx.report('AOI-09/meta-argv', `the aoi:meta on line ${line} echoes raw arguments in "${key}" without "args_redacted": true`, evidence());
        }
      }
    },
    onEnd() {},
    notApplicable() {
      return metas === 0 ? 'the stream carried no aoi:meta' : undefined;
    },
  };
}
