import { randomChars, type FaultFactory } from './stream-fault.js';

export interface LeaksArgvInMetaParams {
  /** The meta field that carries the command line (default `argv`). */
  key: 'argv' | 'args' | 'cmdline';
  /** The command line echoed (default: the reference search invocation). */
  argv: readonly string[];
  /** Append `--api-token <token>` to it (default true): a secret-looking argument echoed raw. */
  secret: boolean;
  /** The token; by default a GitHub-shaped token made with the run's seed. */
  token?: string;
}

/**
 * Echoes raw argv in aoi:meta (§8.3: meta "MUST NOT echo raw argv"; §11: "If arguments are included,
 * the tool MUST redact sensitive values"). With a token in it the meta leaks a secret; without one it is
 * raw argv with no `args_redacted`, which §11 only advises against (a warning).
 */
export const leaksArgvInMeta: FaultFactory<LeaksArgvInMetaParams> = (params = {}) => {
  const p: LeaksArgvInMetaParams = {
    key: 'argv',
    argv: ['search', 'note', '--output', 'jsonl', '--limit', '2'],
    secret: true,
    ...params,
  };
  return {
    id: 'leaks-argv-in-meta',
    description: `echoes the raw command line in meta.${p.key}${p.secret ? ', an --api-token value included' : ''}`,
    violates: [p.secret ? 'AOI-09/meta-secret' : 'AOI-09/meta-argv'],
    severity: 'error',
    params: p,
    onEvent(event, state) {
      if (event.type !== 'aoi:meta') return [event];
      const argv = p.secret
        ? [...p.argv, '--api-token', p.token ?? `ghp_${randomChars(36, state.random)}`]
        : [...p.argv];
      return [{ ...event, [p.key]: argv }];
    },
  };
};
