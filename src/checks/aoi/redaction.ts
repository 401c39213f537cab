import { ENV_KEYS, looksSecret, redactValue } from '../../spec/aoi/secrets.js';
import type { RuleContext, StreamRule } from './context.js';

const ARGV_KEYS = /^(?:argv|args|arguments|raw_args|cmdline|command_line)$/i;

/** Whether echoed arguments (array, object or command-line string) carry a secret-looking value. */
function argsLeakSecret(args: unknown): boolean {
  const asValue = typeof args === 'string' ? args.split(/\s+/) : args;
  return JSON.stringify(redactValue(asValue)) !== JSON.stringify(asValue);
}

/** Every string inside a value, depth-limited (meta is small, but input is untrusted). */
function* strings(value: unknown, depth = 0): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (depth < 8 && value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) yield* strings(v, depth + 1);
  }
}

/** AOI-09 — meta never echoes the environment, secret-looking arguments, or raw argv (§8.3, §11). */
export function redactionRule(ctx: RuleContext): StreamRule {
  let metas = 0;
  return {
    rule: 'AOI-09',
    onEvent(event, line) {
      if (event.type !== 'aoi:meta') return;
      metas++;
      const evidence = () => ({ line, excerpt: ctx.excerpt(event) });
      for (const [key, value] of Object.entries(event)) {
        if (ENV_KEYS.test(key) && value !== null && typeof value === 'object') {
          ctx.report('AOI-09/meta-env', `the aoi:meta on line ${line} echoes the environment in "${key}"`, evidence());
        } else if (ARGV_KEYS.test(key)) {
          if (argsLeakSecret(value)) {
            ctx.report('AOI-09/meta-secret', `the aoi:meta on line ${line} echoes a secret-looking argument in "${key}"`, evidence());
          } else if (event.args_redacted !== true) {
            ctx.report('AOI-09/meta-argv', `the aoi:meta on line ${line} echoes raw arguments in "${key}" without "args_redacted": true`, evidence());
          }
        } else if ([...strings(value)].some(looksSecret)) {
          ctx.report('AOI-09/meta-secret', `the aoi:meta on line ${line} carries a secret-looking value in "${key}"`, evidence());
        }
      }
    },
    onEnd() {},
    notApplicable() {
      return metas === 0 ? 'the stream carried no aoi:meta' : undefined;
    },
  };
}
